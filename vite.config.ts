import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

/**
 * The front end (runtime/) is built into dist/, which api/server.ts serves on the API's port. With
 * VITE_DEMO_FIXTURES=1 (`npm run demo:fixtures`) the dev server serves fixtures/demo instead: the same
 * runtime behind an MSW service worker answering from the recorded fixtures, with no server. The build writes
 * brotli and gzip copies of its text files (scripts/precompress.ts), which the server sends as they are.
 */
const demo = process.env.VITE_DEMO_FIXTURES === '1';

export default defineConfig({
  root: demo ? 'fixtures/demo' : 'runtime',
  ...(demo ? { publicDir: 'public', server: { fs: { allow: ['..', '../..'] } } } : {}),
  plugins: demo ? [react()] : [react(), precompress()],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  ...(demo ? {} : { server: { proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' } } }),
});
