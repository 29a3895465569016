/**
 * Named route loaders, referred to by `loader` in schemas/screens/routes.json. A loader's data is its
 * route's: the breadcrumbs read it (`{project.code}`), and ScreenPage hands it to the screen by loader
 * name (`loaderData.form`), so a screen never fetches it again.
 */
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiError, callOperation } from '../api/client';
import type { FormDefinition } from '../api/types';
import { optionalSessionFor, PASSWORD_PATH, sessionFor } from './guards';
import { sectionData } from './section';

/** Turns a 401 into the unauthorised page; other errors go to the route's error element. */
async function guarded<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/unauthorized');
    throw error;
  }
}

export interface RouteLoader {
  load: (args: LoaderFunctionArgs) => Promise<unknown>;
  shouldRevalidate?: (args: ShouldRevalidateFunctionArgs) => boolean;
}

/** Loaders by name. */
export const routeLoaders: Readonly<Record<string, RouteLoader>> = {
  /**
   * The shell: the session user and current client (ShellData), and the section of the path (its menu,
   * guarded by the menu's named guard: ./section.ts). Re-run on every change of path (the guards run on
   * each navigation), and when the URL stays the same: an explicit revalidation, e.g. after a client switch
   * that keeps the page, so the shell shows the new client. A Pending user is sent to /account/password
   * on every navigation until the password is changed (shell-access-navigation.md §4).
   */
  shell: {
    load: async ({ request }) => {
      const data = await sessionFor(request);
      const path = new URL(request.url).pathname;
      if (data.user.status === 'Pending' && path !== PASSWORD_PATH) throw redirect(PASSWORD_PATH);
      return { ...data, section: await sectionData(data.user, path) };
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) =>
      currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href,
  },
  /** The privacy policy's login check (§2.1): the session if there is one; the page shows either way. */
  optionalSession: {
    load: ({ request }) => optionalSessionFor(request),
  },
  /** /logout: POST /logout (a failure still logs out locally), then /login. */
  logout: {
    load: async () => {
      await callOperation('auth.logout').catch(() => undefined);
      return redirect('/login');
    },
  },
  /** The project's summary ({ code, name }). */
  project: {
    load: ({ params }) =>
      guarded(() =>
        callOperation<{ code: string; name: string }>('projects.summary', { params: { id: params.projectId ?? '' } }),
      ),
  },
  /** The published form definition a project fills: the register's columns and title, the entry form. */
  form: {
    load: ({ params }) =>
      guarded(() =>
        callOperation<FormDefinition>('forms.getForProject', {
          params: { projectId: params.projectId ?? '', formArea: params.formArea ?? '', id: params.formId ?? '' },
        }),
      ),
  },
};
