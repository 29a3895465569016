import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The front end (runtime/) is built into dist/, which api/server.ts serves on the API's port. With
 * VITE_DEMO_FIXTURES=1 (`npm run demo:fixtures`) the dev server serves fixtures/demo instead: the same
 * runtime behind an MSW service worker answering from the recorded fixtures, with no server.
 */
const demo = process.env.VITE_DEMO_FIXTURES === '1';

export default defineConfig({
  root: demo ? 'fixtures/demo' : 'runtime',
  ...(demo ? { publicDir: 'public', server: { fs: { allow: ['..', '../..'] } } } : {}),
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  ...(demo ? {} : { server: { proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' } } }),
});
