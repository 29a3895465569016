import { isDeepStrictEqual } from 'node:util';
import type Database from 'better-sqlite3';
import { checkDerived, derivedRoot, disambiguated, stripDerivedKeys, withDerivedKeys } from './derived-keys';
import { getDotValue } from './dot-path';
import { bracket, indexedScalar, indexKey, valueOfKey } from './index-key';
import { newId } from './new-id';
import { plainCopy } from './plain-copy';
import {
  type Collection,
  type CountByOptions,
  type DerivedKey,
  type DocLike,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type GroupCount,
  type GroupField,
  type IndexOptions,
  type Stored,
  type Update,
  type UpdateManyResult,
  type UpdateOneResult,
} from './port';
import { applyUpdate, type CheckedUpdate, compileFilter, toUpdate } from './query';
import {
  boundKeys,
  type CollectionLayout,
  type FilterPlan,
  isMatchOnly,
  keyColumn,
  planFilter,
  quote,
  renderWhere,
  scopeKey,
  scopeSql,
  scopeTable,
  type WildcardLayout,
  wildcardOf,
} from './sql-plan';
import { checkFieldNames, jsonWithDates } from './stored-json';
import { upsertSeed } from './upsert-seed';
import { KeepWrites } from './write-queue';

type Row = Record<string, unknown> & { _id: string };
interface RawRow {
  rid: number;
  doc: string;
}
interface Found {
  rid: number;
  doc: Row;
}

/**
 * What a collection needs from its store: the store's own (writes through the group commit, reads of what is
 * committed) or a transaction's (api/store/embedded.ts `withTransaction`: writes at once inside it, reads of
 * its own writes).
 */
export interface EmbeddedCollectionContext {
  name: string;
  /** The writer connection. */
  db: Database.Database;
  /** Throws when the store is closed (or the transaction has ended). */
  assertOpen(): void;
  /**
   * Prepared statements for reads, cached by SQL text: the writer's, or while a transaction is open, for the
   * store's own collections, those of a read-only connection that sees only what is committed.
   */
  statement(sql: string): Database.Statement;
  /** Runs a write's synchronous SQLite work: in the next group commit, or at once inside the transaction. */
  write<R>(task: () => R): Promise<R>;
  /**
   * A transaction's context: findOne neither answers from nor keeps recent answers (they are the committed
   * state's), and createIndex is refused.
   */
  transaction: boolean;
}

/** The recent findOne answers of a collection and the generation they are valid for (see `recent`). */
interface RecentAnswers {
  /**
   * Recent findOne answers (the stored text, or null for none) by filter, valid while `generation` is theirs:
   * every write of this collection (insert, update, delete, on the queue's one connection, in this process
   * only: the data directory is locked) moves `generation` on, so an answer is never older than the last write,
   * and so does the end of a group commit that held a transaction (what was read while it ran may be older or
   * newer than what it left). The project, client and form look-ups of every request read from here (issue
   * "Performance at scale" §4).
   */
  answers: Map<string, { generation: number; text: string | null }>;
  chars: number;
  generation: number;
}

/** An index as recorded in the store's `_indexes` table. */
export interface IndexRecord {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
  expireAfterSeconds?: number;
  /** A wildcard index's match-only paths (IndexOptions.matchOnlyPaths), as its side-table rows are kept. */
  matchOnlyPaths?: string[];
  /** Keys the store derives on every write (IndexOptions.derived). */
  derived?: Record<string, DerivedKey>;
}

/**
 * One collection of the embedded store (api/store/embedded.ts): an SQLite table of JSON documents with a key
 * column per indexed field and a side table per wildcard index, implementing the port's `Collection`
 * (api/store/port.ts) with MongoDB's semantics (docs/store.md "Embedded store").
 *
 * Every write is a task of the store's WriteQueue (group commit): it runs synchronously inside the batch's
 * transaction, so read-modify-write sequences are atomic against other writes, and it is acknowledged after the
 * batch's COMMIT. Reads run synchronously on the same connection and see every acknowledged write.
 * Filters are planned by api/store/sql-plan.ts: what SQL cannot decide exactly is matched in JavaScript
 * (api/store/query.ts `compileFilter`, MongoDB's meaning by mingo), and updates are computed there too
 * (`applyUpdate`); the contract suite pins both.
 */
export class EmbeddedCollection<T extends DocLike> implements Collection<T> {
  readonly layout: CollectionLayout;
  /** Field -> expireAfterSeconds of TTL indexes. */
  readonly ttl: Map<string, number>;
  readonly indexRecords: Map<string, IndexRecord>;
  /** The derived keys of the collection's indexes (`uniqueKeys.<name>` -> rule), written on every insert and update. */
  readonly derived: Map<string, DerivedKey>;
  private readonly recent: RecentAnswers;

  /** A collection of the store, or (with `of`) a view of `of` for a transaction, sharing its layout and answers. */
  constructor(
    private readonly ctx: EmbeddedCollectionContext,
    table: string,
    of?: EmbeddedCollection<DocLike>,
  ) {
    this.layout = of?.layout ?? { table, columns: new Map(), wildcards: [] };
    this.ttl = of?.ttl ?? new Map();
    this.indexRecords = of?.indexRecords ?? new Map();
    this.derived = of?.derived ?? new Map();
    this.recent = of?.recent ?? { answers: new Map(), chars: 0, generation: 0 };
  }

  /** This collection as seen through another context (a transaction's): same table, layout and answers. */
  view(ctx: EmbeddedCollectionContext): EmbeddedCollection<T> {
    return new EmbeddedCollection<T>(ctx, this.layout.table, this as EmbeddedCollection<DocLike>);
  }

  /** Forgets every recent findOne answer (moves the generation on). */
  forgetAnswers(): void {
    this.recent.generation += 1;
  }

  async insertOne(doc: T): Promise<Stored<T>> {
    const prepared = this.prepare(doc);
    await this.write(() => this.insertRow(prepared));
    // `prepared` is already a copy of the caller's document that nothing else holds: it is the answer.
    return prepared as Stored<T>;
  }

