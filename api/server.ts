/**
 * Starts the platform on one port: the API and the built front end (dist/) with an SPA fallback.
 * Opens the store (embedded under DATA_DIR, or MongoDB when MONGODB_URI is set) and loads the demo
 * seed into an empty store, and starts the mail queue's delivery worker. Configuration: api/config.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { shellPathTest } from '../engine/rules/shell-paths';
import type { RouteTable } from '../engine/types/generated/screen-documents';
import routeTable from '../schemas/screens/routes.json';
import { createApp } from './app';
import { readConfig } from './config';
import type { ApiEnv } from './http/env';
import { type AppRequest, shellWithFirstAnswers } from './http/first-answers';
import { type FirstScreenWorker, firstScreenWorker } from './http/first-screen-worker';
import { watchLoopLoad } from './http/loop-load';
import { startDelivery } from './mail/delivery';
import { transportOf } from './mail/transport';
import { createOfflineUploads } from './offline/uploads';
import { PdfJobRunner } from './pdf/jobs';
import { seedIfEmpty } from './seed/load';
import { openStore } from './store/open';

/** index.html with the CSP nonce in a meta element (content attribute only: never script-readable markup). */
export function withNonce(html: string, nonce: string): string {
  return html.replace('<head>', `<head><meta name="csp-nonce" content="${nonce}" />`);
}

/**
 * The build's chunks every page inside the shell runs (vite.config.ts's groups: MUI, the code the public pages share,
 * the shell, the forms; the section's guard code is in the entry's).
 */
const SHELL_CHUNK = /^(mui|public|shell|form)-[\w-]{8}\.js$/;

/**
 * index.html with `<link rel="modulepreload">` for the shell's chunks (files of `assetsDir` named as
 * {@link SHELL_CHUNK}): a page inside the shell fetches them beside the entry's, not after the entry has run
 * and its router has asked for them (docs/performance.md "Chunks by page"). Unchanged when the build has none.
 */
