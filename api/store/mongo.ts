import { isDeepStrictEqual } from 'node:util';
import {
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection as DriverCollection,
  type Filter as DriverFilter,
  type UpdateFilter as DriverUpdate,
  GridFSBucket,
  MongoClient,
  MongoServerError,
} from 'mongodb';
import { gridFsBlobStore } from '../files/blob-store';
import {
  checkDerived,
  derivedRoot,
  disambiguated,
  stripDerivedKeys,
  touchesDerived,
  valueAt,
  withDerivedKeys,
} from './derived-keys';
import { assertDefinedFilter } from './filter-check';
import { indexes } from './indexes';
import { newId } from './new-id';
import { plainCopy } from './plain-copy';
import {
  type Collection,
  type CollectionName,
  type CountByOptions,
  collectionNames,
  type DerivedKey,
  type Doc,
  type DocLike,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type GroupCount,
  type GroupField,
  type IndexOptions,
  type Store,
  type Stored,
  type Update,
  type UpdateManyResult,
  type UpdateOneResult,
  type UpdateSpec,
} from './port';
import { upsertSeed } from './upsert-seed';

type Row = { _id: string; [k: string]: unknown };

/** Database used when neither the `dbName` argument nor the URI's path names one. */
export const defaultDbName = 'siteforms';

/**
 * The database named by a MongoDB connection string's path (`mongodb://h1,h2/siteforms?replicaSet=rs`
 * -> 'siteforms'), or undefined when it has none. Works for `mongodb+srv://` and multi-host strings, which
 * WHATWG URL parsing rejects.
 */
export function dbNameFromUri(uri: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?#]*)/.exec(uri);
  const name = match ? decodeURIComponent(match[1]) : '';
  return name === '' ? undefined : name;
}

/**
 * Opens the MongoDB store (DESIGN.md "api/": the production path, chosen by `MONGODB_URI`) with the
 * official driver. Writes use write concern `{ w: 'majority' }` (acknowledged once a majority of the replica
 * set has them in its journal, so a failover cannot roll them back), reads use read concern 'majority' (a
 * read never returns data a failover could roll back; after an acknowledged majority write it sees that
 * write), and writes and reads are retried once on a transient network error or failover.
 *
 * The database is `dbName`, else the URI's path, else 'siteforms'. Connects before returning, so a wrong URI
 * or unreachable server throws here (the driver's MongoServerSelectionError after `serverSelectionTimeoutMS`).
 * Indexes are not applied here: call `ensureIndexes()` (openStore does).
 */
