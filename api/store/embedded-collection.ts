import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type Datastore from '@seald-io/nedb';
import { getDotValue, modify } from '@seald-io/nedb/lib/model.js';
import type { GroupCommit } from './group-commit';
import { toNedbQuery, toNedbUpdate } from './nedb-query';
import { plainCopy } from './plain-copy';
import {
  type Collection,
  type DocLike,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexOptions,
  type Stored,
  type Update,
  type UpdateManyResult,
  type UpdateOneResult,
} from './port';
import { upsertSeed } from './upsert-seed';

type Row = Record<string, unknown> & { _id: string };
type NedbQuery = Record<string, unknown>;

/** Appended lines below which the data file is never compacted by size (it is always compacted on open). */
export const minCompactionLines = 1000;

/** What an embedded collection needs from its store. */
export interface EmbeddedCollectionContext {
  name: string;
  datastore: Datastore<Record<string, unknown>>;
  /** False for ':memory:' stores: nothing is appended, compacted or synced. */
  fileBacked: boolean;
  /** Present when acknowledged writes must be fsynced (file-backed store with `durability: 'fsync'`). */
  commit: GroupCommit | null;
  /** Throws when the store is closed. */
  assertOpen(): void;
  /** Reports a failure of background work (compaction) that no caller is waiting for. */
  onError(error: unknown): void;
}

/**
 * One collection of the embedded store (api/store/embedded.ts) on an nedb datastore, implementing the
 * port's `Collection` (api/store/port.ts) with MongoDB's semantics.
 *
 * Every write runs through a per-collection queue, so read-modify-write sequences (`updateOne` computing
 * `modifiedCount`, `findOneAndUpdate`, upserts) are atomic with respect to other writes: concurrent `$inc`s
 * on a counter never lose an update. Reads go straight to nedb, which orders them after the writes it has
 * already been handed. A write is acknowledged (its promise resolves) only after its append has returned
 * and, with a GroupCommit, after an fsync covering it (docs/store.md, "Durability").
 *
 * Each append is counted; once the appended lines outnumber both `minCompactionLines` and the live
 * documents, the data file is compacted (nedb rewrites it to a temp file, fsyncs and renames it).
 */
export class EmbeddedCollection<T extends DocLike> implements Collection<T> {
  private readonly ds: Datastore<Record<string, unknown>>;
  private tail: Promise<unknown> = Promise.resolve();
  private linesSinceCompaction = 0;
  private compactAt = minCompactionLines;
  /** TTL indexes: field -> expireAfterSeconds. */
  readonly ttl = new Map<string, number>();

  constructor(private readonly ctx: EmbeddedCollectionContext) {
    this.ds = ctx.datastore;
    // Count every append nedb makes (writes, index lines, TTL deletions) once it has reached the OS.
    const persistence = this.ds.persistence as unknown as { persistNewStateAsync(docs: unknown[]): Promise<void> };
    const append = persistence.persistNewStateAsync.bind(persistence);
    persistence.persistNewStateAsync = async (docs: unknown[]) => {
      await append(docs);
      if (docs.length > 0 && ctx.fileBacked) {
        this.linesSinceCompaction += docs.length;
        ctx.commit?.noteAppend();
      }
    };
  }

  async insertOne(doc: T): Promise<Stored<T>> {
    const prepared = this.prepare(doc);
    await this.write(() => this.nedb(() => this.ds.insertAsync(prepared)));
    return plainCopy(prepared) as Stored<T>;
  }