export function withShellPreloads(html: string, assetsDir: string): string {
  const files = existsSync(assetsDir) ? readdirSync(assetsDir).filter((file) => SHELL_CHUNK.test(file)) : [];
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Starts the server; resolves once it listens, with a function that stops it. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
  if (await seedIfEmpty(store)) console.log('Loaded the demo seed into an empty store.');
  // PDF jobs' files under DATA_DIR (tmp/pdf-jobs): emptied at start, as a restart loses the jobs.
  const pdfJobs = new PdfJobRunner(path.join(config.dataDir, 'tmp', 'pdf-jobs'));
  // Unfinished tus uploads of the offline pages under DATA_DIR (offline-uploads): kept over a restart, so a device
  // resumes where it stopped; removed 24 hours after creation (api/offline/uploads.ts).
  const offlineUploads = createOfflineUploads(path.join(config.dataDir, 'offline-uploads'));
  // Uploads that expired while the server was stopped go now; then hourly.
  offlineUploads.cleanUp().catch((error) => console.error('Offline uploads clean-up failed', error));
  const app = createApp({
    store,
    pdfJobs,
    offlineUploads,
    sessionTtlMs: config.sessionTtlMs,
    trustProxy: config.trustProxy,
    qrCodeKey: config.qrCodeKey,
    publicUrl: config.publicUrl,
  });

  // The mail queue's worker (api/mail/delivery.ts): SMTP_URL's server, or DATA_DIR/outbox without one.
  const delivery = startDelivery(store, transportOf(config));

  let firstScreens: FirstScreenWorker | undefined;
  const distDir = path.resolve(config.distDir);
  const indexFile = path.join(distDir, 'index.html');
  if (existsSync(indexFile)) {
    const root = path.relative(process.cwd(), distDir) || '.';
    const indexHtml = readFileSync(indexFile, 'utf8');
    // A page inside the shell also gets the shell's and the forms' chunks preloaded; the login page and the other
    // public pages do not (engine/rules/shell-paths.ts reads the route table).
    const shellHtml = withShellPreloads(indexHtml, path.join(distDir, 'assets'));
    const insideShell = shellPathTest(routeTable as RouteTable);
    // A form page to fill in also comes with its first screen, drawn here (api/http/first-answers.ts).
    // Drawn in a worker thread (api/http/first-screen-worker.ts), when the build has its render.
    const renderFile = path.resolve(config.renderDir, 'render.js');
    firstScreens = existsSync(renderFile) ? firstScreenWorker(pathToFileURL(renderFile).href) : undefined;
    const renderFirstScreen = firstScreens?.render;
    const loopLoad = watchLoopLoad();
    // The app shell, with this answer's CSP nonce for emotion's styles (runtime/main.tsx reads it). Also
    // for / and /index.html, which the static files would otherwise answer without a nonce.
    // A page inside the shell also comes with the answers to its first navigation's calls (api/http/first-answers.ts).
    const shell = (c: Context<ApiEnv>) => {
      const headers = { 'Cache-Control': 'no-store' };
      if (!insideShell(c.req.path)) return c.html(withNonce(indexHtml, c.get('cspNonce')), 200, headers);
      const nonce = c.get('cspNonce');
      const html = withNonce(shellHtml, nonce);
      // Drawn while the server is not busy (api/http/loop-load.ts): under load, pages come without their first screen.
      const drawing = renderFirstScreen && loopLoad.utilization() <= config.firstScreenMaxLoad;
      const screen = drawing ? { render: renderFirstScreen, nonce } : undefined;
      const request: AppRequest = (url, init) => app.request(url, init);
      return shellWithFirstAnswers(c, html, request, routeTable as RouteTable, headers, screen);
    };
    app.get('/', shell);
    app.get('/index.html', shell);
    // Hashed assets: the build's brotli or gzip copy when the browser takes it, cached for a year.
    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root, precompressed: true }),
    );
    // A file of another build (a page left open across a deploy asks for its old chunks): 404, not the app shell
    // with a year's immutable caching, so the page can tell a chunk that is gone from a network that is down
    // (runtime/shell/new-build-reload.ts).
    app.all('/assets/*', (c) => c.text('Not found', 404, { 'Cache-Control': 'no-store' }));
    // The service worker (runtime/sw.ts): asked again on every visit, so a new build's worker is found at once
    // (browsers cap a worker's HTTP caching at a day; no-cache makes it none).
    app.use(
      '/sw.js',
      async (c, next) => {
        await next();
        if (c.res.ok) c.header('Cache-Control', 'no-cache');
      },
      serveStatic({ root, precompressed: true }),
    );
    app.use('*', serveStatic({ root, precompressed: true }));
    // Client-side routes get the app shell; unknown API paths fall through to the JSON 404.
    app.get('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : shell(c)));
  } else {
    console.warn(`No built front end at ${distDir}: run "npm run build". Serving the API only.`);
  }

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      console.log(`Site Forms listening on http://${config.host}:${info.port} (${store.kind} store)`);
      resolve(s);
    });
  });
  // Graceful stop: refuse new connections, end idle keep-alive ones at once and, after a short
  // grace for requests in flight, the rest; then close the store (flushes and releases its lock).
  const stop = async () => {
    const http = server as unknown as import('node:http').Server;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    http.closeIdleConnections?.();
    const grace = setTimeout(() => http.closeAllConnections?.(), 2000);
    await closed;
    clearTimeout(grace);
    await delivery.stop();
    await pdfJobs.close();
    await firstScreens?.close();
    offlineUploads.close();
    await store.close();
  };
  return { server, stop, port: (server.address() as { port: number }).port };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '');
if (isMain) {
  startServer()
    .then(({ stop }) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`${signal}: stopping`);
        stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
    })
    .catch((err) => {
      console.error('Failed to start:', err);
      process.exit(1);
    });
}
