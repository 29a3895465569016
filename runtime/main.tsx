/**
 * Browser entry point: mounts the application on #root. It loads no MUI: the login page is plain
 * (runtime/plain, with its few texts: plain/messages.ts); pages that use MUI bring it with them, inside the MUI
 * root (shell/MuiRoot.tsx), which creates emotion's cache with the CSP nonce. The router is made here, before
 * React's first render, so the first page's loaders and code start loading as soon as the entry has run.
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
