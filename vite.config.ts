import react from '@vitejs/plugin-react';
import type { CodeSplittingGroup, PreRenderedChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markdownOnDemand } from './scripts/markdown-on-demand';
import { precompress } from './scripts/precompress';

/**
 * The front end (runtime/) is built into dist/, which api/server.ts serves on the API's port. With
 * VITE_DEMO_FIXTURES=1 (`npm run demo:fixtures`) the dev server serves fixtures/demo instead: the same
 * runtime behind an MSW service worker answering from the recorded fixtures, with no server. The build writes
 * brotli and gzip copies of its text files (scripts/precompress.ts), which the server sends as they are.
 */
const demo = process.env.VITE_DEMO_FIXTURES === '1';

/**
 * Modules some module imports with `import()` (pages, heavy widgets, libraries loaded on demand), collected while the
 * build parses: the groups below never take one, so each stays a chunk that loads when it is asked for.
 */
const lazyTargets = new Set<string>();
const collectLazyTargets: Plugin = {
  name: 'collect-lazy-targets',
  moduleParsed(info) {
    for (const id of info.dynamicallyImportedIds) lazyTargets.add(id);
  },
};

/**
 * The `import()` targets every form page inside the shell asks for in the same round as its loaders: the section's
 * guard code, the shell's layout and root, the screen page, view and dialog, the not-found page, the form's screen
 * and its document. Each goes into its group's chunk like eager code (docs/performance.md "Route code in the
 * groups"): as chunks of their own they were eight more requests on the form page's critical path.
 */
const ROUTE_CORE =
  /[\\/]runtime[\\/](shell[\\/](section|guard-checks|ShellLayout|MuiRoot)\.tsx?|pages[\\/]NotFoundPage\.tsx|renderer[\\/](ScreenPage|ScreenView|ScreenDialog|FormScreen)\.tsx)$|[\\/]schemas[\\/]screens[\\/]quality-assurance[\\/]form-entry\.json$/;

/**
 * Modules of the grouped folders that import a library only the lazily loaded parts use, kept out of the groups with
 * it: in the form group, runtime/renderer/table/use-table.ts took material-react-table (400 KB) into every form page.
 */
const WITH_LAZY_LIBRARY = /[\\/]runtime[\\/]renderer[\\/]table[\\/]use-table\.ts$/;

/**
 * The modules a form page runs before its first paint: what the entry and the route core import statically, and what
 * those import, to the end (collected when the build has parsed every module). The shell and form groups take only
 * these; the other modules of their folders (the code of the admin screens, the creator's engine, the API's bodies
 * that only other pages validate) go to the `pages` group, which the pages that use them load (issue 21 "Speed": the
 * form page parsed them before its first line ran).
 */
const formPageModules = new Set<string>();
const collectFormPageModules: Plugin = {
  name: 'collect-form-page-modules',
  buildEnd() {
    formPageModules.clear();
    const stack = [...this.getModuleIds()].filter((id) => ROUTE_CORE.test(id) || this.getModuleInfo(id)?.isEntry);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (formPageModules.has(id)) continue;
      formPageModules.add(id);
      for (const imported of this.getModuleInfo(id)?.importedIds ?? [])
        if (!formPageModules.has(imported)) stack.push(imported);
    }
  },
};

/**
 * A group's test: `path` matches the module's file and the module is not imported with `import()` (or is route core),
 * nor one of WITH_LAZY_LIBRARY; with `formPage` true, the form page runs it first (formPageModules), with false, it
 * does not.
 */
const eager =
  (path: RegExp, formPage?: boolean) =>
  (id: string): boolean =>
    path.test(id) &&
    (!lazyTargets.has(id) || ROUTE_CORE.test(id)) &&
    !WITH_LAZY_LIBRARY.test(id) &&
    (formPage === undefined || formPageModules.has(id) === formPage);

/** MUI and emotion, with the libraries MUI's components use (the mui group's). */
const MUI =
  /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|utils|private-theming|material)|react-transition-group|@popperjs)[\\/]/;

/** The shell's folders (the shell group's). */
const SHELL = /[\\/]runtime[\\/]shell[\\/]|[\\/]engine[\\/]rules[\\/]/;

