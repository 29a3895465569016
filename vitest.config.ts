import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Five test projects (DESIGN.md "Tests"): node for engine/api/generators/fixtures (`isolated` for the few node
 * files that change a module's state), jsdom for the runtime and designer (`jsdom-isolated` for the few that change a
 * module's state or the window), e2e for the real-browser journey
 * (runtime/e2e, started against a built front end). Vitest starts the projects' files in the order of their
 * names (e2e, isolated, jsdom, jsdom-isolated, node), the larger files of a project first: the long browser files and the
 * walk-through check of tests/authoring.test.ts start early, and the many short node files fill the end.
 *
 * Node test files that change a module's state for the files after them, so they run in a module graph of their
 * own: a `vi.mock` (api/forms-import.test.ts), a field type registered in the engine's registry
 * (tests/question-type.test.ts; tests/authoring.test.ts installs and checks such files too), the runtime's pages
 * rendered in Node (tests/first-screen.test.ts: emotion's cache and the first answers' source set for the server).
 */
/**
 * A failed browser test's report of a page that drew no frames at all in a second (runtime/e2e/page-report.ts
 * `pageReport`, printed into the failure's message by runtime/e2e/setup.ts): the e2e project's retry condition.
 * Here, not beside `pageReport`, because a copy of the repository without runtime/e2e loads this config
 * (tests/authoring.test.ts); runtime/e2e/page-health.e2e.test.ts checks that the two agree.
 */
export const NO_FRAMES = /A failed test's page: \{"url":"[^"]*","frames":0,/;

const NODE_ISOLATED = [
  'api/forms-import.test.ts',
  'tests/first-screen.test.ts',
  'tests/question-type.test.ts',
  'tests/authoring.test.ts',
];

/**
 * jsdom test files that change a module's state for the files after them, so they run in a module graph (and window)
 * of their own: every file with a `vi.mock` (a mock stays for every later file of a shared graph); the sample
 * question type's file (it registers a field type and its widget); the data-table field's lazy loading (it needs the
 * table's code not loaded yet); the files of the device's store and the sync action that opens it (fake-indexeddb/auto puts an IndexedDB in the window,
 * and the shell's background sync would find their databases); and the check of the jsdom getComputedStyle stand-in
 * (it compares with jsdom's own answers, slow on a window many files have styled); the first screen's window (it sets
 * the page's, runtime/shell/first-viewport.test.tsx).
 */
const DOM_ISOLATED = [
  'runtime/renderer/keywords-charts.test.tsx',
  'runtime/renderer/question-type.test.tsx',
  'designer/page/DesignCheckPanel.test.tsx',
  'designer/FormCreatorPage.test.tsx',
  'designer/canvas/CanvasRenders.test.tsx',
  'designer/page/EditRenders.test.tsx',
  'designer/autosave.test.ts',
  'runtime/renderer/table/LazyDataTableField.test.tsx',
  'runtime/shell/background-sync.test.ts',
  'runtime/shell/sync-action.test.ts',
  'runtime/offline-pages/offline-device.test.tsx',
  'runtime/offline/offline.test.ts',
  'runtime/offline/sync-api.test.ts',
  'runtime/test/computed-style.test.tsx',
  'runtime/shell/first-viewport.test.tsx',
];

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
          exclude: [...NODE_ISOLATED, 'node_modules/**'],
          // The node files share each worker's module graph (the API and engine are imported once per worker, not
          // once per file: about 3 s each). They leave no module state behind: stores are their own, fake timers
          // are put back; the files that do change a module's state run isolated (NODE_ISOLATED).
          isolate: false,
        },
      },
      {
        // tests/first-screen.test.ts renders the runtime's pages in Node, as the server's build does
        // (vite.render.config.ts): JSX, and DOMPurify (which needs a DOM) replaced.
        plugins: [react()],
        resolve: { alias: { dompurify: fileURLToPath(new URL('./runtime/server/dompurify.ts', import.meta.url)) } },
        test: {
          name: 'isolated',
          globals: true,
          environment: 'node',
          include: NODE_ISOLATED,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom',
          globals: true,
          environment: 'jsdom',
          include: ['{runtime,designer}/**/*.test.{ts,tsx}'],
          exclude: [...DOM_ISOLATED, 'runtime/e2e/**', 'node_modules/**'],
          setupFiles: ['runtime/test/setup.ts'],
          // The jsdom files share each worker's module graph and window (the app, MUI, the mock API and its seeded
          // store are imported once per worker, not once per file); runtime/test/setup.ts puts back what a file
          // may leave behind. The files that mock or register modules run isolated (DOM_ISOLATED).
          isolate: false,
          // The heaviest journeys take 15-30 s on a 2-core machine; the limit is a safety net, not a measure.
          testTimeout: 60000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom-isolated',
          globals: true,
          environment: 'jsdom',
          include: DOM_ISOLATED,
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
          // A failed test reports the pages it left open (whether Chromium still draws their frames), and is run once
          // more when one of them drew none: Chromium had stopped drawing that page (docs/testing.md "A page that
          // draws no frames"); any other failure fails the run at once.
          setupFiles: ['runtime/e2e/setup.ts'],
          retry: { count: 1, condition: NO_FRAMES },
          // expect.poll's limit for the browser files: vitest's default is 1 s, and a fresh-clone run on a busy
          // machine missed a register's rows and an entry's second photo by that (each test's own limit still applies).
          expect: { poll: { timeout: 30000 } },
          testTimeout: 180000,
          hookTimeout: 300000,
        },
      },
    ],
  },
});
