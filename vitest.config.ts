import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three test projects (DESIGN.md "Tests"): node for engine/api/generators/fixtures, jsdom for the
 * runtime and designer, e2e for the real-browser journey (runtime/e2e, started against a built front end).
 */
export default defineConfig({
  test: {
    globals: true,
    // Two files at a time even on 2 cores (vitest's default is cores - 1, here one file at a time): a browser
    // file spends most of its time waiting on its server and Chromium, and a jsdom file runs meanwhile. On this
    // machine `vitest run` took 531-613 s with one worker and 441 s with two (docs/testing.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          globals: true,
          environment: 'node',
          include: ['{engine,api,generators,fixtures,schemas,scripts}/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom',
          globals: true,
          environment: 'jsdom',
          include: ['{runtime,designer}/**/*.test.{ts,tsx}'],
          exclude: ['runtime/e2e/**', 'node_modules/**'],
          setupFiles: ['runtime/test/setup.ts'],
          // The heaviest journeys take 15-30 s on a 2-core machine; the limit is a safety net, not a measure.
          testTimeout: 60000,
        },
      },
      {
        test: {
          name: 'e2e',
          globals: true,
          environment: 'node',
          include: ['runtime/e2e/**/*.e2e.test.ts'],
          // The front end and server bundle are built once before any file starts (./runtime/e2e/global-setup.ts), so
          // the browser files run beside the others, two files at a time in all, each with its own platform on a free
          // port and data folder. One file at a time made them a serial tail of about 200 s after everything else.
          globalSetup: ['runtime/e2e/global-setup.ts'],
          testTimeout: 180000,
          hookTimeout: 300000,
        },
      },
    ],
  },
});