  async insertMany(docs: T[]): Promise<number> {
    if (docs.length === 0) return 0;
    const prepared = docs.map((doc) => this.prepare(doc));
    return this.write(() => {
      for (let i = 0; i < prepared.length; i += 1) {
        try {
          this.insertRow(prepared[i]);
        } catch (error) {
          const mapped = this.mapError(error, i);
          // MongoDB's ordered insert: the documents before the failing one stay.
          throw mapped instanceof DuplicateKeyError ? new KeepWrites(mapped) : mapped;
        }
      }
      return prepared.length;
    });
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection'> = {}): Promise<Stored<T> | null> {
    this.ctx.assertOpen();
    const key = this.ctx.transaction ? null : recentKey(filter);
    let doc: Row | null;
    const recent = key === null ? undefined : this.recent.answers.get(key);
    if (recent !== undefined && recent.generation === this.recent.generation) {
      doc = recent.text === null ? null : parseDoc(recent.text);
    } else {
      const plan = planFilter(filter, this.layout);
      const { residual, orderBy, base, params } = this.query(plan, { limit: 1 });
      if (key !== null && orderBy !== null && !residual) {
        // One row by a filter SQL decides alone: its text is kept for the next findOne of the same filter.
        const raw = this.ctx.statement(`${base}${orderBy} LIMIT 1`).get(...params) as RawRow | undefined;
        this.remember(key, raw?.doc ?? null);
        doc = raw ? parseDoc(raw.doc) : null;
      } else {
        doc = this.select(plan, { limit: 1 })[0]?.doc ?? null;
      }
    }
    if (!doc) return null;
    if (this.derived.size > 0) stripDerivedKeys(doc);
    return (options.projection ? project(doc, options.projection) : doc) as Stored<T>;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Array<Stored<T>>> {
    this.ctx.assertOpen();
    const found = this.select(planFilter(filter, this.layout), options);
    const projection = options.projection;
    const strip = this.derived.size > 0;
    return found.map((f) => {
      const doc = strip ? stripDerivedKeys(f.doc) : f.doc;
      return projection ? project(doc, projection) : doc;
    }) as Array<Stored<T>>;
  }

  /**
   * Iterates the matching documents in `options.sort` order, reading them from SQLite in pages of `batchSize`
   * (default 500), so that memory stays flat however many match (the CSV export streams from it).
   * Writes between pages may be seen or not, as with a MongoDB cursor.
   */
  async *findEach(filter: Filter, options: FindOptions & { batchSize?: number } = {}): AsyncGenerator<Stored<T>> {
    this.ctx.assertOpen();
    const batchSize = Math.max(1, options.batchSize ?? 500);
    const strip = this.derived.size > 0;
    const shape = (doc: Row) => {
      if (strip) stripDerivedKeys(doc);
      return (options.projection ? project(doc, options.projection) : doc) as Stored<T>;
    };
    const plan = planFilter(filter, this.layout);
    const { skip, limit, residual, orderBy, base, params } = this.query(plan, options);
    if (orderBy === null) {
      // A sort SQL cannot do: JavaScript sorts every match.
      for (const found of this.select(plan, options)) yield shape(found.doc);
      return;
    }
    // The row ids in order, in one statement (an open SQLite cursor cannot wait for the consumer: the connection
    // serves every request); then the documents, a batch at a time. Skip and limit apply after the matcher.
    const paged = !residual;
    const rids = this.ctx
      .statement(`SELECT rid FROM (${base}${orderBy}${paged ? ' LIMIT ? OFFSET ?' : ''})`)
      .pluck()
      .all(...params, ...(paged ? [Number.isFinite(limit) ? limit : -1, skip] : [])) as number[];
    let toSkip = paged ? 0 : skip;
    let left = paged ? Number.POSITIVE_INFINITY : limit;
    for (let start = 0; start < rids.length && left > 0; start += batchSize) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      this.ctx.assertOpen();
      const batch = rids.slice(start, start + batchSize);
      const byRid = new Map(
        (
          this.ctx
            .statement(
              `SELECT rowid AS rid, ${docSql('doc', options.projection)} AS doc FROM ${quote(this.layout.table)} WHERE rowid IN (${batch.map(() => '?').join(',')})`,
            )
            .all(...batch) as RawRow[]
        ).map((raw) => [raw.rid, raw.doc]),
      );
      for (const rid of batch) {
        const text = byRid.get(rid);
        if (text === undefined) continue; // deleted meanwhile
        const doc = parseDoc(text);
        if (residual && !residual(doc)) continue;
        if (toSkip > 0) {
          toSkip -= 1;
          continue;
        }
        yield shape(doc);
        left -= 1;
        if (left <= 0) return;
      }
    }
  }

  async countDocuments(filter: Filter): Promise<number> {
    this.ctx.assertOpen();
    const plan = planFilter(filter, this.layout);
    if (!plan.residual) {
      const side = this.sideCount(plan);
      const counted = side ?? {
        sql: `SELECT COUNT(*) AS n FROM ${quote(this.layout.table)} t WHERE ${renderWhere(plan).sql}`,
        params: renderWhere(plan).params,
      };
      return (this.ctx.statement(counted.sql).get(...counted.params) as { n: number }).n;
    }
    return this.select(plan, {}).length;
  }

