/**
 * The form page's speed in real Chromium against bare RJSF-MUI (issue "The form runtime", "Speed"); part of
 * `npm run bench`. Figures, never assertions.
 *
 * Method. The platform runs as a user runs it (`startPlatform`: the built front end and the API on the
 * embedded store, a fresh DATA_DIR). Three forms are created and published through the API as the admin:
 * (a) 500 questions on 5 pages of 100 (mostly single-line text, with numbers, long text, dropdowns and
 * dates), (b) the same 500 on one page, (c) a scored grid of 50 rows and 8 columns (note, tickbox, score
 * dropdown, hours with a column sum, text, date, checkbox, long text). The baseline is a page of plain
 * @rjsf/mui + @rjsf/validator-ajv8 (runtime/e2e/bench/bare, built here with Vite) rendering the very same
 * compiled schema (engine/forms/compile.ts; the first page's for (a)), its uiSchema reduced to the field
 * order (bare RJSF has none of the platform's widgets), its data held by the parent through onChange.
 *
 * - first paint from navigation: `performance.now()` in the next frame after the first form input is in the
 *   document (a MutationObserver, then requestAnimationFrame + setTimeout), on a page opened afresh; the
 *   median of RUNS runs. The two sides' loads alternate (platform, bare, platform, ...), and each pair's ratio is
 *   printed with their median (steadier on a shared machine than the ratio of the medians). The platform's navigation includes its session check, route loaders and chunks.
 *   A form page to fill in comes with its first screen drawn by the server (runtime/server/render.tsx), shown inert:
 *   its input counts.
 * - the page's own form in place: the same, once no first screen of the server's is left (the platform's own render
 *   has taken its place: the form can be filled in); bare RJSF's is its first paint. With its by-pair ratio.
 * - whole first page rendered: the next frame after the first page's last single-line text question (q_99 of (a),
 *   q_499 of (b); none for (c)) is in the document, from navigation, median of RUNS: the platform renders a long page's
 *   first screen of fields first and the rest right after it (ProgressiveObjectFieldTemplate), bare RJSF all at once.
 * - first paint after the data: the same time minus the `responseEnd` of the call answering the form (the
 *   platform: GET /api/settings/forms/{projectId}/{formArea}/{id}, or the page's own when its answer came inside it,
 *   api/http/first-answers.ts; bare: the schema file).
 * - first script asked: the earliest `startTime` of a script request, from navigation (when the document's parser
 *   reached its scripts: after the document's answer, and on the platform after the browsing context group switch its
 *   Cross-Origin-Opener-Policy asks of a fresh tab, docs/performance.md "The first paint re-measured").
 * - last script in: the latest `responseEnd` of a script asked for before the paint, from navigation (when the page
 *   had all the code of its first paint).
 * - keystroke to next frame: a capturing keydown listener notes the time; the next frame after the input
 *   event ends the measure. KEYS keystrokes (after WARM_UP) typed one at a time into the first text field
 *   (for (c) on the platform, a grid cell whose column sum shows: the measure ends in the next frame after
 *   the sum changed, so it is edit-to-score; bare RJSF has no grid, so it types into the grid's comments).
 *   p50 and p95 over the keystrokes.
 * Options: BENCH_NETWORK (fast4g, slow4g: a throttled network, NETWORKS), BENCH_RESOURCES=1 (each load's document timing and requests, start → responseEnd), BENCH_RUNS (default
 * 3), BENCH_KEYS (default 60), BENCH_FORMS (default 'a,b,c'), BENCH_API=1 (the server's
 * time for each of (a)'s calls, alone: apiTimes), BENCH_PROFILE=1 (a
 * CPU profile's heaviest functions, the requests and the form's User Timing marks of each platform load), BENCH_TRACE=1
 * (a Chromium trace of each load: the platform's main-thread tasks in time order, what ran in each; and both sides'
 * main-thread CPU time from navigation to the paint, every task's thread time (by kind: cpuToPaint), with its median
 * and by-pair ratio: a busy machine's preemption inflates wall time, not this); with BENCH_TRACE_BARE=1 as well, bare
 * RJSF-MUI's main-thread tasks are listed too (its trace in .tmp/bench-trace-bare.json, the platform's in .tmp/bench-trace.json).
 */

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { compileFormDefinition } from '../../../engine/forms/compile';
import type { FormDefinition, Grid, Question } from '../../../engine/types/generated';
import { launchBrowser } from '../browser';
import { callApi, logInThroughApi } from '../platform';
import { freePort, startPlatform } from '../server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * BENCH_NETWORK: both sides' pages on a throttled network (Chromium's presets: `fast4g` 9 Mbit/s down, 1.5 up, 60 ms;
 * `slow4g` 1.6 Mbit/s down, 0.75 up, 150 ms), bare's files then brotli- or gzip-compressed as the platform's are (a server
 * would compress them); unset, loopback as it is.
 */
