/**
 * Migrating entries to a new version, the API (issue 22 §3, "Bad input" and "Done when"): publish a renamed option
 * over 1,000 entries, preview, apply, read the entries (new value, new version, audit trail), revert and read them
 * back exactly as they were; 409 on a second start while one runs and on a revert after the next publish; a batch
 * failing part way leaves whole batches only and the preview shows what remains; access as Publish's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { MigrationChange } from '../engine/forms/migration';
import type { FormDefinition, FormDefinitionInput, FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { readModelOf, toEntry } from './operations/entries';
import { MIGRATION_BATCH } from './operations/named/migration';
import { type FailingStore, failingStore } from './test/failing-store';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

const F = '/api/settings/forms';
const Q = `${F}/quality-assurance`;
const pour = demoSeed.formDefinitions[0];
const GRADE = 3; // the Dropdown "grade" question of the Concrete Pour Inspection
const OLD = 'C8/10';
const NEW = 'C8/10 (lean mix)';
const COUNT = 1000;

let h: Harness;
let failing: FailingStore;
let admin: string;
let viewer: string;

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

/** 1,000 entries of version 1 on project 1, written as submit writes them (with their register read model). */
async function seedEntries(): Promise<FormEntry[]> {
  const docs: FormEntry[] = [];
  for (let i = 1; i <= COUNT; i++) {
    const entry: FormEntry = {
      id: 500000 + i,
      clientId: 1,
      projectId: 1,
      formId: pour.id,
      formVersion: pour.version,
      formArea: pour.formArea,
      entryNumber: 100 + i,
      globalEntryNumber: 100 + i,
      date: '2026-11-01T08:00:00.000Z',
      modified: '2026-11-01T08:00:00.000Z',
      enteredBy: 'Aoife Byrne',
      answers: sampleAnswers(pour, i),
    };
    docs.push(entry);
  }
  await h.store.collection<FormEntry>('formEntries').insertMany(docs.map((e) => ({ ...e, ...readModelOf(pour, e) })));
  return docs;
}

/**
 * The entry without its version: a migration and its revert each change the answers, so each moves the entry's
 * version by one (issue 26 §5); the rest is restored exactly.
 */
function withoutVersion({ version: _v, ...entry }: FormEntry): FormEntry {
  return entry;
}

async function entriesNow(): Promise<FormEntry[]> {
  const docs = await h.store
    .collection<FormEntry & { _id: string }>('formEntries')
    .find({ clientId: 1, formId: pour.id, entryNumber: { $gt: 100 } }, { sort: { entryNumber: 1 } });
  return docs.map((d) => toEntry(d as never));
}

/** Changes the working copy's questions with `change` and publishes it. */
async function publishChange(change: (q: FormDefinition['pages'][number]['questions'][number]) => unknown) {
  const def = await json<FormDefinition>(h.call('GET', `${Q}/${pour.id}`, { cookie: admin }));
  const {
    id,
    clientId,
    status,
    version,
    publishedAt,
    created,
    createdBy,
    createdById,
    modifiedBy,
    modifiedById,
    ...input
  } = def;
  const pages = input.pages.map((page) => ({
    ...page,
    questions: page.questions.map(change),
  })) as FormDefinitionInput['pages'];
  await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: admin, body: { ...input, pages } }));
  return json<FormDefinition>(h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }));
}

/** Renames the grade option C8/10 in the working copy and publishes it: version 2. */
const publishRename = (label = NEW) =>
  publishChange((q) =>
    q.id === GRADE && q.type === 'Dropdown'
      ? { ...q, options: q.options?.map((o) => (o.value === OLD || o.id === 2 ? { ...o, value: label } : o)) }
      : q,
  );

interface Preview {
  toVersion: number;
  entries: number;
  affected: number;
  changes: MigrationChange[];
  mappings: Record<string, unknown>;
  pending: { migrationId: number; migrated: number; remaining: number } | null;
  revertable: { migrationId: number } | null;
}
interface Applied {
  migrationId: number;
  total: number;
  read: number;
  migrated: number;
  finished: boolean;
}

const preview = (body?: unknown) =>
  json<Preview>(h.call('POST', `${Q}/${pour.id}/migration/preview`, { cookie: admin, body }));
const applyCall = (body?: unknown) => h.call('POST', `${Q}/${pour.id}/migration/apply`, { cookie: admin, body });
const revertCall = () => h.call('POST', `${Q}/${pour.id}/migration/revert`, { cookie: admin });

beforeEach(async () => {
  h = await makeHarness((store) => {
    failing = failingStore(store);
    return failing.store;
  });
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  viewer = await h.login('view@demo.local');
});

