/**
 * `npm run bench:designer-renders`: where the form creator's opening render goes, by component (issue 21 "Speed",
 * docs/performance.md "The ninth pass"). A tool for finding what to make cheaper, not a figure against a goal.
 *
 * Method. The front end is built unminified with React DOM's profiling build (vite.config.ts REACT_PROFILING=1) into
 * .tmp/dist-react-profiling, and the platform serves it (DIST_DIR; the embedded store on a fresh DATA_DIR). The bench's
 * 500-question, 10-page form (./designer-form.ts) is created through the API and opened in Chromium at 1400 x 900,
 * RUNS times in a fresh context, with a stand-in for React DevTools' hook in the page (so React times every fiber's
 * render). Once the first question shows its widgets and 1.5 s have passed, the page walks the fiber tree and sums
 * each component's `selfBaseDuration` (its own render time, its children's not, in its latest render; ms of an
 * unminified build, so larger than a user's) and the `treeBaseDuration` of the named parts (SUBTREES). Medians of the
 * runs are printed: the parts' subtrees, what each part renders itself (the self times of the fibers whose innermost
 * named part it is), then the components by self time (the first N). The render phase only: the
 * commit (DOM writes, emotion's style insertion), style, layout and paint are not in these figures (a Chromium trace
 * has them: `BENCH_PROFILE=1 npm run bench:designer`).
 * Options: RUNS (default 3), N (default 40), SUBTREES (comma-separated component names), BUILD=0 (use the build
 * already in .tmp/dist-react-profiling).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../browser';
import { callApi, logInThroughApi } from '../platform';
import { freePort, startPlatform } from '../server-process';
import { designerForm } from './designer-form';

const RUNS = Number(process.env.RUNS ?? 3);
const N = Number(process.env.N ?? 40);
const SUBTREES = (
  process.env.SUBTREES ??
  'ShellLayout,FormCreatorPage,Creator,Canvas,QuestionPreview,Palette,PropertyPanel,PageTabs,Toolbar,Breadcrumbs'
).split(',');
const root = path.resolve(import.meta.dirname, '../../..');
const outDir = path.join(root, '.tmp', 'dist-react-profiling');

if (process.env.BUILD !== '0' || !existsSync(path.join(outDir, 'index.html'))) {
  process.env.REACT_PROFILING = '1';
  rmSync(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, minify: false },
    });
  } catch (error) {
    // The service worker's plugin refuses an unminified build after the assets are written; the page needs none.
    if (!existsSync(path.join(outDir, 'index.html'))) throw error;
  }
}

/** In the page: every component's self time and the named parts' tree times, from the fiber tree. */
function walkFibers(subtrees: string[]): {
  fibers: number;
  self: [string, number][];
  tree: [string, number][];
  own: [string, number][];
} {
  type Fiber = {
    type: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    selfBaseDuration?: number;
    treeBaseDuration?: number;
  };
  type Named = { displayName?: string; name?: string; render?: Named; type?: Named };
  const rootElement = document.getElementById('root') as unknown as Record<string, Fiber>;
  const key = Object.keys(rootElement).find((k) => k.startsWith('__reactContainer$'));
  if (!key) throw new Error('no React root');
  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as Named | string | null;
    if (typeof type === 'string') return `<${type}>`;
    if (!type) return '(host)';
    return (
      type.displayName ||
      type.name ||
      type.render?.displayName ||
      type.render?.name ||
      type.type?.displayName ||
      type.type?.name ||
      '(anonymous)'
    );
  };
  const self = new Map<string, number>();
  const tree = new Map<string, number>();
  // Self time by the innermost named part a fiber is in ('(outside)' for none): what each part renders itself.
  const own = new Map<string, number>();
  let fibers = 0;
  const walk = (first: Fiber | null, inside: string[]) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      fibers += 1;
      const name = nameOf(fiber);
      self.set(name, (self.get(name) ?? 0) + (fiber.selfBaseDuration ?? 0));
      let within = inside;
      if (subtrees.includes(name) && !inside.includes(name)) {
        tree.set(name, (tree.get(name) ?? 0) + (fiber.treeBaseDuration ?? 0));
        within = [...inside, name];
      }
      const part = within.at(-1) ?? '(outside)';
      own.set(part, (own.get(part) ?? 0) + (fiber.selfBaseDuration ?? 0));
      walk(fiber.child, within);
    }
  };
  walk(rootElement[key].child, []);
  return { fibers, self: [...self], tree: [...tree], own: [...own] };
}

const platform = await startPlatform(mkdtempSync(path.join(tmpdir(), 'bench-renders-')), await freePort(), undefined, {
  DIST_DIR: outDir,
});
const browser = await launchBrowser();
try {
  const admin = await logInThroughApi(platform.url, 'admin@demo.local');
  await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
  const form = designerForm(500, 10, 100);
  const created = (await callApi(platform.url, admin, 'POST', '/api/settings/forms/quality-assurance', form.ours)) as {
    id: number;
  };
  const [cookieName, ...cookieValue] = admin.split('=');
  const samples = new Map<string, number[]>();
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      storageState: {
        cookies: [
          {
            name: cookieName,
            value: cookieValue.join('='),
            domain: new URL(platform.url).hostname,
            path: '/',
            expires: -1,
            httpOnly: true,
            secure: false,
            sameSite: 'Lax',
          },
        ],
        origins: [],
      },
    });
    const page = await context.newPage();
    // React times fibers only with DevTools present: a hook that takes nothing in. (`__name`: tsx's helper, which
    // the functions handed to the page refer to.)
    await page.addInitScript({
      content: `window.__name = (f) => f; window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true,
        renderers: new Map(), inject() { return 1; }, onCommitFiberRoot() {}, onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {} };`,
    });
    await page.goto(`${platform.url}/quality-assurance/form-creator/${created.id}`);
    await page.waitForSelector('[data-testid="canvas-question-1"] .rjsf', { timeout: 120_000 });
    await page.waitForTimeout(1500);
    const result = await page.evaluate(walkFibers, SUBTREES);
    const add = (name: string, value: number) => samples.set(name, [...(samples.get(name) ?? []), value]);
    for (const [name, value] of result.tree) add(`part ${name}`, value);
    for (const [name, value] of result.own) add(`own ${name}`, value);
    for (const [name, value] of result.self) add(name, value);
    console.log(`run ${run + 1}: ${result.fibers} fibers`);
    await context.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [...samples].map(([name, values]) => [name, median(values)] as const).sort((a, b) => b[1] - a[1]);
  const line = ([name, value]: readonly [string, number]) => `${value.toFixed(1).padStart(8)}  ${name}`;
  console.log(`\nThe form creator's opening render by component (ms, unminified profiling build, median of ${RUNS})`);
  console.log('Parts (their whole subtree):');
  console.log(
    rows
      .filter(([name]) => name.startsWith('part '))
      .map(line)
      .join('\n'),
  );
  console.log('Parts by what they render themselves (their subtree less the named parts inside it):');
  console.log(
    rows
      .filter(([name]) => name.startsWith('own '))
      .map(line)
      .join('\n'),
  );
  console.log(`Components by self time (first ${N}):`);
  console.log(
    rows
      .filter(([name]) => !name.startsWith('part ') && !name.startsWith('own '))
      .slice(0, N)
      .map(line)
      .join('\n'),
  );
} finally {
  await browser.close();
  await platform.stop();
}
