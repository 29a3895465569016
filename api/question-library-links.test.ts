/**
 * Linked blocks of the question library, the API (issue 22 §4 "update in N forms with the same plan and preview";
 * docs/import-and-migration.md "Linked blocks"): an item is saved (version 1) and inserted into forms (their
 * questions carry the link), then changed (an option renamed: version 2); usages lists the forms holding the older
 * copy; the preview shows each form's updated working copy and the migration plan with the entries it touches,
 * and writes nothing; apply updates the working copies (the forms' ids and conditions kept, never published); a
 * second apply changes nothing; access is the area administrators'.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { MigrationPlan } from '../engine/forms/migration';
import type { FormDefinition, FormEntry, Question, QuestionLibraryItem } from '../engine/types/generated';
import { type Harness, makeHarness } from './test/harness';

const L = '/api/settings/question-library';
const F = '/api/settings/forms';

let h: Harness;
let admin: string;

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

const hotWorks = (yes: string): Question[] => [
  {
    id: 1,
    label: 'Hot works?',
    type: 'Dropdown',
    options: [
      { id: 1, value: yes },
      { id: 2, value: 'No' },
    ],
  } as Question,
  { id: 2, label: 'Permit number', type: 'Text', visibleWhen: { questionId: 1, equals: yes } } as Question,
];

/** A form's questions: its own Area, then the item's copies at `firstId` on, linked to `itemId` version 1. */
function formBody(title: string, itemId: number, firstId: number) {
  const [works, permit] = hotWorks('Yes');
  return {
    title,
    pages: [
      {
        id: 1,
        label: 'Site',
        questions: [
          { id: 1, label: 'Area', type: 'Text' },
          { ...works, id: firstId, libraryLink: { itemId, questionId: 1, version: 1 } },
          {
            ...permit,
            id: firstId + 1,
            visibleWhen: { questionId: firstId, equals: 'Yes' },
            libraryLink: { itemId, questionId: 2, version: 1 },
          },
        ],
      },
    ],
  };
}

interface FormPlan {
  formId: number;
  formArea: string;
  title: string;
  linkedVersion: number | null;
  updated: number[];
  unlinked: number[];
  conditionDropped: number[];
  definition: FormDefinition;
  plan: MigrationPlan | null;
}
interface UpdateAnswer {
  itemId: number;
  version: number;
  applied: boolean;
  forms: FormPlan[];
}

let item: QuestionLibraryItem;
let formA: FormDefinition;
let formB: FormDefinition;
let formQa: FormDefinition;

const createForm = (area: string, body: unknown) =>
  json<FormDefinition>(h.call('POST', `${F}/${area}`, { cookie: admin, body }), 201);
const workingCopy = (area: string, id: number) =>
  json<FormDefinition>(h.call('GET', `${F}/${area}/${id}`, { cookie: admin }));

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  item = await json<QuestionLibraryItem>(
    h.call('POST', `${L}/health-and-safety`, {
      cookie: admin,
      body: {
        name: 'Hot works',
        questions: hotWorks('Yes'),
        source: { formId: 5, formArea: 'health-and-safety', questionIds: [1, 2] },
      },
    }),
  );
  formA = await createForm('health-and-safety', formBody('Daily check A', item.id, 2));
  formB = await createForm('health-and-safety', formBody('Daily check B', item.id, 7));
  formQa = await createForm('quality-assurance', formBody('QA walk', item.id, 2));
  // Form A is published and has 6 entries: 4 answered Yes, 2 No.
  await json(h.call('PUT', `${F}/publish/health-and-safety/${formA.id}`, { cookie: admin }));
  const entries: FormEntry[] = Array.from({ length: 6 }, (_, i) => ({
    id: 900000 + i,
    clientId: 1,
    projectId: 1,
    formId: formA.id,
    formVersion: 1,
    formArea: 'health-and-safety',
    entryNumber: i + 1,
    globalEntryNumber: i + 1,
    date: '2026-11-01T08:00:00.000Z',
    modified: '2026-11-01T08:00:00.000Z',
    enteredBy: 'Aoife Byrne',
    answers: [
      { questionId: 1, answers: [`Bay ${i}`] },
      { questionId: 2, answers: [i < 4 ? 'Yes' : 'No'] },
    ],
  }));
  await h.store.collection<FormEntry>('formEntries').insertMany(entries);
});

