/**
 * Read throughput over HTTP (issue "Performance at scale" §4, "Speed": read requests per second as a ratio to a
 * bare Hono hello-world measured in the same run); part of `npm run bench`. Figures, never assertions.
 *
 * Method. Two servers on @hono/node-server in this process: a bare Hono answering `hello` and the platform's
 * app (api/app.ts) on a fresh embedded store with the demo seed. A worker thread (so the load does not share
 * this event loop) runs BENCH_CONNECTIONS (default 20) loops of keep-alive `fetch` for BENCH_SECONDS (default
 * 5) against each: the bare page, then a signed-in user's GET /api/projects/summary/1 (session, tenant,
 * access check, one store read), and saves: PUT …/submit of a new entry each. Prints requests per second,
 * p50/p95 latency and the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

interface Load {
  url: string;
  cookie?: string;
  method?: string;
  body?: string;
  origin?: string;
  connections: number;
  seconds: number;
}

interface Result {
  requests: number;
  failures: number;
  p50: number;
  p95: number;
}

/** The load loop the worker runs (plain JavaScript, so the worker needs no TypeScript loader). */
const LOAD_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, cookie, connections, seconds, method = 'GET', body, origin } = workerData;
  const latencies = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const headers = { ...(cookie ? { Cookie: cookie } : {}), ...(origin ? { Origin: origin } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) };
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const res = await fetch(url, { headers, method, body });
      await res.arrayBuffer();
      if (!res.ok) failures++;
      latencies.push(performance.now() - start);
    }
  }));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ requests: latencies.length, failures, p50: at(0.5), p95: at(0.95) });
})();
`;

{
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const load = (url: string, cookie?: string, extra: Pick<Load, 'method' | 'body' | 'origin'> = {}) =>
    new Promise<Result>((resolve, reject) => {
      const worker = new Worker(LOAD_LOOP, {
        eval: true,
        workerData: { url, cookie, connections, seconds, ...extra } satisfies Load,
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const listen = (fetchHandler: (request: Request) => Response | Promise<Response>) =>
    new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = serve({ fetch: fetchHandler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
      );
    });

  const { createApp } = await import('../app');
  const { clientPasswordDigest } = await import('../auth/passwords');
  const { seedIfEmpty } = await import('../seed/load');
  const { openEmbeddedStore } = await import('../store/embedded');

  const bare = await listen(new Hono().get('/', (c) => c.text('hello')).fetch);
  const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-reads-'));
  const store = await openEmbeddedStore(dir);
  await store.ensureIndexes();
  await seedIfEmpty(store);
  const platform = await listen(createApp({ store }).fetch);
  const login = await fetch(`${platform.url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: platform.url },
    body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest('Demo#2026') }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  const hello = await load(`${bare.url}/`);
  const reads = await load(`${platform.url}/api/projects/summary/1`, cookie);
  // Saves: every request submits a new entry of the Concrete Pour Inspection (validation, counters, the entry
  // and its register read model in one group commit with the other requests' writes, fsynced).
  const { demoSeed } = await import('../../fixtures/seed');
  const { sampleAnswers } = await import('../test/harness');
  const form = demoSeed.formDefinitions.find((f) => f.id === 1)!;
  const saves = await load(`${platform.url}/api/projects/1/forms/quality-assurance/submit`, cookie, {
    method: 'PUT',
    body: JSON.stringify({ formId: form.id, answers: sampleAnswers(form as never, 3) }),
    origin: platform.url,
  });
  const row = (name: string, r: Result) =>
    console.log(
      `${name.padEnd(40)} ${(r.requests / seconds).toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  failures ${r.failures}`,
    );
  console.log(`\nRead throughput over HTTP (${connections} connections, ${seconds} s each)`);
  row('bare Hono hello-world', hello);
  row('GET /api/projects/summary/1 (signed in)', reads);
  console.log(`ratio to bare Hono: ${((reads.requests / hello.requests) * 100).toFixed(1)}% (bar: at least 30%)`);
  row('PUT …/submit, a new entry each (saves)', saves);
  console.log('saves bar: at least 2,000/s with p95 under 50 ms');
  bare.close();
  platform.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