const NETWORKS: Record<string, { latency: number; downloadThroughput: number; uploadThroughput: number }> = {
  fast4g: { latency: 60, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 },
  slow4g: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
};
const NETWORK = process.env.BENCH_NETWORK ? NETWORKS[process.env.BENCH_NETWORK] : undefined;
if (process.env.BENCH_NETWORK && !NETWORK) throw new Error(`BENCH_NETWORK: one of ${Object.keys(NETWORKS).join(', ')}`);
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const WARM_UP = 5;
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const bareOut = path.join(root, '.tmp', 'bench-bare');
const AREA = 'health-and-safety';

type FormInput = Pick<FormDefinition, 'title' | 'category' | 'pages' | 'isActive'>;

/** 100 questions from id `start`: mostly text, every 10th a number, long text, a dropdown or a date. */
function questions(start: number, count: number): Question[] {
  return Array.from({ length: count }, (_, i): Question => {
    const id = start + i;
    const label = `Question ${id}`;
    switch (i % 10) {
      case 3:
        return { id, label, type: 'Text', extendedType: 'Number' };
      case 5:
        return { id, label, type: 'Text', extendedType: 'Long' };
      case 7:
        return {
          id,
          label,
          type: 'Dropdown',
          required: true,
          options: [
            { id: 1, value: 'Yes' },
            { id: 2, value: 'No' },
            { id: 3, value: 'N/A' },
          ],
        };
      case 9:
        return { id, label, type: 'Date' };
      default:
        return { id, label, type: 'Text', extendedType: 'Normal' };
    }
  });
}

function scoredGrid(rows: number): Grid {
  const score = ['0', '1', '2', '3'].map((value, i) => ({ id: i + 1, value }));
  const types = ['Note', 'Tickbox', 'Dropdown', 'Number', 'Text', 'Date', 'Checkbox', 'Long'] as const;
  const cells = Array.from({ length: rows }, (_, row) =>
    types.map((type, column) => ({
      id: row * types.length + column + 1,
      rowIndex: row,
      columnIndex: column,
      cellQuestion: {
        id: 10_000 + row * types.length + column,
        type,
        label: type === 'Note' ? `Item ${row + 1}` : '',
        ...(type === 'Dropdown' ? { options: score } : {}),
      },
    })),
  ).flat();
  return {
    totalColumns: types.length,
    totalRows: rows,
    headers: ['Item', 'Inspected', 'Score', 'Hours', 'Comments', 'Date', 'Checked', 'Notes'].map((label, index) => ({
      index,
      label,
      ...(label === 'Hours' ? { displaySumOfColumn: true, sumOfColumnLabel: 'Total' } : {}),
    })),
    cells: cells as Grid['cells'],
  };
}

const allForms: Record<'a' | 'b' | 'c', FormInput> = {
  a: {
    title: 'Bench: 500 questions on 5 pages',
    category: 'inspections',
    isActive: true,
    pages: [0, 1, 2, 3, 4].map((p) => ({ id: p + 1, label: '', questions: questions(p * 100 + 1, 100) })),
  },
  b: {
    title: 'Bench: 500 questions on one page',
    category: 'inspections',
    isActive: true,
    pages: [{ id: 1, label: '', questions: questions(1, 500) }],
  },
  c: {
    title: 'Bench: scored grid 50 x 8',
    category: 'inspections',
    isActive: true,
    pages: [
      {
        id: 1,
        label: '',
        questions: [
          { id: 1, label: 'Inspector', type: 'Text' },
          {
            id: 2,
            label: 'Checklist',
            type: 'Grid',
            grid: scoredGrid(50),
            ratings: [
              { min: 0, max: 49.99, label: 'Poor' },
              { min: 50, max: 100, label: 'Good' },
            ],
          },
        ],
      },
    ],
  },
};

/** The forms measured: BENCH_FORMS (e.g. 'a,c'), or all three. */
const chosen = (process.env.BENCH_FORMS ?? 'a,b,c').split(',');
const forms = Object.fromEntries(Object.entries(allForms).filter(([name]) => chosen.includes(name)));

