/**
 * What a page's modules cost to initialise (issue 21 "Speed", the form page's first paint): `npm run bench:inits`.
 * Figures, never assertions; not part of `npm run bench` (a tool for finding work, like bench:designer-renders).
 *
 * Why. The build keeps each module's top-level code in an init function that runs when a module importing it first
 * runs (rolldown's `strictExecutionOrder`, vite.config.ts). On the form page those inits run in promise jobs and
 * dynamic imports' evaluation, which a Chromium trace does not name ("unlabelled" in `BENCH_TRACE=1 npm run
 * bench:ui`): about 150 ms of main thread per load that bare RJSF-MUI does not spend.
 *
 * Method. The front end is built unminified into .tmp/dist-inits (never dist/) and every `init_*` wrapper
 * (`__esmMin`) is replaced by a timed one that notes the module's exclusive time (its own top-level code, less the
 * inits it runs) in `globalThis.__inits`; each init's module is read from the build's `// path` comments. The platform
 * serves that build (DIST_DIR) on a fresh data folder; PAGE (default the demo's Concrete Pour Inspection's new entry,
 * /projects/1/qa/1/add) is opened RUNS times (default 3) afresh as the demo user, and the means are printed: the
 * number of modules initialised and their time, by package or folder, and the TOP (default 30) modules. The unminified
 * code runs a little slower than a user's. BUILD=0 reuses the last build.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../browser';
import { callApi, logInThroughApi } from '../platform';
import { freePort, startPlatform } from '../server-process';

const RUNS = Number(process.env.RUNS ?? 3);
const TOP = Number(process.env.TOP ?? 30);
const PAGE = process.env.PAGE ?? '/projects/1/qa/1/add';
const root = path.resolve(import.meta.dirname, '../../..');
const outDir = path.join(root, '.tmp', 'dist-inits');
const assets = path.join(outDir, 'assets');

/** The timed wrapper, added to rolldown's runtime chunk: `__esmMin.named(name, fn)` in place of `__esmMin(fn)`. */
const TIMED_INIT = `globalThis.__inits = [];
var __initStack = [];
__esmMin.named = (name, fn) => {
	const wrapped = __esmMin(fn);
	let ran = false;
	return () => {
		if (ran) return wrapped();
		ran = true;
		const started = performance.now();
		__initStack.push(0);
		try { return wrapped(); } finally {
			const total = performance.now() - started;
			const inner = __initStack.pop();
			if (__initStack.length) __initStack[__initStack.length - 1] += total;
			globalThis.__inits.push([name, total - inner]);
		}
	};
};
`;

if (process.env.BUILD !== '0' || !existsSync(path.join(outDir, 'index.html'))) {
  rmSync(outDir, { recursive: true, force: true });
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, minify: false } });
  } catch (error) {
    // The service worker's plugin refuses an unminified build after the assets are written; the page needs none.
    if (!existsSync(path.join(outDir, 'index.html'))) throw error;
  }
  for (const file of readdirSync(assets)) {
    const full = path.join(assets, file);
    // The server prefers the build's compressed copies: the patched files must be served as they are now.
    if (/\.(br|gz)$/.test(file)) rmSync(full);
    if (!file.endsWith('.js')) continue;
    let text = readFileSync(full, 'utf8');
    if (file.startsWith('rolldown-runtime-'))
      text = text.replace('var __commonJSMin =', `${TIMED_INIT}var __commonJSMin =`);
    writeFileSync(full, text.replace(/\((init_[\w$]+) = __esmMin\(/g, '($1 = __esmMin.named("$1", '));
  }
}

/** Each init's module (the build's `// path` comment before it), by init name. */
const moduleOf = new Map<string, string>();
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  let current = '?';
  for (const line of readFileSync(path.join(assets, file), 'utf8').split('\n')) {
    const region = /^\/\/ ((?:node_modules|engine|runtime|schemas|designer|fixtures)\/\S*)$/.exec(line);
    if (region) current = region[1];
    const init = /\((init_[\w$]+) = __esmMin\.named/.exec(line);
    if (init) moduleOf.set(init[1], current);
  }
}

/** A module's package (node_modules) or top two folders. */
function groupOf(module: string): string {
  const parts = module.replace(/^.*node_modules\//, 'npm:').split('/');
  if (parts[0].startsWith('npm:')) return parts.slice(0, parts[0].startsWith('npm:@') ? 2 : 1).join('/');
  return parts.slice(0, 2).join('/');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-inits-'));
const platform = await startPlatform(dataDir, await freePort(), undefined, { DIST_DIR: outDir });
const browser = await launchBrowser();
try {
  const cookie = await logInThroughApi(platform.url, 'user@demo.local');
  await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
  const [name, value] = cookie.split('=');
  const byModule = new Map<string, number>();
  let count = 0;
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: platform.url }]);
    const page = await context.newPage();
    await page.goto(platform.url + PAGE, { waitUntil: 'networkidle' });
    const inits = await page.evaluate(() => (globalThis as unknown as { __inits: [string, number][] }).__inits);
    for (const [init, ms] of inits) byModule.set(init, (byModule.get(init) ?? 0) + ms / RUNS);
    count += inits.length / RUNS;
    total += inits.reduce((sum, [, ms]) => sum + ms, 0) / RUNS;
    await context.close();
  }
  const groups = new Map<string, { ms: number; modules: number }>();
  for (const [init, ms] of byModule) {
    const group = groupOf(moduleOf.get(init) ?? '?');
    const entry = groups.get(group) ?? { ms: 0, modules: 0 };
    entry.ms += ms;
    entry.modules += 1;
    groups.set(group, entry);
  }
  console.log(`\n${PAGE}: ${count.toFixed(0)} modules initialised, ${total.toFixed(1)} ms (mean of ${RUNS} loads)`);
  console.log('\nBy package or folder (ms, modules):');
  for (const [group, { ms, modules }] of [...groups].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP))
    console.log(`${ms.toFixed(1).padStart(7)} ${String(modules).padStart(5)}  ${group}`);
  console.log('\nModules (ms):');
  for (const [init, ms] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms.toFixed(2).padStart(7)}  ${moduleOf.get(init) ?? init}`);
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