describe('migrating entries to a new version', () => {
  it('applies a renamed option over 1,000 entries with an audit trail, and reverts them exactly', async () => {
    const before = await seedEntries();
    const renamed = before.filter((e) => e.answers.find((a) => a.questionId === GRADE)?.answers[0] === OLD);
    expect(renamed.length).toBe(COUNT / 8);
    const v2 = await publishRename();

    const plan = await preview();
    expect(plan).toMatchObject({ toVersion: v2.version, entries: COUNT, affected: renamed.length, pending: null });
    expect(plan.changes).toEqual([
      expect.objectContaining({
        key: `option:${GRADE}:${OLD}`,
        kind: 'option',
        renamedTo: NEW,
        entries: renamed.length,
        defaultMapping: { action: 'map', to: NEW },
        sample: renamed.slice(0, 5).map((e) => ({ projectId: 1, entryNumber: e.entryNumber })),
      }),
    ]);
    expect(plan.mappings).toEqual({ [`option:${GRADE}:${OLD}`]: { action: 'map', to: NEW } });

    const applied = await json<Applied>(applyCall());
    expect(applied).toMatchObject({ total: COUNT, read: COUNT, migrated: renamed.length, finished: true });

    // Read through the API: the new value and version, and the audit trail with the answers before.
    const one = renamed[3];
    const read = await json<FormEntry>(
      h.call('GET', `/api/projects/1/forms/quality-assurance/${pour.id}/get/${one.entryNumber}`, { cookie: admin }),
    );
    expect(read.formVersion).toBe(v2.version);
    // A rewrite is a change: the entry (stored before versions, so version 1) is now at version 2.
    expect(read.version).toBe(2);
    expect(read.answers.find((a) => a.questionId === GRADE)?.answers).toEqual([NEW]);
    expect(read.migrations).toEqual([
      expect.objectContaining({
        migrationId: applied.migrationId,
        fromVersion: pour.version,
        toVersion: v2.version,
        by: expect.any(String),
        previousAnswers: one.answers,
      }),
    ]);
    expect(read.keptAnswers).toBeUndefined();
    // The touched entries moved to version 2; the others keep version 1 (their answers fit it as they are).
    const after = await entriesNow();
    const moved = new Set(renamed.map((e) => e.entryNumber));
    expect(after.map((e) => e.formVersion)).toEqual(
      after.map((e) => (moved.has(e.entryNumber) ? v2.version : pour.version)),
    );
    expect(after.filter((e) => e.migrations).length).toBe(renamed.length);
    expect(after.filter((e) => e.answers.some((a) => a.answers.includes(OLD)))).toEqual([]);
    // Untouched answers are as they were.
    const untouched = before.findIndex((e) => !renamed.includes(e));
    expect(after[untouched].answers).toEqual(before[untouched].answers);
    // The register finds the migrated entries by their new value (their read model was written with them).
    const register = await json<{ totalRecords: number }>(
      h.call('POST', `/api/projects/1/forms/quality-assurance/getall/${pour.id}`, {
        cookie: admin,
        body: { pageIndex: 0, pageSize: 10, globalFilter: 'lean mix' },
      }),
    );
    expect(register.totalRecords).toBe(renamed.length);

    expect((await preview()).revertable).toMatchObject({ migrationId: applied.migrationId });
    const reverted = await json<{ restored: number; skipped: number }>(revertCall());
    expect(reverted).toEqual({ migrationId: applied.migrationId, restored: renamed.length, skipped: 0 });
    const restored = await entriesNow();
    expect(restored.map(withoutVersion)).toEqual(before);
    expect(restored.filter((e) => moved.has(e.entryNumber)).every((e) => e.version === 3)).toBe(true);
    expect(restored.filter((e) => !moved.has(e.entryNumber)).every((e) => e.version === undefined)).toBe(true);
    // Reverted, it is not offered again; the plan is back.
    expect((await json<{ messageId: string }>(revertCall(), 409)).messageId).toBe('migration.nothingToRevert');
    expect((await preview()).affected).toBe(renamed.length);
  }, 60_000);

  it('keeps, drops or maps as chosen, and refuses a mapping the plan does not offer', async () => {
    await seedEntries();
    await publishRename();
    const key = `option:${GRADE}:${OLD}`;
    const bad = await json<{ details: { messageId: string }[] }>(
      applyCall({ mappings: { [key]: { action: 'map', to: 'C99' }, 'removed:77': { action: 'drop' } } }),
      400,
    );
    expect(bad.details.map((d) => d.messageId)).toEqual(['migration.unknownChoice', 'migration.unknownChange']);
    expect((await entriesNow()).every((e) => e.formVersion === pour.version)).toBe(true);

    await json(applyCall({ mappings: { [key]: { action: 'keep' } } }));
    const kept = (await entriesNow()).find((e) => e.keptAnswers);
    expect(kept?.keptAnswers).toEqual([
      expect.objectContaining({
        fromVersion: pour.version,
        label: expect.any(String),
        answer: { questionId: GRADE, answers: [OLD] },
      }),
    ]);
    expect(kept?.answers.some((a) => a.questionId === GRADE)).toBe(false);
  }, 60_000);

  it('refuses a second start while one runs (409), and takes over a lock whose lease expired', async () => {
    await seedEntries();
    await publishRename();
    const both = await Promise.all([applyCall(), applyCall()]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as { messageId: string }).messageId).toBe('migration.running');

    // A run that crashed left its lock: refused until its lease expires, then taken over.
    const locks = h.store.collection('formMigrations');
    await locks.insertOne({
      _id: `lock:1:${pour.id}`,
      kind: 'lock',
      holder: 'crashed',
      leaseUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await revertCall()).status).toBe(409);
    await locks.updateOne(
      { _id: `lock:1:${pour.id}` },
      { $set: { leaseUntil: new Date(Date.now() - 1).toISOString() } },
    );
    expect(await json(revertCall())).toMatchObject({ restored: COUNT / 8 });
    expect(await locks.countDocuments({ kind: 'lock' })).toBe(0);
  }, 60_000);

  it('leaves on revert an entry changed since the migration', async () => {
    const before = await seedEntries();
    const v2 = await publishRename();
    await json(applyCall());
    const edited = before.find((e) => e.answers.some((a) => a.answers.includes(OLD))) as FormEntry;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await json(
      h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', {
        cookie: admin,
        body: { formId: pour.id, entryNumber: edited.entryNumber, answers: sampleAnswers(v2, 3) },
      }),
    );
    expect(await json(revertCall())).toMatchObject({ restored: COUNT / 8 - 1, skipped: 1 });
    const after = await entriesNow();
    expect(after.find((e) => e.entryNumber === edited.entryNumber)).toMatchObject({
      formVersion: v2.version,
      answers: sampleAnswers(v2, 3),
    });
    expect(after.filter((e) => e.entryNumber !== edited.entryNumber).map(withoutVersion)).toEqual(
      before.filter((e) => e !== edited),
    );
  }, 60_000);

  it('refuses a revert after the next publish (409)', async () => {
    await seedEntries();
    await publishRename();
    await json(applyCall());
    await publishRename('C8/10 lean');
    const refused = await json<{ messageId: string }>(revertCall(), 409);
    expect(refused.messageId).toBe('migration.revertAfterPublish');
    expect((await preview()).revertable).toBeNull();
  }, 60_000);

  it('leaves whole batches only when a write fails part way; the preview shows what remains and apply goes on', async () => {
    const before = await seedEntries();
    // Every entry answers question 5, a one-line text that becomes a number: all 1,000 are touched.
    await publishChange((q) => (q.id === 5 ? { ...q, extendedType: 'Number' } : q));
    // The 701st entry write fails: the first batch (500) is kept, the second is rolled back whole.
    failing.failOn('formEntries', 'updateOne', 700);
    expect((await applyCall({ mappings: { 'type:5': { action: 'drop' } } })).status).toBe(500);
    expect(failing.fired()).toBe(true);
    const partway = await entriesNow();
    expect(partway.filter((e) => e.formVersion === pour.version + 1).length).toBe(MIGRATION_BATCH);
    expect(partway.filter((e) => e.migrations).length).toBe(MIGRATION_BATCH);
    const plan = await preview();
    expect(plan.entries).toBe(COUNT - MIGRATION_BATCH);
    expect(plan.pending).toMatchObject({ migrated: MIGRATION_BATCH, remaining: COUNT - MIGRATION_BATCH });
    expect(plan.mappings).toEqual({ 'type:5': { action: 'drop' } });

    // Apply goes on with the mappings it started with, whatever the body says.
    const finished = await json<Applied>(applyCall({ mappings: { 'type:5': { action: 'keep' } } }));
    expect(finished).toMatchObject({ migrationId: plan.pending?.migrationId, migrated: COUNT, finished: true });
    const all = await entriesNow();
    expect(all.every((e) => e.formVersion === pour.version + 1 && !e.answers.some((a) => a.questionId === 5))).toBe(
      true,
    );
    expect(all.some((e) => e.keptAnswers)).toBe(false);
    expect(await json(revertCall())).toMatchObject({ restored: COUNT });
    expect((await entriesNow()).map(withoutVersion)).toEqual(before);
  }, 60_000);

  it("is the area administrators' alone, and of the tenant's forms", async () => {
    for (const step of ['preview', 'apply', 'revert'])
      expect((await h.call('POST', `${Q}/${pour.id}/migration/${step}`, { cookie: viewer })).status).toBe(403);
    for (const step of ['preview', 'apply', 'revert'])
      expect((await h.call('POST', `${Q}/2/migration/${step}`, { cookie: admin })).status).toBe(404);
  });
});