/** Builds the bare page and serves it with the compiled schemas; its URL. */
async function serveBare(compiled: Record<string, { schema: unknown; uiSchema: unknown }>): Promise<{
  url: string;
  server: Server;
}> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, 'bare'),
    plugins: [react()],
    build: { outDir: bareOut, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
  for (const [name, form] of Object.entries(compiled))
    writeFileSync(path.join(bareOut, `${name}.json`), JSON.stringify(form));
  // Compressed ahead (brotli at quality 11 takes about a second for the bundle: not a load's time).
  const packedCache = new Map<string, Buffer>();
  if (NETWORK)
    for (const file of readdirSync(bareOut, { recursive: true, withFileTypes: true }))
      if (file.isFile() && /\.(html|js|json)$/.test(file.name)) {
        const full = path.join(file.parentPath, file.name);
        const bytes = readFileSync(full);
        packedCache.set(`br ${full}`, brotliCompressSync(bytes));
        packedCache.set(`gzip ${full}`, gzipSync(bytes, { level: 9 }));
      }
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
  const server = createServer((req, res) => {
    const file = (req.url ?? '/').split('?')[0];
    const full = path.join(bareOut, file === '/' ? 'index.html' : path.normalize(file).replace(/^(\.\.[/\\])+/, ''));
    try {
      const bytes = readFileSync(full);
      const type = types[path.extname(full)] ?? 'application/octet-stream';
      const accepted = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (NETWORK && encoding) {
        const key = `${encoding} ${full}`;
        let packed = packedCache.get(key);
        if (!packed) {
          packed = encoding === 'br' ? brotliCompressSync(bytes) : gzipSync(bytes, { level: 9 });
          packedCache.set(key, packed);
        }
        res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': encoding });
        res.end(packed);
        return;
      }
      res.writeHead(200, { 'Content-Type': type });
      res.end(bytes);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Installed before any page script: the first paint of a form input, and keystroke-to-next-frame times. */
function instrument() {
  const w = window as unknown as {
    __paintAt?: number;
    __appAt?: number;
    __completeAt?: number;
    __completeSelector?: string;
    __keys: number[];
    __watch?: string;
  };
  w.__keys = [];
  const nextFrame = (done: () => void) => requestAnimationFrame(() => setTimeout(done, 0));
  let painted = false;
  let app = false;
  let completed = false;
  const observer = new MutationObserver(() => {
    const input = document.querySelector('form input, form textarea');
    if (!painted && input) {
      painted = true;
      nextFrame(() => {
        w.__paintAt = performance.now();
      });
    }
    // The page's own render in place: a form input, and no first screen of the server's left (bare: its paint).
    const served = document.querySelector('[data-first-screen]') !== null;
    if (!app && input && !served) {
      app = true;
      nextFrame(() => {
        w.__appAt = performance.now();
      });
    }
    const complete = w.__completeSelector;
    if (app && !completed && (!complete || (document.querySelector(complete) && !served))) {
      completed = true;
      if (complete)
        nextFrame(() => {
          w.__completeAt = performance.now();
        });
    }
    if (app && completed) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  let startedAt = 0;
  let watchedText: string | null = null;
  document.addEventListener(
    'keydown',
    () => {
      startedAt = performance.now();
      watchedText = w.__watch ? (document.querySelector(w.__watch)?.textContent ?? null) : null;
    },
    true,
  );
  document.addEventListener(
    'input',
    () => {
      const began = startedAt;
      if (!w.__watch) {
        nextFrame(() => w.__keys.push(performance.now() - began));
        return;
      }
      // Edit-to-score: the first frame after the input in which the watched text has changed.
      const selector = w.__watch;
      const check = () => {
        if ((document.querySelector(selector)?.textContent ?? null) !== watchedText)
          w.__keys.push(performance.now() - began);
        else nextFrame(check);
      };
      nextFrame(check);
    },
    true,
  );
}

interface Figures {
  fromNavigation: number;
  /**
   * The next frame after the page's own render has a form input in place, from navigation (ms): on the platform, once
   * the server's first screen (shown inert, runtime/server/render.tsx) has given way; bare: its first paint.
   */
  app: number;
  afterData: number;
  /** The last script's `responseEnd` before the paint, from navigation (ms): when the page had all its code. */
  scriptsIn: number;
  /** The first script's request start, from navigation (ms): when the document's parsing reached its scripts. */
  entryAsked: number;
  /** The next frame after the first page's last text question is in the document, from navigation (ms). */
  complete?: number;
  p50: number;
  p95: number;
  /** BENCH_TRACE: the median main-thread CPU time from navigation to the paint (trace thread time), ms. */
  cpu?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Self time by function (name, file, line) of a CPU profile: the `top` heaviest, ms. */
function heaviest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, top: number) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (CPU) of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; documentLoaderURL?: string }; name?: string };
}

/**
 * The page's main thread in a Chromium trace (BENCH_TRACE=1), in time order from the navigation: each outermost event
 * of 1.5 ms or more (a module evaluated, a function called by the browser, style, layout, paint), its start and
 * length (ms) and the events of 3 ms or more inside it; then the User Timing marks. This trace showed the plain add
 * route's form rendering a pass after the shell had painted (docs/performance.md, issue 21, third session).
 */
function mainThreadTasks({ traceEvents }: { traceEvents: TraceEvent[] }): string[] {
  const found = pageMainThread(traceEvents);
  if (!found) return ['(no renderer main thread in the trace)'];
  const { main, origin } = found;
  const ms = (us: number) => (us / 1000).toFixed(0);
  const label = (e: TraceEvent) =>
    [e.name, e.args?.data?.url?.split('/').pop(), e.args?.data?.functionName].filter(Boolean).join(' ');
  const onMain = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= origin && (e.dur ?? 0) >= 1500)
    .sort((a, b) => a.ts - b.ts);
  const lines: string[] = [];
  let end = 0;
  for (const event of onMain) {
    if (event.ts < end) continue;
    end = event.ts + (event.dur ?? 0);
    const inside = onMain
      .filter((e) => e !== event && e.ts >= event.ts && e.ts < end && (e.dur ?? 0) >= 3000)
      .slice(0, 5)
      .map((e) => `${label(e)} ${ms(e.dur ?? 0)}`);
    lines.push(
      `${ms(event.ts - origin).padStart(5)} +${ms(event.dur ?? 0).padStart(4)}  ${label(event)}${inside.length ? ` | ${inside.join(', ')}` : ''}`,
    );
  }
  const marks = traceEvents
    .filter((e) => e.pid === main.pid && /^form:/.test(e.name) && e.ts >= origin)
    .map((e) => `${e.name} ${ms(e.ts - origin)}`);
  lines.push(marks.join('; '));
  return lines;
}

/** The page's main thread (the renderer main thread with the most events: about:blank has its own) and its navigation's start (µs). */
function pageMainThread(traceEvents: TraceEvent[]): { main: TraceEvent; origin: number } | undefined {
  const count = (m: TraceEvent) => traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  const main = traceEvents
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => count(b) - count(a))[0];
  if (!main) return undefined;
  const navigations = traceEvents.filter((e) => e.name === 'navigationStart' && e.pid === main.pid);
  const navigation = navigations.find((e) => /^http/.test(e.args?.data?.documentLoaderURL ?? '')) ?? navigations[0];
  return { main, origin: navigation?.ts ?? 0 };
}

/**
 * BENCH_TRACE_PROFILE=1: the main thread's JavaScript samples of the trace (V8's sampling profiler, in the trace's
 * clock) split into phases by the form's User Timing marks (navigation, form:source, form:render, form:committed, the
 * paint), and in each phase the heaviest functions by self time (ms), so that what runs before and inside the form's
 * first render is named (an unminified build, `npx vite build --minify false`, served with DIST_DIR, keeps the names).
 */
function profilePhases(traceEvents: TraceEvent[], paintAt: number): string[] {
  const found = pageMainThread(traceEvents);
  if (!found) return [];
  const { main, origin } = found;
  type Chunk = {
    cpuProfile?: {
      nodes?: Array<{
        id: number;
        parent?: number;
        callFrame: { functionName: string; url?: string; lineNumber?: number };
      }>;
      samples?: number[];
    };
    timeDeltas?: number[];
  };
  const frames = new Map<number, string>();
  const parents = new Map<number, number>();
  const samples: Array<{ at: number; key: string; node: number }> = [];
  // The profiled thread's `Profile` event; its chunks come from the profiler's own thread.
  const profiles = traceEvents.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  for (const profile of profiles) {
    const id = (profile as unknown as { id: string }).id;
    let at = ((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts) - origin;
    const chunks = traceEvents.filter(
      (e) => e.name === 'ProfileChunk' && e.pid === main.pid && (e as unknown as { id: string }).id === id,
    );
    for (const chunk of chunks) {
      const data = chunk.args?.data as Chunk | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        const f = node.callFrame;
        frames.set(
          node.id,
          `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber ?? ''}`,
        );
        if (node.parent !== undefined) parents.set(node.id, node.parent);
      }
      (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
        at += data?.timeDeltas?.[i] ?? 0;
        samples.push({ at: at / 1000, key: frames.get(node) ?? String(node), node });
      });
    }
  }
  const mark = (name: string) => {
    const event = traceEvents.find((e) => e.pid === main.pid && e.name === name && e.ts >= origin);
    return event ? (event.ts - origin) / 1000 : undefined;
  };
  const bounds: Array<[string, number | undefined]> = [
    ['navigation', 0],
    ['form:source', mark('form:source')],
    ['form:render', mark('form:render')],
    ['form:committed', mark('form:committed')],
    ['paint', paintAt],
  ];
  const lines: string[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, start] = bounds[i];
    const [to, end] = bounds[i + 1];
    if (start === undefined || end === undefined) continue;
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let previous: number | undefined;
    for (const sample of samples) {
      if (sample.at >= start && sample.at < end && previous !== undefined && !/^\((idle|program)\)/.test(sample.key)) {
        const ms = Math.min(sample.at - previous, 2);
        self.set(sample.key, (self.get(sample.key) ?? 0) + ms);
        // Inclusive time of the page's own named functions (components, loaders): each once per sample.
        const seen = new Set<string>();
        for (let node: number | undefined = sample.node; node !== undefined; node = parents.get(node)) {
          const key = frames.get(node) ?? '';
          if (/^[A-Z][\w$]* /.test(key) && !/^(react|rolldown)-/.test(key.split(' ')[1] ?? '')) seen.add(key);
        }
        for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
      }
      previous = sample.at;
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    lines.push(`${from} (${start.toFixed(0)}) -> ${to} (${end.toFixed(0)}): JavaScript ${total.toFixed(0)} ms`);
    for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
      lines.push(`  ${ms.toFixed(1).padStart(6)}  ${key}`);
    lines.push("  inclusive, the page's own code and libraries but React, MUI and the bundler's runtime:");
    for (const [key, ms] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
      lines.push(`  ${ms.toFixed(1).padStart(6)}  ${key}`);
  }
  return lines;
}

/** What the main thread's CPU time went on, by the outermost event's kind. */
const cpuKinds: Array<[string, RegExp]> = [
  ['compile+evaluate', /^(v8\.compile|v8\.evaluateModule|v8\.compileModule|EvaluateScript|v8\.produceModuleCache)/],
  ['script calls', /^(FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|XHRReadyStateChange)/],
  ['style+layout', /^(UpdateLayoutTree|Layout|RecalculateStyles|ParseAuthorStyleSheet)/],
  ['paint', /^(Paint|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer)/],
  ['GC', /GC/],
  ['HTML', /^ParseHTML/],
];

/**
 * The page's main-thread CPU time (the trace's thread time, which a busy machine's preemption does not inflate as it
 * does wall time) from the navigation to the first paint, ms: in all and by kind. Every task counts (the trace's
 * `toplevel` category: the scheduler's tasks and microtask checkpoints, where promise continuations and the modules
 * a dynamic import evaluates run; the `devtools.timeline` events alone left out about a third of the platform's
 * time, and its figure read lower than bare RJSF-MUI's when it was not). Within a task, the timeline events directly
 * inside it count by their kind; the rest of the task is "unlabelled" (promise continuations, the modules a dynamic
 * import evaluates, mojo messages: JavaScript the timeline does not name).
 */
function cpuToPaint(traceEvents: TraceEvent[], paintAt: number): { total: number; byKind: Record<string, number> } {
  const found = pageMainThread(traceEvents);
  const byKind: Record<string, number> = {};
  if (!found) return { total: 0, byKind };
  const { main, origin } = found;
  const paint = origin + paintAt * 1000;
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= origin && e.ts < paint)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const isTask = (e: TraceEvent) =>
    /^(ThreadControllerImpl::RunTask|BlinkScheduler_PerformMicrotaskCheckpoint)$/.test(e.name);
  const kindOf = (e: TraceEvent) => cpuKinds.find(([, pattern]) => pattern.test(e.name))?.[0];
  const add = (kind: string, ms: number) => {
    byKind[kind] = (byKind[kind] ?? 0) + ms;
  };
  let total = 0;
  let i = 0;
  while (i < events.length) {
    const task = events[i];
    const end = task.ts + (task.dur ?? 0);
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    total += cpu;
    let j = i + 1;
    if (!isTask(task)) {
      add(kindOf(task) ?? 'unlabelled', cpu);
    } else {
      // The outermost labelled events inside the task (tasks nested in it are looked into, not counted).
      let labelled = 0;
      let inner = 0;
      for (; j < events.length && events[j].ts < end; j++) {
        const event = events[j];
        const kind = kindOf(event);
        if (!kind || event.ts < inner) continue;
        inner = event.ts + (event.dur ?? 0);
        const ms = (event.tdur ?? event.dur ?? 0) / 1000;
        add(kind, ms);
        labelled += ms;
      }
      add('unlabelled', Math.max(0, cpu - labelled));
    }
    while (j < events.length && events[j].ts < end) j++;
    i = j;
  }
  return { total, byKind };
}

