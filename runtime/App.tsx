/**
 * The runtime application: the router over the route table (routes.tsx). No theme here: the first page
 * (login) is plain, and MUI pages bring the MUI root (shell/MuiRoot.tsx) with them.
 *
 * The first page renders in one piece: until the router's first navigation has settled, its updates are not
 * transitions (RouterProvider `useTransitions={false}`), so React renders the page without yielding to the browser
 * every 5 ms; there is no page yet that a transition would keep responsive. Later navigations are transitions, as
 * react-router makes them by default (the page shown stays usable while the next renders). Issue 21 "Speed":
 * about 12 ms of the form page's first paint (docs/decisions.md "The first page renders in one piece").
 */
import { useEffect, useState } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

export interface AppProps {
  /** A router to use instead of the browser router (tests pass a memory router). */
  router?: DataRouter;
}

/** True until `router`'s first navigation has settled (its loaders, redirects and code done). */
export function useFirstNavigation(router: DataRouter): boolean {
  const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
  const [first, setFirst] = useState(() => !settled());
  useEffect(() => {
    if (!first) return;
    if (settled()) return setFirst(false);
    return router.subscribe(() => {
      if (settled()) setFirst(false);
    });
  });
  return first;
}

/** The application; see the module comment. */
export function App({ router }: AppProps) {
  const [browserRouter] = useState(() => router ?? createBrowserRouter(routes));
  const first = useFirstNavigation(browserRouter);
  return <RouterProvider router={browserRouter} useTransitions={first ? false : undefined} />;
}
