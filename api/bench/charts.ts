/**
 * The category registers' charts at size (issue 24 "Speed": "chart aggregates over 100,000 entries under 100 ms;
 * the register page with its charts interactive in under 1 s"): `npm run bench:charts`. Figures, never
 * assertions. BENCH_CHARTS_ENTRIES entries (default 100,000) of the Site Safety Inspection (form 5, scored: its
 * checklist grid with varying scores; one in ten a draft) on project 1, spread over two years, are written
 * straight into a fresh embedded store with the demo seed and their read model (score fields included), as
 * submitEntry stores them; then the server (the bundle `npm start` runs, with the built front end) is measured:
 * - over HTTP, signed in as the demo administrator, BENCH_RUNS calls (default 30) one at a time of each
 *   aggregate: the category charts (entries per week by form, score distribution, rating bands) without a filter,
 *   with the Status choice's default (Submitted), with a year filter, and with an Entered By filter, the form
 *   register's charts (Submitted), the project home's open items, and the register's first page: p50 and p95 of
 *   each;
 * - in Chromium (playwright-core, runtime/e2e/browser.ts), BENCH_PAGE_RUNS loads (default 5) of
 *   /projects/1/health-and-safety/inspections, already signed in: the time from navigation to the first rows and
 *   to every chart drawn (chart.js loaded on demand), and to the page answering a click (its Status choice opens).
 * One summary line at the end.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { launchBrowser } from '../../scripts/chromium';
import { clientPasswordDigest } from '../auth/passwords';
import { raiseSequence } from '../ids';
import { readModelOf } from '../operations/entries';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';

const ENTRIES = Number(process.env.BENCH_CHARTS_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..', '..');
const form = demoSeed.formDefinitions.find((f) => f.id === 5) as FormDefinition;
const people = ['Seán Doyle', 'Aoife Byrne', 'Cian Murphy', 'Niamh Walsh', 'Eoin Kelly'];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Entry i's checklist: rows 0..(i mod 4) inspected, each scored (i + row) mod 4 of 3. */
function checklist(i: number) {
  const cells = [];
  for (let row = 0; row <= i % 4; row++) {
    cells.push({ cellId: row * 5 + 2, rowIndex: row, columnIndex: 1, value: true });
    cells.push({ cellId: row * 5 + 3, rowIndex: row, columnIndex: 2, value: String((i + row) % 4) });
  }
  const rows = (i % 4) + 1;
  let total = 0;
  for (let row = 0; row < rows; row++) total += (i + row) % 4;
  return { questionId: 3, formId: form.id, answers: [], grid: { cells }, totalScore: total, maxScore: rows * 3 };
}

