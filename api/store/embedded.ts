import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { directoryBlobStore, memoryBlobStore } from '../files/blob-store';
import { lockDataDir } from './dir-lock';
import { EmbeddedCollection } from './embedded-collection';
import { GroupCommit } from './group-commit';
import { indexes } from './indexes';
import { type Collection, type CollectionName, collectionNames, type Doc, type DocLike, type Store } from './port';
import { repairTornTail } from './torn-tail';

/**
 * When an embedded write is acknowledged (docs/store.md, "Durability"):
 * - `'fsync'` (default): after its append and an fsync of the data file covering it (group commit), so
 *   it survives a killed process *and* an OS crash or power loss;
 * - `'process'`: after its append has reached the OS page cache, so it survives a killed process but an
 *   OS crash loses up to the kernel's writeback delay (about 30 s on Linux defaults). For bulk loads and
 *   throwaway data.
 */
export type Durability = 'fsync' | 'process';

/** Options of `openEmbeddedStore`. */
export interface EmbeddedStoreOptions {
  durability?: Durability;
  /** How long to wait for another process's lock on the data directory (ms, default 5000). */
  lockTimeoutMs?: number;
  /** How often expired TTL documents (sessions) are purged (ms, default 60000 as MongoDB's TTL monitor; 0: never). */
  ttlPurgeIntervalMs?: number;
  /** Receives failures of background work (compaction, TTL purge). Default: console.error. */
  onError?: (error: unknown) => void;
}

/** The embedded store: a `Store` plus maintenance operations the MongoDB store has no need for. */
export interface EmbeddedStore extends Store {
  readonly kind: 'embedded';
  /** The data directory, or ':memory:'. */
  readonly dataDir: string;
  readonly durability: Durability;
  /** Deletes documents past their TTL (sessions whose `expiresAt` has passed); returns how many. */
  purgeExpired(): Promise<number>;
  /** Rewrites every data file with one line per live document (crash-safe). */
  compact(): Promise<void>;
}

/**
 * Opens the embedded store (DESIGN.md "api/": the no-set-up default persisting under `./data`): one nedb
 * datastore per collection, `<dataDir>/<collection>.db`, each loaded (and thereby compacted) on open.
 * `dataDir` ':memory:' keeps everything in memory (tests). The directory is created if missing and locked
 * against a second process (api/store/dir-lock.ts); a data file whose only damage is a torn last line is
 * repaired (api/store/torn-tail.ts). Indexes are not applied here: call `ensureIndexes()` (openStore does).
 *
 * Throws when the directory is locked by a live process, or when a data file is corrupt beyond its end
 * (nedb refuses to load a file with more than 10% corrupt lines).
 */
export async function openEmbeddedStore(dataDir: string, options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
  const inMemory = dataDir === ':memory:';
  const durability = options.durability ?? 'fsync';
  const onError = options.onError ?? ((error: unknown) => console.error('[store] background task failed:', error));
  let release: () => Promise<void> = async () => undefined;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir, options.lockTimeoutMs);
  }
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };
  const collections = new Map<CollectionName, EmbeddedCollection<Doc>>();
  try {
    for (const name of collectionNames) {
      const filename = inMemory ? undefined : path.join(dataDir, `${name}.db`);
      const datastore = await loadDatastore(filename);
      const commit = filename && durability === 'fsync' ? new GroupCommit(() => fsyncFile(filename)) : null;
      collections.set(
        name,
        new EmbeddedCollection({ name, datastore, fileBacked: !inMemory, commit, assertOpen, onError }),
      );
    }
  } catch (error) {
    await release();
    throw error;
  }

  const all = () => [...collections.values()];
  const purgeExpired = async () => {
    let deleted = 0;
    for (const collection of all()) deleted += await collection.purgeExpired();
    return deleted;
  };
  const purgeEvery = options.ttlPurgeIntervalMs ?? 60_000;
  const timer =
    purgeEvery > 0
      ? setInterval(() => {
          if (!closed) purgeExpired().catch(onError);
        }, purgeEvery)
      : null;
  timer?.unref();

  const files = inMemory ? memoryBlobStore() : directoryBlobStore(path.join(dataDir, 'files'));
  return {
    kind: 'embedded',
    dataDir,
    durability,
    files,
    collection<T extends DocLike = Doc>(name: CollectionName): Collection<T> {
      assertOpen();
      const collection = collections.get(name);
      if (!collection) throw new Error(`Unknown collection ${name}`);
      return collection as unknown as Collection<T>;
    },
    async ensureIndexes() {
      assertOpen();
      for (const spec of indexes) {
        await collections.get(spec.collection)!.createIndex(spec.keys, spec.options);
      }
      await purgeExpired();
    },
    purgeExpired,
    async compact() {
      for (const collection of all()) await collection.compact();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      for (const collection of all()) await collection.drain();
      await release();
    },
  };
}

/** Loads one nedb datastore (autoload), repairing a torn last line once if that is what stops it. */
async function loadDatastore(filename: string | undefined): Promise<Datastore<Record<string, unknown>>> {
  const load = async () => {
    const datastore = new Datastore<Record<string, unknown>>(
      // onload is given so that a failed autoload rejects autoloadPromise instead of throwing unhandled.
      filename ? { filename, autoload: true, onload: () => undefined } : { inMemoryOnly: true },
    );
    await datastore.autoloadPromise;
    return datastore;
  };
  try {
    return await load();
  } catch (error) {
    if (!filename || (error as { corruptItems?: unknown }).corruptItems === undefined) throw error;
    if (!(await repairTornTail(filename))) throw error;
    return load();
  }
}

/** fsync of a data file by name: compaction replaces the file, so no handle is kept open across writes. */
async function fsyncFile(filename: string): Promise<void> {
  const handle = await open(filename, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
