/**
 * Named pages and layouts of the route table (`page` in schemas/screens/routes.json): the layouts of the
 * shell and the pages that host a screen document with behaviour of their own (login, unauthorised).
 * The root and public layouts, the login page and the pages of catalogue texts are plain (no MUI, issue
 * "Performance at scale" §5); every other page loads on demand together with the MUI root (./MuiRoot) it
 * renders in.
 */
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';

/** A page: an element now, or a component loaded on demand. */
export type PageSpec = { element: React.ReactNode } | { lazy: LazyRouteFunction<RouteObject> };

/**
 * Resolves after the navigation's loaders have been called. react-router calls a route's `lazy` and then, in the same
 * turn, its loaders: a lazy route that asked for its code at once put its forty-odd chunks ahead of the loaders' API
 * calls in HTTP/1.1's queue of six connections, and the session, the form's definition and the section guard's call
 * (which waits for the session) came last (issue 21 "Speed": the form page's first paint). A route's lazy code awaits
 * this first, so the calls go out first and the guard's call is answered while the code still loads.
 */
export function afterLoaders(): Promise<void> {
  return Promise.resolve();
}

/** A page that uses MUI: its component and the MUI root load together (one round), and it renders inside it. */
function muiPage(load: () => Promise<ComponentType>): PageSpec {
  return {
    lazy: async () => {
      await afterLoaders();
      const [Page, { MuiRoot }] = await Promise.all([load(), import('./MuiRoot')]);
      return {
        Component: () => (
          <MuiRoot>
            <Page />
          </MuiRoot>
        ),
      };
    },
  };
}

/** A page of catalogue texts (../pages/MessagePage MESSAGE_PAGES, plain), loaded on demand. */
function messagePage(name: string): PageSpec {
  return {
    lazy: async () => {
      const { MessagePage, MESSAGE_PAGES } = await import('../pages/MessagePage');
      return { Component: () => <MessagePage spec={MESSAGE_PAGES[name]} /> };
    },
  };
}

export const pages: Readonly<Record<string, PageSpec>> = {
  root: { element: <RootLayout /> },
  public: { element: <PublicLayout /> },
  // The logged-in shell (menus, idle watch, client switcher) loads with the first page that needs it.
  shell: muiPage(async () => (await import('./ShellLayout')).ShellLayout),
  login: { lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
  // Inside the shell for a logged-in user (Home offered), in the public layout otherwise (issue 19).
  unauthorized: { lazy: async () => ({ Component: (await import('../pages/UnauthorizedRoute')).UnauthorizedRoute }) },
  authorizeCallback: {
    lazy: async () => ({ Component: (await import('../pages/MessagePage')).AuthorizeCallbackPage }),
  },
  privacyPolicy: messagePage('privacyPolicy'),
  response: messagePage('response'),
  noResponse: messagePage('noResponse'),
  closed: messagePage('closed'),
  // The sync action (issue 26): plain, it opens offline from the service worker's precache.
  syncAction: { lazy: async () => ({ Component: (await import('../pages/SyncActionPage')).SyncActionPage }) },
  // The external shell of a secure link's form (issue 25 §2): signed out, the client's logo and name, no menus.
  external: muiPage(async () => (await import('./ExternalLayout')).ExternalLayout),
  // The signed-out shared folder page of a DMS link (issue 23 item 3): the external shell without a form's lines.
  sharedFolder: muiPage(async () => (await import('./ExternalLayout')).SharedFolderLayout),
  // The recipient's return page of a subcontractor package (issue 25 §3), signed out.
  packageReturn: muiPage(async () => (await import('../pages/PackageReturnPage')).PackageReturnPage),
  section: muiPage(async () => (await import('../pages/SectionPage')).SectionPage),
  notFound: muiPage(async () => (await import('../pages/NotFoundPage')).NotFoundPage),
  // The form creator (issue 21): its code (dnd-kit, the virtualised list, the property panel) is its own chunk,
  // loaded only when an administrator opens it.
  formCreator: muiPage(async () => (await import('../../designer/FormCreatorPage')).FormCreatorPage),
  // The offline section (issue 26; runtime/offline-pages): its layouts (the sync banner; a project's offline
  // router) and its pages. Their code and the device side load only under /offline.
  offline: muiPage(async () => (await import('../offline-pages/OfflineLayout')).OfflineLayout),
  offlineProject: muiPage(async () => (await import('../offline-pages/OfflineLayout')).OfflineProjectLayout),
  offlineProjects: muiPage(async () => (await import('../offline-pages/OfflineProjectsPage')).OfflineProjectsPage),
  offlineQa: muiPage(async () => (await import('../offline-pages/OfflineQaPage')).OfflineQaPage),
  offlineRegister: muiPage(async () => (await import('../offline-pages/OfflineRegisterPage')).OfflineRegisterPage),
  offlineConflicts: muiPage(async () => (await import('../offline-pages/ConflictDialog')).ConflictDialog),
  offlinePhotos: muiPage(async () => (await import('../offline-pages/OfflinePhotosPage')).OfflinePhotosPage),
};
