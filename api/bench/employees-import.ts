/**
 * The employee import at size (issue 9 "Administration data", speed: "`npm run bench` adds: ... import a 5,000-row
 * employee CSV (time, server memory)"): `npm run bench:employees`, also the last step of `npm run bench`. Figures,
 * never assertions. Through HTTP against the server as `npm start` runs it (the esbuild bundle of api/server.ts, in
 * a process of its own, on a fresh data folder that it seeds with the demo data), signed in as the demo admin of
 * Corrib, BENCH_EMPLOYEES rows (default 5,000) sent as `PUT /api/settings/employees/upload` (multipart uploads[]):
 * 1. a file whose last row is bad: refused (400, the per-row report, nothing saved);
 * 2. the same file fixed: every row added (the 50 demo employees stay);
 * 3. the same file again: every row an update of the employee with that number.
 * For each: the wall time of the call, and the server's memory before it and at its peak during it: RSS (read from
 * /proc every 20 ms) and V8 heap used (the server process samples it every 20 ms between tasks, through a
 * `--import` hook that answers over an IPC channel; a peak inside one long synchronous task is seen only at
 * its end). Linux only (/proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientPasswordDigest } from '../auth/passwords';

const ROWS = Number(process.env.BENCH_EMPLOYEES ?? 5_000);
const root = path.resolve(import.meta.dirname, '..', '..');
const MiB = 2 ** 20;

/** Runs inside the server: the peak heap used since the last question, sampled every 20 ms, answered over IPC. */
const HEAP_HOOK = `data:text/javascript,${encodeURIComponent(`
let peak = 0;
const sample = () => { peak = Math.max(peak, process.memoryUsage().heapUsed); };
setInterval(sample, 20).unref();
process.on('message', () => { sample(); process.send({ heapUsed: process.memoryUsage().heapUsed, peak }); peak = 0; });
process.channel?.unref();
`)}`;

/** A free TCP port of 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The resident memory of a process in bytes (Linux /proc). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The server's heap now and its peak since the last ask (bytes). */
function heapOf(child: ChildProcess): Promise<{ heapUsed: number; peak: number }> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as { heapUsed: number; peak: number }));
    child.send('heap');
  });
}

/**
 * The CSV: the template's columns, ROWS employees with unique numbers and e-mails, a role of the demo roles list;
 * with `badLast` the last row's start date is not yyyy-MM-dd.
 */
function employeesCsv(badLast: boolean, suffix = ''): string {
  const lines = ['Employee Number,First Name,Last Name,Email,Mobile,Landline,Start Date,Role,Type'];
  const types = ['Administration', 'Management', 'Labour'];
  for (let i = 1; i <= ROWS; i++) {
    const date = badLast && i === ROWS ? '1/2/2026' : `2026-${String((i % 12) + 1).padStart(2, '0')}-0${(i % 9) + 1}`;
    lines.push(
      `B${String(i).padStart(6, '0')},First${i},Last${i}${suffix},first${i}.last${i}@bench.example,08${String(i).padStart(8, '0')},,${date},Foreman,${types[i % 3]}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-employees-bench-'));
let server: ChildProcess | undefined;
try {
  const port = await freePort();
  // As npm start runs it: the bundled server, built before anything is measured.
  const { ensureServerBundle, SERVER_NODE_OPTIONS } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
  server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--import', HEAP_HOOK, serverFile], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, DIST_DIR: path.join(dir, 'no-dist') },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
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
  const count = async () => {
    const res = await fetch(`${url}/api/settings/employees/getall`, { headers: { Cookie: cookie } });
    return ((await res.json()) as unknown[]).length;
  };

  console.log(`\nEmployee import: ${ROWS} rows over HTTP, server pid ${child.pid} (${dir})`);
  const cases: [string, string, number][] = [
    ['one bad row: refused, nothing saved', employeesCsv(true), 400],
    ['every row added', employeesCsv(false), 200],
    ['every row an update', employeesCsv(false, 'x'), 200],
  ];
  for (const [name, csv, expected] of cases) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = { rss: rss(child.pid as number), heap: (await heapOf(child)).heapUsed };
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rss(child.pid as number));
    }, 20);
    const body = new FormData();
    body.append('uploads[]', new File([csv], 'employees.csv', { type: 'text/csv' }));
    const start = performance.now();
    const res = await fetch(`${url}/api/settings/employees/upload`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: url },
      body,
    });
    const answer = (await res.json()) as { created?: number; updated?: number; details?: unknown[] };
    const ms = performance.now() - start;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rss(child.pid as number));
    const heap = await heapOf(child);
    if (res.status !== expected) throw new Error(`${name}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    const outcome =
      res.status === 200 ? `${answer.created} added, ${answer.updated} updated` : `${answer.details?.length} problem`;
    console.log(
      `${name.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  (${(csv.length / MiB).toFixed(2)} MiB, ${outcome}; ${await count()} employees)`,
    );
    console.log(
      `${''.padEnd(36)} RSS ${(before.rss / MiB).toFixed(0)} -> peak ${(peakRss / MiB).toFixed(0)} MiB (+${((peakRss - before.rss) / MiB).toFixed(0)}), heap used ${(before.heap / MiB).toFixed(0)} -> peak ${(Math.max(heap.peak, before.heap) / MiB).toFixed(0)} MiB (+${((Math.max(heap.peak, before.heap) - before.heap) / MiB).toFixed(0)})`,
    );
  }
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