async function firstPaint(
  page: Page,
  url: string,
  dataCall: RegExp | null,
  completeSelector: string | null,
): Promise<{
  nav: number;
  app: number;
  data: number;
  scripts: number;
  entryAsked: number;
  cpu?: number;
  complete?: number;
}> {
  const profiling = process.env.BENCH_PROFILE && url.includes('/projects/');
  const cdp = profiling ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // Both sides are traced (for their CPU time to the paint); the platform's tasks are listed.
  const tracing = Boolean(process.env.BENCH_TRACE);
  const platformPage = url.includes('/projects/');
  if (tracing)
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        categories: [
          'devtools.timeline',
          'blink.user_timing',
          'toplevel',
          ...(process.env.BENCH_TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
  await page.goto(url);
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __paintAt?: number; __appAt?: number };
        return w.__paintAt !== undefined && w.__appAt !== undefined;
      },
      null,
      {
        timeout: Number(process.env.BENCH_PAINT_TIMEOUT ?? 120_000),
      },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(root, '.tmp', 'bench-failure.png') });
      throw error;
    });
  let cpu: number | undefined;
  if (tracing) {
    const trace = await page.context().browser()?.stopTracing();
    if (trace) {
      const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
      if (platformPage) {
        writeFileSync(path.join(root, '.tmp', 'bench-trace.json'), trace);
        console.log(mainThreadTasks({ traceEvents }).join('\n'));
        if (process.env.BENCH_TRACE_PROFILE) {
          const paintAt = await page.evaluate(() => (window as unknown as { __paintAt: number }).__paintAt);
          console.log(profilePhases(traceEvents, paintAt).join('\n'));
        }
      } else if (process.env.BENCH_TRACE_BARE) {
        writeFileSync(path.join(root, '.tmp', 'bench-trace-bare.json'), trace);
        console.log(mainThreadTasks({ traceEvents }).join('\n'));
      }
      const paintAt = await page.evaluate(() => (window as unknown as { __paintAt: number }).__paintAt);
      const spent = cpuToPaint(traceEvents, paintAt);
      cpu = spent.total;
      const kinds = Object.entries(spent.byKind)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
        .join(', ');
      console.log(
        `${platformPage ? 'platform' : 'bare'}: main-thread CPU to the paint ${spent.total.toFixed(0)} ms (${kinds}); paint at ${paintAt.toFixed(0)} ms`,
      );
    }
  }
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    for (const [key, ms] of heaviest(profile, 25)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
    const timeline = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (e) =>
          `${e.startTime.toFixed(0).padStart(5)} → ${e.responseEnd.toFixed(0).padStart(5)}  ${e.name.replace(location.origin, '')}`,
      ),
    );
    console.log(timeline.join('\n'));
    console.log(
      await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .map((m) => `${m.name} ${m.startTime.toFixed(0)}`)
          .join('; '),
      ),
    );
    console.log(
      `painted at ${await page.evaluate(() => (window as unknown as { __paintAt: number }).__paintAt.toFixed(0))}`,
    );
    console.log('---');
  }
  return page
    .evaluate(
      ({ source, flags }) => {
        const w = window as unknown as { __paintAt: number; __dataAt?: number };
        let dataAt = w.__dataAt ?? 0;
        if (source) {
          const call = performance
            .getEntriesByType('resource')
            .filter((e) => new RegExp(source, flags).test(e.name)) as PerformanceResourceTiming[];
          // No call: the answer came inside the page (api/http/first-answers.ts), so the data is in at its end.
          const document = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          dataAt = call.length > 0 ? call[call.length - 1].responseEnd : document.responseEnd;
        }
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => /\.m?js(\?|$)/.test(e.name) && e.startTime < w.__paintAt)
          .reduce((last, e) => Math.max(last, e.responseEnd), 0);
        const entryAsked = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => /\.m?js(\?|$)/.test(e.name))
          .reduce((first, e) => Math.min(first, e.startTime), Number.POSITIVE_INFINITY);
        // BENCH_RESOURCES: the document's timing and every request of the load (kind, start, responseEnd, file).
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        (window as unknown as { __requests: string }).__requests = [
          `document: request ${navigation.requestStart.toFixed(0)}, response ${navigation.responseStart.toFixed(0)}-${navigation.responseEnd.toFixed(0)}, interactive ${navigation.domInteractive.toFixed(0)}`,
          ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (e) =>
              `${e.initiatorType} ${e.startTime.toFixed(0)} → ${e.responseEnd.toFixed(0)} ${e.name.replace(location.origin, '')} (${e.encodedBodySize} bytes sent, ${e.decodedBodySize} decoded)`,
          ),
        ].join('\n');
        return {
          nav: w.__paintAt,
          app: (w as unknown as { __appAt: number }).__appAt,
          data: w.__paintAt - dataAt,
          scripts,
          entryAsked,
        };
      },
      { source: dataCall?.source ?? null, flags: dataCall?.flags ?? '' },
    )
    .then(async (times) => {
      if (process.env.BENCH_RESOURCES)
        console.log(await page.evaluate(() => (window as unknown as { __requests: string }).__requests));
      if (!completeSelector) return { ...times, cpu };
      await page.waitForFunction(() => (window as unknown as { __completeAt?: number }).__completeAt !== undefined);
      const complete = await page.evaluate(() => (window as unknown as { __completeAt: number }).__completeAt);
      return { ...times, cpu, complete };
    });
}

