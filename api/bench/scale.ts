/**
 * The platform at scale (issue "Performance at scale", "Speed"): `npm run bench:scale`. Figures, never
 * assertions. BENCH_SCALE_ENTRIES entries (default 100,000) of the Concrete Pour Inspection on one project are
 * written straight into a fresh embedded store with the demo seed; then the server (`api/server.ts`, as
 * `npm start` runs it) is started on that folder and measured over HTTP:
 * - start-up: from spawn to listening, and the server's resident memory (RSS, /proc) before any request;
 * - the register: first page, a middle page, sorted by a question, filtered by a question, BENCH_SCALE_CALLS
 *   calls each (default 50), p50 and p95 in ms;
 * - the CSV of every entry: time, and the server's peak RSS during it (sampled every 50 ms) above idle.
 * Against the bar at 100k: start-up < 2 s and RSS < 300 MiB; every register call p95 < 50 ms; CSV < 3 s
 * with peak RSS at most 100 MiB above idle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { clientPasswordDigest } from '../auth/passwords';
import { raiseSequence } from '../ids';
import { readModelOf } from '../operations/entries';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import { sampleAnswers } from '../test/harness';

const ENTRIES = Number(process.env.BENCH_SCALE_ENTRIES ?? 100_000);
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 50);
const root = path.resolve(import.meta.dirname, '..', '..');
const form = demoSeed.formDefinitions.find((f) => f.id === 1) as FormDefinition;

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

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-scale-'));
let server: ChildProcess | undefined;
try {
  // The data: the seed and ENTRIES entries, written straight into the store.
  const writeStart = performance.now();
  const store = await openEmbeddedStore(dir, { durability: 'process' });
  await store.ensureIndexes();
  await seedIfEmpty(store);
  const base = { clientId: 1, projectId: 1, formId: form.id, formVersion: 1, formArea: form.formArea };
  const batch = 5_000;
  for (let start = 0; start < ENTRIES; start += batch) {
    const docs: (FormEntry & { [key: string]: unknown })[] = [];
    for (let i = start; i < Math.min(ENTRIES, start + batch); i++) {
      const entry: FormEntry = {
        ...base,
        id: i + 1,
        aggregateRootId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        entryNumber: i + 1,
        globalEntryNumber: i + 1,
        displayGlobalId: `${form.id}-${i + 1}`,
        client: 'Corrib Civil Engineering Ltd',
        date: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        enteredBy: 'Cian Murphy',
        enteredById: 2,
        projectName: 'Demo',
        projectAddress: '',
        isPublic: false,
        answers: sampleAnswers(form, i),
      };
      // As submitEntry stores it: with its register read model.
      docs.push({ ...entry, ...readModelOf(form, entry) });
    }
    await store.collection<FormEntry & { [key: string]: unknown }>('formEntries').insertMany(docs);
  }
  await raiseSequence(store, 'formEntries', ENTRIES);
  await raiseSequence(store, `entry:1:1:${form.id}`, ENTRIES);
  await store.close();
  console.log(`\nScale: ${ENTRIES} entries written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`);

  // Start-up.
  const port = await freePort();
  // As npm start runs it: the bundled server (scripts/server-bundle.mjs), built before the clock starts.
  const { ensureServerBundle } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
  const spawned = performance.now();
  server = spawn(process.execPath, ['--enable-source-maps', serverFile], {
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
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
