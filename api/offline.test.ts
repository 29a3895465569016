/**
 * The offline protocol on the server (issue 26 §1, §3, §5, "Bad input and faults"; docs/offline.md "Protocol",
 * "Conflicts"), through the HTTP app: the batch of commands applied once however often and however concurrently it
 * is sent, in order per entry; two devices merged question by question, a conflict and its audited resolution; an
 * entry keeping the form version it was started on; per-item refusals while the rest applies; a bad body; the
 * bundle's content, access and 304; and the entries' versions.
 */
import { v7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Answer,
  FormDefinition,
  FormDefinitionInput,
  FormEntry,
  OfflineBundle,
  OfflineCommand,
  OfflineCommandResult,
} from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

const COMMANDS = '/api/projects/updateQaOfflineInfo/commands';
const pour = demoSeed.formDefinitions.find((f) => f.id === 1) as FormDefinition;
const hsForm = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'health-and-safety')!;
const otherClientProject = demoSeed.projects.find((p) => p.clientId === 2)!.id;
const SUPPLIER = 5; // 'Concrete supplier', a one-line text
const DEFECTS = 16; // 'Defects and remedial actions', a long text
const GRADE = 3; // 'Concrete grade', a Dropdown

let h: Harness;
let admin: string;
let editor: string;
let viewer: string;
const deviceA = v7();
const deviceB = v7();

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

/** A command of the Concrete Pour Inspection on project 1, version 1. */
function command(kind: OfflineCommand['kind'], entryId: string, fields: Partial<OfflineCommand> = {}): OfflineCommand {
  return {
    commandId: v7(),
    kind,
    entryId,
    projectId: 1,
    formArea: 'quality-assurance',
    formId: pour.id,
    formVersion: pour.version,
    answers: [],
    createdAt: '2026-11-26T08:00:00.000Z',
    ...fields,
  };
}

const send = (cookie: string, commands: OfflineCommand[], deviceId = deviceA) =>
  h.call('POST', COMMANDS, { cookie, body: { deviceId, commands } });

const results = async (cookie: string, commands: OfflineCommand[], deviceId = deviceA) =>
  (await json<{ results: OfflineCommandResult[] }>(send(cookie, commands, deviceId))).results;

const entriesWith = (entryId: string) =>
  h.store.collection<FormEntry>('formEntries').find({ clientId: 1, offlineId: entryId });

const getEntry = (entryNumber: number, cookie = editor) =>
  json<FormEntry>(h.call('GET', `/api/projects/1/forms/quality-assurance/${pour.id}/get/${entryNumber}`, { cookie }));

const withAnswer = (answers: Answer[], questionId: number, value: string): Answer[] =>
  answers.map((a) => (a.questionId === questionId ? { questionId, answers: [value] } : a));

const answerOf = (answers: Answer[], questionId: number) => answers.find((a) => a.questionId === questionId)?.answers;

beforeAll(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
  editor = await h.login('user@demo.local');
  viewer = await h.login('view@demo.local');
});

describe('entry versions', () => {
  it('start at 1 and move by one at each save; entries.get and the register rows carry them', async () => {
    const submit = (body: unknown) =>
      json<FormEntry>(h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', { cookie: editor, body }));
    const made = await json<FormEntry>(
      h.call('PUT', '/api/projects/1/forms/quality-assurance/submit?isFromPaging=true&activePageOrder=2', {
        cookie: editor,
        body: { formId: pour.id, answers: sampleAnswers(pour, 3).slice(0, 4) },
      }),
    );
    expect(made.version).toBe(1);
    const saved = await submit({ formId: pour.id, entryNumber: made.entryNumber, answers: sampleAnswers(pour, 2) });
    expect(saved.version).toBe(2);
    expect((await getEntry(made.entryNumber)).version).toBe(2);
    const page = await json<{ items: Array<{ entryNumber: number; version: number }> }>(
      h.call('POST', `/api/projects/1/forms/quality-assurance/getall/${pour.id}`, {
        cookie: editor,
        body: { pageIndex: 0, pageSize: 100, filters: [{ id: 'status', value: 'All' }] },
      }),
    );
    expect(page.items.find((r) => r.entryNumber === made.entryNumber)?.version).toBe(2);
    // An entry stored before versions reads as 1.
    expect(page.items.every((r) => Number.isInteger(r.version) && r.version >= 1)).toBe(true);

    // Two saves at once (an administrator may change a submitted entry): each takes its own next version (the
    // later one reads the entry again), none is lost.
    const both = await Promise.all(
      [5, 6].map((seed) =>
        json<FormEntry>(
          h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', {
            cookie: admin,
            body: { formId: pour.id, entryNumber: made.entryNumber, answers: sampleAnswers(pour, seed) },
          }),
        ),
      ),
    );
    expect(both.map((e) => e.version).sort()).toEqual([3, 4]);
    expect((await getEntry(made.entryNumber)).version).toBe(4);
  });
});

