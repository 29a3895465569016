/**
 * `npm run bench`: prints throughput and latency figures of the API's hot paths on the embedded
 * store (in-process `app.request()`, no network). Figures, not assertions: a benchmark never fails
 * a build. Options: BENCH_ENTRIES (default 2000), BENCH_DIR (default: a temporary folder, so the
 * fsync cost of real disk writes is included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoSeed } from '../../fixtures/seed';
import { createApp } from '../app';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import { sampleAnswers } from '../test/harness';

const entries = Number(process.env.BENCH_ENTRIES ?? 2000);
const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(tmpdir(), 'siteforms-bench-'));

function report(name: string, count: number, ms: number) {
  console.log(
    `${name.padEnd(44)} ${count.toString().padStart(6)} ops  ${ms.toFixed(0).padStart(7)} ms  ${(ms / count).toFixed(2).padStart(8)} ms/op  ${((count / ms) * 1000).toFixed(0).padStart(7)} ops/s`,
  );
}

async function timed(name: string, count: number, fn: (i: number) => Promise<unknown>) {
  const start = performance.now();
  for (let i = 0; i < count; i++) await fn(i);
  report(name, count, performance.now() - start);
}

const store = await openEmbeddedStore(dir);
await store.ensureIndexes();
await seedIfEmpty(store);
const app = createApp({ store });
const login = await app.request('/api/authorization/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest('Demo#2026') }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
const project = demoSeed.projects.find((p) => p.clientId === 1)!;
const form = demoSeed.formDefinitions.find((f) => f.clientId === 1)!;
const base = `/api/projects/${project.id}/forms/quality-assurance`;
const json = async (method: string, url: string, body: unknown): Promise<Response> =>
  app.request(url, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });

console.log(
  `Embedded store in ${dir}; form "${form.title}" (${form.pages.flatMap((p) => p.questions).length} questions)`,
);
await timed('submit entry (validate + counters + insert)', entries, async (i) => {
  const res = await json('PUT', `${base}/submit`, { formId: form.id, answers: sampleAnswers(form, i) });
  if (res.status !== 200) throw new Error(`submit ${res.status}`);
});
await timed('register page, fixed sort (store pages)', 200, (i) =>
  json('POST', `${base}/getall/${form.id}`, { pageIndex: i % 20, pageSize: 50 }),
);
await timed('register page, question filter (in memory)', 50, () =>
  json('POST', `${base}/getall/${form.id}`, { filters: [{ id: `q_${form.pages[0].questions[0].id}`, value: '1' }] }),
);
await timed(`CSV download of ${entries} entries`, 5, async () =>
  (await json('POST', `${base}/download`, { formId: form.id })).text(),
);
const memory = process.memoryUsage();
console.log(`heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB`);
await store.close();
if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