  async countBy(filter: Filter, by: readonly GroupField[], options: CountByOptions = {}): Promise<GroupCount[]> {
    this.ctx.assertOpen();
    if (by.length === 0) throw new TypeError('countBy needs at least one group field');
    const plan = planFilter(filter, this.layout);
    const columns = by.map((g) => this.layout.columns.get(g.field));
    if (!plan.residual && columns.every((c) => c !== undefined)) {
      // SQL groups the key columns (a covering index reads no document); a prefix cuts string keys only.
      const exprs = by.map((g, i) => {
        const column = `t.${quote(columns[i] as string)}`;
        return g.prefix === undefined
          ? column
          : `CASE WHEN substr(${column}, 1, 1) = '${bracket.string}' THEN substr(${column}, 1, ${Math.floor(g.prefix) + 1}) ELSE ${column} END`;
      });
      const where = renderWhere(plan);
      const indexedBy = options.hint === undefined ? '' : ` INDEXED BY ${quote(`ix:${this.ctx.name}:${options.hint}`)}`;
      const select = exprs.map((e, i) => `${e} AS g${i}`).join(', ');
      const groups = exprs.map((_, i) => `g${i}`).join(', ');
      const rows = this.ctx
        .statement(
          `SELECT ${select}, COUNT(*) AS n FROM ${quote(this.layout.table)} t${indexedBy} WHERE ${where.sql} GROUP BY ${groups}`,
        )
        .all(...where.params) as Array<Record<string, string | number>>;
      return rows.map((row) => ({
        values: by.map((_, i) => valueOfKey(String(row[`g${i}`]))),
        count: Number(row.n),
      }));
    }
    // Otherwise JavaScript counts the matching documents, keyed as the index keys would key them.
    const counts = new Map<string, GroupCount>();
    for (const found of this.select(plan, {})) {
      const values = by.map((g) => {
        const value = getDotValue(found.doc, g.field) ?? null;
        return g.prefix !== undefined && typeof value === 'string' ? value.slice(0, g.prefix) : value;
      });
      const key = values.map((v) => indexKey(v)).join('\u0000');
      const group = counts.get(key);
      if (group) group.count += 1;
      else counts.set(key, { values, count: 1 });
    }
    return [...counts.values()];
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateOneResult> {
    const plan = planFilter(filter, this.layout);
    const change = toUpdate(update);
    return this.write(() => {
      const [current] = this.select(plan, { limit: 1 });
      if (!current) {
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upserted: false };
        this.insertUpsert(filter, change);
        return { matchedCount: 0, modifiedCount: 0, upserted: true };
      }
      const next = this.apply(current, change);
      return { matchedCount: 1, modifiedCount: next === current.doc ? 0 : 1, upserted: false };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateManyResult> {
    const plan = planFilter(filter, this.layout);
    const change = toUpdate(update);
    return this.write(() => {
      const rows = this.select(plan, {});
      let modifiedCount = 0;
      for (const row of rows) if (this.apply(row, change) !== row.doc) modifiedCount += 1;
      return { matchedCount: rows.length, modifiedCount };
    });
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const plan = planFilter(filter, this.layout);
    return this.write(() => {
      const [found] = this.select(plan, { limit: 1 });
      if (found) this.deleteRow(found.rid);
      return { deletedCount: found ? 1 : 0 };
    });
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const plan = planFilter(filter, this.layout);
    return this.write(() => {
      const rids = plan.residual
        ? this.select(plan, {}).map((f) => f.rid)
        : (
            this.ctx
              .statement(`SELECT t.rowid AS rid FROM ${quote(this.layout.table)} t WHERE ${renderWhere(plan).sql}`)
              .all(...renderWhere(plan).params) as Array<{ rid: number }>
          ).map((r) => r.rid);
      for (const rid of rids) this.deleteRow(rid);
      return { deletedCount: rids.length };
    });
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): Promise<Stored<T> | null> {
    return this.write(this.findOneAndUpdateTask(filter, update, options));
  }

  /**
   * `findOneAndUpdate` as a task to run inside a write of the store's queue (planned now, so a bad filter or
   * update throws before anything is queued); unique violations become DuplicateKeyError.
   */
  findOneAndUpdateTask(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): () => Stored<T> | null {
    const plan = planFilter(filter, this.layout);
    const change = toUpdate(update);
    const after = options.returnDocument === 'after';
    return () =>
      this.mapped(() => {
        const [current] = this.select(plan, { limit: 1 });
        if (!current) {
          if (!options.upsert) return null;
          const inserted = this.insertUpsert(filter, change);
          return after ? (stripDerivedKeys(plainCopy(inserted)) as Stored<T>) : null;
        }
        const next = this.apply(current, change);
        return stripDerivedKeys(plainCopy(after ? next : current.doc)) as Stored<T>;
      });
  }

  /**
   * Inserts a document now, inside a write of the store's queue, and returns it as stored (the copy that was
   * written, with its `_id`); unique violations become DuplicateKeyError.
   */
  insertNow(doc: T): Stored<T> {
    return this.mapped(() => {
      const prepared = this.prepare(doc);
      this.insertRow(prepared);
      return prepared as Stored<T>;
    });
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    if (this.ctx.transaction) throw new Error('createIndex cannot run inside a transaction');
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new Error('createIndex needs at least one key');
    if (options.expireAfterSeconds !== undefined && fields.length !== 1)
      throw new Error('A TTL index has exactly one key');
    const wildcardFields = fields.filter((f) => f.endsWith('.$**'));
    if (wildcardFields.length > 1 || (wildcardFields.length === 1 && !fields[fields.length - 1].endsWith('.$**')))
      throw new Error('A wildcard index has one wildcard key, the last');
    if (wildcardFields.length === 1 && options.unique) throw new Error('A wildcard index cannot be unique');
    if (options.derived) checkDerived(keys, options.derived);
    const name = options.name ?? fields.map((f) => `${f}_${keys[f]}`).join('_');
    const record: IndexRecord = {
      name,
      keys,
      unique: options.unique === true,
      ...(options.expireAfterSeconds !== undefined ? { expireAfterSeconds: options.expireAfterSeconds } : {}),
      ...(wildcardFields.length === 1 && options.matchOnlyPaths?.length
        ? { matchOnlyPaths: [...options.matchOnlyPaths] }
        : {}),
      ...(options.derived ? { derived: plainCopy(options.derived) } : {}),
    };
    await this.write(() => {
      const known = [...this.indexRecords.values()].find(
        (r) => r.name === name || JSON.stringify(r.keys) === JSON.stringify(keys),
      );
      if (known) {
        // A wildcard index asked for with other match-only paths than its rows are kept with: the rows move.
        const wanted = record.matchOnlyPaths ?? [];
        if (wildcardFields.length === 1 && JSON.stringify(known.matchOnlyPaths ?? []) !== JSON.stringify(wanted))
          this.rekeyMatchOnly(known, wanted);
        return;
      }
      const added = Object.keys(record.derived ?? {}).filter((path) => !this.derived.has(path));
      try {
        // Derived keys first: the documents get them (the index's columns are filled from the documents).
        for (const [path, rule] of Object.entries(record.derived ?? {})) this.derived.set(path, rule);
        if (record.derived) this.fillDerived(record);
        this.buildIndex(record);
      } catch (error) {
        for (const path of added) this.derived.delete(path);
        throw this.mapError(error);
      }
      this.adopt(record);
    });
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

  /** Makes an index recorded in the store (or just built) part of this collection's layout. */
  adopt(record: IndexRecord): void {
    this.indexRecords.set(record.name, record);
    const fields = Object.keys(record.keys);
    const wildcard = fields.find((f) => f.endsWith('.$**'));
    for (const field of fields) if (field !== wildcard) this.layout.columns.set(field, columnName(field));
    if (wildcard && !this.layout.wildcards.some((w) => w.name === record.name)) {
      const layout = this.wildcardLayout(record);
      upgradeSideTable(this.ctx.db, this.ctx.name, layout);
      this.layout.wildcards.push(layout);
    }
    if (record.expireAfterSeconds !== undefined) this.ttl.set(fields[0], record.expireAfterSeconds);
    for (const [path, rule] of Object.entries(record.derived ?? {})) this.derived.set(path, rule);
  }

  /**
   * Gives every stored document the derived keys of `record` (a new index on existing data). For a unique index,
   * a document whose keys duplicate an earlier one's (by rowid, the order of insertion) gets its derived keys
   * made unique with its `_id`, and a warning names it, so the index can be built; the document keeps that key
   * while its values do not change (derived-keys.ts `withDerivedKeys`).
   */
  private fillDerived(record: IndexRecord): void {
    const table = quote(this.layout.table);
    const set = this.ctx.db.prepare(`UPDATE ${table} SET doc = ? WHERE rowid = ?`);
    const fields = Object.keys(record.keys);
    const seen = new Set<string>();
    const rows = this.ctx.db.prepare(`SELECT rowid AS rid, doc FROM ${table} ORDER BY rowid`).all() as RawRow[];
    for (const raw of rows) {
      const doc = parseDoc(raw.doc);
      const next = withDerivedKeys(doc, this.derived, doc) as Row;
      if (record.unique) {
        const tuple = () => JSON.stringify(fields.map((f) => indexedScalar(getDotValue(next, f), f)));
        if (seen.has(tuple())) {
          const keys = next[derivedRoot] as Record<string, string>;
          for (const path of Object.keys(record.derived ?? {})) {
            const name = path.slice(derivedRoot.length + 1);
            keys[name] = disambiguated(keys[name], doc._id);
          }
          console.warn(
            `[store] ${this.ctx.name} ${doc._id} duplicates another document's ${record.name}: kept, with its key made unique`,
          );
        }
        seen.add(tuple());
      }
      const text = storedText(next);
      if (text !== raw.doc) set.run(text, raw.rid);
    }
  }

  /** The side-table layout of a wildcard index's record. */
  private wildcardLayout(record: IndexRecord): WildcardLayout {
    const fields = Object.keys(record.keys);
    const wildcard = fields.find((f) => f.endsWith('.$**')) as string;
    return {
      name: record.name,
      table: wildcardTable(this.ctx.name, record.name),
      prefix: fields.filter((f) => f !== wildcard),
      root: wildcard.slice(0, -'.$**'.length),
      matchOnly: record.matchOnlyPaths ?? [],
    };
  }

  /**
   * Keeps the side-table rows of the wildcard index `known` with the match-only paths `wanted` from now on: rows
   * of a path that becomes match-only move their key from `value` to `text`, and back for one that stops being
   * so (in SQL, inside the write's transaction); the index's record and layout follow.
   */
  private rekeyMatchOnly(known: IndexRecord, wanted: string[]): void {
    const layout = this.layout.wildcards.find((w) => w.name === known.name);
    if (!layout) return;
    const side = quote(layout.table);
    const matching = (paths: string[]) => {
      const parts = paths.map(() => '(path = ? OR (path > ? AND path < ?))');
      return {
        sql: parts.length === 0 ? '0' : `(${parts.join(' OR ')})`,
        params: paths.flatMap((p) => [p, `${p}.`, `${p}/`]),
      };
    };
    const into = matching(wanted);
    this.ctx.db
      .prepare(`UPDATE ${side} SET text = value, value = '' WHERE text IS NULL AND ${into.sql}`)
      .run(...into.params);
    this.ctx.db
      .prepare(`UPDATE ${side} SET value = text, text = NULL WHERE text IS NOT NULL AND NOT ${into.sql}`)
      .run(...into.params);
    const record: IndexRecord = { ...known };
    if (wanted.length > 0) record.matchOnlyPaths = [...wanted];
    else delete record.matchOnlyPaths;
    this.ctx.db
      .prepare('UPDATE _indexes SET spec = ? WHERE collection = ? AND name = ?')
      .run(JSON.stringify(record), this.ctx.name, known.name);
    this.indexRecords.set(known.name, record);
    layout.matchOnly = [...wanted];
  }

  /** Inserts a document as it is (used by the import of an nedb data directory): no index is checked yet. */
  importRow(doc: Row): void {
    this.insertRow(doc);
  }

  // ---- SQL -------------------------------------------------------------------------------------------------

  /** Adds the index's key columns (filled from the stored documents), its SQL index or side table. */
  private buildIndex(record: IndexRecord): void {
    const table = quote(this.layout.table);
    const fields = Object.keys(record.keys);
    const wildcard = fields.find((f) => f.endsWith('.$**'));
    const plain = fields.filter((f) => f !== wildcard);
    const missing = plain.filter((f) => !this.layout.columns.has(f));
    for (const field of missing) this.ctx.db.exec(`ALTER TABLE ${table} ADD COLUMN ${quote(columnName(field))} TEXT`);
    if (missing.length > 0) {
      const set = this.ctx.db.prepare(
        `UPDATE ${table} SET ${missing.map((f) => `${quote(columnName(f))} = ?`).join(', ')} WHERE rowid = ?`,
      );
      for (const raw of this.ctx.db.prepare(`SELECT rowid AS rid, doc FROM ${table}`).all() as RawRow[]) {
        const doc = parseDoc(raw.doc);
        set.run(...missing.map((f) => indexedScalar(getDotValue(doc, f), f)), raw.rid);
      }
    }
    const sqlName = quote(`ix:${this.ctx.name}:${record.name}`);
    if (wildcard) {
      const layout = this.wildcardLayout(record);
      createSideTable(this.ctx.db, this.ctx.name, layout);
      this.ctx.db.exec(`CREATE TABLE ${quote(scopeTable(layout))} (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE)`);
      for (const raw of this.ctx.db.prepare(`SELECT rowid AS rid, doc FROM ${table}`).all() as RawRow[])
        this.insertWildcardRows(layout, raw.rid, parseDoc(raw.doc));
    } else {
      const columns = plain.map((f) => `${quote(columnName(f))}${record.keys[f] === -1 ? ' DESC' : ''}`).join(', ');
      this.ctx.db.exec(`CREATE ${record.unique ? 'UNIQUE ' : ''}INDEX ${sqlName} ON ${table} (${columns})`);
    }
    this.ctx.db
      .prepare('INSERT INTO _indexes (collection, name, spec) VALUES (?, ?, ?)')
      .run(this.ctx.name, record.name, JSON.stringify(record));
  }

  /**
   * The matching rows, in `options.sort` order, after `skip`, at most `limit`. SQL sorts and pages when the
   * sort keys are indexed fields (or one wildcard path the filter constrains) and no residual remains;
   * otherwise JavaScript finishes the job on what SQL returns.
   */
  private select(plan: FilterPlan, options: FindOptions): Found[] {
    const { sort, skip, limit, residual, orderBy, base, params } = this.query(plan, options);
    if (orderBy !== null && !residual) {
      const paged = `${base}${orderBy} LIMIT ? OFFSET ?`;
      const raws = this.ctx.statement(paged).all(...params, Number.isFinite(limit) ? limit : -1, skip) as RawRow[];
      return raws.map(decode);
    }
    if (orderBy !== null) {
      // SQL order, JavaScript matching: stop as soon as the page is full.
      const out: Found[] = [];
      let skipped = 0;
      for (const raw of this.ctx.statement(`${base}${orderBy}`).iterate(...params) as IterableIterator<RawRow>) {
        const found = decode(raw);
        if (residual && !residual(found.doc)) continue;
        if (skipped < skip) {
          skipped += 1;
          continue;
        }
        out.push(found);
        if (out.length >= limit) break;
      }
      return out;
    }
    // JavaScript sort: every match is read.
    const all = (this.ctx.statement(base).all(...params) as RawRow[]).map(decode);
    const matched = residual ? all.filter((f) => residual(f.doc)) : all;
    const keyed = matched.map((f) => ({ f, keys: sort.map(([path]) => indexKey(sortValue(f.doc, path))) }));
    keyed.sort((a, b) => {
      for (let i = 0; i < sort.length; i += 1) {
        if (a.keys[i] === b.keys[i]) continue;
        const order = a.keys[i] < b.keys[i] ? -1 : 1;
        return sort[i][1] === -1 ? -order : order;
      }
      return 0;
    });
    return keyed.slice(skip, skip + limit).map((k) => k.f);
  }

  /**
   * How `find(filter, options)` runs: SQLite's query plan of the statement (EXPLAIN QUERY PLAN details), and
   * whether JavaScript still matches (`residual`) or sorts (`jsSort`). For tests and benchmarks.
   */
  explain(filter: Filter, options: FindOptions = {}): { plan: string[]; residual: boolean; jsSort: boolean } {
    const { residual, orderBy, base, params } = this.query(planFilter(filter, this.layout), options);
    const sql = `${base}${orderBy ?? ''}${orderBy !== null && !residual ? ' LIMIT ? OFFSET ?' : ''}`;
    const bound = orderBy !== null && !residual ? [...params, 10, 0] : params;
    const rows = this.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...bound) as Array<{ detail: string }>;
    return { plan: rows.map((r) => r.detail), residual: residual !== null, jsSort: orderBy === null };
  }

  private query(plan: FilterPlan, options: FindOptions) {
    const table = quote(this.layout.table);
    const sort = Object.entries(options.sort ?? {});
    const skip = options.skip ?? 0;
    const limit = options.limit && options.limit > 0 ? options.limit : Number.POSITIVE_INFINITY;
    const order = this.sqlOrder(plan, sort);
    const residual = plan.residual ? compileFilter(plan.residual) : null;
    const source = order?.from ?? `${table} t`;
    const orderBy = order ? order.orderBy : sort.length === 0 ? '' : null;
    const columnOrdered = orderBy !== null && !order?.drivenBy;
    const rest = renderWhere(plan, order?.drivenBy, columnOrdered && this.preferCorrelated(plan, skip + limit));
    const base = `SELECT t.rowid AS rid, ${residual ? 't.doc' : docSql('t.doc', options.projection)} AS doc FROM ${source} WHERE ${[...(order?.where ?? []), rest.sql].join(' AND ')}`;
    const params = [...(order?.params ?? []), ...rest.params];
    return { sort, skip, limit, residual, orderBy, base, params };
  }

  /**
   * The SQL ORDER BY for `sort`, or null when SQL cannot order exactly: every key must be an indexed field
   * (or `_id`), or the first key a wildcard path that the filter constrains to exist, with its prefix fields
   * bound by equality (then the rows are read in the side table's index order).
   */
  private sqlOrder(
    plan: FilterPlan,
    sort: Array<[string, 1 | -1]>,
  ): { orderBy: string; from?: string; where?: string[]; params?: unknown[]; drivenBy?: string } | null {
    if (sort.length === 0) return null;
    const columnOrder = (entries: Array<[string, 1 | -1]>) => {
      const parts: string[] = [];
      for (const [path, dir] of entries) {
        const column = path === '_id' ? '_id' : this.layout.columns.get(path);
        if (column === undefined) return null;
        parts.push(`t.${quote(column)}${dir === -1 ? ' DESC' : ''}`);
      }
      return parts;
    };
    const all = columnOrder(sort);
    if (all) return { orderBy: ` ORDER BY ${all.join(', ')}` };
    const [[first, dir], ...rest] = sort;
    const wildcard = wildcardOf(this.layout, first);
    const condition = plan.wildcardParts.find((p) => p.path === first)?.condition;
    const tail = columnOrder(rest);
    const scope = wildcard ? scopeKey(wildcard, boundKeys(plan)) : null;
    // A match-only path's rows are in document order, not in its values' order: JavaScript sorts.
    if (!wildcard || !condition || !tail || scope === null || isMatchOnly(wildcard, first)) return null;
    const bound = condition('s.value');
    return {
      drivenBy: first,
      from: `${quote(wildcard.table)} s JOIN ${quote(this.layout.table)} t ON t.rowid = s.rid`,
      where: [`s.scope = ${scopeSql(wildcard)}`, 's.path = ?', bound.sql],
      params: [scope, first, ...bound.params],
      orderBy: ` ORDER BY s.value${dir === -1 ? ' DESC' : ''}${tail.length ? `, ${tail.join(', ')}` : ''}`,
    };
  }

  /**
   * Whether a page of `wanted` rows read in the table's own order is found sooner by checking each row's
   * wildcard conditions (a correlated EXISTS, stopping at the page's end) than by first listing every row that
   * meets them (an IN list, read whole). Decided from a sample of 2,000 side-table rows of each condition's path:
   * correlated when the rows to scan for the page (`wanted` / the sample's share of matches) stay under 5,000.
   */
  private preferCorrelated(plan: FilterPlan, wanted: number): boolean {
    if (plan.wildcardParts.length === 0 || !Number.isFinite(wanted)) return false;
    const keyOf = boundKeys(plan);
    for (const { path, wildcard, condition } of plan.wildcardParts) {
      const scope = scopeKey(wildcard, keyOf);
      if (scope === null) return false;
      const inner = condition('w.value');
      const column = isMatchOnly(wildcard, path) ? 'text' : 'value';
      const sample = this.ctx
        .statement(
          `SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN ${inner.sql} THEN 1 ELSE 0 END), 0) AS m FROM (SELECT ${column} AS value FROM ${quote(wildcard.table)} WHERE scope = ${scopeSql(wildcard)} AND path = ? LIMIT 2000) w`,
        )
        .get(...inner.params, scope, path) as { n: number; m: number };
      if (sample.m === 0 || (wanted * sample.n) / sample.m > 5000) return false;
    }
    return true;
  }

  /**
   * A count the side table answers alone: one wildcard condition, and no other condition than equality on the
   * wildcard's prefix fields (the scope number stands for them exactly). Null otherwise.
   */
  private sideCount(plan: FilterPlan): { sql: string; params: unknown[] } | null {
    if (plan.wildcardParts.length !== 1) return null;
    const [{ path, wildcard, condition }] = plan.wildcardParts;
    const onlyPrefix = plan.columnParts.every((p) => p.equalTo !== undefined && wildcard.prefix.includes(p.path));
    const scope = scopeKey(wildcard, boundKeys(plan));
    if (!onlyPrefix || scope === null || plan.columnParts.length !== wildcard.prefix.length) return null;
    const inner = condition(keyColumn(wildcard, path, 'w'));
    return {
      sql: `SELECT COUNT(*) AS n FROM ${quote(wildcard.table)} w WHERE w.scope = ${scopeSql(wildcard)} AND w.path = ? AND ${inner.sql}`,
      params: [scope, path, ...inner.params],
    };
  }

  /** The number of a wildcard index's scope, added to its scope table when new (inside the write's transaction). */
  private scopeNumber(wildcard: WildcardLayout, key: string): number {
    const table = quote(scopeTable(wildcard));
    const found = this.ctx.statement(`SELECT id FROM ${table} WHERE key = ?`).get(key) as { id: number } | undefined;
    if (found) return found.id;
    return Number(this.ctx.statement(`INSERT INTO ${table} (key) VALUES (?)`).run(key).lastInsertRowid);
  }

  /** Keeps a findOne answer (see `recent`), within RECENT_ENTRIES answers and RECENT_CHARS characters. */
  private remember(key: string, text: string | null): void {
    const size = key.length + (text?.length ?? 0);
    if (size > RECENT_CHARS / 16) return;
    const recent = this.recent;
    if (recent.answers.size >= RECENT_ENTRIES || recent.chars + size > RECENT_CHARS) {
      recent.answers.clear();
      recent.chars = 0;
    }
    recent.answers.set(key, { generation: recent.generation, text });
    recent.chars += size;
  }

  private insertRow(given: Row): number {
    this.recent.generation += 1;
    const doc = this.derived.size > 0 ? withDerivedKeys(given, this.derived) : given;
    const columns = [...this.layout.columns];
    const info = this.ctx
      .statement(
        `INSERT INTO ${quote(this.layout.table)} (_id, doc${columns.map(([, c]) => `, ${quote(c)}`).join('')}) VALUES (?, ?${', ?'.repeat(columns.length)})`,
      )
      .run(doc._id, storedText(doc), ...columns.map(([path]) => indexedScalar(getDotValue(doc, path), path)));
    const rid = Number(info.lastInsertRowid);
    for (const wildcard of this.layout.wildcards) this.insertWildcardRows(wildcard, rid, doc);
    return rid;
  }

  private updateRow(rid: number, before: Row, given: Row): void {
    this.recent.generation += 1;
    const doc = this.derived.size > 0 ? withDerivedKeys(given, this.derived, before) : given;
    const text = storedText(doc);
    const columns = [...this.layout.columns];
    this.ctx
      .statement(
        `UPDATE ${quote(this.layout.table)} SET doc = ?${columns.map(([, c]) => `, ${quote(c)} = ?`).join('')} WHERE rowid = ?`,
      )
      .run(text, ...columns.map(([path]) => indexedScalar(getDotValue(doc, path), path)), rid);
    for (const wildcard of this.layout.wildcards) {
      const same =
        wildcard.prefix.every((p) => isDeepStrictEqual(getDotValue(before, p), getDotValue(doc, p))) &&
        isDeepStrictEqual(getDotValue(before, wildcard.root), getDotValue(doc, wildcard.root));
      if (same) continue;
      this.ctx.statement(`DELETE FROM ${quote(wildcard.table)} WHERE rid = ?`).run(rid);
      this.insertWildcardRows(wildcard, rid, doc);
    }
  }

  private deleteRow(rid: number): void {
    this.recent.generation += 1;
    this.ctx.statement(`DELETE FROM ${quote(this.layout.table)} WHERE rowid = ?`).run(rid);
    for (const wildcard of this.layout.wildcards)
      this.ctx.statement(`DELETE FROM ${quote(wildcard.table)} WHERE rid = ?`).run(rid);
  }

  /** One side-table row per scalar under the wildcard root (objects are walked; arrays are refused). */
  private insertWildcardRows(wildcard: WildcardLayout, rid: number, doc: Row): void {
    const root = getDotValue(doc, wildcard.root);
    if (root === undefined) return;
    const scope = this.scopeNumber(
      wildcard,
      scopeKey(wildcard, (p) => indexedScalar(getDotValue(doc, p), p)) as string,
    );
    const params: unknown[] = [];
    const walk = (value: unknown, path: string) => {
      if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
        for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
        return;
      }
      const key = indexedScalar(value, path);
      // A match-only path's key goes in `text`, its `value` empty: its rows sort by document, at the index's end.
      if (isMatchOnly(wildcard, path)) params.push(scope, path, '', rid, key);
      else params.push(scope, path, key, rid, null);
    };
    walk(root, wildcard.root);
    // One statement per WILDCARD_ROWS_PER_INSERT rows rather than one per row.
    const rows = params.length / 5;
    for (let start = 0; start < rows; start += WILDCARD_ROWS_PER_INSERT) {
      const count = Math.min(WILDCARD_ROWS_PER_INSERT, rows - start);
      this.ctx
        .statement(
          `INSERT INTO ${quote(wildcard.table)} (scope, path, value, rid, text) VALUES (?, ?, ?, ?, ?)${', (?, ?, ?, ?, ?)'.repeat(count - 1)}`,
        )
        .run(params.slice(start * 5, (start + count) * 5));
    }
  }

  // ---- documents -------------------------------------------------------------------------------------------

  /**
   * Applies `change` to the stored document and returns the new one, or the stored one itself when nothing
   * changed (then nothing is written, as MongoDB reports `modifiedCount: 0`).
   */
  private apply(found: Found, change: CheckedUpdate): Row {
    if (Object.keys(change).length === 0) return found.doc;
    const next = applyUpdate(found.doc, change);
    if (isDeepStrictEqual(next, found.doc)) return found.doc;
    this.updateRow(found.rid, found.doc, next);
    return next;
  }

  /** Inserts the document an upsert creates: the filter's equality conditions with the update applied. */
  private insertUpsert(filter: Filter, change: CheckedUpdate): Row {
    const { _id = newId(), ...fields } = upsertSeed(filter);
    if (typeof _id !== 'string') throw new TypeError('_id must be a string');
    const seed: Row = { _id, ...fields };
    const doc = Object.keys(change).length === 0 ? seed : applyUpdate(seed, change);
    this.insertRow(doc);
    return doc;
  }

  private prepare(doc: T): Row {
    const copy = plainCopy(doc) as Record<string, unknown>;
    if (copy._id === undefined) copy._id = newId();
    if (typeof copy._id !== 'string') throw new TypeError('_id must be a string');
    // _id first, as MongoDB stores it.
    const { _id, ...rest } = copy;
    // Field names are checked when the document is written (storedText), inside the write: a bad one rejects
    // the write and keeps nothing of it.
    return { _id, ...rest };
  }

  /** Runs `task` in the store's next group commit, mapping unique violations to DuplicateKeyError. */
  private write<R>(task: () => R): Promise<R> {
    this.ctx.assertOpen();
    return this.ctx.write(() => this.mapped(task));
  }

  /** Runs `task` now, mapping unique violations of this collection to DuplicateKeyError. */
  private mapped<R>(task: () => R): R {
    try {
      return task();
    } catch (error) {
      if (error instanceof KeepWrites) throw error;
      throw this.mapError(error);
    }
  }

  private mapError(error: unknown, insertedCount?: number): unknown {
    if (error instanceof DuplicateKeyError) return error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return error;
    const index = this.refusedIndex((error as Error).message);
    return new DuplicateKeyError(this.ctx.name, (error as Error).message, insertedCount, {
      cause: error,
      ...(index ? { index } : {}),
    });
  }

  /**
   * The unique index an SQLite constraint message names ("UNIQUE constraint failed: c:x.k:clientId, c:x.k:code"):
   * the recorded unique index on exactly those key columns.
   */
  private refusedIndex(message: string): string | undefined {
    const prefix = `${this.layout.table}.`;
    const columns = (message.split('failed: ')[1] ?? '').split(', ').map((part) => part.trim());
    if (!columns.every((column) => column.startsWith(prefix))) return undefined;
    const paths = columns.map((column) => column.slice(prefix.length).replace(/^k:/, ''));
    return [...this.indexRecords.values()].find(
      (r) => r.unique && JSON.stringify(Object.keys(r.keys)) === JSON.stringify(paths),
    )?.name;
  }
}

/** Side-table rows written by one INSERT (4 parameters each, far below SQLite's limit of 32,766). */
const WILDCARD_ROWS_PER_INSERT = 64;

/** At most this many recent findOne answers per collection, and this many characters of them (see `recent`). */
const RECENT_ENTRIES = 512;
const RECENT_CHARS = 4 * 1024 * 1024;

/**
 * The key of a findOne filter whose answer may be kept (see `recent`): a filter of plain equalities on
 * strings, finite numbers and booleans, as the look-ups by id are; null for any other.
 */
function recentKey(filter: Filter): string | null {
  let key = '';
  for (const name in filter) {
    const value = (filter as Record<string, unknown>)[name];
    const type = typeof value;
    if (
      name.startsWith('$') ||
      !(type === 'string' || type === 'boolean' || (type === 'number' && Number.isFinite(value)))
    )
      return null;
    key += `${JSON.stringify(name)}:${type === 'string' ? JSON.stringify(value) : String(value)},`;
  }
  return key;
}

const HAS_DATE = 1;
const ODD_KEY = 2;

/** Whether a value holds a Date (HAS_DATE) or a field name starting with `$` or holding a `.` (ODD_KEY). */
function scan(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  if (value instanceof Date) return HAS_DATE;
  let flags = 0;
  if (Array.isArray(value)) {
    for (const item of value) flags |= scan(item);
    return flags;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (key.charCodeAt(0) === 36 || key.includes('.')) flags |= ODD_KEY;
    flags |= scan(object[key]);
  }
  return flags;
}

/**
 * A document's stored JSON text (api/store/stored-json.ts: dates as `{ "$$date": ms }`), after the field-name
 * check (`checkFieldNames`: no name starting with `$`, none with a `.`; throws). One walk finds out
 * whether either matters: most documents hold neither a date nor such a name and are written by
 * `JSON.stringify` alone, without a replacer function called for every value.
 */
export function storedText(doc: Row): string {
  const flags = scan(doc);
  if (flags & ODD_KEY) checkFieldNames(doc);
  return flags === 0 ? JSON.stringify(doc) : jsonWithDates(doc);
}

/** The key column of an indexed field. */
export function columnName(path: string): string {
  return `k:${path}`;
}

/** The side table of a wildcard index. */
export function wildcardTable(collection: string, index: string): string {
  return `w:${collection}:${index}`;
}

/**
 * Creates a wildcard index's side table: one row per indexed scalar, clustered by its key (`scope`, `path`,
 * `value`, then `rid`, the document's rowid; a WITHOUT ROWID table, so the rows are the index itself and a save
 * writes one B-tree for them rather than a table and its index), with a second index by `rid` and `path` for a
 * document's own rows (updates, deletes, correlated filters). A match-only path's row keeps its key in `text`
 * and an empty `value`, so a new document's rows for it go at the end of its path's rows. docs/store.md
 * "Embedded store".
 */
function createSideTable(db: Database.Database, collection: string, layout: WildcardLayout): void {
  const side = quote(layout.table);
  db.exec(
    `CREATE TABLE ${side} (scope INTEGER NOT NULL, path TEXT NOT NULL, value TEXT NOT NULL, rid INTEGER NOT NULL, text TEXT, PRIMARY KEY (scope, path, value, rid)) WITHOUT ROWID`,
  );
  db.exec(`CREATE INDEX ${quote(`ix:${collection}:${layout.name}:rid`)} ON ${side} (rid, path)`);
}

/**
 * Moves a side table of the first layout (a rowid table with an index on `scope, path, value`, before
 * 2026-11-25) into the clustered one (createSideTable), in SQL alone, and gives a clustered table of before
 * match-only paths its `text` column. Runs when the store opens; a no-op for a table of today's layout. One
 * transaction: a crash leaves the old table as it was. The rows keep every key in `value` (their index's record
 * has no match-only paths yet); ensureIndexes moves those of match-only paths (EmbeddedCollection.createIndex).
 */
export function upgradeSideTable(db: Database.Database, collection: string, layout: WildcardLayout): void {
  const found = db.prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?').get('table', layout.table) as
    | { sql: string }
    | undefined;
  if (!found) return;
  if (/WITHOUT ROWID/i.test(found.sql)) {
    if (!/\btext TEXT\b/.test(found.sql)) db.exec(`ALTER TABLE ${quote(layout.table)} ADD COLUMN text TEXT`);
    return;
  }
  const old = `${layout.table}:old`;
  db.transaction(() => {
    db.exec(`ALTER TABLE ${quote(layout.table)} RENAME TO ${quote(old)}`);
    db.exec(`DROP INDEX IF EXISTS ${quote(`ix:${collection}:${layout.name}`)}`);
    db.exec(`DROP INDEX IF EXISTS ${quote(`ix:${collection}:${layout.name}:rid`)}`);
    createSideTable(db, collection, layout);
    db.exec(
      `INSERT INTO ${quote(layout.table)} (scope, path, value, rid) SELECT scope, path, value, rid FROM ${quote(old)}`,
    );
    db.exec(`DROP TABLE ${quote(old)}`);
  })();
}

/**
 * A stored document's JSON text as a document: dates, stored as `{ "$$date": ms }` (nedb's form, so that data
 * imported from nedb reads alike), become Date objects. Texts without a date are parsed without the walk.
 */
export function parseDoc(text: string): Row {
  const doc = JSON.parse(text) as Row;
  // '$$date"' rather than '"$$date"': a search starting at '"' stops at every quote of the text (8 times slower
  // on the CSV's 100,000 documents, about 100 ms); a '$$date"' inside a string value only costs the walk.
  return text.includes('$$date"') ? (revive(doc) as Row) : doc;
}

function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = revive(value[i]);
    return value;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1 && keys[0] === '$$date') return new Date(object.$$date as number);
  for (const key of keys) object[key] = revive(object[key]);
  return object;
}