/** Writes the entries (see the module comment) in batches of 5,000. */
async function writeEntries(dir: string): Promise<void> {
  const store = await openEmbeddedStore(dir, { durability: 'process' });
  await store.ensureIndexes();
  await seedIfEmpty(store);
  const start = Date.UTC(2024, 11, 2);
  const span = 2 * 365 * 86_400_000;
  for (let first = 0; first < ENTRIES; first += 5_000) {
    const docs: Array<FormEntry & { [key: string]: unknown }> = [];
    for (let i = first; i < Math.min(ENTRIES, first + 5_000); i++) {
      const entry: FormEntry = {
        id: i + 1,
        clientId: 1,
        projectId: 1,
        formId: form.id,
        formVersion: form.version,
        formArea: form.formArea,
        aggregateRootId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        entryNumber: i + 1,
        globalEntryNumber: i + 1,
        displayGlobalId: `${form.id}-${i + 1}`,
        client: 'Corrib Civil Engineering Ltd',
        date: new Date(start + Math.floor((i * span) / ENTRIES)).toISOString(),
        enteredBy: people[i % people.length],
        enteredById: 2,
        projectName: 'Demo',
        projectAddress: '',
        isPublic: false,
        answers: [
          { questionId: 1, formId: form.id, answers: [people[i % people.length]] },
          { questionId: 2, formId: form.id, answers: ['2026-11-20'] },
          { questionId: 6, formId: form.id, answers: ['No'] },
          checklist(i),
        ],
        ...(i % 10 === 9 ? { isDraft: true } : {}),
      };
      docs.push({ ...entry, ...readModelOf(form, entry) });
    }
    await store.collection<FormEntry & { [key: string]: unknown }>('formEntries').insertMany(docs);
  }
  await raiseSequence(store, 'formEntries', ENTRIES);
  await raiseSequence(store, `entry:1:1:${form.id}`, ENTRIES);
  await store.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-charts-bench-'));
let server: ChildProcess | undefined;
try {
  const writeStart = performance.now();
  await writeEntries(dir);
  console.log(
    `\nCharts: ${ENTRIES} entries of the Site Safety Inspection written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`,
  );

  // The built front end and server bundle, as `npm start` serves them (built when stale).
  const prepared = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--prepare'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (prepared.status !== 0 || !existsSync(path.join(root, 'dist', 'index.html')))
    throw new Error(`building the platform failed:\n${prepared.stdout}\n${prepared.stderr}`);
  const port = await freePort();
  const { ensureServerBundle, SERVER_NODE_OPTIONS } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
  server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverFile], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, DIST_DIR: path.join(root, 'dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = server;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });

  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: 'admin@demo.local', password: clientPasswordDigest('Demo#2026') }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const chosen = await fetch(`${url}/api/authorization/setClient/1`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: url },
  });
  if (login.status !== 200 || chosen.status !== 200) throw new Error(`login ${login.status}, client ${chosen.status}`);
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const category = '/api/projects/1/forms/health-and-safety/category/inspections';
  const measured: Array<[string, string, string, unknown?]> = [
    ['charts, no filter', 'POST', `${category}/charts`, {}],
    ['charts, Submitted', 'POST', `${category}/charts`, { filters: [{ id: 'status', value: 'Submitted' }] }],
    [
      'charts, Submitted + 2025',
      'POST',
      `${category}/charts`,
      {
        filters: [
          { id: 'status', value: 'Submitted' },
          { id: 'date', value: '2025' },
        ],
      },
    ],
    ['charts, Entered By', 'POST', `${category}/charts`, { filters: [{ id: 'enteredBy', value: 'aoife' }] }],
    [
      'form register charts, Submitted',
      'POST',
      '/api/projects/1/forms/health-and-safety/getall/5/charts',
      { filters: [{ id: 'status', value: 'Submitted' }] },
    ],
    ['open items (project home)', 'GET', '/api/projects/1/openitems'],
    [
      'register page 1',
      'POST',
      category,
      { pageIndex: 0, pageSize: 10, filters: [{ id: 'status', value: 'Submitted' }] },
    ],
  ];
  const results: Array<{ name: string; p50: number; p95: number }> = [];
  for (const [name, method, route, body] of measured) {
    for (let i = 0; i < 3; i++) await call(method, route, body); // warm
    const times: number[] = [];
    const runs = RUNS;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await call(method, route, body);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    results.push({ name, p50, p95 });
    console.log(`${name.padEnd(32)} p50 ${p50.toFixed(1).padStart(7)} ms, p95 ${p95.toFixed(1).padStart(7)} ms`);
  }
  const sample = JSON.parse(await call('POST', `${category}/charts`, {})) as {
    entriesPerWeek: { labels: string[] };
    ratingBands: { labels: string[]; series: Array<{ values: number[] }> };
  };
  console.log(
    `(${sample.entriesPerWeek.labels.length} weeks; bands ${sample.ratingBands.labels.map((l, i) => `${l} ${sample.ratingBands.series[0].values[i]}`).join(', ')})`,
  );

  // The page in Chromium, signed in (the session cookie of the API calls).
  const browser = await launchBrowser();
  const pageTimes: Array<{ rows: number; charts: number; interactive: number }> = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    for (let run = 0; run <= PAGE_RUNS; run++) {
      const start = Date.now();
      await page.goto(`${url}/projects/1/health-and-safety/inspections`);
      await page
        .getByRole('row', { name: /Site Safety Inspection/ })
        .first()
        .waitFor();
      const rows = Date.now() - start;
      await page.locator('canvas[data-drawn="true"]').nth(2).waitFor();
      const charts = Date.now() - start;
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Draft' }).waitFor();
      const interactive = Date.now() - start;
      await page.keyboard.press('Escape');
      // The first load fills the browser's cache of the chunks; the runs after it are measured.
      if (run > 0) pageTimes.push({ rows, charts, interactive });
    }
  } finally {
    await browser.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rowsMs = median(pageTimes.map((t) => t.rows));
  const chartsMs = median(pageTimes.map((t) => t.charts));
  const interactiveMs = median(pageTimes.map((t) => t.interactive));
  console.log(
    `page /projects/1/health-and-safety/inspections (median of ${pageTimes.length}): first rows ${rowsMs} ms, 3 charts drawn ${chartsMs} ms, Status choice open ${interactiveMs} ms (bar < 1000)`,
  );
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(
    `charts over ${ENTRIES} entries: aggregates p95 at most ${worst.p95.toFixed(0)} ms (${worst.name}; bar < 100), page with charts ${chartsMs} ms (bar < 1000)`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
