/** The session user for condition contexts: the shell route's loader data (runtime/shell/loaders.ts), if any. */
import { useRouteLoaderData } from 'react-router';

/** The logged-in user, or undefined outside the shell (login page, tests without it). */
export function useSessionUser(): unknown {
  const data = useRouteLoaderData('shell') as { user?: unknown } | undefined;
  return data?.user;
}