  async insertMany(docs: T[]): Promise<number> {
    if (docs.length === 0) return 0;
    const prepared = docs.map((doc) => this.prepare(doc));
    return this.write(async () => {
      try {
        // nedb inserts an array all-or-nothing, in one append.
        await this.ds.insertAsync(prepared);
        return prepared.length;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      // Some document violates a unique index: insert in order up to it, as MongoDB's ordered insert does.
      for (let i = 0; i < prepared.length; i += 1) {
        try {
          await this.ds.insertAsync(prepared[i]);
        } catch (error) {
          throw this.mapError(error, i);
        }
      }
      return prepared.length;
    });
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection'> = {}): Promise<Stored<T> | null> {
    this.ctx.assertOpen();
    const query = toNedbQuery(filter);
    const doc = (await this.ds.findOneAsync(query, options.projection ?? {})) as unknown as Row | null;
    return (doc ?? null) as Stored<T> | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Array<Stored<T>>> {
    this.ctx.assertOpen();
    let cursor = this.ds.findAsync(toNedbQuery(filter));
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    if (options.projection) cursor = cursor.projection(options.projection);
    return (await cursor) as unknown as Array<Stored<T>>;
  }

  async countDocuments(filter: Filter): Promise<number> {
    this.ctx.assertOpen();
    return (await this.ds.countAsync(toNedbQuery(filter))) as unknown as number;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateOneResult> {
    const query = toNedbQuery(filter);
    const change = toNedbUpdate(update);
    return this.write(async () => {
      const current = await this.findRow(query);
      if (!current) {
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upserted: false };
        await this.insertUpsert(filter, change);
        return { matchedCount: 0, modifiedCount: 0, upserted: true };
      }
      const next = await this.apply(current, change);
      return { matchedCount: 1, modifiedCount: next === current ? 0 : 1, upserted: false };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateManyResult> {
    const query = toNedbQuery(filter);
    const change = toNedbUpdate(update);
    return this.write(async () => {
      const rows = (await this.ds.findAsync(query)) as unknown as Row[];
      let modifiedCount = 0;
      // One document at a time, like MongoDB: a unique violation stops the loop with earlier documents updated.
      for (const row of rows) {
        if ((await this.apply(row, change)) !== row) modifiedCount += 1;
      }
      return { matchedCount: rows.length, modifiedCount };
    });
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const query = toNedbQuery(filter);
    const deletedCount = await this.write(() => this.ds.removeAsync(query, { multi: false }));
    return { deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const query = toNedbQuery(filter);
    const deletedCount = await this.write(() => this.ds.removeAsync(query, { multi: true }));
    return { deletedCount };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): Promise<Stored<T> | null> {
    const query = toNedbQuery(filter);
    const change = toNedbUpdate(update);
    const after = options.returnDocument === 'after';
    return this.write(async () => {
      const current = await this.findRow(query);
      if (!current) {
        if (!options.upsert) return null;
        const inserted = await this.insertUpsert(filter, change);
        return after ? (inserted as Stored<T>) : null;
      }
      const next = await this.apply(current, change);
      return plainCopy(after ? next : current) as Stored<T>;
    });
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new Error('createIndex needs at least one key');
    await this.write(() =>
      this.nedb(() =>
        this.ds.ensureIndexAsync({
          fieldName: fields.length === 1 ? fields[0] : fields,
          unique: options.unique ?? false,
        }),
      ),
    );
    if (options.expireAfterSeconds !== undefined) {
      if (fields.length !== 1) throw new Error('A TTL index has exactly one key');
      this.ttl.set(fields[0], options.expireAfterSeconds);
    }
  }

  /**
   * Deletes the documents whose TTL field (a Date) plus its `expireAfterSeconds` has passed, as MongoDB's
   * TTL monitor does. Documents whose field is missing or not a Date are kept. Returns how many were deleted.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    let deleted = 0;
    for (const [field, seconds] of this.ttl) {
      deleted += (await this.deleteMany({ [field]: { $lt: new Date(now - seconds * 1000) } })).deletedCount;
    }
    return deleted;
  }

  /** Rewrites the data file with one line per live document (crash-safe: temp file, fsync, rename). */
  async compact(): Promise<void> {
    await this.write(() => this.compactNow());
  }

  /** Resolves when every write handed to this collection so far has finished (used by `close`). */
  async drain(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
  }

  /** Runs `task` after every earlier write of this collection, then waits for durability. */
  private async write<R>(task: () => Promise<R>): Promise<R> {
    this.ctx.assertOpen();
    const run = this.tail.then(() => this.nedb(task));
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await run;
    } finally {
      // Also after a failure: an ordered insertMany may have appended documents before failing.
      await this.ctx.commit?.flush();
      this.maybeCompact();
    }
  }

  private maybeCompact(): void {
    if (this.linesSinceCompaction < this.compactAt) return;
    const live = this.ds.getAllData().length;
    this.compactAt = Math.max(minCompactionLines, live);
    if (this.linesSinceCompaction < this.compactAt) return;
    this.tail = this.tail.then(() => this.compactNow().catch((error) => this.ctx.onError(error)));
  }

  private async compactNow(): Promise<void> {
    if (!this.ctx.fileBacked) return;
    await this.ds.compactDatafileAsync();
    this.linesSinceCompaction = 0;
    this.compactAt = Math.max(minCompactionLines, this.ds.getAllData().length);
  }

  private async findRow(query: NedbQuery): Promise<Row | null> {
    return ((await this.ds.findOneAsync(query)) as unknown as Row | null) ?? null;
  }

  /**
   * Applies `change` to the stored `row` and returns the new document, or `row` itself when nothing
   * changed (then nothing is written, as MongoDB reports `modifiedCount: 0`).
   */
  private async apply(row: Row, change: NedbQuery): Promise<Row> {
    const effective = applicable(row, change);
    // Never hand nedb an empty update: it would take {} as a replacement document.
    if (Object.keys(effective).length === 0) return row;
    const next = modify(row, effective);
    if (isDeepStrictEqual(next, row)) return row;
    await this.ds.updateAsync({ _id: row._id }, next, {});
    return next;
  }

  /** Inserts the document an upsert creates: the filter's equality conditions with the update applied. */
  private async insertUpsert(filter: Filter, change: NedbQuery): Promise<Row> {
    const { _id = randomUUID(), ...fields } = upsertSeed(filter);
    if (typeof _id !== 'string') throw new TypeError('_id must be a string');
    const seed: Row = { _id, ...fields };
    const effective = applicable(seed, change);
    const doc = Object.keys(effective).length === 0 ? seed : modify(seed, effective);
    await this.ds.insertAsync(doc);
    return doc;
  }

  private prepare(doc: T): Row {
    const copy = plainCopy(doc) as Record<string, unknown>;
    if (copy._id === undefined) copy._id = randomUUID();
    if (typeof copy._id !== 'string') throw new TypeError('_id must be a string');
    // _id first, as MongoDB stores it.
    const { _id, ...rest } = copy;
    return { _id, ...rest };
  }

  private async nedb<R>(task: () => Promise<R>): Promise<R> {
    try {
      return await task();
    } catch (error) {
      throw this.mapError(error);
    }
  }

  private mapError(error: unknown, insertedCount?: number): unknown {
    if (error instanceof DuplicateKeyError) return error;
    if (!isUniqueViolation(error)) return error;
    const key = (error as { key?: unknown }).key;
    return new DuplicateKeyError(this.ctx.name, `key ${safeJson(key)}`, insertedCount, { cause: error });
  }
}

/**
 * The update without `$pull`s of fields the document does not have: MongoDB ignores those, nedb throws.
 * Empty operators are dropped too ({} means no change).
 */
function applicable(doc: Record<string, unknown>, change: NedbQuery): NedbQuery {
  const pull = change.$pull as Record<string, unknown> | undefined;
  if (!pull) return change;
  const kept = Object.fromEntries(Object.entries(pull).filter(([field]) => getDotValue(doc, field) !== undefined));
  const { $pull: _, ...rest } = change;
  return Object.keys(kept).length > 0 ? { ...rest, $pull: kept } : rest;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { errorType?: unknown } | null)?.errorType === 'uniqueViolated';
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