describe('the batch of offline commands', () => {
  it('applies a batch once however often it is sent, even twice at the same time', async () => {
    const entryId = v7();
    const create = command('createEntry', entryId, { answers: sampleAnswers(pour, 4).slice(0, 5), activePageOrder: 1 });
    const [first] = await results(editor, [create]);
    expect(first).toMatchObject({ status: 'applied', version: 1, isDraft: true });
    expect(first.repeated).toBeUndefined();
    const [again] = await results(editor, [create]);
    expect(again).toEqual({ ...first, repeated: true });

    // The same new command sent twice at once: one applies, the other answers the stored result.
    const save = command('savePage', entryId, {
      entryNumber: first.entryNumber,
      baseVersion: 1,
      base: create.answers,
      answers: withAnswer(create.answers, SUPPLIER, 'Readymix Ltd'),
      activePageOrder: 2,
    });
    const both = await Promise.all([results(editor, [save]), results(editor, [save])]);
    expect(both.map(([r]) => r.status)).toEqual(['applied', 'applied']);
    expect(both.filter(([r]) => r.repeated === true)).toHaveLength(1);
    expect(both.map(([r]) => r.version)).toEqual([2, 2]);
    const stored = await entriesWith(entryId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ version: 2, activePageOrder: 2, offlineId: entryId });
    expect(await h.store.collection('offlineCommands').countDocuments({ clientId: 1, entryId })).toBe(2);

    // Another createEntry of the same entry (an outbox made it again): a save of it, never a second entry.
    const [recreated] = await results(editor, [
      command('createEntry', entryId, { baseVersion: 2, base: save.answers, answers: save.answers }),
    ]);
    expect(recreated).toMatchObject({ status: 'applied', entryNumber: first.entryNumber, version: 3 });
    expect(await entriesWith(entryId)).toHaveLength(1);
  });

  it('applies createEntry, savePage and submit of one entry in one batch, in order', async () => {
    const entryId = v7();
    const answers = sampleAnswers(pour, 5);
    const create = command('createEntry', entryId, { answers: answers.slice(0, 4), activePageOrder: 1 });
    const save = command('savePage', entryId, {
      baseVersion: 1,
      base: create.answers,
      answers: answers.slice(0, 9),
      activePageOrder: 2,
    });
    const submit = command('submit', entryId, { baseVersion: 2, base: save.answers, answers });
    const out = await results(editor, [create, save, submit]);
    expect(out.map((r) => [r.status, r.version, r.isDraft])).toEqual([
      ['applied', 1, true],
      ['applied', 2, true],
      ['applied', 3, false],
    ]);
    expect(out.map((r) => r.commandId)).toEqual([create.commandId, save.commandId, submit.commandId]);
    // The sync's test hook sends every batch twice: sent again twice at once, all is a repeat, nothing doubles.
    const twice = await Promise.all([results(editor, [create, save, submit]), results(editor, [create, save, submit])]);
    expect(twice.flat().every((r) => r.repeated === true)).toBe(true);
    expect(twice[0].map((r) => r.version)).toEqual([1, 2, 3]);
    expect(await entriesWith(entryId)).toHaveLength(1);

    // A fresh batch of a new entry sent twice at once: one entry, each command applied once.
    const freshId = v7();
    const fresh = [
      command('createEntry', freshId, { answers: answers.slice(0, 4) }),
      command('savePage', freshId, { baseVersion: 1, base: answers.slice(0, 4), answers: answers.slice(0, 6) }),
    ];
    const raced = await Promise.all([results(editor, fresh), results(editor, fresh)]);
    expect(raced.flat().filter((r) => r.repeated !== true)).toHaveLength(2);
    expect(raced.flat().every((r) => r.status === 'applied')).toBe(true);
    expect((await entriesWith(freshId)).map((e) => e.version)).toEqual([2]);
    const entry = await getEntry(out[2].entryNumber as number);
    expect(entry).toMatchObject({ version: 3, isDraft: false, offlineId: entryId, formVersion: pour.version });
    expect(entry.activePageOrder).toBeUndefined();
    expect(answerOf(entry.answers, DEFECTS)).toEqual(answerOf(answers, DEFECTS));
  });

  it('keeps both devices’ changes to different questions of one entry', async () => {
    const entryId = v7();
    const base = sampleAnswers(pour, 6).slice(0, 16);
    const [made] = await results(editor, [command('createEntry', entryId, { answers: base })]);
    const entryNumber = made.entryNumber as number;
    // Both devices took the entry at version 1 and changed it offline.
    const a = command('savePage', entryId, {
      entryNumber,
      baseVersion: 1,
      base,
      answers: withAnswer(base, SUPPLIER, 'Device A supplier'),
    });
    const b = command('savePage', entryId, {
      entryNumber,
      baseVersion: 1,
      base,
      answers: withAnswer(base, DEFECTS, 'Device B: honeycombing at C3'),
    });
    const [fromA] = await results(editor, [a], deviceA);
    const [fromB] = await results(admin, [b], deviceB);
    expect([fromA.status, fromA.version]).toEqual(['applied', 2]);
    expect([fromB.status, fromB.version]).toEqual(['applied', 3]);
    const entry = await getEntry(entryNumber);
    expect(answerOf(entry.answers, SUPPLIER)).toEqual(['Device A supplier']);
    expect(answerOf(entry.answers, DEFECTS)).toEqual(['Device B: honeycombing at C3']);
    expect(fromB.answers).toEqual(entry.answers);
  });

  it('reports the same question changed on both devices as a conflict with both values, and audits the resolution', async () => {
    const entryId = v7();
    const base = sampleAnswers(pour, 7).slice(0, 16);
    const [made] = await results(editor, [command('createEntry', entryId, { answers: base })]);
    const entryNumber = made.entryNumber as number;
    const mine = withAnswer(withAnswer(base, SUPPLIER, 'Mine Ltd'), DEFECTS, 'None seen');
    const theirs = withAnswer(base, SUPPLIER, 'Theirs Ltd');
    await results(
      admin,
      [command('savePage', entryId, { entryNumber, baseVersion: 1, base, answers: theirs })],
      deviceB,
    );

    const conflicting = command('savePage', entryId, { entryNumber, baseVersion: 1, base, answers: mine });
    const later = command('submit', entryId, { entryNumber, baseVersion: 1, base, answers: mine });
    const [conflict, skipped] = await results(editor, [conflicting, later]);
    expect(conflict).toMatchObject({ status: 'conflict', entryNumber, version: 2, isDraft: true });
    expect(conflict.conflicts).toEqual([
      {
        questionId: SUPPLIER,
        unit: '',
        label: 'Concrete supplier',
        base: { answers: answerOf(base, SUPPLIER) },
        mine: { answers: ['Mine Ltd'] },
        theirs: { answers: ['Theirs Ltd'] },
      },
    ]);
    expect(answerOf(conflict.answers as Answer[], SUPPLIER)).toEqual(['Theirs Ltd']);
    // The entry's later command waits for the conflict: skipped, with why.
    expect(skipped).toMatchObject({ status: 'skipped', error: { messageId: 'offlineSync.skipped' } });
    // Nothing was written by either.
    expect((await getEntry(entryNumber)).version).toBe(2);
    // Sent again, it is still a conflict (no record was kept of it).
    expect((await results(editor, [conflicting]))[0].status).toBe('conflict');

    // The user keeps theirs for the supplier; the defects text (changed only here) stands.
    const resolved = withAnswer(withAnswer(base, SUPPLIER, 'Theirs Ltd'), DEFECTS, 'None seen');
    const resolve = command('resolve', entryId, {
      entryNumber,
      baseVersion: 2,
      base: conflict.answers,
      answers: resolved,
      resolutions: [
        {
          questionId: SUPPLIER,
          unit: '',
          mine: { answers: ['Mine Ltd'] },
          theirs: { answers: ['Theirs Ltd'] },
          chosen: 'theirs',
        },
      ],
    });
    const [done] = await results(editor, [resolve]);
    expect(done).toMatchObject({ status: 'applied', version: 3, isDraft: true });
    const entry = await getEntry(entryNumber);
    expect(answerOf(entry.answers, SUPPLIER)).toEqual(['Theirs Ltd']);
    expect(answerOf(entry.answers, DEFECTS)).toEqual(['None seen']);

    const trail = await json<Array<Record<string, unknown>>>(
      h.call('GET', `/api/projects/1/forms/quality-assurance/${pour.id}/audit/${entryNumber}`, { cookie: viewer }),
    );
    expect(trail).toEqual([
      {
        at: expect.any(String),
        by: expect.any(Number),
        byName: expect.any(String),
        kind: 'conflictResolved',
        commandId: resolve.commandId,
        deviceId: deviceA,
        questionId: SUPPLIER,
        unit: '',
        mine: { answers: ['Mine Ltd'] },
        theirs: { answers: ['Theirs Ltd'] },
        chosen: 'theirs',
      },
    ]);
    // A resolve repeated is not audited twice.
    await results(editor, [resolve]);
    expect(await h.store.collection('formEntryAudit').countDocuments({ clientId: 1, entryNumber })).toBe(1);
    // A resolve without resolutions is refused.
    const [bare] = await results(editor, [
      command('resolve', entryId, { entryNumber, baseVersion: 3, answers: resolved }),
    ]);
    expect(bare).toMatchObject({
      status: 'refused',
      error: { status: 400, messageId: 'offlineSync.resolutionsRequired' },
    });
  });

  it('refuses per item what the user may not do, and applies the rest of the batch', async () => {
    const good = command('createEntry', v7(), { answers: sampleAnswers(pour, 8).slice(0, 2) });
    const otherClient = command('createEntry', v7(), { projectId: otherClientProject, answers: [] });
    const unknownEntry = command('savePage', v7(), { answers: [] });
    const afterUnknown = command('submit', unknownEntry.entryId, { answers: [] });
    const badVersion = command('createEntry', v7(), { formVersion: 99, answers: [] });
    const badAnswer = command('createEntry', v7(), { answers: [{ questionId: 7, answers: ['not a number'] }] });
    const out = await results(editor, [otherClient, unknownEntry, good, afterUnknown, badVersion, badAnswer]);
    expect(out.map((r) => [r.status, r.error?.status, r.error?.messageId])).toEqual([
      ['refused', 404, 'notFound.project'],
      ['refused', 404, 'notFound.entry'],
      ['applied', undefined, undefined],
      ['skipped', 409, 'offlineSync.skipped'],
      ['refused', 400, 'offlineSync.unknownFormVersion'],
      ['refused', 400, 'validation.invalidBody'],
    ]);
    expect(out[4].error?.message).toBe('Version 99 of this form does not exist.');
    expect(await entriesWith(good.entryId)).toHaveLength(1);
    expect(await entriesWith(otherClient.entryId)).toHaveLength(0);

    // Another client's entry by its device id: not found, as if it were not there.
    const foreign = command('savePage', good.entryId, { answers: [] });
    const adminOf2 = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/2', { cookie: adminOf2 });
    const [elsewhere] = await results(adminOf2, [{ ...foreign, projectId: otherClientProject, formId: 2 }]);
    expect(elsewhere).toMatchObject({ status: 'refused', error: { status: 404 } });

    // A view-only user's commands: 403 each, nothing written.
    const viewed = command('createEntry', v7(), { answers: [] });
    const [refused] = await results(viewer, [viewed]);
    expect(refused).toMatchObject({ status: 'refused', error: { status: 403, messageId: 'auth.forbidden' } });
    expect(await entriesWith(viewed.entryId)).toHaveLength(0);

    // A command naming another form than its entry's: refused.
    const moved = command('savePage', good.entryId, { formId: 3, answers: [] });
    const [mismatch] = await results(editor, [moved]);
    expect(mismatch).toMatchObject({
      status: 'refused',
      error: { status: 400, messageId: 'offlineSync.entryMismatch' },
    });
  });

  it('answers 400 for a bad body and applies nothing; 401 without a session', async () => {
    const ok = command('createEntry', v7(), { answers: [] });
    const { answers: _left, ...noAnswers } = command('createEntry', v7());
    const res = await h.call('POST', COMMANDS, {
      cookie: editor,
      body: { deviceId: deviceA, commands: [ok, noAnswers] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).messageId).toBe('validation.invalidBody');
    expect(await entriesWith(ok.entryId)).toHaveLength(0);
    expect((await h.call('POST', COMMANDS, { cookie: editor, body: { deviceId: 'x', commands: [ok] } })).status).toBe(
      400,
    );
    expect((await h.call('POST', COMMANDS, { cookie: editor, body: { deviceId: deviceA, commands: [] } })).status).toBe(
      400,
    );
    expect((await h.call('POST', COMMANDS, { body: { deviceId: deviceA, commands: [ok] } })).status).toBe(401);
  });

  it('keeps an entry on the form version it was started on when the form is republished', async () => {
    const entryId = v7();
    const answers = sampleAnswers(pour, 1); // the grade 'C8/10' … of version 1's options
    const old = answerOf(answers, GRADE)?.[0] as string;
    const [draft] = await results(editor, [command('createEntry', entryId, { answers: answers.slice(0, 3) })]);
    // The form is republished meanwhile, its grade option renamed.
    const def = await json<FormDefinition>(
      h.call('GET', `/api/settings/forms/quality-assurance/${pour.id}`, { cookie: admin }),
    );
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
      questions: page.questions.map((q) =>
        q.id === GRADE
          ? {
              ...q,
              options: ((q as { options?: Array<{ id: number; value: string }> }).options ?? []).map((o) =>
                o.value === old ? { ...o, value: `${old} renamed` } : o,
              ),
            }
          : q,
      ),
    })) as FormDefinitionInput['pages'];
    await json(
      h.call('PUT', `/api/settings/forms/quality-assurance/${pour.id}`, { cookie: admin, body: { ...input, pages } }),
    );
    const published = await json<FormDefinition>(
      h.call('PUT', `/api/settings/forms/publish/quality-assurance/${pour.id}`, { cookie: admin }),
    );
    expect(published.version).toBe(pour.version + 1);

    // The device submits against version 1: checked against it, and the entry stays on it.
    const [submitted] = await results(editor, [
      command('submit', entryId, {
        entryNumber: draft.entryNumber,
        baseVersion: 1,
        base: answers.slice(0, 3),
        answers,
      }),
    ]);
    expect(submitted).toMatchObject({ status: 'applied', isDraft: false, version: 2 });
    const entry = await getEntry(draft.entryNumber as number);
    expect(entry.formVersion).toBe(pour.version);
    expect(answerOf(entry.answers, GRADE)).toEqual([old]);
    // Against the new version the old option is no answer: the online submit checks the latest version as before.
    const online = await h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', {
      cookie: editor,
      body: { formId: pour.id, answers },
    });
    expect(online.status).toBe(400);
  });

  it('queues the notify e-mail of an entry submitted offline, once, as the online submit does', async () => {
    const mails = () => h.store.collection('outgoingMails').countDocuments({});
    const before = await mails();
    const answers: Answer[] = [
      { questionId: 1, answers: ['Seán Doyle'] },
      { questionId: 2, answers: ['2026-11-20'] },
      { questionId: 6, answers: ['No'] },
      { questionId: 10, answers: ['<p>All clear</p>'], notificationUsers: [4, 2], stopNotification: false },
    ];
    const hs = (kind: OfflineCommand['kind'], entryId: string, fields: Partial<OfflineCommand>) =>
      command(kind, entryId, { formArea: 'health-and-safety', formId: 5, formVersion: 1, ...fields });
    const draftId = v7();
    // A draft notifies nobody; its submit does.
    const draft = hs('createEntry', draftId, { answers: answers.slice(0, 2) });
    const submit = hs('submit', draftId, { baseVersion: 1, base: draft.answers, answers });
    const out = await results(editor, [draft, submit]);
    expect(out.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await mails()).toBe(before + 1);
    await results(editor, [draft, submit]);
    expect(await mails()).toBe(before + 1);
  });

  it('applies 100 new entries in one batch', async () => {
    const batch = () =>
      Array.from({ length: 100 }, (_, i) =>
        command('createEntry', v7(), { answers: sampleAnswers(pour, i).slice(0, 6) }),
      );
    const out = await results(editor, batch());
    expect(out.every((r) => r.status === 'applied')).toBe(true);
    expect(new Set(out.map((r) => r.entryNumber)).size).toBe(100);
    // A second batch, the process warm: the figure goes into docs/offline.md "Protocol", never into an assertion.
    const started = performance.now();
    const again = await results(editor, batch());
    console.log(`[offline] 100 createEntry commands applied in ${Math.round(performance.now() - started)} ms`);
    expect(again.every((r) => r.status === 'applied')).toBe(true);
  });
});

