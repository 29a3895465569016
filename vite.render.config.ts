import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's render of a form page's first screen (runtime/server/render.tsx) as one Node module,
 * dist-render/render.js, built by `npm start` (scripts/start.mjs) beside the front end. Every package is inside but
 * sanitize-html (the server's own); DOMPurify, which needs a DOM, is replaced by runtime/server/dompurify.ts.
 */
export default defineConfig({
  root: 'runtime',
  plugins: [react()],
  // React's production build, whatever NODE_ENV the server runs under.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: { dompurify: path.resolve(import.meta.dirname, 'runtime/server/dompurify.ts') } },
  build: {
    ssr: 'server/render.tsx',
    outDir: '../dist-render',
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'render.js' } },
  },
  ssr: { noExternal: true, external: ['sanitize-html'] },
});
