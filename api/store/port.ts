/**
 * The persistence port (DESIGN.md "api/", "Persistence port `api/store/`").
 *
 * A narrow interface shaped like the MongoDB driver's `Collection`, so that operations are written once and
 * run unchanged on the embedded store (api/store/embedded.ts) and on MongoDB (api/store/mongo.ts). Anything
 * not in this file is not part of the contract: callers must not reach for driver- or SQLite-specific features.
 * The behaviour both implementations share is pinned by the contract suite in api/store/contract.ts and
 * described in docs/store.md.
 */

import { resourceCollections } from '../../engine/types/generated/registry';
import type { BlobStore } from '../files/blob-store';

/**
 * A stored document. `_id` is always a string: the store generates a UUID (version 7, time-ordered: new-id.ts)
 * on insert (and on upsert) when it is missing, so no ObjectId ever reaches a caller. Values are JSON values plus `Date`;
 * `undefined` values are dropped on write (as BSON with `ignoreUndefined` and JSON do).
 */
export type Doc = { _id?: string; [k: string]: unknown };

/**
 * The constraint on the document type of a collection: any object type whose `_id`, if it declares one, is a
 * string. Unlike `Doc` it admits interfaces without an index signature, such as the entity types generated
 * from schemas/entities (engine/types/generated).
 */
export type DocLike = object & { _id?: string };

/** A document as it comes back from the store: `_id` is present. */
export type Stored<T extends DocLike> = T & { _id: string };

/**
 * A query filter in MongoDB syntax. Supported: equality (including equality with an array element and
 * `null`, which also matches a missing field), dotted paths (`'address.city'`), `$eq`, `$ne`, `$in`, `$nin`,
 * `$gt`, `$gte`, `$lt`, `$lte` (numbers, strings, dates), `$exists`, `$regex` (string source, optional
 * `$options` with `i`, `m`, `s`), `$elemMatch`, and the logical `$and`, `$or`, `$nor`.
 */
export type Filter = Record<string, unknown>;

/**
 * An update in MongoDB syntax. Field names may be dotted paths; `$push` takes a value or `{ $each: [...] }`;
 * `$pull` takes a value or a condition (`{ $in: [...] }`, or a sub-document filter for arrays of objects).
 */
export type Update = {
  $set?: Record<string, unknown>;
  $unset?: Record<string, '' | 1 | true>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
};

/** Options of `find`: `sort` keys apply in insertion order of the object; `limit: 0` means no limit. */
export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  /** Inclusion (`{ name: 1 }`) or exclusion (`{ tags: 0 }`), never mixed except for `_id: 0`. */
  projection?: Record<string, 0 | 1>;
}

/** A field `countBy` groups on: a (dotted) path, and optionally the length of a string prefix to group by. */
export interface GroupField {
  field: string;
  /** Group strings by their first `prefix` characters (1 or more). */
  prefix?: number;
}

/**
 * Options of `countBy`. `hint`: the name of an index of the collection to read (MongoDB's `hint`; the embedded
 * store's `INDEXED BY`), for a grouping that one index answers in order where the query planner would pick another
 * (e.g. a date range's index, then sort every match to group it). A name the collection has no index of is an error.
 */
export interface CountByOptions {
  hint?: string;
}

/** One group of `countBy`: its values (in the order of the group fields) and how many documents it holds. */
export interface GroupCount {
  values: unknown[];
  count: number;
}

/** Result of `updateOne`: `upserted` is true when no document matched and one was inserted. */
export interface UpdateOneResult {
  matchedCount: number;
  /** Documents actually changed: a `$set` to the value already stored does not count. */
  modifiedCount: number;
  upserted: boolean;
}

/** Result of `updateMany`. */
export interface UpdateManyResult {
  matchedCount: number;
  modifiedCount: number;
}

/**
 * A key the store derives from other fields of each document on every write (api/store/derived-keys.ts): the
 * JSON array of the fields' values, strings without white space and case when `ignoreSpacesAndCase`.
 */
export interface DerivedKey {
  /** Top-level fields whose values make the key, in order. */
  fields: string[];
  ignoreSpacesAndCase?: boolean;
}

/** Options of `createIndex`. `name` is used by MongoDB only; `expireAfterSeconds` makes a TTL index. */
export interface IndexOptions {
  unique?: boolean;
  name?: string;
  expireAfterSeconds?: number;
  /**
   * A wildcard index's paths (a path under its root, and what is under it) that are only ever matched, never
   * sorted on: the embedded store keeps their values beside the index key rather than in it, so a new document's
   * rows for them go at the end of the index (docs/store.md "Embedded store"); a sort on one of them is done in
   * memory. MongoDB indexes them as any other path (the option is not passed to it).
   */
  matchOnlyPaths?: string[];
  /**
   * Keys of the index that the store derives on every write (`uniqueKeys.<name>` -> its rule): a unique index on
   * a normalised value, such as a resource's `unique` rule ignoring spaces and case (docs/store.md "Unique
   * keys"). The store keeps them in the document's `uniqueKeys` field, which it never returns and which callers
   * do not set. Building the index on existing data computes them first; a document whose key duplicates an
   * earlier one's (by `_id` order) gets its key made unique with its `_id` and a warning, rather than failing.
   */
  derived?: Record<string, DerivedKey>;
}