describe('the offline bundle', () => {
  const bundleOf = (cookie: string, projectId = 1, headers: Record<string, string> = {}) =>
    Promise.resolve(
      h.app.request(`/api/projects/getQaOfflineInfo/${projectId}`, { headers: { Cookie: cookie, ...headers } }),
    );

  it("holds the project's forms, older versions in use, people and last entries, and answers 304 when unchanged", async () => {
    // Not offline-available yet: refused.
    const made = await json<{ results: OfflineCommandResult[] }>(
      send(editor, [command('createEntry', v7(), { answers: sampleAnswers(pour, 9).slice(0, 2) })]),
    );
    expect(made.results[0].status).toBe('applied');
    const before = await bundleOf(editor);
    expect(before.status).toBe(403);
    expect((await before.json()).messageId).toBe('offlineSync.notInBundle');
    await json(
      h.call('PUT', '/api/projects/updateProjectOffineAvailability', {
        cookie: admin,
        body: { id: 1, offlineAvailable: true },
      }),
    );

    const res = await bundleOf(editor);
    expect(res.status).toBe(200);
    const bundle = (await res.json()) as OfflineBundle;
    expect(res.headers.get('ETag')).toBe(`"${bundle.bundleVersion}"`);
    expect(bundle.project).toMatchObject({ id: 1, code: 'CCE-2401' });
    expect(bundle.canEdit).toBe(true);
    const formIds = bundle.forms.map((f) => f.id);
    expect(formIds).toContain(pour.id);
    expect(formIds).toContain(hsForm.id);
    expect(bundle.forms.every((f) => ['quality-assurance', 'health-and-safety'].includes(f.formArea))).toBe(true);
    // The pour form was republished above: its latest version is bundled, and version 1, which entries use.
    const latestPour = bundle.forms.find((f) => f.id === pour.id) as FormDefinition;
    expect(latestPour.version).toBe(pour.version + 1);
    expect(bundle.formVersions.map((f) => [f.id, f.version])).toContainEqual([pour.id, pour.version]);
    expect(bundle.projectUsers.length).toBeGreaterThan(0);
    // The last 50 entries of the form, newest first, each with its version.
    const pours = bundle.entries.filter((e) => e.formId === pour.id);
    expect(pours).toHaveLength(50);
    const numbers = pours.map((e) => e.entryNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const newest = await h.store
      .collection<FormEntry>('formEntries')
      .find({ clientId: 1, projectId: 1, formId: pour.id }, { sort: { entryNumber: -1 }, limit: 1 });
    expect(numbers[0]).toBe(newest[0].entryNumber);
    expect(pours.every((e) => Number.isInteger(e.version))).toBe(true);
    expect(pours.some((e) => e.isDraft === true)).toBe(true);
    expect(JSON.stringify(bundle.entries)).not.toContain('registerRow');

    // Unchanged: 304 with no body; changed: a new version.
    const same = await bundleOf(editor, 1, { 'If-None-Match': `"${bundle.bundleVersion}"` });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    await results(editor, [command('createEntry', v7(), { answers: sampleAnswers(pour, 10).slice(0, 2) })]);
    const changed = await bundleOf(editor, 1, { 'If-None-Match': `"${bundle.bundleVersion}"` });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as OfflineBundle).bundleVersion).not.toBe(bundle.bundleVersion);
  });

  it('is for the users who may take the project offline: a view user without Edit, not others', async () => {
    const viewed = await bundleOf(viewer);
    expect(viewed.status).toBe(200);
    expect(((await viewed.json()) as OfflineBundle).canEdit).toBe(false);
    expect((await bundleOf(await h.login('hs@demo.local'))).status).toBe(403);
    expect((await bundleOf(editor, otherClientProject)).status).toBe(404);
    expect((await h.app.request('/api/projects/getQaOfflineInfo/1')).status).toBe(401);
  });
});