/**
 * The SQL expression of a document's text under `projection`: a projection that only leaves out top-level
 * fields is applied by SQLite (`json_remove`), so large fields that are not wanted are never parsed in
 * JavaScript; any other projection is applied after parsing.
 */
function docSql(column: string, projection: Record<string, 0 | 1> | undefined): string {
  const removed = Object.entries(projection ?? {});
  if (removed.length === 0 || !removed.every(([key, v]) => v === 0 && key !== '_id' && /^[A-Za-z0-9_]+$/.test(key)))
    return column;
  return `json_remove(${column}, ${removed.map(([key]) => `'$.${key}'`).join(', ')})`;
}

function decode(raw: RawRow): Found {
  return { rid: raw.rid, doc: parseDoc(raw.doc) };
}

/** The value a sort key compares: MongoDB sorts an array by its smallest element ascending (approximated here by the array). */
function sortValue(doc: Row, path: string): unknown {
  return getDotValue(doc, path);
}

/**
 * MongoDB's projection: inclusion (`{ a: 1, 'b.c': 1 }`, `_id` unless `_id: 0`) or exclusion (`{ a: 0 }`).
 */
export function project(doc: Row, projection: Record<string, 0 | 1>): Row {
  const entries = Object.entries(projection);
  const inclusion = entries.some(([key, v]) => key !== '_id' && v === 1);
  if (inclusion) {
    const out: Record<string, unknown> = {};
    if (projection._id !== 0) out._id = doc._id;
    for (const [path, v] of entries) {
      if (v !== 1 || path === '_id') continue;
      if (!path.includes('.')) {
        // A top-level field (the CSV download's four, 100,000 times): no path walk.
        if (Object.hasOwn(doc, path) && doc[path] !== undefined) out[path] = doc[path];
        continue;
      }
      const value = getDotValue(doc, path);
      if (value === undefined) continue;
      const parts = path.split('.');
      let target = out;
      for (const part of parts.slice(0, -1)) {
        if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
        target = target[part] as Record<string, unknown>;
      }
      target[parts[parts.length - 1]] = value;
    }
    return out as Row;
  }
  const out = plainCopy(doc) as Record<string, unknown>;
  for (const [path, v] of entries) {
    if (v !== 0) continue;
    const parts = path.split('.');
    let target: Record<string, unknown> | undefined = out;
    for (const part of parts.slice(0, -1)) {
      const next: unknown = target?.[part];
      target = next !== null && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    if (target) delete target[parts[parts.length - 1]];
  }
  return out as Row;
}
