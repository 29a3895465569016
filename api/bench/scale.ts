/**
 * The platform at scale (issue "Performance at scale", "Speed"): `npm run bench:scale`. Figures, never
 * assertions. BENCH_SCALE_ENTRIES entries (default 100,000) of the Concrete Pour Inspection on one project are
 * written straight into a fresh embedded store with the demo seed; then the server (`api/server.ts`, as
 * `npm start` runs it) is started on that folder and measured over HTTP:
 * - start-up: from spawn to listening, and the server's resident memory (RSS, /proc) before any request;
 * - the register: first page, a middle page, sorted by a question, filtered by a question, BENCH_SCALE_CALLS
 *   calls each (default 50), p50 and p95 in ms;
 * - the CSV of every entry: time, and the server's peak RSS during it (sampled every 50 ms) above idle;
 * - reads (a signed-in GET /api/projects/summary/1) and saves (PUT …/submit, 1,000 sets of answers in turn) over
 *   HTTP from autocannon in a child process, with the server's CPU per request, and a bare Hono hello-world
 *   measured the same way in the same run.
 * Against the issue's bar at 100k: start-up < 2 s and RSS < 300 MiB; every register call p95 < 50 ms; CSV < 3 s
 * with peak RSS at most 100 MiB above idle; reads at least 30% of bare Hono; saves at least 2,000/s, p95 < 50 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import { sampleAnswers } from '../test/harness';
import { benchForm, writeBenchEntries } from './entries';
import { httpLoad, type LoadOptions, type LoadResult } from './load';

const ENTRIES = Number(process.env.BENCH_SCALE_ENTRIES ?? 100_000);
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 50);
const root = path.resolve(import.meta.dirname, '..', '..');
const form = benchForm;

/** A free TCP port of 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) of a process in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-scale-'));
let server: ChildProcess | undefined;
try {
  // The data: the seed and ENTRIES entries, written straight into the store.
  const writeStart = performance.now();
  const store = await openEmbeddedStore(dir, { durability: 'process' });
  await store.ensureIndexes();
  await seedIfEmpty(store);
  await writeBenchEntries(store, ENTRIES);
  await store.close();
  console.log(`\nScale: ${ENTRIES} entries written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`);

  // Start-up.
  const port = await freePort();
  // As npm start runs it: the bundled server (scripts/server-bundle.mjs), built before the clock starts.
  const { ensureServerBundle, SERVER_NODE_OPTIONS } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
  const spawned = performance.now();
  server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverFile], {
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
  const startup = (performance.now() - spawned) / 1000;
  const idle = rssMiB(child.pid as number);
  console.log(`start-up ${startup.toFixed(1)} s (bar < 2), RSS before any request ${idle.toFixed(0)} MiB (bar < 300)`);

  // Signed in as the project user.
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest('Demo#2026') }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
      body: JSON.stringify(body),
    });
  const register = `/api/projects/1/forms/quality-assurance/getall/${form.id}`;
  const pages = Math.floor(ENTRIES / 10);
  const cases: [string, unknown][] = [
    ['register first page', { pageIndex: 0, pageSize: 10 }],
    ['register middle page', { pageIndex: Math.floor(pages / 2), pageSize: 10 }],
    ['register sorted by a question', { pageIndex: 0, pageSize: 10, sorting: [{ id: 'q_1', desc: false }] }],
    ['register filtered by a question', { pageIndex: 0, pageSize: 10, filters: [{ id: 'q_1', value: '7' }] }],
  ];
  for (const [name, body] of cases) {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const res = await post(register, body);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(34)} p50 ${quantile(times, 0.5).toFixed(0).padStart(6)} ms  p95 ${quantile(times, 0.95).toFixed(0).padStart(6)} ms (bar p95 < 50)`,
    );
  }

  // The CSV of every entry, with the server's peak memory.
  let peak = rssMiB(child.pid as number);
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(child.pid as number));
  }, 50);
  const csvStart = performance.now();
  const csv = await post('/api/projects/1/forms/quality-assurance/download', { formId: form.id });
  const bytes = (await csv.arrayBuffer()).byteLength;
  const csvSeconds = (performance.now() - csvStart) / 1000;
  clearInterval(sampler);
  console.log(
    `CSV of ${ENTRIES} entries ${csvSeconds.toFixed(1)} s (bar < 3), ${(bytes / 2 ** 20).toFixed(1)} MiB, peak RSS ${peak.toFixed(0)} MiB, ${(peak - before).toFixed(0)} above idle (bar <= 100)`,
  );

  // Reads and saves over HTTP on this server and its ENTRIES entries, as api/bench/reads.ts measures them on the
  // demo seed: autocannon in a child process, 20 connections, BENCH_SECONDS (default 5) after one unrecorded
  // second; the bare Hono hello-world is served from this process in the same run.
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = 20;
  const bare = await new Promise<{ url: string; close: () => void }>((resolve) => {
    const listening = serve(
      { fetch: new Hono().get('/', (c) => c.text('hello')).fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}/`, close: () => listening.close() }),
    );
  });
  const measure = async (target: string, extra: Pick<LoadOptions, 'method' | 'headers' | 'bodies'> = {}) => {
    await httpLoad({ url: target, connections, seconds: 1, ...extra });
    const cpuBefore = cpuMs(child.pid as number);
    const result = await httpLoad({ url: target, connections, seconds, ...extra });
    const cpuUs = ((cpuMs(child.pid as number) - cpuBefore) * 1000) / Math.max(1, result.requests);
    return { ...result, cpuUs };
  };
  const hello = await measure(bare.url);
  bare.close();
  const reads = await measure(`${url}/api/projects/summary/1`, {
    headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' },
  });
  const saves = await measure(`${url}/api/projects/1/forms/quality-assurance/submit`, {
    method: 'PUT',
    headers: {
      Cookie: cookie,
      Origin: url,
      'Content-Type': 'application/json',
      'Accept-Encoding': 'gzip, deflate, br',
    },
    bodies: Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ formId: form.id, answers: sampleAnswers(form as never, i + 1) }),
    ),
  });
  const line = (name: string, r: LoadResult & { cpuUs: number }, server = true) =>
    `${name.padEnd(34)} ${r.rate.toFixed(0).padStart(7)} req/s  p95 ${r.p95.toFixed(1).padStart(5)} ms${server ? `  server CPU ${r.cpuUs.toFixed(0)} µs/req` : ''}  failures ${r.failures}`;
  console.log(line('bare Hono hello-world', hello, false));
  console.log(line('GET /api/projects/summary/1', reads));
  console.log(`reads: ${((reads.rate / hello.rate) * 100).toFixed(1)}% of bare Hono (bar: at least 30%)`);
  console.log(line('PUT …/submit, a new entry each', saves));
  console.log('saves: bar at least 2,000/s with p95 under 50 ms');
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