/** Renames the item's Yes (and its condition) to 'Yes, permit issued': version 2. */
const renameYes = () =>
  json<QuestionLibraryItem>(
    h.call('PUT', `${L}/health-and-safety/${item.id}`, {
      cookie: admin,
      body: { questions: hotWorks('Yes, permit issued') },
    }),
  );

const usages = (cookie = admin) =>
  json<{ formId: number; formArea: string; title: string; linkedVersion: number; questions: number }[]>(
    h.call('GET', `${L}/health-and-safety/${item.id}/usages`, { cookie }),
  );
const updateForms = (body: unknown, cookie = admin) =>
  h.call('POST', `${L}/health-and-safety/${item.id}/update-forms`, { cookie, body });

describe('linked blocks of the question library', () => {
  it('an item is version 1 when saved; a change bumps it, keeps what the body left out; bad bodies change nothing', async () => {
    expect(item.version).toBe(1);
    const renamed = await json<QuestionLibraryItem>(
      h.call('PUT', `${L}/health-and-safety/${item.id}`, { cookie: admin, body: { name: 'Hot works (2027)' } }),
    );
    expect(renamed).toMatchObject({ name: 'Hot works (2027)', version: 2, questions: item.questions });
    expect((await renameYes()).version).toBe(3);
    for (const bad of [{}, { name: '' }, { questions: [] }, { source: item.source }, { version: 9 }]) {
      const res = await h.call('PUT', `${L}/health-and-safety/${item.id}`, { cookie: admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    // Another area's path does not name it.
    const other = await h.call('PUT', `${L}/quality-assurance/${item.id}`, { cookie: admin, body: { name: 'X' } });
    expect(other.status).toBe(404);
    const [stored] = await json<QuestionLibraryItem[]>(h.call('GET', `${L}/health-and-safety`, { cookie: admin }));
    expect(stored).toMatchObject({ name: 'Hot works (2027)', version: 3 });
  });

  it('usages lists the forms holding an older copy; the preview plans; apply updates; a second apply is a no-op', async () => {
    expect(await usages()).toEqual([]);
    await renameYes();
    expect(await usages()).toEqual([
      { formId: formA.id, formArea: 'health-and-safety', title: 'Daily check A', linkedVersion: 1, questions: 2 },
      { formId: formB.id, formArea: 'health-and-safety', title: 'Daily check B', linkedVersion: 1, questions: 2 },
      { formId: formQa.id, formArea: 'quality-assurance', title: 'QA walk', linkedVersion: 1, questions: 2 },
    ]);

    // The preview: each form's updated copy and the plan its publish needs; nothing is written.
    const before = await workingCopy('health-and-safety', formA.id);
    const preview = await json<UpdateAnswer>(updateForms({ formIds: [formA.id, formB.id] }));
    expect(preview).toMatchObject({ itemId: item.id, version: 2, applied: false });
    const [a, b] = preview.forms;
    expect(a).toMatchObject({
      formId: formA.id,
      linkedVersion: 1,
      updated: [2, 3],
      unlinked: [],
      conditionDropped: [],
    });
    expect(a.plan).toMatchObject({ toVersion: 2, entries: 6, affected: 4 });
    expect(a.plan?.changes).toEqual([
      expect.objectContaining({
        key: 'option:2:Yes',
        kind: 'option',
        renamedTo: 'Yes, permit issued',
        entries: 4,
        sample: [
          { projectId: 1, entryNumber: 1 },
          { projectId: 1, entryNumber: 2 },
          { projectId: 1, entryNumber: 3 },
          { projectId: 1, entryNumber: 4 },
        ],
      }),
    ]);
    expect(b).toMatchObject({ formId: formB.id, updated: [7, 8], plan: null });
    expect(await workingCopy('health-and-safety', formA.id)).toEqual(before);

    // Apply: the working copies hold the item's version under their own ids; nothing is published.
    const applied = await json<UpdateAnswer>(updateForms({ formIds: [formA.id, formB.id], apply: true }));
    expect(applied.applied).toBe(true);
    const after = await workingCopy('health-and-safety', formA.id);
    expect(after.status).toBe('Draft');
    expect(after.pages[0].questions).toEqual([
      { id: 1, label: 'Area', type: 'Text' },
      {
        id: 2,
        label: 'Hot works?',
        type: 'Dropdown',
        options: [
          { id: 1, value: 'Yes, permit issued' },
          { id: 2, value: 'No' },
        ],
        libraryLink: { itemId: item.id, questionId: 1, version: 2 },
      },
      {
        id: 3,
        label: 'Permit number',
        type: 'Text',
        visibleWhen: { questionId: 2, equals: 'Yes, permit issued' },
        libraryLink: { itemId: item.id, questionId: 2, version: 2 },
      },
    ]);
    const afterB = await workingCopy('health-and-safety', formB.id);
    expect(afterB.pages[0].questions.map((q) => [q.id, q.visibleWhen ?? null])).toEqual([
      [1, null],
      [7, null],
      [8, { questionId: 7, equals: 'Yes, permit issued' }],
    ]);
    const versions = await json<unknown[]>(
      h.call('GET', `${F}/health-and-safety/${formA.id}/versions`, { cookie: admin }),
    );
    expect(versions).toHaveLength(1);
    // Publishing it offers the same migration as the preview planned.
    await json(h.call('PUT', `${F}/publish/health-and-safety/${formA.id}`, { cookie: admin }));
    const migration = await json<MigrationPlan>(
      h.call('POST', `${F}/health-and-safety/${formA.id}/migration/preview`, { cookie: admin }),
    );
    expect(migration.changes.map((c) => [c.key, c.entries])).toEqual([['option:2:Yes', 4]]);

    // Only the QA form still holds the older copy; a second apply changes nothing.
    expect((await usages()).map((u) => u.formId)).toEqual([formQa.id]);
    const saved = await workingCopy('health-and-safety', formB.id);
    const again = await json<UpdateAnswer>(updateForms({ formIds: [formB.id], apply: true }));
    expect(again.forms[0]).toMatchObject({ linkedVersion: null, updated: [] });
    expect(await workingCopy('health-and-safety', formB.id)).toEqual(saved);
  });

  it("is the area administrators': another area's forms are left out, or refused when named", async () => {
    await renameYes();
    const hs = await h.login('hs@demo.local');
    expect((await usages(hs)).map((u) => u.title)).toEqual(['Daily check A', 'Daily check B']);
    const before = await workingCopy('health-and-safety', formA.id);
    const refused = await updateForms({ formIds: [formA.id, formQa.id], apply: true }, hs);
    expect(refused.status).toBe(403);
    // Nothing was written, not even the form the user administers.
    expect(await workingCopy('health-and-safety', formA.id)).toEqual(before);
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${L}/health-and-safety/${item.id}/usages`, { cookie: user })).status).toBe(403);
    expect((await updateForms({ formIds: [formA.id] }, user)).status).toBe(403);
    expect(
      (await h.call('PUT', `${L}/health-and-safety/${item.id}`, { cookie: hs, body: { name: 'Hot' } })).status,
    ).toBe(200);
    expect(
      (await h.call('PUT', `${L}/health-and-safety/${item.id}`, { cookie: user, body: { name: 'Hot' } })).status,
    ).toBe(403);
    // Bad bodies and another client's item.
    expect((await updateForms({ formIds: [] })).status).toBe(400);
    expect((await updateForms({ formIds: [999999] })).status).toBe(404);
    expect((await h.call('POST', '/api/authorization/setClient/2', { cookie: admin })).status).toBe(200);
    expect((await h.call('GET', `${L}/health-and-safety/${item.id}/usages`, { cookie: admin })).status).toBe(404);
    expect((await updateForms({ formIds: [formA.id] })).status).toBe(404);
  });
});
