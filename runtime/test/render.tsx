/**
 * Renders the application at a path with a memory router, as the browser would show it, for tests.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../App';
import { routes } from '../routes';

/** Renders the app at `path`; returns the router (to read `router.state.location`) and the render result. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<App router={router} />);
  return { router, ...result };
}
