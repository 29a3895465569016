/**
 * The route table (shell-access-navigation.md §2.1): the empty path redirects to /login; /login and
 * /unauthorized are public; /logout logs out; everything else needs login (the shell's guard) and
 * loads its section on demand. Breadcrumb titles live in each route's handle. Any other path goes
 * to /login?error=notfound.
 */
import LinearProgress from '@mui/material/LinearProgress';
import { type LazyRouteFunction, Navigate, type RouteObject, redirect } from 'react-router';
import { message } from '../engine/messages/catalogue';
import { RouteError } from './pages/RouteError';
import type { FormMode } from './renderer/documents';
import type { RouteHandle } from './shell/Breadcrumbs';
import { formLoader, logoutLoader, projectLoader, shellLoader, shouldRevalidateShell } from './shell/loaders';
import { PublicLayout } from './shell/PublicLayout';
import { RootLayout } from './shell/RootLayout';
import { SHELL_ROUTE_ID, ShellLayout } from './shell/ShellLayout';

/** Ids of the screen documents the routes show (checked by renderer/screens.test.ts). */
export const routedScreens = new Set<string>();

/** A route showing the screen document `screenId` (schemas/screens), loaded on demand. */
function screen(screenId: string, mode?: FormMode): LazyRouteFunction<RouteObject> {
  routedScreens.add(screenId);
  return async () => {
    const { ScreenPage } = await import('./renderer/ScreenPage');
    return { element: <ScreenPage screenId={screenId} mode={mode} /> };
  };
}

const projectCrumb: RouteHandle = {
  crumb: (match) => {
    const summary = match.data as { code?: string; name?: string } | undefined;
    return summary ? [summary.code, summary.name].filter(Boolean).join(' ') : '';
  },
};
const formCrumb: RouteHandle = { crumb: (match) => (match.data as { title?: string } | undefined)?.title ?? '' };
const entryCrumb: RouteHandle = {
  crumb: (match) => message('register.entry', { entryNumber: match.params.entryNumber ?? '' }),
};

/** Every route of the runtime. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LinearProgress />,
    children: [
      { index: true, loader: () => redirect('/login'), element: <Navigate to="/login" replace /> },
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }) },
          {
            path: 'unauthorized',
            lazy: async () => ({ Component: (await import('./pages/UnauthorizedPage')).UnauthorizedPage }),
          },
        ],
      },
      { path: 'logout', loader: logoutLoader },
      {
        id: SHELL_ROUTE_ID,
        element: <ShellLayout />,
        loader: shellLoader,
        shouldRevalidate: shouldRevalidateShell,
        errorElement: <RouteError />,
        handle: { crumb: 'shell.home', to: '/home' } satisfies RouteHandle,
        children: [
          { path: 'home', lazy: screen('shell/home') },
          {
            path: 'projects',
            handle: { crumb: 'projects.title' } satisfies RouteHandle,
            children: [
              { index: true, lazy: screen('projects/project-list') },
              {
                path: ':projectId',
                loader: projectLoader,
                handle: projectCrumb,
                errorElement: <RouteError />,
                children: [
                  {
                    index: true,
                    loader: ({ params }) => redirect(`/projects/${params.projectId}/qa`),
                    element: <Navigate to="qa" replace />,
                  },
                  {
                    path: 'qa',
                    handle: { crumb: 'qa.title' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: screen('quality-assurance/form-list') },
                      {
                        path: ':formArea/:formId',
                        loader: formLoader,
                        handle: formCrumb,
                        errorElement: <RouteError />,
                        children: [
                          { index: true, lazy: screen('quality-assurance/form-register') },
                          {
                            path: 'add',
                            handle: { crumb: 'register.add' } satisfies RouteHandle,
                            lazy: screen('quality-assurance/form-entry', 'add'),
                          },
                          {
                            path: 'entry/:entryNumber',
                            handle: entryCrumb,
                            lazy: screen('quality-assurance/form-entry', 'view'),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        loader: () => redirect('/login?error=notfound'),
        element: <Navigate to="/login?error=notfound" replace />,
      },
    ],
  },
];