async function keystrokes(page: Page, target: string, keys: string[], watch: string | null): Promise<number[]> {
  await page.evaluate((selector) => {
    (window as unknown as { __watch?: string }).__watch = selector ?? undefined;
  }, watch);
  const input = page.locator(target).first();
  await input.scrollIntoViewIfNeeded();
  await input.click();
  const times: number[] = [];
  for (const [i, key] of keys.entries()) {
    // A key lands anywhere in a frame, as a person's does (not just after one, where waiting left us).
    await page.waitForTimeout(Math.random() * 17);
    await page.keyboard.press(key);
    await page.waitForFunction((n) => (window as unknown as { __keys: number[] }).__keys.length >= n, i + 1, {
      polling: 'raf',
    });
  }
  const all = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
  times.push(...all.slice(WARM_UP));
  return times;
}

/** Keys that change a field each time: letters for text; for a number cell a digit then Backspace, so its sum changes. */
function keySequence(count: number, digits: boolean): string[] {
  if (!digits) return Array.from({ length: count }, (_, i) => 'abcdefghij'[i % 10]);
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? String(((i / 2) % 9) + 1) : 'Backspace'));
}

/** One side of a comparison: the page and how to measure it. */
interface Side {
  contextOptions: Parameters<Browser['newContext']>[0];
  url: string;
  dataCall: RegExp | null;
  /** The first page's last text question (the whole first page rendered), or null to leave the figure out. */
  complete: string | null;
  target: string;
  digits: boolean;
  watch: string | null;
}

