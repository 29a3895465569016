/**
 * The runtime application: the router over the route table (routes.tsx). No theme here: the first page
 * (login) is plain, and MUI pages bring the MUI root (shell/MuiRoot.tsx) with them.
 */
import { useState } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

export interface AppProps {
  /** A router to use instead of the browser router (tests pass a memory router). */
  router?: DataRouter;
}

/** The application; see the module comment. */
export function App({ router }: AppProps) {
  const [browserRouter] = useState(() => router ?? createBrowserRouter(routes));
  return <RouterProvider router={browserRouter} />;
}
