/**
 * Browser entry point: mounts the application on #root. It loads no MUI: the login page is plain
 * (runtime/plain, with its few texts: plain/messages.ts); pages that use MUI bring it with them, inside the MUI
 * root (shell/MuiRoot.tsx), which creates emotion's cache with the CSP nonce. The router is made here, before
 * React's first render, so the first page's loaders and code start loading as soon as the entry has run.
 * A form page may come with its first screen drawn by the server (./server/render.tsx): the app then hydrates it
 * once the router's first navigation has settled.
 * A production build registers the service worker (runtime/sw.ts, issue 26) once the first page has rendered.
 */
import { type ReactNode, StrictMode, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { parseViewport } from '../engine/rules/first-viewport';
import { App } from './App';
import { dropFirstAnswers, FIRST_SCREEN_ATTRIBUTE } from './api/first-answers';
import { plainMessage } from './plain/messages';
import { routes } from './routes';
import { hydratingFor } from './shell/first-viewport';
import { reloadIfNewBuild } from './shell/new-build-reload';

document.title = plainMessage('app.title');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routes);
// The answers the server sent inside the page serve the first navigation only (api/first-answers.ts).
settled(router).then(dropFirstAnswers);
const app = (onCommit?: () => void) => (
  <StrictMode>
    <Committed onCommit={onCommit}>
      <App router={router} />
    </Committed>
  </StrictMode>
);
// A form page can come with its first screen drawn by the server (runtime/server/render.tsx), shown inert meanwhile:
// the app hydrates it once its first navigation has settled on the same answers, so that its first render is the
// server's. A render that differs is not lost: React renders the page afresh, and says so in the console.
if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE))
  // The top bar's entries too: the server drew them (they are the same for every user).
  Promise.all([settled(router), import('./shell/TopMenu').then((m) => m.loadTopBar()).catch(() => undefined)]).then(
    () => {
      styleAttributesBack(container);
      // In one task (flushSync: the hydration's lane is the synchronous one), as the first render of a page without
      // a first screen is (./App.tsx): React's default hydrates in 5 ms slices, about 20 of them on a long form.
      // For the window the server drew it for (its guess, in the attribute): the same elements as the server's; the
      // real window takes over after (shell/first-viewport.ts).
      hydratingFor(parseViewport(container.getAttribute(FIRST_SCREEN_ATTRIBUTE)));
      flushSync(() =>
        hydrateRoot(
          container,
          app(() => {
            container.removeAttribute('inert');
            container.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
          }),
          { onRecoverableError: (error) => console.warn('The first screen was rendered afresh:', error) },
        ),
      );
    },
  );
else createRoot(container).render(app());

/** Renders `children`; calls `onCommit` once they are first committed (hydrated). Adds no element. */
function Committed({ children, onCommit }: { children: ReactNode; onCommit?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first commit
  useLayoutEffect(() => onCommit?.(), []);
  return children;
}

/**
 * Gives the elements of the server's first screen back their style attributes, which it sends as `data-first-style`
 * (the page's Content-Security-Policy refuses style attributes; set through the DOM they are allowed): before
 * hydration, so that the elements are as React makes them.
 */
function styleAttributesBack(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-first-style]')) {
    element.style.cssText = element.getAttribute('data-first-style') ?? '';
    element.removeAttribute('data-first-style');
  }
}

/** Resolves once the router's first navigation has settled (its loaders, redirects and route code). */
function settled(first: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => first.state.initialized && first.state.navigation.state === 'idle';
    if (done()) return resolve();
    const unsubscribe = first.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Resolves once the first page has rendered: the router's first navigation settled (loaders and route code), then a
 * frame, then the main thread's first idle moment (the page's time-sliced render done), at most 5 s later.
 */
function afterFirstPage(first: typeof router): Promise<void> {
  return settled(first).then(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => {
          if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 5000 });
          else setTimeout(resolve, 500);
        }),
      ),
  );
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // A page opened from the precache just before a new build's worker took over (it drops the old build's files, and
  // the server has them no more) fails to load a lazy chunk: reload once, into the new build, when the server says
  // the chunk is gone, or with no network when the worker's precache holds another build; not for a network failure
  // alone (shell/new-build-reload.ts).
  window.addEventListener('vite:preloadError', (event) => {
    void reloadIfNewBuild((event as Event & { payload?: unknown }).payload, {
      fetch: (url, init) => window.fetch(url, init),
      reload: () => window.location.reload(),
      precacheLacks: async (url) =>
        !!navigator.serviceWorker.controller && 'caches' in window && (await caches.match(url)) === undefined,
      storage: window.sessionStorage,
      now: () => Date.now(),
    });
  });
  // After the first page has rendered: the worker's precache (every file of the build) never competes with it. The
  // load event alone came too early: it waits for the route's chunks, not for the page they render, and the precache
  // ran beside the form's first render (issue 21 "Speed"). A browser that refuses it (private mode, a policy) runs
  // the app as before, without its offline pages' shell.
  window.addEventListener(
    'load',
    () => {
      afterFirstPage(router).then(() => navigator.serviceWorker.register('/sw.js').catch(() => undefined));
    },
    { once: true },
  );
}