export async function openMongoStore(uri: string, dbName?: string): Promise<Store> {
  const client = new MongoClient(uri, {
    writeConcern: { w: 'majority' },
    readConcern: { level: 'majority' },
    retryWrites: true,
    retryReads: true,
    // As the embedded store and JSON: an undefined member is absent, not null.
    ignoreUndefined: true,
    appName: 'site-forms',
  });
  await client.connect();
  let closed = false;
  // The driver reconnects on use after close(); the port promises an error instead.
  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };
  const db = client.db(dbName ?? dbNameFromUri(uri) ?? defaultDbName);
  const files = gridFsBlobStore(db, GridFSBucket);
  // The derived keys of each collection (uniqueKeys.<name> -> rule), from the one list of indexes.
  const derivedOf = new Map<string, Map<string, DerivedKey>>();
  for (const spec of indexes) {
    for (const [path, rule] of Object.entries(spec.options.derived ?? {})) {
      const rules = derivedOf.get(spec.collection) ?? new Map<string, DerivedKey>();
      rules.set(path, rule);
      derivedOf.set(spec.collection, rules);
    }
  }
  /** Runs `fn` in a transaction: the one `inside` is, or a new one (a session's withTransaction). */
  const inSession = async <R>(
    inside: { session: ClientSession } | undefined,
    fn: (session: ClientSession) => Promise<R>,
  ): Promise<R> => {
    if (inside) return fn(inside.session);
    const session = client.startSession();
    try {
      return await session.withTransaction(() => fn(session), transactionOptions);
    } finally {
      await session.endSession();
    }
  };
  /** The Store of the collections, outside a transaction (`inside` unset) or inside one. */
  let root: Store | undefined;
  const storeOf = (inside?: { session: ClientSession; state: TransactionState }): Store => {
    const assertActive = () => {
      assertOpen();
      if (inside?.state.done) throw new Error('The transaction has ended');
    };
    const collections = new Map<CollectionName, MongoCollection<Doc>>(
      collectionNames.map((name) => [
        name,
        new MongoCollection<Doc>(db.collection<Row>(name), name, assertActive, {
          derived: derivedOf.get(name) ?? new Map(),
          inSession: (fn) => inSession(inside, fn),
          ...(inside ? { transaction: inside } : {}),
        }),
      ]),
    );
    const collectionOf = <T extends DocLike>(name: CollectionName) => {
      const collection = collections.get(name);
      if (!collection) throw new Error(`Unknown collection ${name}`);
      return collection as unknown as MongoCollection<T>;
    };
    const store: Store = {
      kind: 'mongodb',
      files,
      get root() {
        return root ?? store;
      },
      collection<T extends DocLike = Doc>(name: CollectionName): Collection<T> {
        assertActive();
        return collectionOf<T>(name);
      },
      async ensureIndexes() {
        if (inside) throw new Error('ensureIndexes cannot run inside a transaction');
        for (const spec of indexes) {
          await collectionOf(spec.collection).createIndex(spec.keys, spec.options);
        }
      },
      async insertAfterUpdates<T extends DocLike = Doc>(
        into: CollectionName,
        updates: readonly UpdateSpec[],
        build: (results: Array<Stored<Doc> | null>) => T,
      ): Promise<Stored<T>> {
        assertActive();
        const target = collectionOf<T>(into);
        const update = (u: UpdateSpec) => collectionOf(u.collection).findOneAndUpdate(u.filter, u.update, u.options);
        // Inside a transaction one operation at a time (the driver does not support parallel ones in a session).
        const results: Array<Stored<Doc> | null> = [];
        if (inside) for (const u of updates) results.push(await update(u));
        else results.push(...(await Promise.all(updates.map(update))));
        return target.insertOne(build(results));
      },
      async withTransaction<R>(fn: (tx: Store) => Promise<R>): Promise<R> {
        assertActive();
        if (inside) {
          // Joins the transaction; a throw from the inner function dooms it.
          try {
            return await fn(store);
          } catch (error) {
            inside.state.failure ??= { error };
            throw error;
          }
        }
        const session = client.startSession();
        try {
          return await session.withTransaction(async () => {
            // One state per attempt: the driver runs the function again after a transient error.
            const state: TransactionState = { done: false, failure: null };
            try {
              const value = await fn(storeOf({ session, state }));
              // A failed write was caught inside: the server has aborted the transaction; say why.
              if (state.failure) throw state.failure.error;
              return value;
            } finally {
              state.done = true;
            }
          }, transactionOptions);
        } finally {
          await session.endSession();
        }
      },
      async close() {
        if (inside) throw new Error('close cannot run inside a transaction');
        if (closed) return;
        closed = true;
        await client.close();
      },
    };
    return store;
  };
  root = storeOf();
  return root;
}

/** Every transaction: a snapshot of majority-committed data, committed with write concern majority, on the primary. */
const transactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority' },
  readPreference: 'primary',
} as const;

/** Where a transaction is: its writes are refused once `done`; `failure` is the first write that failed in it. */
interface TransactionState {
  done: boolean;
  failure: { error: unknown } | null;
}

/**
 * One collection of the MongoDB store: a thin pass-through to the driver's `Collection` that generates
 * string `_id`s (on insert, and through `$setOnInsert` on upserts whose filter does not fix `_id`), copies
 * documents going in and coming out, and turns duplicate-key errors (code 11000) into DuplicateKeyError.
 */
export class MongoCollection<T extends DocLike> implements Collection<T> {
  /** `{ session }` inside a transaction (every driver call passes it), else nothing. */
  private readonly session: { session?: ClientSession };
  private readonly transaction: { session: ClientSession; state: TransactionState } | undefined;
  /** The collection's derived keys (IndexOptions.derived): written on every insert and update, never returned. */
  private readonly derived: ReadonlyMap<string, DerivedKey>;
  /** Runs a function in a transaction: this collection's, or a new one. */
  private readonly inSession: <R>(fn: (session: ClientSession) => Promise<R>) => Promise<R>;

