/**
 * The file store's figures for the DMS (issue 23 "Speed"; contract.md §B); part of `npm run bench`, also
 * `npm run bench:dms-store`. Figures, never assertions.
 *
 * Method. A directory store (api/files/directory-blob-store.ts) on a fresh temporary directory, the memory
 * store, and GridFS when MONGODB_URI is set (a database of its own, dropped afterwards):
 * - writes BENCH_FILES (default 5,000) files of 1 KiB into one folder, each with the DMS's six metadata values
 *   (files per second);
 * - lists that folder with its metadata (the DMS's getall reads this): the first list, the median and the
 *   slowest of 20 more (ms; the budget of the whole API call is 200 ms, issue 23); for the directory store also
 *   the first list after a restart (listings in memory forgotten) from the folder's index file, and without it
 *   (as after a crash mid-change: from the 5,000 sidecars);
 * - folders() of a folder with 200 sub-folders, versions() of a file with 20 versions (ms);
 * - streams BENCH_STREAM_MB (default 256) MiB in with putStream and out with open, sampling the process's
 *   resident memory every 20 ms: its rise over the start shows that no file is held whole (MiB);
 * - copyFolder and moveFolder of the 5,000-file folder (ms; the directory store's moveFolder onto a new name is
 *   one rename).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GridFSBucket, MongoClient } from 'mongodb';
import { type BlobStore, directoryBlobStore, gridFsBlobStore, memoryBlobStore } from '../files/blob-store';
import { FOLDER_INDEX } from '../files/blob-support';
import { flushDirectoryIndexes, forgetDirectoryListings } from '../files/directory-blob-store';

const FILES = Number(process.env.BENCH_FILES ?? 5000);
const STREAM_MB = Number(process.env.BENCH_STREAM_MB ?? 256);
const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

/** The highest resident memory (MiB above the start) while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<[number, T]> {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return [Math.round((peak - start) / 1048576), result];
  } finally {
    clearInterval(timer);
  }
}

async function* megabytes(count: number): AsyncGenerator<Uint8Array> {
  const block = Buffer.alloc(1048576, 65);
  for (let i = 0; i < count; i++) yield block;
}

/** Streams STREAM_MB MiB in and out of `key`: times and resident memory rises; deletes the file after. */
async function streamFigures(store: BlobStore, key: string) {
  const [inMiB, inMs] = await peakRss(
    async () => (await timed(() => store.putStream(key, megabytes(STREAM_MB), 'application/octet-stream')))[0],
  );
  const [outMiB, outMs] = await peakRss(
    async () =>
      (
        await timed(async () => {
          const opened = await store.open(key);
          let size = 0;
          for await (const chunk of opened?.stream ?? []) size += chunk.byteLength;
          return size;
        })
      )[0],
  );
  await store.delete(key);
  return { inMiB, inMs, outMiB, outMs };
}

/** How a store lists a folder first after a restart (the directory store: from its index file, and without one). */
type Restart = (folder: string) => Promise<Array<[string, number]>>;

async function bench(name: string, store: BlobStore, restart: Restart | null, streams = true): Promise<void> {
  const folder = '1/projects/1/documents/Vault/Big/';
  const bytes = Buffer.alloc(1024, 66);
  const meta = (i: number) => ({
    label: `Drawing ${i}`,
    addedBy: 'Ann Admin',
    modifiedBy: 'Ann Admin',
    createdDate: new Date().toISOString(),
    hidden: 'false',
    isUrl: 'false',
  });
  const [writeMs] = await timed(async () => {
    for (let i = 0; i < FILES; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, FILES - i) }, (_, j) =>
          store.put(`${folder}GA-${String(i + j).padStart(5, '0')}.pdf`, bytes, 'application/pdf', {
            meta: meta(i + j),
          }),
        ),
      );
  });
  const [firstMs, first] = await timed(() => store.list(folder));
  const cold = restart ? await restart(folder) : [];
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) runs.push((await timed(() => store.list(folder)))[0]);

  for (let i = 0; i < 200; i++) await store.createFolder(`1/projects/1/documents/Vault/Many/F${i}`);
  const [foldersMs, folders] = await timed(() => store.folders('1/projects/1/documents/Vault/Many/'));
  for (let i = 0; i < 20; i++)
    await store.put('1/projects/1/documents/Vault/Revised.pdf', bytes, 'application/pdf', { keepVersion: true });
  const [versionsMs, versions] = await timed(() => store.versions('1/projects/1/documents/Vault/Revised.pdf'));

  const big = '1/projects/1/documents/Vault/big.bin';
  const streamed = streams ? await streamFigures(store, big) : null;

  const [copyMs, copied] = await timed(() => store.copyFolder(folder, '1/projects/1/documents/Vault/Copy/'));
  const [moveMs, moved] = await timed(() => store.moveFolder(folder, '1/projects/1/documents/Vault/Moved/'));

  console.log(`\n${name} file store`);
  console.log(
    `  write ${FILES} files of 1 KiB with metadata: ${round(writeMs)} ms (${Math.round(FILES / (writeMs / 1000))} files/s)`,
  );
  console.log(
    `  list a folder of ${first.length} files with metadata: first ${round(firstMs)} ms, then median ${round(median(runs))} ms, slowest ${round(Math.max(...runs))} ms`,
  );
  for (const [what, ms] of cold) console.log(`  first list after a restart, ${what}: ${round(ms)} ms`);
  console.log(
    `  folders() of ${folders.length} sub-folders: ${round(foldersMs)} ms; versions() of ${versions.length}: ${round(versionsMs)} ms`,
  );
  if (streamed) {
    console.log(`  putStream ${STREAM_MB} MiB: ${round(streamed.inMs)} ms, resident memory +${streamed.inMiB} MiB`);
    console.log(
      `  open and read ${STREAM_MB} MiB: ${round(streamed.outMs)} ms, resident memory +${streamed.outMiB} MiB`,
    );
  } else console.log('  streams: not measured (the memory store holds files whole by design)');
  console.log(
    `  copyFolder of ${copied} files: ${round(copyMs)} ms; moveFolder of ${moved} files: ${round(moveMs)} ms`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-bench-dms-'));
try {
  const root = path.join(dir, 'files');
  const directory = directoryBlobStore(root);
  await bench('directory', directory, async (folder) => {
    await flushDirectoryIndexes();
    forgetDirectoryListings();
    const [fromIndex] = await timed(() => directory.list(folder));
    forgetDirectoryListings();
    await rm(path.join(root, ...folder.split('/'), FOLDER_INDEX), { force: true });
    const [fromSidecars] = await timed(() => directory.list(folder));
    return [
      ['from its index file', fromIndex],
      ['without an index file (a crash mid-change): from the sidecars', fromSidecars],
    ];
  });
  await bench('memory', memoryBlobStore(), null, false);
  if (process.env.MONGODB_URI) {
    const client = await new MongoClient(process.env.MONGODB_URI).connect();
    const db = client.db(`siteforms_bench_dms_${Date.now()}`);
    try {
      await bench('GridFS', gridFsBlobStore(db, GridFSBucket), null);
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  } else console.log('\nGridFS file store: skipped (MONGODB_URI is not set)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
