/**
 * The DMS at size (issue 23 "Speed": "A folder of 5,000 files lists in under 200 ms at the API ...; uploading 200
 * files of 1 MB each ... completes at the speed of the disk with the server's memory flat (no file held whole in
 * memory); a 1 GB folder zip streams with server memory under +100 MiB"): `npm run bench:dms`. Figures, never
 * assertions. In a fresh temporary DATA_DIR (the embedded store, files in the directory store) with the demo seed:
 * - BENCH_DMS_FILES files (default 5,000) of 1 KiB are written straight into project 1's `Vault/Listing`, and
 *   BENCH_DMS_ZIP_MB MiB (default 1,024) as 16 MiB files into `Vault/Zip`, streamed from a generator (never whole);
 * then the server bundle (`npm start`'s) is started on them and measured over HTTP as the demo administrator:
 * - GET /getall/?folder=Vault/Listing, BENCH_RUNS times (default 20) one at a time: p50 and p95;
 * - BENCH_DMS_UPLOADS uploads (default 200) of 1 MiB each, one file a request, 4 at a time: the time, MB/s, and the
 *   server's RSS before, at its peak and after;
 * - POST /downloadFolder of `Vault/Zip`, read to the end: the time, MB/s, and the RSS peak over the baseline.
 * One summary line at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';

const FILES = Number(process.env.BENCH_DMS_FILES ?? 5000);
const ZIP_MB = Number(process.env.BENCH_DMS_ZIP_MB ?? 1024);
const UPLOADS = Number(process.env.BENCH_DMS_UPLOADS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MiB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..', '..');
const documents = '1/projects/1/documents';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The resident set of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the RSS of `pid` every 25 ms while `work` runs: its peak. */
async function peakWhile<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssOf(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** `megabytes` MiB of bytes in 1 MiB chunks, generated (a zip of stored entries does not care what they are). */
async function* generated(megabytes: number, seed: number): AsyncIterable<Uint8Array> {
  const chunk = new Uint8Array(MiB);
  for (let i = 0; i < megabytes; i++) {
    chunk.fill((seed + i) % 251);
    yield chunk;
  }
}

async function writeFiles(dir: string): Promise<void> {
  const store = await openEmbeddedStore(dir);
  await store.ensureIndexes();
  await seedIfEmpty(store);
  const small = new TextEncoder().encode('%PDF-1.4\n'.padEnd(1024, '%'));
  const meta = { addedBy: 'Bench', modifiedBy: 'Bench', createdDate: new Date().toISOString(), revision: '1' };
  for (let i = 0; i < FILES; i++) {
    const name = `DWG-${String(i).padStart(5, '0')} Level ${i % 12} plan.pdf`;
    await store.files.put(`${documents}/Vault/Listing/${name}`, small, 'application/pdf', {
      meta: { ...meta, fileId: `bench-${i}` },
    });
  }
  const perFile = 16;
  for (let i = 0; i < Math.ceil(ZIP_MB / perFile); i++)
    await store.files.putStream(
      `${documents}/Vault/Zip/Model part ${String(i).padStart(3, '0')}.bin`,
      generated(Math.min(perFile, ZIP_MB - i * perFile), i),
      'application/octet-stream',
      { meta },
    );
  await store.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-dms-bench-'));
let server: ChildProcess | undefined;
try {
  const writeStart = performance.now();
  await writeFiles(dir);
  console.log(
    `\nDMS: ${FILES} files and ${ZIP_MB} MiB written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`,
  );
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
  const headers = { Cookie: cookie, Origin: url };

  // The listing of a 5,000-file folder.
  const listing: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const start = performance.now();
    const res = await fetch(`${url}/api/projects/1/dms/getall/?folder=Vault/Listing`, { headers });
    const nodes = (await res.json()) as unknown[];
    if (i >= 2) listing.push(performance.now() - start);
    count = nodes.length;
  }
  listing.sort((a, b) => a - b);
  console.log(
    `  getall of ${count} files: p50 ${quantile(listing, 0.5).toFixed(1)} ms, p95 ${quantile(listing, 0.95).toFixed(1)} ms (goal < 200 ms)`,
  );

  // 200 uploads of 1 MiB, 4 at a time.
  const body = new Uint8Array(MiB);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31) % 256;
  const rssBefore = rssOf(pid);
  const uploadStart = performance.now();
  const { peak: uploadPeak } = await peakWhile(pid, async () => {
    let next = 0;
    const worker = async () => {
      while (next < UPLOADS) {
        const i = next++;
        const form = new FormData();
        form.append('files', new File([body], `Photo ${String(i).padStart(3, '0')}.bin`));
        const res = await fetch(`${url}/api/projects/1/dms?folder=Vault/Uploads`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  });
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  const rssAfter = rssOf(pid);
  console.log(
    `  ${UPLOADS} uploads of 1 MiB: ${uploadSeconds.toFixed(1)} s, ${(UPLOADS / uploadSeconds).toFixed(1)} MB/s; server RSS ${(rssBefore / MiB).toFixed(0)} MiB before, ${(uploadPeak / MiB).toFixed(0)} MiB peak, ${(rssAfter / MiB).toFixed(0)} MiB after`,
  );

  // A 1 GB folder as a zip, read to the end.
  const zipBaseline = rssOf(pid);
  const zipStart = performance.now();
  const { result: zipBytes, peak: zipPeak } = await peakWhile(pid, async () => {
    const res = await fetch(`${url}/api/projects/1/dms/downloadFolder`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'Vault/Zip' }),
    });
    if (res.status !== 200 || !res.body) throw new Error(`zip: ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.byteLength;
    }
  });
  const zipSeconds = (performance.now() - zipStart) / 1000;
  const growth = (zipPeak - zipBaseline) / MiB;
  console.log(
    `  zip of ${ZIP_MB} MiB: ${(zipBytes / MiB).toFixed(0)} MiB in ${zipSeconds.toFixed(1)} s, ${(zipBytes / MiB / zipSeconds).toFixed(0)} MB/s; server RSS +${growth.toFixed(0)} MiB at its peak (goal < +100 MiB)`,
  );
  console.log(
    `DMS summary: listing p95 ${quantile(listing, 0.95).toFixed(0)} ms; uploads ${(UPLOADS / uploadSeconds).toFixed(0)} MB/s, RSS ${((rssAfter - rssBefore) / MiB).toFixed(0)} MiB after; zip RSS +${growth.toFixed(0)} MiB`,
  );
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
