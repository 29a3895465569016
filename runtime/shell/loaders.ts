/**
 * Route loaders of the shell: the logged-in guard (shell-access-navigation.md §6), logout, and the
 * data the breadcrumbs show (project summary, form title).
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError, callOperation } from '../api/client';
import type { Client, FormDefinition, IsLoggedInAnswer, UserView } from '../api/types';

/** What the logged-in area knows: the user and the current client (null before one is chosen). */
export interface ShellData {
  user: UserView;
  client: Client | null;
}

/** Turns a 401 into the unauthorised page; other errors go to the route's error element. */
async function guarded<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/unauthorized');
    throw error;
  }
}

/**
 * The logged-in guard: POST /api/authorization/isLoggedIn; any failure goes to /unauthorized.
 * Then the current client for the branding.
 *
 * Not built in this issue: a user whose status is 'Pending' must be sent to /account/password on every
 * navigation until the password is changed (shell-access-navigation.md §4); this is the place for
 * that redirect once the password change page exists.
 */
export async function shellLoader(): Promise<ShellData> {
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
 * Re-runs the guard on every change of path (the guard runs on each navigation), and when the URL
 * stays the same: an explicit revalidation, e.g. after a client switch that keeps the page, so the
 * shell shows the new client.
 */
export function shouldRevalidateShell({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href;
}

/** /logout: POST /logout (a failure still logs out locally), then /login. */
export async function logoutLoader(): Promise<Response> {
  await callOperation('auth.logout').catch(() => undefined);
  return redirect('/login');
}

/** A project's summary for the breadcrumbs. */
export async function projectLoader({ params }: LoaderFunctionArgs): Promise<{ code: string; name: string }> {
  return guarded(() =>
    callOperation<{ code: string; name: string }>('projects.summary', { params: { id: params.projectId ?? '' } }),
  );
}

/** A form's title for the breadcrumbs. */
export async function formLoader({ params }: LoaderFunctionArgs): Promise<{ title: string }> {
  const def = await guarded(() =>
    callOperation<FormDefinition>('forms.getForProject', {
      params: { projectId: params.projectId ?? '', formArea: params.formArea ?? '', id: params.formId ?? '' },
    }),
  );
  return { title: def.title };
}
