/**
 * The service worker (issue 26 §1: "the app shell and the renderer are cached by a service worker, so
 * /offline/{id}/qa opens with the network off after a first visit"; docs/offline.md "Service worker"). Built by
 * vite-plugin-pwa (`injectManifest`, vite.config.ts) into dist/sw.js, registered by runtime/main.tsx in production
 * builds only.
 *
 * - Precache: every file of the build (the entry, every lazily loaded chunk, styles, fonts, index.html), listed by
 *   the build into `self.__WB_MANIFEST` with a revision per file; never an API answer, the demo seed or anything of
 *   one user (the device's data lives in IndexedDB per user and client: runtime/offline). A new build's worker takes
 *   over at once (`skipWaiting`, `clientsClaim`) and removes the old build's caches (`cleanupOutdatedCaches`).
 * - Navigations (a page of the app, never /api/*): the offline pages (`/offline`, `/offline/...`, `/qa/access`) are
 *   offline-first: the precached index.html at once, so a page opens in a basement as fast as on a desk. Every other
 *   page asks the network first (its index.html carries a fresh CSP nonce) and falls back to the precached
 *   index.html when there is no network (the shell then shows its offline spinner, as the spec says).
 * - Nothing else: /api calls, files and thumbnails go to the network as before (no fetch answer from the worker).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isOfflinePath } from './shell/offline-paths';

/** The worker's global scope, as far as this file uses it (the DOM library the project compiles with has no WebWorker types). */
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
};

/** The app's page, as precached. */
const SHELL_URL = 'index.html';

/** Navigations the worker never answers: the API (its docs too) and the server's own logout. */
const NOT_APP = [/^\/api(\/|$)/];

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const shell = createHandlerBoundToURL(SHELL_URL);

registerRoute(
  new NavigationRoute(
    async (options) => {
      const { url, request } = options;
      if (isOfflinePath(url.pathname)) return shell(options);
      try {
        return await fetch(request);
      } catch (error) {
        // No network: the app's page from the precache (a page that needs the server then shows the offline
        // spinner); a worker installed without it (never, after install) rethrows the network's error.
        const cached = await matchPrecache(SHELL_URL);
        if (cached) return cached;
        throw error;
      }
    },
    { denylist: NOT_APP },
  ),
);