/**
 * One collection. Every returned document is a fresh copy: mutating it never changes stored data, and
 * mutating a document after passing it to `insertOne` does not either. `find` without `sort` returns
 * documents in no guaranteed order: callers sort.
 */
export interface Collection<T extends DocLike = Doc> {
  /** Inserts one document (generating `_id` when missing) and returns a copy of it. Throws DuplicateKeyError. */
  insertOne(doc: T): Promise<Stored<T>>;
  /**
   * Inserts documents in order and returns how many were inserted (0 for an empty list). On a unique-index
   * violation it throws DuplicateKeyError with `insertedCount`: the documents before the failing one are
   * inserted, the failing one and those after it are not (MongoDB's ordered insert).
   */
  insertMany(docs: T[]): Promise<number>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection'>): Promise<Stored<T> | null>;
  find(filter: Filter, options?: FindOptions): Promise<Array<Stored<T>>>;
  /**
   * The matching documents one at a time, in `sort` order, read in batches of `batchSize` (default 500): a
   * cursor, so memory stays flat however many match (the CSV export streams from it). Writes made while it runs
   * may or may not be seen, as with a MongoDB cursor.
   */
  findEach(filter: Filter, options?: FindOptions & { batchSize?: number }): AsyncIterable<Stored<T>>;
  countDocuments(filter: Filter): Promise<number>;
  /**
   * How many matching documents there are per distinct combination of the `by` fields' values (MongoDB's
   * `$group` with `$sum: 1`): one `{ values, count }` per group, `values` in the order of `by`, in no guaranteed
   * order. A missing field groups as `null`. A group field with `prefix: n` groups a string value by its first n
   * characters (an ISO date's day with 10); other values group as they are. The chart aggregates of issue 24 §6
   * ask this: the store counts, the caller never reads the rows. On the embedded store the groups are computed by
   * SQL on the key columns when the filter has no residual and every group field is an indexed field (a covering
   * index answers it), otherwise in JavaScript over the matching rows; on MongoDB by an aggregation pipeline.
   */
  countBy(filter: Filter, by: readonly GroupField[], options?: CountByOptions): Promise<GroupCount[]>;
  /**
   * Updates the first matching document. With `upsert` and no match, inserts the equality conditions of the
   * filter (dotted paths become nested objects) with the update applied, and a generated string `_id`.
   * Throws DuplicateKeyError (the document is left unchanged).
   */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateOneResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateManyResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  /**
   * Atomically updates the first matching document and returns it as it was `'before'` (the default, as in
   * MongoDB) or `'after'` the update; `null` when nothing matched (or, with `upsert` and `'before'`, when
   * the document was inserted). This is the primitive for counters: concurrent `$inc`s never lose an update.
   */
  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: { upsert?: boolean; returnDocument?: 'before' | 'after' },
  ): Promise<Stored<T> | null>;
  /** Creates the index if it does not exist. Throws DuplicateKeyError if existing data violates `unique`. */
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
}

/**
 * The collections of the platform (DESIGN.md "api/"): the platform's own, and those of the resource
 * declarations (schemas/resources, via the generated registry); api/store/indexes.ts lists the indexes of each.
 */
export const collectionNames = [
  'clients',
  'users',
  'sessions',
  'loginAttempts',
  'formDefinitions',
  'formVersions',
  'formEntries',
  'counters',
  'secrets',
  'formMigrations',
  'dmsHistory',
  // Offline sync (issue 26; api/offline/commands.ts): each applied command's idempotency record, and the entries'
  // audit trail of resolved conflicts.
  'offlineCommands',
  'formEntryAudit',
  ...resourceCollections,
] as const;

/** Name of one collection of the platform. */
export type CollectionName = (typeof collectionNames)[number];

/** One `findOneAndUpdate` on a collection, as `Store.insertAfterUpdates` takes it. */
export interface UpdateSpec {
  collection: CollectionName;
  filter: Filter;
  update: Update;
  options?: { upsert?: boolean; returnDocument?: 'before' | 'after' };
}

