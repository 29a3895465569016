import { close as closeFd, closeSync, fdatasync, openSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { directoryBlobStore, type MemoryBlobImage, memoryBlobStore } from '../files/blob-store';
import { flushDirectoryIndexes } from '../files/directory-blob-store';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import { lockDataDir } from './dir-lock';
import { EmbeddedCollection, type IndexRecord, parseDoc } from './embedded-collection';
import { indexes } from './indexes';
import {
  type Collection,
  type CollectionName,
  collectionNames,
  type Doc,
  type DocLike,
  type Store,
  type Stored,
  type UpdateSpec,
} from './port';
import { keyRegexp } from './sql-plan';
import { KeepWrites, WriteQueue } from './write-queue';

/**
 * When an embedded write is acknowledged (docs/store.md, "Durability"). In both modes SQLite runs with
 * `synchronous=NORMAL`: the COMMIT of a group writes SQLite's write-ahead log to the OS without an fsync.
 * - `'fsync'` (default): once an fsync of the log that started after its COMMIT has returned (in libuv's thread
 *   pool, off the event loop), so it survives a killed process *and* an OS crash or power loss;
 * - `'process'`: when the COMMIT returns, so it survives a killed process, but an OS crash may lose the last
 *   commits. For bulk loads and throwaway data.
 */
export type Durability = 'fsync' | 'process';

/** Options of `openEmbeddedStore`. */
export interface EmbeddedStoreOptions {
  durability?: Durability;
  /** How long to wait for another process's lock on the data directory (ms, default 5000). */
  lockTimeoutMs?: number;
  /** How often expired TTL documents (sessions) are purged (ms, default 60000 as MongoDB's TTL monitor; 0: never). */
  ttlPurgeIntervalMs?: number;
  /** How often the checkpoint thread looks for commits to copy into the database file (ms, default 500). */
  checkpointIntervalMs?: number;
  /** Receives failures of background work (the TTL purge, checkpoints). Default: console.error. */
  onError?: (error: unknown) => void;
  /**
   * How long a transaction (withTransaction) may run before it is rolled back and rejects (ms, default 30000):
   * while it runs, every other write waits.
   */
  transactionTimeoutMs?: number;
  /**
   * For ':memory:' only: start as a copy of this image of another in-memory store (`EmbeddedStore.image()`), its
   * documents, indexes and files, instead of empty. The API tests open each seeded store so (api/test/harness.ts):
   * a copy takes a few milliseconds, a fresh seed a few hundred.
   */
  image?: EmbeddedStoreImage;
}

/** An in-memory store's contents: its SQLite database serialised, and its files. See `EmbeddedStore.image`. */
export interface EmbeddedStoreImage {
  readonly database: Buffer;
  readonly files: MemoryBlobImage;
}

/** Thrown by an embedded transaction still running after its time limit (it has been rolled back). */
export class TransactionTimeoutError extends Error {
  override readonly name = 'TransactionTimeoutError';
  constructor(ms: number) {
    super(
      `The transaction ran longer than ${ms} ms and was rolled back (inside withTransaction, write through tx: a write through the store waits for the transaction)`,
    );
  }
}

/** Where a transaction is: its writes are refused once `done`; `failure` is the first write that failed in it. */
interface TransactionState {
  done: boolean;
  failure: { error: unknown } | null;
}

/** The embedded store: a `Store` plus maintenance operations the MongoDB store has no need for. */
export interface EmbeddedStore extends Store {
  readonly kind: 'embedded';
  /** The data directory, or ':memory:'. */
  readonly dataDir: string;
  readonly durability: Durability;
  /** Deletes documents past their TTL (sessions whose `expiresAt` has passed); returns how many. */
  purgeExpired(): Promise<number>;
  /** Moves the write-ahead log into the database file and lets SQLite refresh its query statistics. */
  compact(): Promise<void>;
  /**
   * A copy of an in-memory store's contents after every write acknowledged so far (documents, indexes, files), to
   * open other in-memory stores with (`EmbeddedStoreOptions.image`). Rejects for a store on disk and inside a
   * transaction's wait (it waits for the writes queued before it).
   */
  image(): Promise<EmbeddedStoreImage>;
}

/**
 * Pages of write-ahead log past which SQLite checkpoints inside a COMMIT itself (40 MiB): only when the
 * checkpoint thread has fallen that far behind.
 */
const CHECKPOINT_SAFETY_PAGES = 10_000;

/** The database file of a data directory. */
export const databaseFile = 'store.sqlite';

/**
 * Opens the embedded store (DESIGN.md "api/": the no-set-up default persisting under `./data`): one SQLite
 * database, `<dataDir>/store.sqlite` (write-ahead log, better-sqlite3), with a table per collection.
 * Nothing is loaded into memory: documents are read from disk through SQLite's page cache and B-tree indexes,
 * so start-up time and memory do not grow with the data (docs/store.md, docs/decisions.md).
 * `dataDir` ':memory:' keeps everything in memory (tests). The directory is created if missing and locked
 * against a second process (api/store/dir-lock.ts). A directory written by the earlier nedb store
 * (`<collection>.db` files) is imported once; its files are moved to `nedb-imported/`.
 * Indexes are not applied here: call `ensureIndexes()` (openStore does).
 *
 * Throws when the directory is locked by a live process, or when the database file is not an SQLite database.
 */
export async function openEmbeddedStore(dataDir: string, options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
  const inMemory = dataDir === ':memory:';
  if (options.image && !inMemory) throw new Error('An image opens an in-memory store only (":memory:")');
  const durability = options.durability ?? 'fsync';
  const onError = options.onError ?? ((error: unknown) => console.error('[store] background task failed:', error));
  let release: () => Promise<void> = async () => undefined;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir, options.lockTimeoutMs);
  }
  let db: Database.Database;
  try {
    // better-sqlite3 opens a serialised database as an in-memory copy of it (the image's buffer is not changed).
    db = new Database(inMemory ? (options.image?.database ?? ':memory:') : path.join(dataDir, databaseFile));
    if (!inMemory) {
      db.pragma('journal_mode = WAL');
      // The log is fsynced by the write queue ('fsync'), not inside COMMIT; checkpoints still sync it before
      // copying it into the database file (docs/store.md "Durability").
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('cache_size = -32000');
    // Statement and savepoint journals in memory: every write task runs in a savepoint of its group, and every
    // statement that writes several rows has a statement journal, each a copy of the pages it changes, kept only
    // to roll that task or statement back within the open transaction (the log makes the group durable). In a
    // temporary file they cost a save more than its own rows did (docs/store.md "Durability").
    db.pragma('temp_store = MEMORY');
    addKeyRegexp(db);
    db.exec(
      'CREATE TABLE IF NOT EXISTS _indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name))',
    );
  } catch (error) {
    await release();
    throw error;
  }
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };
  const statement = statementCache(db);
  // While a transaction is open, the store's own reads go to a second, read-only connection, which sees only
  // what is committed (the writer connection holds the transaction's writes). Opened at the first transaction;
  // an in-memory database has no second connection: its reads see the transaction's writes meanwhile.
  let reader: { db: Database.Database; statement: (sql: string) => Database.Statement } | null = null;
  let transactionOpen = false;
  const readStatement = (sql: string) => (transactionOpen && reader ? reader.statement(sql) : statement(sql));
  // 'fsync': our own descriptor of the -wal file (created by the statements above), synced after each COMMIT with
  // fdatasync (the data and the file's size, not its times: what SQLite's own log sync does on Linux). The
  // directory is fsynced once, so that the -wal file's entry is on disk too.
  let walFd: number | null = null;
  if (!inMemory && durability === 'fsync') {
    try {
      walFd = openSync(path.join(dataDir, `${databaseFile}-wal`), 'r+');
      await syncDirectory(dataDir);
    } catch (error) {
      db.close();
      await release();
      throw error;
    }
  }
  let checkpointer: Checkpointer | null = null;
  const collections = new Map<CollectionName, EmbeddedCollection<Doc>>();
  const queue = new WriteQueue(db, {
    ...(walFd === null ? {} : { sync: (done) => fdatasync(walFd as number, (error) => done(error)) }),
    committed: () => checkpointer?.committed(),
    // What the store's reads kept while a transaction ran is the state before it (or, in memory, its writes).
    transactionsEnded: () => {
      for (const collection of collections.values()) collection.forgetAnswers();
    },
  });
  const recorded = db.prepare('SELECT collection, spec FROM _indexes').all() as Array<{
    collection: string;
    spec: string;
  }>;
  for (const name of collectionNames) {
    const table = `c:${name}`;
    db.exec(`CREATE TABLE IF NOT EXISTS "${table}" (_id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL)`);
    const collection = new EmbeddedCollection<Doc>(
      {
        name,
        db,
        assertOpen,
        statement: readStatement,
        write: (task) => queue.run(task),
        transaction: false,
      },
      table,
    );
    for (const row of recorded.filter((r) => r.collection === name))
      collection.adopt(JSON.parse(row.spec) as IndexRecord);
    collections.set(name, collection);
  }
  if (!inMemory) {
    try {
      await importNedbFiles(dataDir, collections, db);
    } catch (error) {
      if (walFd !== null) closeSync(walFd);
      db.close();
      await release();
      throw error;
    }
  }

  // Checkpoints run in a thread of their own (checkpointer.ts); SQLite's own, inside a COMMIT on the event loop,
  // only past CHECKPOINT_SAFETY_PAGES of log, or again as by default if that thread ends.
  if (!inMemory) {
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_SAFETY_PAGES}`);
    checkpointer = startCheckpointer(path.join(dataDir, databaseFile), {
      intervalMs: options.checkpointIntervalMs,
      onError,
      onExit: () => {
        checkpointer = null;
        if (db.open) db.pragma('wal_autocheckpoint = 1000');
      },
    });
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

  const memoryFiles = inMemory ? memoryBlobStore(options.image?.files) : null;
  const files = memoryFiles ?? directoryBlobStore(path.join(dataDir, 'files'));
  const transactionTimeoutMs = options.transactionTimeoutMs ?? 30_000;
  const collectionOf = (name: CollectionName) => {
    const collection = collections.get(name);
    if (!collection) throw new Error(`Unknown collection ${name}`);
    return collection;
  };
  // A transaction's writes run at once, each in a savepoint inside the transaction's own (write-queue.ts).
  const savepoint = db.prepare('SAVEPOINT t');
  const releaseSavepoint = db.prepare('RELEASE t');
  const rollbackTo = db.prepare('ROLLBACK TO t');

  /** The Store a transaction's `fn` gets: views of the collections writing at once inside the transaction. */
  const transactionStore = (state: TransactionState): Store => {
    const assertActive = () => {
      assertOpen();
      if (state.done) throw new Error('The transaction has ended');
    };
    const write = <R>(task: () => R): Promise<R> => {
      try {
        assertActive();
      } catch (error) {
        return Promise.reject(error);
      }
      savepoint.run();
      try {
        const value = task();
        releaseSavepoint.run();
        return Promise.resolve(value);
      } catch (error) {
        const kept = error instanceof KeepWrites;
        if (!kept) rollbackTo.run();
        releaseSavepoint.run();
        const cause = kept ? error.error : error;
        // Doomed, as MongoDB's server aborts a transaction whose command failed.
        state.failure ??= { error: cause };
        return Promise.reject(cause);
      }
    };
    const views = new Map<CollectionName, EmbeddedCollection<Doc>>();
    const viewOf = (name: CollectionName) => {
      let view = views.get(name);
      if (!view) {
        view = collectionOf(name).view({
          name,
          db,
          assertOpen: assertActive,
          statement,
          write,
          transaction: true,
        });
        views.set(name, view);
      }
      return view;
    };
    const tx: Store = {
      kind: 'embedded',
      files,
      get root() {
        return store;
      },
      collection<T extends DocLike = Doc>(name: CollectionName): Collection<T> {
        assertActive();
        return viewOf(name) as unknown as Collection<T>;
      },
      async insertAfterUpdates<T extends DocLike = Doc>(
        into: CollectionName,
        updates: readonly UpdateSpec[],
        build: (results: Array<Stored<Doc> | null>) => T,
      ): Promise<Stored<T>> {
        assertActive();
        return write(insertAfterUpdatesTask(viewOf, into, updates, build));
      },
      async withTransaction<R>(fn: (tx: Store) => Promise<R>): Promise<R> {
        assertActive();
        try {
          return await fn(tx);
        } catch (error) {
          state.failure ??= { error };
          throw error;
        }
      },
      async ensureIndexes() {
        throw new Error('ensureIndexes cannot run inside a transaction');
      },
      async close() {
        throw new Error('close cannot run inside a transaction');
      },
    };
    return tx;
  };

  const store: EmbeddedStore = {
    kind: 'embedded',
    get root() {
      return store;
    },
    dataDir,
    durability,
    files,
    collection<T extends DocLike = Doc>(name: CollectionName): Collection<T> {
      assertOpen();
      const collection = collections.get(name);
      if (!collection) throw new Error(`Unknown collection ${name}`);
      return collection as unknown as Collection<T>;
    },
    async insertAfterUpdates<T extends DocLike = Doc>(
      into: CollectionName,
      updates: readonly UpdateSpec[],
      build: (results: Array<Stored<Doc> | null>) => T,
    ): Promise<Stored<T>> {
      assertOpen();
      // One task, so one savepoint: the updates and the insert are kept together or not at all.
      return queue.run(insertAfterUpdatesTask(collectionOf, into, updates, build));
    },
    withTransaction<R>(fn: (tx: Store) => Promise<R>): Promise<R> {
      assertOpen();
      return queue.transaction(async () => {
        const state: TransactionState = { done: false, failure: null };
        if (!inMemory && !reader) reader = openReader(path.join(dataDir, databaseFile));
        transactionOpen = true;
        let timer: NodeJS.Timeout | undefined;
        try {
          const run = (async () => fn(transactionStore(state)))();
          // After a timeout nobody awaits `run`: its later rejection must not be unhandled.
          run.catch(() => undefined);
          const limit = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new TransactionTimeoutError(transactionTimeoutMs)), transactionTimeoutMs);
            timer.unref();
          });
          const value = await Promise.race([run, limit]);
          if (state.failure) throw state.failure.error;
          return value;
        } finally {
          clearTimeout(timer);
          state.done = true;
          transactionOpen = false;
        }
      });
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
      assertOpen();
      await queue.drain();
      if (!inMemory) db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('optimize');
    },
    async image() {
      assertOpen();
      if (!memoryFiles) throw new Error('Only an in-memory store has an image');
      await queue.drain();
      return { database: db.serialize(), files: memoryFiles.image() };
    },
    async close() {
      if (closed) return;
      await queue.drain();
      closed = true;
      if (timer) clearInterval(timer);
      // The folders' index files of the file store, so that the next start lists big folders fast.
      if (!inMemory) await flushDirectoryIndexes();
      try {
        await checkpointer?.stop();
        if (!inMemory) db.pragma('optimize');
      } finally {
        reader?.db.close();
        if (walFd !== null) await new Promise((resolve) => closeFd(walFd as number, resolve));
        db.close();
        await release();
      }
    },
  };
  return store;
}

/** Prepared statements of a connection, cached by SQL text (`exec`/`prepare` would compile them every time). */
function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const statements = new Map<string, Database.Statement>();
  return (sql) => {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size > 2000) statements.clear();
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
}

/** The regular-expression function of the query plans (sql-plan.ts), on a connection. */
function addKeyRegexp(db: Database.Database): void {
  db.function('key_regexp', { deterministic: true }, (source, flags, key) =>
    keyRegexp(String(source), String(flags), typeof key === 'string' ? key : null),
  );
}

/**
 * The read-only connection of the store's reads while a transaction is open (WAL: it reads the last commit, never
 * the writer's open transaction).
 */
function openReader(file: string): { db: Database.Database; statement: (sql: string) => Database.Statement } {
  const db = new Database(file, { readonly: true });
  db.pragma('cache_size = -8000');
  addKeyRegexp(db);
  return { db, statement: statementCache(db) };
}

/**
 * The write task of `insertAfterUpdates`: the `findOneAndUpdate`s, then the insert of what `build` makes of their
 * results, on the collections `collectionOf` gives (the store's, or a transaction's views).
 */
function insertAfterUpdatesTask<T extends DocLike>(
  collectionOf: (name: CollectionName) => EmbeddedCollection<Doc>,
  into: CollectionName,
  updates: readonly UpdateSpec[],
  build: (results: Array<Stored<Doc> | null>) => T,
): () => Stored<T> {
  const target = collectionOf(into) as unknown as EmbeddedCollection<T>;
  const tasks = updates.map((u) => collectionOf(u.collection).findOneAndUpdateTask(u.filter, u.update, u.options));
  return () => target.insertNow(build(tasks.map((task) => task())));
}

/** fsyncs a directory (a new file's entry in it); where directories cannot be opened (Windows), nothing. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Imports the data files of the earlier nedb store (`<dataDir>/<collection>.db`, one JSON line per insert,
 * update or `$$deleted` mark, dates as `{ "$$date": ms }`) into empty collections, in one transaction, then
 * moves the files to `<dataDir>/nedb-imported/`. Does nothing when there are none.
 */
async function importNedbFiles(
  dataDir: string,
  collections: Map<CollectionName, EmbeddedCollection<Doc>>,
  db: Database.Database,
): Promise<void> {
  const names = new Set(await readdir(dataDir));
  const found = collectionNames.filter((name) => names.has(`${name}.db`));
  if (found.length === 0) return;
  const hasRows = found.some((name) => db.prepare(`SELECT 1 FROM "c:${name}" LIMIT 1`).get() !== undefined);
  if (hasRows) return;
  const loaded = new Map<CollectionName, Map<string, Record<string, unknown>>>();
  for (const name of found) {
    const docs = new Map<string, Record<string, unknown>>();
    const text = await readFile(path.join(dataDir, `${name}.db`), 'utf8');
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let doc: Record<string, unknown>;
      try {
        doc = parseDoc(line);
      } catch {
        continue; // a torn last line: never acknowledged
      }
      if ('$$indexCreated' in doc || '$$indexRemoved' in doc) continue;
      if (doc.$$deleted === true) docs.delete(String(doc._id));
      else if (typeof doc._id === 'string') docs.set(doc._id, doc);
    }
    loaded.set(name, docs);
  }
  db.transaction(() => {
    for (const [name, docs] of loaded) {
      const collection = collections.get(name)!;
      for (const doc of docs.values()) collection.importRow(doc as Doc & { _id: string });
    }
  })();
  // On disk before the nedb files are moved away: a checkpoint syncs the log, copies it and syncs the database.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const target = path.join(dataDir, 'nedb-imported');
  await mkdir(target, { recursive: true });
  for (const name of found) {
    for (const file of [`${name}.db`, `${name}.db~`]) {
      if (await stat(path.join(dataDir, file)).catch(() => null))
        await rename(path.join(dataDir, file), path.join(target, file));
    }
  }
}
