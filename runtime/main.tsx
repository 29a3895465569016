/**
 * Browser entry point: mounts the application on #root. It loads no MUI: the login page is plain
 * (runtime/plain, with its few texts: plain/messages.ts); pages that use MUI bring it with them, inside the MUI root (shell/MuiRoot.tsx), which
 * creates emotion's cache with the CSP nonce.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { plainMessage } from './plain/messages';

document.title = plainMessage('app.title');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
