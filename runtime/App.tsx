/**
 * The runtime application: the base MUI theme (a client's colours take over inside the logged-in
 * shell) and the router over the route table (routes.tsx).
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { makeTheme } from './shell/theme';

const baseTheme = makeTheme();

export interface AppProps {
  /** A router to use instead of the browser router (tests pass a memory router). */
  router?: DataRouter;
}

/** The application; see the module comment. */
export function App({ router }: AppProps) {
  const [browserRouter] = useState(() => router ?? createBrowserRouter(routes));
  return (
    <ThemeProvider theme={baseTheme}>
      <CssBaseline />
      <RouterProvider router={browserRouter} />
    </ThemeProvider>
  );
}
