/**
 * Reads and saves over HTTP (issue "Performance at scale" §4, "Speed": read requests per second as a ratio to a
 * bare Hono hello-world measured in the same run; saves per second and their p95); part of `npm run bench`.
 * Figures, never assertions.
 *
 * Method. Two servers on @hono/node-server in this process: a bare Hono answering `hello` and the platform's
 * app (api/app.ts) on a fresh embedded store (a temporary directory, default 'fsync' durability) with the demo
 * seed. The load comes from autocannon in a child process (api/bench/load.ts): BENCH_CONNECTIONS (default 20)
 * keep-alive connections for BENCH_SECONDS (default 5) against each, after one unrecorded second: the bare
 * page, a signed-in user's GET /api/projects/summary/1 (session, tenant, access check, one store read), and
 * saves: PUT …/submit of a new entry each, with 1,000 different sets of answers in turn. Prints requests per second, p50/p95/p99 latency, the server's CPU
 * time per request, all threads and the event loop's alone (steadier than the rate on a shared machine) and the ratios to bare Hono. BENCH_ROUNDS
 * (default 1) repeats the three to show the spread; BENCH_PROFILE=hello|reads|saves prints a CPU profile of
 * the server during that part.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { httpLoad, type LoadOptions, type LoadResult } from './load';
import { profiled } from './profile';

/**
 * CPU time of this process's main thread, the event loop (ms; Linux's /proc, in clock ticks of 10 ms): what
 * bounds the server's rate, without the thread pool's fsyncs. Null where /proc is not there.
 */
function eventLoopCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

{
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  // BENCH_PROFILE=hello|reads|saves: a CPU profile of the server while that part runs (api/bench/profile.ts).
  const profile = process.env.BENCH_PROFILE;
  const load = async (
    part: string,
    url: string,
    extra: Pick<LoadOptions, 'method' | 'body' | 'bodies' | 'headers'> = {},
  ) => {
    // One second first, unrecorded, so the server's code is compiled before the figures are taken.
    await httpLoad({ url, connections, seconds: 1, ...extra });
    // The server's CPU time per answered request (this process: user + system, thread pool included): less
    // swayed than the rate when other work shares the machine.
    const run = async () => {
      const cpu = process.cpuUsage();
      const loop = eventLoopCpuMs();
      const result = await httpLoad({ url, connections, seconds, ...extra });
      const used = process.cpuUsage(cpu);
      const requests = Math.max(1, result.requests);
      const loopUs = loop === null ? Number.NaN : (((eventLoopCpuMs() ?? 0) - loop) * 1000) / requests;
      return { ...result, cpuUs: (used.user + used.system) / requests, loopUs };
    };
    return part === profile ? profiled(`bench-${part}`, run) : run();
  };
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
  // BENCH_ENTRIES (default 0): entries of form 1 written into the store first (api/bench/entries.ts), to measure
  // and profile at scale in this process; `npm run bench:scale` measures reads and saves at 100,000 entries on
  // the server as `npm start` runs it.
  const { writeBenchEntries } = await import('./entries');
  await writeBenchEntries(store, Number(process.env.BENCH_ENTRIES ?? 0));
  // The log of that bulk write is copied into the database file now, not by the checkpoint thread during the runs.
  await store.compact();
  const platform = await listen(createApp({ store }).fetch);
  const login = await fetch(`${platform.url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: platform.url },
    body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest('Demo#2026') }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  const { demoSeed } = await import('../../fixtures/seed');
  const { sampleAnswers } = await import('../test/harness');
  const form = demoSeed.formDefinitions.find((f) => f.id === 1)!;
  // What a browser sends with every call (the API compresses larger answers for it).
  const browser = { 'Accept-Encoding': 'gzip, deflate, br' };
  // Each save its own answers (1,000 variants in turn: texts, dates, numbers and options that differ), so that
  // the register's index rows of consecutive saves fall in different places of the index, as real ones do.
  const saveBodies = Array.from({ length: 1000 }, (_, i) =>
    JSON.stringify({ formId: form.id, answers: sampleAnswers(form as never, i + 1) }),
  );
  const row = (name: string, r: LoadResult & { cpuUs: number; loopUs: number }) =>
    console.log(
      `${name.padEnd(40)} ${r.rate.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  server CPU ${r.cpuUs.toFixed(0).padStart(5)} µs/req (event loop ${r.loopUs.toFixed(0).padStart(5)})  failures ${r.failures}`,
    );
  console.log(`\nThroughput over HTTP (${connections} connections, ${seconds} s each, autocannon in a child process)`);
  for (let round = 1; round <= rounds; round += 1) {
    if (rounds > 1) console.log(`round ${round} of ${rounds}`);
    const hello = await load('hello', `${bare.url}/`);
    row('bare Hono hello-world', hello);
    const reads = await load('reads', `${platform.url}/api/projects/summary/1`, {
      headers: { Cookie: cookie, ...browser },
    });
    row('GET /api/projects/summary/1 (signed in)', reads);
    console.log(`ratio to bare Hono: ${((reads.rate / hello.rate) * 100).toFixed(1)}% (bar: at least 30%)`);
    // Saves: every request submits a new entry of the Concrete Pour Inspection, with answers of its own
    // (validation, counters, the entry and its register read model, group-committed with the other requests'
    // writes and fsynced).
    const saves = await load('saves', `${platform.url}/api/projects/1/forms/quality-assurance/submit`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: platform.url, 'Content-Type': 'application/json', ...browser },
      bodies: saveBodies,
    });
    row('PUT …/submit, a new entry each (saves)', saves);
    // The method's own check: the saves stored different answers (a body sent again and again would not).
    const stored = await store
      .collection('formEntries')
      .find({ formId: form.id }, { sort: { id: -1 }, limit: 1000, projection: { registerRow: 1 } });
    const distinct = new Set(stored.map((e) => (e.registerRow as { text?: { q_1?: string } }).text?.q_1));
    console.log(`the last ${stored.length} saves hold ${distinct.size} different answers to the first question`);
    console.log(
      `saves: ${((saves.rate / hello.rate) * 100).toFixed(1)}% of bare Hono (bar: at least 2,000/s with p95 under 50 ms)`,
    );
  }
  bare.close();
  platform.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
