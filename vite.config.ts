import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

/**
 * The front end (runtime/) is built into dist/, which api/server.ts serves on the API's port. With
 * VITE_DEMO_FIXTURES=1 (`npm run demo:fixtures`) the dev server serves fixtures/demo instead: the same
 * runtime behind an MSW service worker answering from the recorded fixtures, with no server. The build writes
 * brotli and gzip copies of its text files (scripts/precompress.ts), which the server sends as they are.
 */
const demo = process.env.VITE_DEMO_FIXTURES === '1';

/**
 * Chunks by hand (docs/performance.md "Page weight"): React in one chunk (the entry's), and MUI with emotion in
 * one chunk that every MUI page shares. The login page loads no MUI; left to itself the bundler would cut MUI into
 * some twenty small chunks shared by the lazily loaded pages in different sets, and a form page would ask for them
 * all in the round of its route code, its API calls queued behind them on HTTP/1.1's six connections.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  {
    name: 'mui',
    test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|utils|private-theming|material)|react-transition-group|@popperjs)[\\/]/,
    priority: 1,
  },
];

/**
 * The service worker (issue 26; runtime/sw.ts, docs/offline.md "Service worker"): built from runtime/sw.ts with the
 * build's file list injected (`injectManifest`): every script, style, font and image of dist/ and index.html, the
 * lazily loaded chunks included, so that an offline page opens after one visit. Not the .br/.gz copies (the browser
 * asks for the file; the server picks the copy) and no web manifest. Registered by runtime/main.tsx, not by the plugin.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['**/*.{js,css,html,svg,png,jpg,woff,woff2,ttf}'],
    globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
    // The largest chunks (the form creator's, pdf.js's worker) are part of pages too: precache them all.
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  },
});

export default defineConfig({
  root: demo ? 'fixtures/demo' : 'runtime',
  ...(demo ? { publicDir: 'public', server: { fs: { allow: ['..', '../..'] } } } : {}),
  plugins: demo ? [react()] : [react(), serviceWorker, precompress()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  ...(demo ? {} : { server: { proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' } } }),
});
