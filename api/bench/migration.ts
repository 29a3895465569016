/**
 * Migrating entries at size (issue 22 "Speed": "a migration over 100,000 entries of the demo form (option rename
 * on one question) applies in under 60 s with the server answering other requests (register p95 under 100 ms
 * while it runs), and revert takes no longer"): `npm run bench:migration`, also a step of `npm run bench`.
 * Figures, never assertions. BENCH_MIGRATION_ENTRIES entries (default 100,000) of the Concrete Pour Inspection
 * (version 1) on project 1 are written straight into a fresh embedded store with the demo seed, with version 2
 * published (the grade option 'C8/10' renamed) and their register rows already built for it (the register as a
 * while after a publish); then the server (the bundle `npm start` runs) is measured over HTTP, signed in as the
 * demo administrator:
 * - the preview (the plan over every entry);
 * - apply, while the register's first page is read again and again (one call at a time): the apply's time and
 *   the register calls' p50/p95;
 * - revert, measured the same way.
 * One summary line at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormDefinition } from '../../engine/types/generated';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import { benchForm, writeBenchEntries } from './entries';

const ENTRIES = Number(process.env.BENCH_MIGRATION_ENTRIES ?? 100_000);
const root = path.resolve(import.meta.dirname, '..', '..');
const form = benchForm;
const OLD = 'C8/10';
const NEW = 'C8/10 (lean mix)';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Version 2: the grade question's option C8/10 renamed. */
function versionTwo(): FormDefinition {
  return {
    ...form,
    version: 2,
    publishedAt: new Date().toISOString(),
    pages: form.pages.map((page) => ({
      ...page,
      questions: page.questions.map((q) =>
        q.type === 'Dropdown' && q.options?.some((o) => o.value === OLD)
          ? { ...q, options: q.options.map((o) => (o.value === OLD ? { ...o, value: NEW } : o)) }
          : q,
      ),
    })),
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-migration-bench-'));
let server: ChildProcess | undefined;
try {
  const writeStart = performance.now();
  const store = await openEmbeddedStore(dir, { durability: 'process' });
  await store.ensureIndexes();
  await seedIfEmpty(store);
  const v2 = versionTwo();
  // The register rows as the background rebuild leaves them after the publish: built for version 2.
  await writeBenchEntries(store, ENTRIES, v2);
  await store
    .collection('formVersions')
    .insertOne({ formId: form.id, clientId: 1, formArea: form.formArea, version: 2, definition: v2 });
  await store.collection('formDefinitions').updateOne({ id: form.id, clientId: 1 }, { $set: { ...v2 } });
  await store.close();
  console.log(
    `\nMigration: ${ENTRIES} entries of version 1 written, version 2 published, in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`,
  );

  const port = await freePort();
  const { ensureServerBundle, SERVER_NODE_OPTIONS } = await import('../../scripts/server-bundle.mjs');
  const serverFile = await ensureServerBundle(root);
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
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
      body: JSON.stringify(body),
    });
  const base = `/api/settings/forms/${form.formArea}/${form.id}/migration`;
  const register = `/api/projects/1/forms/${form.formArea}/getall/${form.id}`;

  /** Reads the register's first page, one call at a time, until `done` settles: each call's time. */
  async function registerWhile(done: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void done.finally(() => {
      finished = true;
    });
    const times: number[] = [];
    while (!finished) {
      const start = performance.now();
      const res = await post(register, { pageIndex: 0, pageSize: 10 });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`register: ${res.status}`);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  }
  // Warm: the register answers from its read model before anything is measured.
  for (let i = 0; i < 20; i++) await (await post(register, { pageIndex: 0, pageSize: 10 })).arrayBuffer();

  const previewStart = performance.now();
  const preview = await post(`${base}/preview`);
  const plan = (await preview.json()) as { entries: number; affected: number; changes: { key: string }[] };
  const previewS = (performance.now() - previewStart) / 1000;
  if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(plan)}`);
  console.log(
    `preview ${previewS.toFixed(1)} s: ${plan.entries} entries, ${plan.affected} touched, changes ${plan.changes.map((c) => c.key).join(', ')}`,
  );

  const timed = async (name: string, route: string) => {
    const start = performance.now();
    const call = post(route).then(async (res) => ({ status: res.status, body: await res.text() }));
    const times = await registerWhile(call);
    const answer = await call;
    const seconds = (performance.now() - start) / 1000;
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    console.log(
      `${name.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s (bar < 60), register during it: ${times.length} calls, p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (bar < 100); ${answer.body}`,
    );
    return { seconds, p95 };
  };
  const applied = await timed('apply', `${base}/apply`);
  const reverted = await timed('revert', `${base}/revert`);
  console.log(
    `migration of ${ENTRIES} entries: plan ${previewS.toFixed(1)} s; apply ${applied.seconds.toFixed(1)} s, register p95 ${applied.p95.toFixed(0)} ms; revert ${reverted.seconds.toFixed(1)} s, register p95 ${reverted.p95.toFixed(0)} ms`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
