/**
 * Browser entry point: mounts the application on #root. It loads no MUI: the login page is plain
 * (runtime/plain, with its few texts: plain/messages.ts); pages that use MUI bring it with them, inside the MUI
 * root (shell/MuiRoot.tsx), which creates emotion's cache with the CSP nonce. The router is made here, before
 * React's first render, so the first page's loaders and code start loading as soon as the entry has run.
 * A production build registers the service worker (runtime/sw.ts, issue 26) once the page has loaded.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { plainMessage } from './plain/messages';
import { routes } from './routes';

document.title = plainMessage('app.title');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routes);
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the load event: the worker's precache (every file of the build) never competes with the first page. A
  // browser that refuses it (private mode, a policy) runs the app as before, without its offline pages' shell.
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    },
    { once: true },
  );
}
