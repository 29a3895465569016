/**
 * Migrating a form's entries to its latest published version (issue 22 §3 "Migrate entries to a new version", its
 * "Speed" and "Bad input" lines; docs/import-and-migration.md "Migrating entries"): preview the plan, apply it,
 * revert it. The plan and each entry's rewrite are engine/forms/migration.ts; this module reads and writes the
 * store through the port's operations only (so MongoDB runs it unchanged):
 *
 * - entries of earlier versions are read once, by a cursor (`findEach`), and those a change touches are written 500
 *   per transaction (the others keep their version): a batch is applied whole or not at all, with the migration's
 *   progress (`migrated`, `lastId`) in the same transaction, so after a crash the preview shows what remains and
 *   apply continues the same migration after its last batch with its own mappings;
 * - each rewritten entry gets a record in its `migrations` array (the audit trail: the migration, the version and
 *   the answers before), which revert reads to restore it; an entry changed since the migration is left alone;
 * - the migrations and the per-form lock live in `formMigrations`: `{ kind: 'migration', id, … }` records, and a
 *   lock document `lock:{clientId}:{formId}` held with a lease (LEASE_MS, renewed per batch) that a finished run
 *   deletes and a crashed one lets expire, so a second apply or revert while one runs is refused (409).
 */
import { randomUUID } from 'node:crypto';
import { AppError, detail, problemsError } from '../../../engine/errors';
import {
  type Mappings,
  type MigrationPlan,
  MigrationPlanner,
  migrateEntry,
  resolveMappings,
} from '../../../engine/forms/migration';
import type { EntryMigration, FormDefinition, FormEntry, MigrationRequest } from '../../../engine/types/generated';
import type { UserDoc } from '../../auth/types';
import { nextSequence } from '../../ids';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { DuplicateKeyError, type Store } from '../../store/port';
import { readModelOf, toEntry } from '../entries';
import { findWorkingCopy } from '../forms';

/** Entries written per transaction. */
export const MIGRATION_BATCH = 500;
/** How long a migration's lock holds without being renewed (ms): a crashed run frees the form after this. */
export const LEASE_MS = 120_000;

type EntryDoc = FormEntry & { _id: string; [key: string]: unknown };

/** A migration's record in `formMigrations`. */
export interface MigrationDoc {
  _id?: string;
  kind: 'migration';
  id: number;
  clientId: number;
  formId: number;
  formArea: string;
  toVersion: number;
  fromVersions: number[];
  mappings: Mappings;
  /** running: started and not finished (stopped part way, or still going); applied; reverted. */
  state: 'running' | 'applied' | 'reverted';
  /** Entries of earlier versions when it started, how many it has read, and how many it has rewritten. */
  total: number;
  read: number;
  migrated: number;
  /** The `_id` of the last entry of its last batch: a migration that stopped part way goes on after it. */
  lastId?: string;
  startedAt: string;
  finishedAt?: string;
  by: string;
  byId: number;
  revertedAt?: string;
  restored?: number;
  skipped?: number;
}

const tenant = (context: OperationContext) => context.clientId as number;

/** The form (404 for another tenant's or area's), its published versions by number and the latest. */
async function formOf(store: Store, clientId: number, formArea: string, id: number) {
  await findWorkingCopy(store, clientId, formArea, id);
  const docs = await store
    .collection<{ version: number; definition: FormDefinition }>('formVersions')
    .find({ clientId, formId: id }, { sort: { version: -1 } });
  if (docs.length === 0) throw new AppError(409, 'migration.notPublished');
  return { latest: docs[0].definition, versions: new Map(docs.map((d) => [d.version, d.definition])) };
}

const earlier = (clientId: number, formId: number, toVersion: number) => ({
  clientId,
  formId,
  formVersion: { $lt: toVersion },
});

/** The plan over every entry of an earlier version, read by a cursor (flat memory whatever the count). */
async function planOf(store: Store, clientId: number, latest: FormDefinition, versions: Map<number, FormDefinition>) {
  const planner = new MigrationPlanner(versions, latest);
  const cursor = store.collection<EntryDoc>('formEntries').findEach(earlier(clientId, latest.id, latest.version), {
    projection: { projectId: 1, entryNumber: 1, formVersion: 1, answers: 1 },
  });
  for await (const entry of cursor) planner.add(entry as Parameters<MigrationPlanner['add']>[0]);
  return { planner, plan: planner.plan() };
}

