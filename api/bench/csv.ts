/**
 * The CSV download's memory at size (issue 24 "Speed": "measured through the API at 100,000 entries, the server's
 * peak memory rises +101 MiB on the first download and keeps rising with each one (+206 MiB after three in a row);
 * it must stay within +100 MiB however many downloads run, one after another or four at once"): `npm run
 * bench:csv`. Figures, never assertions. BENCH_CSV_ENTRIES entries (default 100,000) of the Concrete Pour
 * Inspection on project 1 are written straight into a fresh embedded store with the demo seed, as submitEntry
 * stores them (api/bench/entries.ts, the house style of bench:migration: saving them one by one through the API
 * would take most of an hour and measure nothing more of the download); then the server (the bundle `npm start`
 * runs, with its Node options) is measured over HTTP, signed in as the demo administrator, gzip accepted as a
 * browser does:
 * - the baseline: the server's RSS once it has answered the register's first page 20 times (warm);
 * - 3 downloads one after another, then 4 at once: each one's time and bytes, and the server's RSS sampled every
 *   25 ms from /proc (Linux) during each, printed as the peak above the baseline.
 * BENCH_CSV_NODE_OPTIONS (space-separated) replaces the server's Node options, to compare settings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import { benchForm, writeBenchEntries } from './entries';

const ENTRIES = Number(process.env.BENCH_CSV_ENTRIES ?? 100_000);
const root = path.resolve(import.meta.dirname, '..', '..');
const MiB = 1024 * 1024;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The resident set of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples the RSS of `pid` every 25 ms while `work` runs: its peak. */
async function peakWhile<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  try {
    const result = await work;
    peak = Math.max(peak, rssOf(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

// BENCH_CSV_DATA_DIR: a store written by an earlier run, kept and used again (comparing settings without writing
// the entries each time); by default a fresh directory, removed at the end.
const kept = process.env.BENCH_CSV_DATA_DIR;
const dir = kept ?? mkdtempSync(path.join(tmpdir(), 'siteforms-csv-bench-'));
let server: ChildProcess | undefined;
try {
  if (!kept || !existsSync(path.join(dir, 'written'))) {
    const writeStart = performance.now();
    mkdirSync(dir, { recursive: true });
    const store = await openEmbeddedStore(dir, { durability: 'process' });
    await store.ensureIndexes();
    await seedIfEmpty(store);
    await writeBenchEntries(store, ENTRIES);
    await store.close();
    writeFileSync(path.join(dir, 'written'), String(ENTRIES));
    console.log(
      `\nCSV download memory: ${ENTRIES} entries written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`,
    );
  } else console.log(`\nCSV download memory: ${readFileSync(path.join(dir, 'written'), 'utf8')} entries in ${dir}`);

  const port = await freePort();
  const { ensureServerBundle, SERVER_NODE_OPTIONS } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
  const nodeOptions = process.env.BENCH_CSV_NODE_OPTIONS?.split(' ').filter(Boolean) ?? SERVER_NODE_OPTIONS;
  server = spawn(process.execPath, [...nodeOptions, serverFile], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, DIST_DIR: path.join(dir, 'no-dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = server;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const pid = child.pid as number;

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
  const post = (route: string, body: unknown = {}) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip', Cookie: cookie, Origin: url },
      body: JSON.stringify(body),
    });
  const base = `/api/projects/1/forms/${benchForm.formArea}`;
  for (let i = 0; i < 20; i++)
    await (await post(`${base}/getall/${benchForm.id}`, { pageIndex: 0, pageSize: 10 })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = rssOf(pid);
  console.log(`server RSS before any download (warm): ${(baseline / MiB).toFixed(0)} MiB`);

  /** One download, read to the end as it arrives (never held): its seconds and bytes. */
  async function download(): Promise<{ seconds: number; bytes: number }> {
    const start = performance.now();
    const res = await post(`${base}/download`, { formId: benchForm.id });
    if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
    return { seconds: (performance.now() - start) / 1000, bytes };
  }
  const rise = (peak: number) => `+${((peak - baseline) / MiB).toFixed(0)} MiB`;
  const peaks: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const { result, peak } = await peakWhile(pid, download());
    peaks.push(peak);
    console.log(
      `download ${i} of 3 in a row: ${result.seconds.toFixed(1)} s, ${(result.bytes / MiB).toFixed(1)} MiB of CSV, peak RSS ${rise(peak)}`,
    );
  }
  const { result: four, peak: fourPeak } = await peakWhile(pid, Promise.all([1, 2, 3, 4].map(() => download())));
  peaks.push(fourPeak);
  console.log(
    `4 downloads at once: ${Math.max(...four.map((r) => r.seconds)).toFixed(1)} s, peak RSS ${rise(fourPeak)}`,
  );
  console.log(
    `CSV of ${ENTRIES} entries: peak RSS above the baseline ${peaks.map(rise).join(', ')} (3 in a row, then 4 at once; bar +100 MiB); after: ${rise(rssOf(pid))}`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