/**
 * Both sides' figures, their fresh loads alternating (platform, bare, platform, ...): on this shared machine a burst
 * of other work then falls on both sides rather than on one side's loads. Also each pair's ratio of the paint from
 * navigation, whose median is steadier than the ratio of the medians. Keystrokes are typed into each side's last page.
 */
async function measurePair(
  browser: Browser,
  sides: [Side, Side],
): Promise<{ figures: [Figures, Figures]; ratios: number[]; appRatios: number[]; cpuRatios: number[] }> {
  const navs: [number[], number[]] = [[], []];
  const apps: [number[], number[]] = [[], []];
  const cpus: [number[], number[]] = [[], []];
  const datas: [number[], number[]] = [[], []];
  const scriptsIn: [number[], number[]] = [[], []];
  const entriesAsked: [number[], number[]] = [[], []];
  const completes: [number[], number[]] = [[], []];
  const contexts: [BrowserContext | undefined, BrowserContext | undefined] = [undefined, undefined];
  const pages: [Page | undefined, Page | undefined] = [undefined, undefined];
  for (let run = 0; run < RUNS; run++) {
    for (const i of [0, 1] as const) {
      await contexts[i]?.close();
      const context = await browser.newContext(sides[i].contextOptions);
      // As text: tsx names functions with a `__name` helper the page does not have.
      const complete = sides[i].complete;
      await context.addInitScript({
        content: `var __name = (f) => f; ${complete ? `window.__completeSelector = ${JSON.stringify(complete)};` : ''} (${instrument.toString()})();`,
      });
      const page = await context.newPage();
      if (NETWORK) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
      }
      // BENCH_CONSOLE=1: what the pages say in their console (e.g. a first screen rendered afresh).
      if (process.env.BENCH_CONSOLE)
        page.on('console', (m) => console.log(`console ${i === 0 ? 'platform' : 'bare'}: ${m.text().slice(0, 300)}`));
      contexts[i] = context;
      pages[i] = page;
      const {
        nav,
        app,
        data,
        scripts,
        entryAsked,
        cpu,
        complete: completeAt,
      } = await firstPaint(page, sides[i].url, sides[i].dataCall, complete);
      navs[i].push(nav);
      apps[i].push(app);
      if (completeAt !== undefined) completes[i].push(completeAt);
      datas[i].push(data);
      scriptsIn[i].push(scripts);
      entriesAsked[i].push(entryAsked);
      if (cpu !== undefined) cpus[i].push(cpu);
    }
  }
  const figures = [] as unknown as [Figures, Figures];
  for (const i of [0, 1] as const) {
    const page = pages[i];
    if (!page) throw new Error('no runs');
    const { target, digits, watch } = sides[i];
    const times = await keystrokes(page, target, keySequence(KEYS + WARM_UP, digits), watch);
    await contexts[i]?.close();
    figures[i] = {
      fromNavigation: median(navs[i]),
      app: median(apps[i]),
      afterData: median(datas[i]),
      scriptsIn: median(scriptsIn[i]),
      entryAsked: median(entriesAsked[i]),
      ...(completes[i].length > 0 ? { complete: median(completes[i]) } : {}),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      ...(cpus[i].length > 0 ? { cpu: median(cpus[i]) } : {}),
    };
  }
  return {
    figures,
    ratios: navs[0].map((nav, run) => nav / navs[1][run]),
    appRatios: apps[0].map((app, run) => app / apps[1][run]),
    cpuRatios: cpus[0].map((cpu, run) => cpu / cpus[1][run]),
  };
}