/** The form's latest migration record, or null. */
async function lastMigration(store: Store, clientId: number, formId: number): Promise<MigrationDoc | null> {
  const [doc] = await store
    .collection<MigrationDoc>('formMigrations')
    .find({ kind: 'migration', clientId, formId }, { sort: { id: -1 }, limit: 1 });
  return doc ?? null;
}

/** The mappings checked against the plan: 400 with a detail per problem. */
function mappingsFor(plan: MigrationPlan, chosen: MigrationRequest['mappings']): Mappings {
  const { mappings, problems } = resolveMappings(plan.changes, chosen as Mappings | undefined);
  if (problems.length > 0)
    throw problemsError(
      400,
      problems.map((p) =>
        detail(`/mappings/${p.key.replace(/~/g, '~0').replace(/\//g, '~1')}`, p.messageId, { key: p.key }),
      ),
    );
  return mappings;
}

/**
 * POST {formArea}/{id}/migration/preview, body `{ mappings? }` (optional): `{ formId, toVersion, fromVersions,
 * entries, affected, changes: MigrationChange[], mappings, pending, revertable }` — the plan against the entries of
 * earlier versions, the mappings the body chose (checked) with the defaults for the rest, `pending` `{ migrationId,
 * migrated, remaining, mappings }` when a migration to this version stopped part way (remaining: the touched
 * entries still of earlier versions; apply continues it with its mappings), and `revertable` `{ migrationId, toVersion, migrated, finishedAt }` for the migration Revert would
 * undo (null after a new publish). Nothing is written.
 * @throws AppError 404 notFound.form; 409 migration.notPublished; 400 migration.* for a mapping the plan refuses
 */
export const preview: NamedOperation<'forms.migrationPreview'> = async (context) => {
  const { store } = context;
  const clientId = tenant(context);
  const { latest, versions } = await formOf(store, clientId, context.params.formArea, context.params.id);
  const { plan } = await planOf(store, clientId, latest, versions);
  const last = await lastMigration(store, clientId, latest.id);
  const running = last?.state === 'running' && last.toVersion === latest.version ? last : null;
  const mappings = running ? running.mappings : mappingsFor(plan, context.body?.mappings);
  const revertable = last && last.state !== 'reverted' && last.toVersion === latest.version ? last : null;
  return {
    formId: latest.id,
    ...plan,
    mappings,
    pending: running
      ? { migrationId: running.id, migrated: running.migrated, remaining: plan.affected, mappings: running.mappings }
      : null,
    revertable: revertable
      ? {
          migrationId: revertable.id,
          toVersion: revertable.toVersion,
          migrated: revertable.migrated,
          finishedAt: revertable.finishedAt ?? null,
        }
      : null,
  };
};

/**
 * Takes the form's migration lock: inserts the lock document, or takes it over once its lease has expired (a run
 * that crashed). Answers the holder's token.
 * @throws AppError 409 migration.running while another run holds it
 */