/** An open store: one database with the collections above. */
export interface Store {
  /** The collection called `name`. Throws on a name not in `collectionNames`. */
  collection<T extends DocLike = Doc>(name: CollectionName): Collection<T>;
  /**
   * Runs the `findOneAndUpdate`s of `updates`, then inserts into `into` the document that `build` makes of their
   * results (in the order of `updates`; null where nothing matched), and returns it as stored (with its `_id`).
   * For a document numbered by counters: the counters of a new form entry, and the entry (api/ids.ts
   * `insertNumbered`). The embedded store runs all of it as one write, one transaction in one group commit: it
   * is all kept, or nothing of it when any part throws. MongoDB runs the updates (together), then the insert:
   * an insert that fails leaves the updates done (a counter skips a value, as with the calls made one by one).
   * Throws DuplicateKeyError (from an update or the insert) and whatever `build` throws.
   */
  insertAfterUpdates<T extends DocLike = Doc>(
    into: CollectionName,
    updates: readonly UpdateSpec[],
    build: (results: Array<Stored<Doc> | null>) => T,
  ): Promise<Stored<T>>;
  /**
   * Runs `fn` in one transaction and returns what it returns: all of its writes are kept, or none of them.
   * `tx` is a Store whose collections read the transaction's own writes and write inside it; a write must go
   * through `tx` (a write through this store waits for the transaction to end, so awaiting one inside `fn`
   * never ends until the transaction times out), while a read through this store sees only what is committed.
   * `tx.files` is this store's blob store: blob writes are not part of the transaction (they stay when it
   * rolls back; write the blob first, then the documents naming it).
   *
   * - A throw (or rejection) inside `fn` rolls every write back and is rethrown as it is.
   * - A write that fails inside it (a DuplicateKeyError, say) dooms the transaction even when `fn` catches
   *   the error (as on MongoDB, whose server aborts the transaction): when `fn` returns, everything is rolled
   *   back and that first error is thrown.
   * - `tx.withTransaction(inner)` joins the transaction: `inner`'s writes are the outer one's, and a throw
   *   from `inner` dooms the whole transaction, even when the outer `fn` catches it.
   * - Concurrent transactions are serialised (embedded) or isolated by snapshot with write conflicts retried
   *   (MongoDB): neither sees the other's uncommitted writes, and a unique index holds across them.
   * - Embedded (docs/store.md "Transactions"): one SQLite transaction on the writer connection, inside one
   *   group commit, so one COMMIT and one fsync; transactions run one at a time, other writes wait for it; a
   *   transaction still running after `transactionTimeoutMs` (30 s) is rolled back and rejects.
   * - MongoDB: a client session's `withTransaction` (write concern majority, read concern snapshot), which
   *   needs a replica set (or a sharded cluster); `fn` may run again after a transient error (a write
   *   conflict), so it must not have effects other than through `tx`.
   * `tx.ensureIndexes()`, `tx.close()` and `createIndex` inside it reject. Using `tx` after the transaction
   * has ended throws.
   */
  withTransaction<R>(fn: (tx: Store) => Promise<R>): Promise<R>;
  /** Applies every index of api/store/indexes.ts (idempotent). Throws DuplicateKeyError on conflicting data. */
  ensureIndexes(): Promise<void>;
  /** The store's files (api/files/blob-store.ts): a directory beside the embedded data, GridFS on MongoDB. */
  readonly files: BlobStore;
  /**
   * The store itself; for a transaction's `tx`, the store it runs in. What is cached per store (a WeakMap keyed by
   * the store: sessions, form versions) is keyed by `store.root`, so that a change made through `tx` forgets the
   * store's entries; and where `store !== store.root` (inside a transaction) nothing read is kept or used, as it
   * may be rolled back or newer than what is kept.
   */
  readonly root: Store;
  /** Waits for pending writes, releases files or connections. Using the store afterwards throws. */
  close(): Promise<void>;
  readonly kind: 'embedded' | 'mongodb';
}

/**
 * Thrown by both implementations on a unique-index violation (MongoDB error code 11000, SQLite
 * `SQLITE_CONSTRAINT_UNIQUE` / `SQLITE_CONSTRAINT_PRIMARYKEY`). The API maps it to its own error value with a message id.
 */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  /** The collection written to. */
  readonly collection: string;
  /** For `insertMany`: how many documents were inserted before the failing one. */
  readonly insertedCount?: number;
  /** The name of the unique index refused (as in api/store/indexes.ts), when known; none for `_id`. */
  readonly index?: string;

  constructor(
    collection: string,
    detail?: string,
    insertedCount?: number,
    options?: { cause?: unknown; index?: string },
  ) {
    super(`Duplicate key in ${collection}${detail ? `: ${detail}` : ''}`, options);
    this.collection = collection;
    if (insertedCount !== undefined) this.insertedCount = insertedCount;
    if (options?.index !== undefined) this.index = options.index;
  }
}
