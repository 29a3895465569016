/**
 * Named pages and layouts of the route table (`page` in schemas/screens/routes.json): the layouts of the
 * shell and the pages that host a screen document with behaviour of their own (login, unauthorised).
 */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';

/** A page: an element now, or a component loaded on demand. */
export type PageSpec = { element: React.ReactNode } | { lazy: LazyRouteFunction<RouteObject> };

/** A page of catalogue texts (../pages/MessagePage MESSAGE_PAGES), loaded on demand. */
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
  shell: { lazy: async () => ({ Component: (await import('./ShellLayout')).ShellLayout }) },
  login: { lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
  unauthorized: { lazy: async () => ({ Component: (await import('../pages/MessagePage')).UnauthorizedPage }) },
  authorizeCallback: {
    lazy: async () => ({ Component: (await import('../pages/MessagePage')).AuthorizeCallbackPage }),
  },
  privacyPolicy: messagePage('privacyPolicy'),
  response: messagePage('response'),
  noResponse: messagePage('noResponse'),
  closed: messagePage('closed'),
  section: { lazy: async () => ({ Component: (await import('../pages/SectionPage')).SectionPage }) },
};