async function acquireLock(store: Store, clientId: number, formId: number): Promise<{ _id: string; holder: string }> {
  const locks = store.collection<Record<string, unknown> & { _id: string }>('formMigrations');
  const _id = `lock:${clientId}:${formId}`;
  const holder = randomUUID();
  const now = Date.now();
  const leaseUntil = new Date(now + LEASE_MS).toISOString();
  try {
    await locks.insertOne({ _id, kind: 'lock', clientId, formId, holder, leaseUntil });
    return { _id, holder };
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  const taken = await locks.findOneAndUpdate(
    { _id, leaseUntil: { $lt: new Date(now).toISOString() } },
    { $set: { holder, leaseUntil } },
  );
  if (!taken) throw new AppError(409, 'migration.running');
  return { _id, holder };
}

async function releaseLock(store: Store, lock: { _id: string; holder: string }) {
  await store.collection('formMigrations').deleteOne({ _id: lock._id, holder: lock.holder });
}

const renewal = () => ({ $set: { leaseUntil: new Date(Date.now() + LEASE_MS).toISOString() } });

/** Lets the server answer other requests between batches (the register while 100,000 entries migrate). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Entries read between two yields to the server's other requests (the register while 100,000 entries migrate). */
export const YIELD_EVERY = 100;

/**
 * Reads the documents of `filter` by a cursor, in `_id` order after `after` (a migration that stopped part way goes
 * on from where its last batch ended), keeps those `pick` wants and hands them to `write` MIGRATION_BATCH at a
 * time, each batch in one transaction with the lock's lease renewed and `progress(tx, written, lastId)` (the
 * position: the last document read). Stops after about `maxEntries` read. Answers how many were read and whether
 * the cursor reached the end.
 */
async function inBatches(options: {
  store: Store;
  filter: Record<string, unknown>;
  after?: string;
  lock: { _id: string; holder: string };
  pick: (doc: EntryDoc) => boolean;
  write: (tx: Store, batch: EntryDoc[]) => Promise<number>;
  progress: (tx: Store, written: number, lastId: string) => Promise<void>;
  maxEntries?: number;
}): Promise<{ read: number; done: boolean }> {
  const { store, lock, pick, write, progress, maxEntries = Number.POSITIVE_INFINITY } = options;
  let read = 0;
  let batch: EntryDoc[] = [];
  let lastId = options.after;
  const flush = async () => {
    const docs = batch;
    batch = [];
    if (lastId === undefined) return;
    const position = lastId;
    await store.withTransaction(async (tx) => {
      const written = docs.length > 0 ? await write(tx, docs) : 0;
      await progress(tx, written, position);
      await tx.collection('formMigrations').updateOne({ _id: lock._id, holder: lock.holder }, renewal());
    });
    await yieldToOthers();
  };
  const filter = options.after === undefined ? options.filter : { ...options.filter, _id: { $gt: options.after } };
  // The register row is not read: a rewritten entry's is built again. The cursor reads YIELD_EVERY at a time: a
  // selective filter (revert's) makes the store go through many entries per read, in one go.
  const cursor = store
    .collection<EntryDoc>('formEntries')
    .findEach(filter, { sort: { _id: 1 }, batchSize: YIELD_EVERY, projection: { registerRow: 0 } });
  for await (const doc of cursor) {
    read += 1;
    lastId = doc._id;
    if (pick(doc)) batch.push(doc);
    if (batch.length === MIGRATION_BATCH) await flush();
    else if (read % YIELD_EVERY === 0) await yieldToOthers();
    if (read >= maxEntries) {
      await flush();
      return { read, done: false };
    }
  }
  await flush();
  return { read, done: true };
}

/**
 * POST {formArea}/{id}/migration/apply, body `{ mappings?, maxEntries? }` (optional): rewrites to the latest
 * published version every entry of an earlier version that a change of the plan touches (see the module's
 * comment); the others keep their version (their answers fit the new one as they are). Continues the migration
 * to this version that stopped part way, from where it stopped and with the mappings it started with (the body's
 * are then not used). `maxEntries`: stop after about that many entries read (the creator's progress bar calls
 * again). Answers `{ migrationId, toVersion, total, read, migrated, finished }`: total the entries of earlier
 * versions when it started, read how far it has gone through them, migrated the entries it rewrote.
 * @throws AppError 404 notFound.form; 409 migration.notPublished, migration.running; 400 a mapping the plan refuses
 */
export const apply: NamedOperation<'forms.migrationApply'> = async (context) => {
  const { store } = context;
  const clientId = tenant(context);
  const { latest, versions } = await formOf(store, clientId, context.params.formArea, context.params.id);
  const lock = await acquireLock(store, clientId, latest.id);
  try {
    // The changes of the versions that have entries, without reading the entries (the preview counts them).
    const planner = new MigrationPlanner(versions, latest);
    const entries = store.collection<EntryDoc>('formEntries');
    for (const version of versions.keys())
      if (version < latest.version)
        planner.addVersion(
          version,
          await entries.countDocuments({ clientId, formId: latest.id, formVersion: version }),
        );
    const plan = planner.plan();
    const migrations = store.collection<MigrationDoc>('formMigrations');
    let doc = await lastMigration(store, clientId, latest.id);
    const continuing = doc?.state === 'running' && doc.toVersion === latest.version;
    // Nothing to migrate: no record is made (Revert would have nothing to undo).
    if (!continuing && (plan.entries === 0 || plan.changes.length === 0)) {
      mappingsFor(plan, context.body?.mappings);
      return {
        migrationId: null,
        toVersion: latest.version,
        total: plan.entries,
        read: plan.entries,
        migrated: 0,
        finished: true,
      };
    }
    if (!continuing || !doc) {
      const mappings = mappingsFor(plan, context.body?.mappings);
      const user = context.user as UserDoc;
      doc = {
        kind: 'migration',
        id: await nextSequence(store, 'formMigrations'),
        clientId,
        formId: latest.id,
        formArea: latest.formArea,
        toVersion: latest.version,
        fromVersions: plan.fromVersions,
        mappings,
        state: 'running',
        total: plan.entries,
        read: 0,
        migrated: 0,
        startedAt: context.now.toISOString(),
        by: user.fullName,
        byId: user.id,
      };
      await migrations.insertOne({ ...doc });
    }
    const migration = doc;
    const at = new Date().toISOString();
    const outcomes = new Map<string, ReturnType<typeof migrateEntry>>();
    const { read, done } = await inBatches({
      store,
      filter: earlier(clientId, latest.id, latest.version),
      after: migration.lastId,
      lock,
      maxEntries: context.body?.maxEntries,
      pick: (stored) => {
        const out = migrateEntry(
          planner,
          toEntry(stored) as Parameters<typeof migrateEntry>[1],
          migration.mappings,
          migration.id,
        );
        if (out.changed) outcomes.set(stored._id, out);
        return out.changed;
      },
      write: async (tx, batch) => {
        const col = tx.collection<EntryDoc>('formEntries');
        let written = 0;
        for (const [index, stored] of batch.entries()) {
          if (index > 0 && index % YIELD_EVERY === 0) await yieldToOthers();
          const entry = toEntry(stored);
          const out = outcomes.get(stored._id) as ReturnType<typeof migrateEntry>;
          outcomes.delete(stored._id);
          const record: EntryMigration = {
            migrationId: migration.id,
            fromVersion: entry.formVersion as number,
            toVersion: latest.version,
            at,
            by: migration.by,
            byId: migration.byId,
            previousAnswers: entry.answers,
            ...(entry.keptAnswers ? { previousKeptAnswers: entry.keptAnswers } : {}),
          };
          const next: FormEntry = {
            ...entry,
            answers: out.answers,
            formVersion: latest.version,
            ...(out.keptAnswers.length > 0 ? { keptAnswers: out.keptAnswers } : {}),
            migrations: [...(entry.migrations ?? []), record],
          };
          // Written only if nobody changed the entry since it was read (a save meanwhile wrote the new version).
          const result = await col.updateOne(
            { _id: stored._id, formVersion: entry.formVersion, modified: entry.modified ?? null },
            {
              $set: {
                answers: next.answers,
                formVersion: next.formVersion,
                // A migration rewrites the answers: a change, so the entry's version moves (issue 26 §5).
                version: (entry.version ?? 1) + 1,
                migrations: next.migrations,
                ...(next.keptAnswers ? { keptAnswers: next.keptAnswers } : {}),
                ...readModelOf(latest, next),
              },
            },
          );
          written += result.matchedCount;
        }
        return written;
      },
      progress: async (tx, written, lastId) => {
        await tx
          .collection('formMigrations')
          .updateOne(
            { kind: 'migration', id: migration.id, clientId },
            { $inc: { migrated: written }, $set: { lastId } },
          );
      },
    });
    const total = migration.total;
    await migrations.updateOne(
      { kind: 'migration', id: migration.id, clientId },
      done ? { $set: { state: 'applied', finishedAt: new Date().toISOString(), read: total } } : { $inc: { read } },
    );
    const now = (await migrations.findOne({ kind: 'migration', id: migration.id, clientId })) as MigrationDoc;
    return {
      migrationId: migration.id,
      toVersion: latest.version,
      total,
      read: Math.min(now.read, total),
      migrated: now.migrated,
      finished: done,
    };
  } finally {
    await releaseLock(store, lock);
  }
};

/**
 * POST {formArea}/{id}/migration/revert: restores every entry of the form's last migration (applied, or stopped
 * part way) as its record says it was: answers, kept answers, version; its record goes (an entry with no other
 * record is exactly as before). An entry changed since the migration (its `modified` later than the record's
 * `at`) is left as it is and counted in `skipped`. Answers `{ migrationId, restored, skipped }`.
 * @throws AppError 404 notFound.form; 409 migration.notPublished, migration.nothingToRevert,
 *   migration.revertAfterPublish (published again since), migration.running
 */
export const revert: NamedOperation<'forms.migrationRevert'> = async (context) => {
  const { store } = context;
  const clientId = tenant(context);
  const { latest } = await formOf(store, clientId, context.params.formArea, context.params.id);
  const lock = await acquireLock(store, clientId, latest.id);
  try {
    const last = await lastMigration(store, clientId, latest.id);
    if (!last || last.state === 'reverted') throw new AppError(409, 'migration.nothingToRevert');
    if (last.toVersion !== latest.version) throw new AppError(409, 'migration.revertAfterPublish');
    let restored = 0;
    let skipped = 0;
    const lastRecord = (stored: EntryDoc) => {
      const history = stored.migrations ?? [];
      const record = history[history.length - 1];
      return record?.migrationId === last.id ? record : undefined;
    };
    await inBatches({
      store,
      filter: {
        clientId,
        formId: latest.id,
        formVersion: latest.version,
        migrations: { $elemMatch: { migrationId: last.id } },
      },
      lock,
      pick: (stored) => {
        const record = lastRecord(stored);
        if (!record?.previousAnswers) return false;
        if (stored.modified !== undefined && stored.modified > record.at) {
          skipped += 1;
          return false;
        }
        return true;
      },
      write: async (tx, batch) => {
        const col = tx.collection<EntryDoc>('formEntries');
        let done = 0;
        for (const [index, stored] of batch.entries()) {
          if (index > 0 && index % YIELD_EVERY === 0) await yieldToOthers();
          const entry = toEntry(stored);
          const history = entry.migrations ?? [];
          const record = history[history.length - 1];
          const rest = history.slice(0, -1);
          const { migrations: _m, keptAnswers: _k, ...plain } = entry;
          const before: FormEntry = {
            ...plain,
            answers: record.previousAnswers ?? entry.answers,
            formVersion: record.fromVersion,
            ...(record.previousKeptAnswers ? { keptAnswers: record.previousKeptAnswers } : {}),
            ...(rest.length > 0 ? { migrations: rest } : {}),
          };
          const unset: Record<string, ''> = {};
          if (!record.previousKeptAnswers) unset.keptAnswers = '';
          if (rest.length === 0) unset.migrations = '';
          const result = await col.updateOne(
            { _id: stored._id, formVersion: latest.version, modified: entry.modified ?? null },
            {
              $set: {
                answers: before.answers,
                formVersion: before.formVersion,
                version: (entry.version ?? 1) + 1,
                ...(before.keptAnswers ? { keptAnswers: before.keptAnswers } : {}),
                ...(before.migrations ? { migrations: before.migrations } : {}),
                ...readModelOf(latest, before),
              },
              ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
            },
          );
          done += result.matchedCount;
          if (result.matchedCount === 0) skipped += 1;
        }
        return done;
      },
      progress: async (_tx, written) => {
        restored += written;
      },
    });
    await store
      .collection<MigrationDoc>('formMigrations')
      .updateOne(
        { kind: 'migration', id: last.id, clientId },
        { $set: { state: 'reverted', revertedAt: new Date().toISOString(), restored, skipped } },
      );
    return { migrationId: last.id, restored, skipped };
  } finally {
    await releaseLock(store, lock);
  }
};