  constructor(
    private readonly driver: DriverCollection<Row>,
    private readonly name: string,
    private readonly assertOpen: () => void,
    options: {
      derived: ReadonlyMap<string, DerivedKey>;
      inSession: <R>(fn: (session: ClientSession) => Promise<R>) => Promise<R>;
      transaction?: { session: ClientSession; state: TransactionState };
    },
  ) {
    this.transaction = options.transaction;
    this.session = options.transaction ? { session: options.transaction.session } : {};
    this.derived = options.derived;
    this.inSession = options.inSession;
  }

  async insertOne(doc: T): Promise<Stored<T>> {
    const prepared = prepare(doc);
    await this.write(() => this.driver.insertOne(this.toStore(prepared), this.session));
    return prepared as Stored<T>;
  }

  async insertMany(docs: T[]): Promise<number> {
    if (docs.length === 0) return 0;
    const prepared = docs.map((doc) => this.toStore(prepare(doc)));
    const result = await this.write(() => this.driver.insertMany(prepared, { ordered: true, ...this.session }));
    return result.insertedCount;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection'> = {}): Promise<Stored<T> | null> {
    const doc = await this.run(() =>
      this.driver.findOne(asFilter(filter), {
        ...(options.projection ? { projection: options.projection } : {}),
        ...this.session,
      }),
    );
    return this.fromStore(doc) as Stored<T> | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Array<Stored<T>>> {
    const docs = await this.run(() =>
      this.driver
        .find(asFilter(filter), {
          ...(options.sort ? { sort: options.sort } : {}),
          ...(options.skip ? { skip: options.skip } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
          ...(options.projection ? { projection: options.projection } : {}),
          ...this.session,
        })
        .toArray(),
    );
    return docs.map((doc) => this.fromStore(doc)) as Array<Stored<T>>;
  }

  async *findEach(filter: Filter, options: FindOptions & { batchSize?: number } = {}): AsyncGenerator<Stored<T>> {
    this.assertOpen();
    const cursor = this.driver.find(asFilter(filter), {
      ...(options.sort ? { sort: options.sort } : {}),
      ...(options.skip ? { skip: options.skip } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.projection ? { projection: options.projection } : {}),
      batchSize: options.batchSize ?? 500,
      ...this.session,
    });
    try {
      for await (const doc of cursor) yield this.fromStore(doc) as Stored<T>;
    } finally {
      await cursor.close();
    }
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.run(() => this.driver.countDocuments(asFilter(filter), this.session));
  }

  async countBy(filter: Filter, by: readonly GroupField[], options: CountByOptions = {}): Promise<GroupCount[]> {
    if (by.length === 0) throw new TypeError('countBy needs at least one group field');
    // A prefix cuts strings only ($substrCP counts characters, as the embedded store does); other values group
    // as they are; a missing field groups as null ($ifNull), as in the embedded store.
    const group = Object.fromEntries(
      by.map((g, i) => {
        const value = { $ifNull: [`$${g.field}`, null] };
        const expr =
          g.prefix === undefined
            ? value
            : {
                $cond: [
                  { $eq: [{ $type: `$${g.field}` }, 'string'] },
                  { $substrCP: [`$${g.field}`, 0, Math.floor(g.prefix)] },
                  value,
                ],
              };
        return [`g${i}`, expr];
      }),
    );
    const rows = await this.run(() =>
      this.driver
        .aggregate<{ _id: Record<string, unknown>; n: number }>(
          [{ $match: asFilter(filter) }, { $group: { _id: group, n: { $sum: 1 } } }],
          options.hint === undefined ? this.session : { ...this.session, hint: options.hint },
        )
        .toArray(),
    );
    return rows.map((row) => ({ values: by.map((_, i) => row._id[`g${i}`] ?? null), count: row.n }));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateOneResult> {
    if (this.touchesDerived(update)) {
      return this.derivedWrite(async (session) => {
        const target = await this.driver.findOne(asFilter(filter), { projection: { _id: 1 }, session });
        if (target) {
          const result = await this.driver.updateOne({ _id: target._id }, asUpdate(update), { session });
          await this.fixDerived(session, [target._id]);
          return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upserted: false };
        }
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upserted: false };
        const result = await this.driver.updateOne(asFilter(filter), withUpsertId(filter, update, true), {
          upsert: true,
          session,
        });
        if (result.upsertedId !== null) await this.fixDerived(session, [String(result.upsertedId)]);
        return { matchedCount: 0, modifiedCount: 0, upserted: result.upsertedCount > 0 };
      });
    }
    const result = await this.write(() =>
      this.driver.updateOne(asFilter(filter), withUpsertId(filter, update, options.upsert), {
        upsert: options.upsert ?? false,
        ...this.session,
      }),
    );
    return {
      matchedCount: result.matchedCount,
      modifiedCount: result.modifiedCount,
      upserted: result.upsertedCount > 0,
    };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateManyResult> {
    if (this.touchesDerived(update)) {
      return this.derivedWrite(async (session) => {
        const ids = (await this.driver.find(asFilter(filter), { projection: { _id: 1 }, session }).toArray()).map(
          (doc) => doc._id,
        );
        const result = await this.driver.updateMany({ _id: { $in: ids } }, asUpdate(update), { session });
        await this.fixDerived(session, ids);
        return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount };
      });
    }
    const result = await this.write(() => this.driver.updateMany(asFilter(filter), asUpdate(update), this.session));
    return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const result = await this.write(() => this.driver.deleteOne(asFilter(filter), this.session));
    return { deletedCount: result.deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const result = await this.write(() => this.driver.deleteMany(asFilter(filter), this.session));
    return { deletedCount: result.deletedCount };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): Promise<Stored<T> | null> {
    if (this.touchesDerived(update)) {
      const found = await this.derivedWrite(async (session) => {
        const target = await this.driver.findOne(asFilter(filter), { projection: { _id: 1 }, session });
        const before = await this.driver.findOneAndUpdate(
          target ? { _id: target._id } : asFilter(filter),
          withUpsertId(filter, update, options.upsert && !target),
          {
            upsert: Boolean(options.upsert && !target),
            returnDocument: 'before',
            includeResultMetadata: true,
            session,
          },
        );
        const id = target?._id ?? (before.lastErrorObject?.upserted as string | undefined);
        if (id === undefined) return null;
        await this.fixDerived(session, [id]);
        if (options.returnDocument === 'after') return this.driver.findOne({ _id: id }, { session });
        return before.value;
      });
      return this.fromStore(found) as Stored<T> | null;
    }
    const doc = await this.write(() =>
      this.driver.findOneAndUpdate(asFilter(filter), withUpsertId(filter, update, options.upsert), {
        upsert: options.upsert ?? false,
        returnDocument: options.returnDocument ?? 'before',
        includeResultMetadata: false,
        ...this.session,
      }),
    );
    return this.fromStore(doc) as Stored<T> | null;
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    if (this.transaction) throw new Error('createIndex cannot run inside a transaction');
    // matchOnlyPaths is the embedded store's: MongoDB indexes every path of a wildcard index alike.
    const { matchOnlyPaths: _embeddedOnly, derived, ...mongoOptions } = options;
    if (derived) {
      checkDerived(keys, derived);
      await this.fillDerived(keys, options);
    }
    await this.run(() => this.driver.createIndex(keys, mongoOptions));
  }

  /**
   * Gives every stored document its derived keys before a unique index on them is built (existing data): a
   * document whose keys duplicate an earlier one's (by `_id`, which is time-ordered) gets them made unique with
   * its `_id`, with a warning, as on the embedded store (derived-keys.ts).
   */
  private async fillDerived(keys: Record<string, 1 | -1>, options: IndexOptions): Promise<void> {
    const fields = Object.keys(keys);
    const seen = new Set<string>();
    let batch: AnyBulkWriteOperation<Row>[] = [];
    const flush = async () => {
      if (batch.length > 0) await this.run(() => this.driver.bulkWrite(batch, { ordered: false }));
      batch = [];
    };
    for await (const doc of this.driver.find({}, { sort: { _id: 1 } })) {
      const next = withDerivedKeys(doc, this.derived, doc);
      const derivedKeys = next[derivedRoot] as Record<string, string>;
      if (options.unique) {
        const tuple = () => JSON.stringify(fields.map((f) => valueAt(next, f) ?? null));
        if (seen.has(tuple())) {
          for (const path of Object.keys(options.derived ?? {})) {
            const name = path.slice(derivedRoot.length + 1);
            derivedKeys[name] = disambiguated(derivedKeys[name], doc._id);
          }
          console.warn(
            `[store] ${this.name} ${doc._id} duplicates another document's ${options.name ?? 'index'}: kept, with its key made unique`,
          );
        }
        seen.add(tuple());
      }
      if (!isDeepStrictEqual(derivedKeys, doc[derivedRoot]))
        batch.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { [derivedRoot]: derivedKeys } } } });
      if (batch.length >= 500) await flush();
    }
    await flush();
  }

  /** Whether an update may change this collection's derived keys (then it runs in a transaction). */
  private touchesDerived(update: Update): boolean {
    return this.derived.size > 0 && touchesDerived(update as Record<string, unknown>, this.derived);
  }

  /** A write that may change derived keys: in a transaction (this one, or one of its own), as one write. */
  private derivedWrite<R>(fn: (session: ClientSession) => Promise<R>): Promise<R> {
    return this.write(() => this.inSession(fn));
  }

  /** Writes the derived keys of the documents `ids` as their stored fields now make them (inside `session`). */
  private async fixDerived(session: ClientSession, ids: string[]): Promise<void> {
    for (const _id of ids) {
      const doc = await this.driver.findOne({ _id }, { session });
      if (!doc) continue;
      const keys = withDerivedKeys(doc, this.derived, doc)[derivedRoot];
      if (!isDeepStrictEqual(keys, doc[derivedRoot]))
        await this.driver.updateOne({ _id }, { $set: { [derivedRoot]: keys } }, { session });
    }
  }

  /** A prepared document as stored: a copy, with its derived keys. */
  private toStore(doc: Row): Row {
    return plainCopy(this.derived.size > 0 ? withDerivedKeys(doc, this.derived) : doc);
  }

  /** A document as returned: without its derived keys. */
  private fromStore<D>(doc: D): D {
    return this.derived.size > 0 && doc ? stripDerivedKeys(doc) : doc;
  }

  /**
   * Runs one writing driver call (see `run`); inside a transaction, its failure dooms the transaction (the
   * server has aborted it): withTransaction throws that error even when the caller caught it.
   */
  private async write<R>(task: () => Promise<R>): Promise<R> {
    try {
      return await this.run(task);
    } catch (error) {
      if (this.transaction) this.transaction.state.failure ??= { error };
      throw error;
    }
  }

  /** Runs one driver call: refuses after close, turns code 11000 into DuplicateKeyError. */
  private async run<R>(task: () => Promise<R>): Promise<R> {
    this.assertOpen();
    try {
      return await task();
    } catch (error) {
      if (error instanceof MongoServerError && (error.code === 11000 || error.code === 11001)) {
        const inserted = (error as { insertedCount?: unknown }).insertedCount;
        const key = error.keyValue ? ` ${JSON.stringify(error.keyValue)}` : '';
        const index = /index: (\S+) dup key/.exec(error.message)?.[1];
        throw new DuplicateKeyError(
          this.name,
          `${error.message}${key}`,
          typeof inserted === 'number' ? inserted : undefined,
          { cause: error, ...(index && index !== '_id_' ? { index } : {}) },
        );
      }
      throw error;
    }
  }
}

/** A copy of `doc` with a string `_id` first (generated when missing). */
function prepare<T extends DocLike>(doc: T): Row {
  const { _id = newId(), ...rest } = plainCopy(doc) as Doc;
  if (typeof _id !== 'string') throw new TypeError('_id must be a string');
  return { _id, ...rest };
}

/**
 * The update, plus `$setOnInsert: { _id: <uuid> }` for an upsert whose filter does not fix `_id`, so an
 * upserted document never gets an ObjectId.
 */
function withUpsertId(filter: Filter, update: Update, upsert: boolean | undefined): DriverUpdate<Row> {
  const copy = asUpdate(update);
  if (!upsert || upsertSeed(filter)._id !== undefined) return copy;
  return { ...copy, $setOnInsert: { _id: newId() } } as DriverUpdate<Row>;
}

function asUpdate(update: Update): DriverUpdate<Row> {
  return plainCopy(update) as DriverUpdate<Row>;
}

function asFilter(filter: Filter): DriverFilter<Row> {
  assertDefinedFilter(filter);
  return filter as DriverFilter<Row>;
}
