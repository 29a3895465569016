import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The front end (runtime/) is built into dist/, which api/server.ts serves on the API's port. */
export default defineConfig({
  root: 'runtime',
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' } },
});
