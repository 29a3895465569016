/**
 * Named route guards (shell-access-navigation.md §6), referred to by `guards` in schemas/screens/routes.json,
 * and the session of a navigation. The checks of the named guards, which the section documents' menus
 * (schemas/sections, `menus.*.guard`) name too, are in ./guard-checks.
 *
 * The session is asked once per navigation: guards and the shell loader share one answer (sessionFor).
 * A Pending user is sent to /account/password on every navigation until the password is changed (§4).
 * The checks and the guard flow (./guard-checks, XState) load when a guard first needs them, beside the
 * session call, so the login page loads neither.
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { SESSION_CALLS } from '../../engine/rules/first-calls';
import { callOperation } from '../api/client';
import type { Client, IsLoggedInAnswer, UserView } from '../api/types';

/** What the logged-in area knows: the user and the current client (null before one is chosen). */
export interface ShellData {
  user: UserView;
  client: Client | null;
  /** The section of the path (runtime/shell/section.ts), set by the shell loader. */
  section?: import('./section').SectionData;
}

/** The page a Pending user is held on (shell-access-navigation.md §4). */
export const PASSWORD_PATH = '/account/password';

const sessions = new WeakMap<Request, Promise<ShellData>>();

async function askSession(): Promise<ShellData> {
  // Both asked at once (one round trip, not two); the client is used only when the user has one. The calls are
  // engine/rules/first-calls.ts SESSION_CALLS, which the server answers into the page it sends.
  const [login, current] = SESSION_CALLS;
  const clientCall = callOperation<Client>(current.operation).catch(() => null);
  let user: UserView;
  try {
    ({ user } = await callOperation<IsLoggedInAnswer>(login.operation));
  } catch {
    throw redirect('/unauthorized');
  }
  const client = user.currentClient === null ? null : await clientCall;
  return { user, client };
}

/**
 * The session of a navigation: POST /api/authorization/isLoggedIn (any failure redirects to
 * /unauthorized) and, at the same time, the current client for the branding; asked once per navigation
 * request.
 */
export function sessionFor(request: Request): Promise<ShellData> {
  let session = sessions.get(request);
  if (!session) {
    session = askSession();
    sessions.set(request, session);
  }
  return session;
}

/** The session, or null when there is none (privacy-policy: the check runs, the page shows anyway). */
export async function optionalSessionFor(request: Request): Promise<ShellData | null> {
  try {
    return await sessionFor(request);
  } catch {
    return null;
  }
}

export type Guard = (args: LoaderFunctionArgs) => Promise<void>;

/** Route guards by name (routes.json `guards`). */
export const guards: Readonly<Record<string, Guard>> = {
  /**
   * Logged in: the session answers, else /unauthorized, or login with an error parameter on a path no route
   * knows (§2.1 "any other path"; a logged-in user sees the not-found page in the shell); a Pending user goes
   * to the password page.
   */
  async loggedIn({ request }) {
    const path = new URL(request.url).pathname;
    let user: UserView;
    try {
      ({ user } = await sessionFor(request));
    } catch (denied) {
      const { isUnknownPath, UNKNOWN_PATH_REDIRECT } = await import('./route-access');
      if (isUnknownPath(path)) throw redirect(UNKNOWN_PATH_REDIRECT);
      throw denied;
    }
    if (user.status === 'Pending' && path !== PASSWORD_PATH) throw redirect(PASSWORD_PATH);
  },
  /** Admin: settings administration, else /unauthorized. The API refuses the same users (403). */
  async admin({ request }) {
    const [{ user }, { enforceGuard }] = await Promise.all([sessionFor(request), import('./guard-checks')]);
    await enforceGuard(user, 'admin', { pathname: new URL(request.url).pathname });
  },
};

/**
 * A route's access question (routes.json `can`, issue 19): the catalogue operation `operation` must be allowed
 * with the route's parameters (engine/rules/operation-access.ts, the API's question), else /unauthorized (the
 * guard denial of shell-access-navigation.md §8) before the page renders.
 */
export async function requireOperation({ request, params }: LoaderFunctionArgs, operation: string): Promise<void> {
  const [{ user }, { operationAllowedByName }] = await Promise.all([
    sessionFor(request),
    import('../../engine/rules/operation-access'),
  ]);
  if (!operationAllowedByName(user, operation, params)) throw redirect('/unauthorized');
}
