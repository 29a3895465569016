/**
 * Named route guards (shell-access-navigation.md §6), referred to by `guards` in schemas/screens/routes.json.
 * A guard runs before the route's loader and lets the navigation pass or throws a redirect. The session
 * is asked once per navigation: guards and the shell loader share one answer (sessionFor).
 * Later guards (project, location, section, public-form, shared-document) are one entry each here.
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isAdmin } from '../../engine/rules/access';
import { callOperation } from '../api/client';
import type { Client, IsLoggedInAnswer, UserView } from '../api/types';

/** What the logged-in area knows: the user and the current client (null before one is chosen). */
export interface ShellData {
  user: UserView;
  client: Client | null;
}

const sessions = new WeakMap<Request, Promise<ShellData>>();

async function askSession(): Promise<ShellData> {
  let user: UserView;
  try {
    ({ user } = await callOperation<IsLoggedInAnswer>('auth.isLoggedIn'));
  } catch {
    throw redirect('/unauthorized');
  }
  const client = user.currentClient === null ? null : await callOperation<Client>('clients.current').catch(() => null);
  return { user, client };
}

/**
 * The session of a navigation: POST /api/authorization/isLoggedIn (any failure redirects to
 * /unauthorized), then the current client for the branding; asked once per navigation request.
 */
export function sessionFor(request: Request): Promise<ShellData> {
  let session = sessions.get(request);
  if (!session) {
    session = askSession();
    sessions.set(request, session);
  }
  return session;
}

export type Guard = (args: LoaderFunctionArgs) => Promise<void>;

/** Guards by name. */
export const guards: Readonly<Record<string, Guard>> = {
  /** Logged in: the session answers, else /unauthorized. */
  async loggedIn({ request }) {
    await sessionFor(request);
  },
  /** Admin (process Admin with activity Edit): else /unauthorized. The API refuses non-admins too (403). */
  async admin({ request }) {
    const { user } = await sessionFor(request);
    if (!isAdmin(user)) throw redirect('/unauthorized');
  },
};
