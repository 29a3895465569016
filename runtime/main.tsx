/**
 * Browser entry point: mounts the application on #root. MUI's styles are <style> elements made by
 * emotion; the Content-Security-Policy allows them by nonce (api/middleware/security.ts), which the
 * server writes into index.html as <meta name="csp-nonce">, so emotion's cache is created with it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from '../engine/messages/catalogue';
import { App } from './App';

document.title = message('app.title');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
const cache = createCache({ key: 'css', nonce });
createRoot(container).render(
  <StrictMode>
    <CacheProvider value={cache}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