/** The uiSchema bare RJSF can render: the field order only. */
function bareUi(uiSchema: Record<string, unknown>): Record<string, unknown> {
  return { 'ui:order': uiSchema['ui:order'] };
}

/**
 * BENCH_API=1: the server's time for each call form (a)'s page makes on its load (the session, the client, the
 * project, the form's definition, the section guard's), asked one at a time with nothing else running, 20 times each
 * after 3 to warm up: the median and the largest from request to the last byte (ms), and the answer's size once
 * decoded (gzip accepted, as a browser asks).
 */
async function apiTimes(url: string, cookie: string, formId: number): Promise<void> {
  const calls = [
    '/api/authorization/isLoggedIn',
    '/api/client',
    '/api/projects/summary/1',
    `/api/settings/forms/1/${AREA}/${formId}`,
    '/api/authorization/projects/1',
  ];
  for (const call of calls) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 23; i++) {
      const start = performance.now();
      const res = await fetch(url + call, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
      bytes = (await res.arrayBuffer()).byteLength;
      if (i >= 3) times.push(performance.now() - start);
    }
    console.log(
      `${call}: median ${median(times).toFixed(1)} ms, largest ${Math.max(...times).toFixed(1)} ms, ${bytes} bytes decoded`,
    );
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-bench-ui-'));
mkdirSync(bareOut, { recursive: true });
const platform = await startPlatform(dataDir, await freePort());
const browser = await launchBrowser();
let bare: { url: string; server: Server } | undefined;
try {
  const admin = await logInThroughApi(platform.url, 'admin@demo.local');
  await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
  const ids: Record<string, number> = {};
  const compiled: Record<string, { schema: unknown; uiSchema: unknown }> = {};
  for (const [name, input] of Object.entries(forms)) {
    const created = (await callApi(
      platform.url,
      admin,
      'POST',
      `/api/settings/forms/${AREA}`,
      input,
    )) as FormDefinition;
    await callApi(platform.url, admin, 'PUT', `/api/settings/forms/publish/${AREA}/${created.id}`);
    ids[name] = created.id;
    const result = compileFormDefinition(created);
    const first = name === 'a' ? result.pages[0] : result;
    compiled[name] = {
      schema: first.schema,
      uiSchema: bareUi(first.uiSchema as Record<string, unknown>),
    };
  }
  bare = await serveBare(compiled);
  const user = await logInThroughApi(platform.url, 'user@demo.local');
  if (process.env.BENCH_API) await apiTimes(platform.url, user, ids.a);
  const [cookieName, cookieValue] = user.split('=');
  // No service worker: once registered (after the first page, runtime/main.tsx) it precaches the build's files,
  // hundreds of requests to the platform's server, which went on during bare RJSF-MUI's next load and slowed it.
  const userContext = {
    serviceWorkers: 'block' as const,
    storageState: {
      cookies: [
        {
          name: cookieName,
          value: cookieValue,
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax' as const,
        },
      ],
      origins: [],
    },
  };
  const rows: Array<[string, Figures, Figures]> = [];
  const pairRatios: Array<[string, number[]]> = [];
  const appPairRatios: Array<[string, number[]]> = [];
  const cpuPairRatios: Array<[string, number[]]> = [];
  const labels = { a: '(a) 500 questions, 5 pages', b: '(b) 500 questions, one page', c: '(c) grid 50 x 8' };
  // The first page's last single-line text question (questions(): every tenth from the 9th is a plain Text; the
  // grid's page has no such last field).
  const lastText = { a: '#root_q_99', b: '#root_q_499', c: null } as const;
  for (const name of (['a', 'b', 'c'] as const).filter((n) => chosen.includes(n))) {
    const grid = name === 'c';
    const { figures, ratios, appRatios, cpuRatios } = await measurePair(browser, [
      {
        contextOptions: userContext,
        url: `${platform.url}/projects/1/${AREA}/${ids[name]}/add`,
        dataCall: new RegExp(`/api/settings/forms/1/${AREA}/${ids[name]}$`),
        complete: lastText[name],
        target: grid ? 'input[aria-label="Hours 1"]' : '#root_q_1',
        digits: grid,
        watch: grid ? '[data-testid="grid-sum-3"]' : null,
      },
      {
        contextOptions: {},
        url: `${bare.url}/?form=${name}`,
        dataCall: null,
        complete: lastText[name],
        target: grid ? '#root_q_2_overallComments' : '#root_q_1',
        digits: false,
        watch: null,
      },
    ]);
    const [platformFigures, bareFigures] = figures;
    pairRatios.push([labels[name], ratios]);
    appPairRatios.push([labels[name], appRatios]);
    if (cpuRatios.length > 0) cpuPairRatios.push([labels[name], cpuRatios]);
    rows.push([labels[name], platformFigures, bareFigures]);
  }
  const f = (n: number) => n.toFixed(1).padStart(7);
  const r = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(7);
  console.log(
    `\nForm page in Chromium, platform vs bare RJSF-MUI (median of ${RUNS} loads; ${KEYS} keystrokes), ms; ratio = platform / bare`,
  );
  console.log(
    `${'form'.padEnd(30)} ${'figure'.padEnd(30)} ${'platform'.padStart(8)} ${'bare'.padStart(7)} ${'ratio'.padStart(7)}`,
  );
  for (const [label, p, b] of rows) {
    const key = label.startsWith('(c)') ? 'edit-to-score' : 'keystroke';
    for (const [figure, pv, bv] of [
      ['first paint from navigation', p.fromNavigation, b.fromNavigation],
      ["the page's own form in place", p.app, b.app],
      ['first paint after the data', p.afterData, b.afterData],
      ['first script asked (startTime)', p.entryAsked, b.entryAsked],
      ['last script in (responseEnd)', p.scriptsIn, b.scriptsIn],
      ...(p.complete !== undefined && b.complete !== undefined
        ? ([['whole first page rendered', p.complete, b.complete]] as const)
        : []),
      [`${key} p50`, p.p50, b.p50],
      [`${key} p95`, p.p95, b.p95],
    ] as const)
      console.log(`${label.padEnd(30)} ${figure.padEnd(30)} ${f(pv)} ${f(bv)} ${r(pv, bv)}`);
    if (p.cpu !== undefined && b.cpu !== undefined)
      console.log(
        `${label.padEnd(30)} ${'main-thread CPU to the paint'.padEnd(30)} ${f(p.cpu)} ${f(b.cpu)} ${r(p.cpu, b.cpu)}`,
      );
  }
  for (const [label, ratios] of pairRatios)
    console.log(
      `${label.padEnd(30)} ${'paint from navigation, by pair'.padEnd(30)} median ${median(ratios).toFixed(2)}x of ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
    );
  for (const [label, ratios] of appPairRatios)
    console.log(
      `${label.padEnd(30)} ${'own form in place, by pair'.padEnd(30)} median ${median(ratios).toFixed(2)}x of ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
    );
  for (const [label, ratios] of cpuPairRatios)
    console.log(
      `${label.padEnd(30)} ${'CPU to the paint, by pair'.padEnd(30)} median ${median(ratios).toFixed(2)}x of ${ratios.map((x) => x.toFixed(2)).join(', ')}`,
    );
} finally {
  await browser.close();
  bare?.server.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
