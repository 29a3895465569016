import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The jsdom test files that replace a module with `vi.mock`: they run isolated (a fresh module graph per file),
 * because a module another file has already loaded in the same worker cannot be mocked any more. Every other
 * jsdom file shares its worker's module graph with the files before it (`isolate: false`): React, MUI, RJSF and the
 * in-memory API are imported once per worker instead of once per file, which took a fifth of the jsdom files' time
 * (docs/testing.md "How long the suite takes"). Each test still starts on fresh data and a clean DOM
 * (runtime/test/setup.ts).
 */
function jsdomFilesMocking(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'e2e' && entry.name !== 'node_modules') walk(file);
      } else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(file, 'utf8').includes('vi.mock(')) {
        found.push(file.split(path.sep).join('/'));
      }
    }
  };
  for (const dir of ['runtime', 'designer']) walk(dir);
  return found.sort();
}

const mocking = jsdomFilesMocking();

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
          // One module graph per worker for all its files (as the jsdom files): the schemas, Ajv and the app are
          // compiled once per worker, not once per file (import time 154 s -> 39 s in all). Module-level state must
          // therefore not leak between files: caches are keyed by what they hold (engine/forms/validate-submission.ts).
          isolate: false,
          // A safety net for the slowest files on a loaded 2-core machine, not a measure.
          testTimeout: 30000,
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
          exclude: ['runtime/e2e/**', 'node_modules/**', ...mocking],
          setupFiles: ['runtime/test/setup.ts'],
          isolate: false,
          // The heaviest journeys take 15-30 s on a 2-core machine; the limit is a safety net, not a measure.
          testTimeout: 60000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom-mocking',
          globals: true,
          environment: 'jsdom',
          include: mocking.length > 0 ? mocking : ['no-such-file'],
          setupFiles: ['runtime/test/setup.ts'],
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