/** The renderer's folders and libraries (the form group's). */
const RENDERER =
  /[\\/]runtime[\\/]renderer[\\/]|[\\/]engine[\\/]|[\\/]schemas[\\/](entities|api|rules|messages)[\\/]|[\\/]schemas[\\/]screens[\\/]quality-assurance[\\/]form-entry\.json$|node_modules[\\/](@rjsf|date-fns|dompurify|signature_pad)[\\/]/;

/**
 * Chunks by hand (docs/performance.md "Chunks by page"). Left to itself the bundler cuts the code into one chunk per
 * set of pages that share it: a form page asked for some fifty small scripts, and in Chromium each request costs the
 * browser, its network process and the server CPU whatever its size (about 10 ms of CPU a request on this 2-core
 * machine), time the paint waits for. The groups, first match by priority:
 * - react, and MUI with emotion (the parts a form page uses): shared by every page (the login page loads no MUI);
 * - boot: the entry's own modules (`$initial`), in one chunk with it; the section's guard code (sections, access
 *   rules, the guard machine: runtime/shell/section.ts) among them, so that the guard's call goes with the session's
 *   (as a chunk of its own it resolved only after the route's code had initialised);
 * - public: what the login page (and the other public pages) shares with the pages inside the shell (its validator,
 *   the plain form), so that it loads no more than that;
 * - shell, then form: the shell's code (runtime/shell, engine/rules) and the renderer's (runtime/renderer, engine,
 *   the schemas it reads, RJSF and the libraries of its widgets) that a form page runs (formPageModules), each one
 *   chunk for every page inside the shell;
 * - pages: the rest of those folders and of MUI, which only other pages use (the admin screens' widgets and rules, the
 *   creator's engine, the registered schemas, MUI's tables and tabs), one chunk that those pages load beside the
 *   others (docs/performance.md "What a form page parses").
 * What a module imports with `import()` stays out of every group (but the route core above), and strictExecutionOrder keeps each module's
 * top-level code running when its importers ask for it, wherever a group put it.
 */
const chunkGroups: CodeSplittingGroup[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 7 },
  { name: 'mui', test: (id) => MUI.test(id) && formPageModules.has(id), priority: 6 },
  { name: 'boot', tags: ['$initial'], priority: 5 },
  {
    name: 'public',
    test: eager(
      /node_modules[\\/]@cfworker[\\/]|[\\/]runtime[\\/](api[\\/]password|shell[\\/]client-switch|renderer[\\/](required-label|PlainForm)|plain[\\/])/,
    ),
    priority: 4,
  },
  { name: 'shell', test: eager(SHELL, true), priority: 2 },
  { name: 'form', test: eager(RENDERER, true), priority: 1 },
  {
    name: 'pages',
    test: (id) => eager(SHELL, false)(id) || eager(RENDERER, false)(id) || (MUI.test(id) && !formPageModules.has(id)),
    priority: 0,
  },
];

/**
 * Chunks' file names: Vite's, but markdown-to-jsx's chunk (loaded on demand: scripts/markdown-on-demand.ts) is called
 * markdown-[hash].js, not by its entry file's name (react.js, which would read as React's group).
 */
function chunkFileName(chunk: PreRenderedChunk): string {
  const markdown = chunk.facadeModuleId && /[\\/]node_modules[\\/]markdown-to-jsx[\\/]/.test(chunk.facadeModuleId);
  return `assets/${markdown ? 'markdown' : '[name]'}-[hash].js`;
}

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

/**
 * REACT_PROFILING=1: React DOM's profiling build (every fiber's render time kept), for
 * runtime/e2e/bench/designer-renders.ts only; never what `npm start` builds.
 */
const reactProfiling = process.env.REACT_PROFILING === '1';

export default defineConfig({
  root: demo ? 'fixtures/demo' : 'runtime',
  ...(demo ? { publicDir: 'public', server: { fs: { allow: ['..', '../..'] } } } : {}),
  plugins: demo
    ? [react()]
    : [markdownOnDemand(), collectLazyTargets, collectFormPageModules, react(), serviceWorker, precompress()],
  ...(reactProfiling ? { resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } } } : {}),
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups }, strictExecutionOrder: true, chunkFileNames: chunkFileName },
    },
  },
  ...(demo ? {} : { server: { proxy: { '/api': 'http://localhost:3000', '/logout': 'http://localhost:3000' } } }),
});
