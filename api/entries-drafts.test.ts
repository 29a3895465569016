/**
 * Drafts as a first-class state (issue "The main job as a site user meets it"; docs/decisions.md "Drafts"): page
 * saves make a Draft that the register shows and filters by status, the CSV leaves out unless asked, Edit users
 * continue and discard (with its files), and a full submit ends; who may change a submitted entry.
 */
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { fileKey } from './files/paths';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});

const HS = '/api/projects/1/forms/health-and-safety';
const QA = '/api/projects/1/forms/quality-assurance';
/** Page 1 of the Site Safety Inspection with its required questions, so a full submit passes. */
const complete = [
  { questionId: 1, answers: ['Seán Doyle'] },
  { questionId: 2, answers: ['2026-11-20'] },
  { questionId: 6, answers: ['No'] },
];

/** A second Edit user of project 1 (a copy of user@demo.local). */
async function secondEditUser(): Promise<string> {
  const users = h.store.collection<Record<string, unknown>>('users');
  const { _id, ...user } = (await users.findOne({ email: 'user@demo.local' })) as Record<string, unknown>;
  await users.insertOne({ ...user, id: 900, email: 'second@demo.local', fullName: 'Nuala Second' });
  return h.login('second@demo.local');
}

async function pageSave(cookie: string, body: unknown, order = 2) {
  return h.call('PUT', `${HS}/submit?isFromPaging=true&activePageOrder=${order}`, { cookie, body });
}

async function rows(cookie: string, filters?: unknown[]) {
  const res = await h.call('POST', `${HS}/getall/5`, { cookie, body: filters ? { filters } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    items: { entryNumber: number; status: string }[];
    totalRecords: number;
    drafts: number;
  };
}

async function csvNumbers(cookie: string, body: Record<string, unknown>) {
  const res = await h.call('POST', `${HS}/download`, { cookie, body: { formId: 5, ...body } });
  expect(res.status).toBe(200);
  const parsed = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return parsed.slice(1).map((r) => Number(r[0]));
}

describe('drafts', () => {
  it('are listed with their status, filtered by it, left out of the CSV unless asked, and ended by a submit', async () => {
    const cookie = await h.login('user@demo.local');
    const submitted = await h.call('PUT', `${HS}/submit`, { cookie, body: { formId: 5, answers: complete } });
    expect(submitted.status).toBe(200);
    const saved = await pageSave(cookie, { formId: 5, answers: [{ questionId: 1, answers: ['Draft author'] }] }, 3);
    expect(saved.status).toBe(200);
    const draft = (await saved.json()) as FormEntry;
    expect(draft).toMatchObject({ entryNumber: 2, isDraft: true, activePageOrder: 3 });

    // The register: every entry without a status filter, with its status; the filter picks either.
    const all = await rows(cookie);
    expect(all.items.map((r) => [r.entryNumber, r.status])).toEqual([
      [2, 'Draft'],
      [1, 'Submitted'],
    ]);
    const submittedOnly = await rows(cookie, [{ id: 'status', value: 'Submitted' }]);
    expect(submittedOnly.items.map((r) => r.entryNumber)).toEqual([1]);
    // Every answer says how many drafts the register holds, whatever it lists.
    expect([all.drafts, submittedOnly.drafts]).toEqual([1, 1]);
    expect((await rows(cookie, [{ id: 'status', value: 'Draft' }])).items.map((r) => r.entryNumber)).toEqual([2]);
    expect((await rows(cookie, [{ id: 'status', value: 'All' }])).totalRecords).toBe(2);
    expect((await rows(cookie, [{ id: 'status', value: 'Archived' }])).totalRecords).toBe(0);
    // The same on the in-memory path (a filter on a question the register does not show).
    const memory = await rows(cookie, [
      { id: 'status', value: 'Draft' },
      { id: 'q_1', value: 'draft author' },
    ]);
    expect(memory.items.map((r) => r.entryNumber)).toEqual([2]);

    // The CSV: submitted entries unless the query asks for drafts, or names the entries.
    expect(await csvNumbers(cookie, {})).toEqual([1]);
    expect(await csvNumbers(cookie, { filters: [{ id: 'status', value: 'All' }] })).toEqual([2, 1]);
    expect(await csvNumbers(cookie, { filters: [{ id: 'status', value: 'Draft' }] })).toEqual([2]);
    expect(await csvNumbers(cookie, { downloadFormIds: [2] })).toEqual([2]);

    // A later page save moves the page; the final submit ends the draft: Submitted, dated now, no page kept.
    const later = await pageSave(cookie, { formId: 5, entryNumber: 2, answers: complete.slice(0, 1) }, 2);
    expect(await later.json()).toMatchObject({ isDraft: true, activePageOrder: 2 });
    const done = await h.call('PUT', `${HS}/submit`, {
      cookie,
      body: { formId: 5, entryNumber: 2, answers: complete },
    });
    expect(done.status).toBe(200);
    const finished = (await done.json()) as FormEntry;
    expect(finished.isDraft).toBe(false);
    expect(finished.activePageOrder).toBeUndefined();
    expect(Date.parse(finished.date)).toBeGreaterThan(Date.parse(draft.date));
    const stored = await (await h.call('GET', `${HS}/5/get/2`, { cookie })).json();
    expect(stored.activePageOrder).toBeUndefined();
    expect((await rows(cookie, [{ id: 'status', value: 'Submitted' }])).totalRecords).toBe(2);
    // A submitted entry is not changed by a page save.
    const refused = await pageSave(cookie, { formId: 5, entryNumber: 2, answers: complete }, 1);
    expect(refused.status).toBe(409);
    expect((await refused.json()).messageId).toBe('entries.submittedPageSave');
  });

  it('are continued and discarded by any Edit user of the project, never by a view user', async () => {
    const author = await h.login('user@demo.local');
    const other = await secondEditUser();
    const viewer = await h.login('view@demo.local');
    await pageSave(author, { formId: 5, answers: complete.slice(0, 1) });
    const continued = await pageSave(other, { formId: 5, entryNumber: 1, answers: complete.slice(0, 2) }, 3);
    expect(continued.status).toBe(200);
    expect(await continued.json()).toMatchObject({ entryNumber: 1, isDraft: true, enteredBy: 'Cian Murphy' });
    expect((await pageSave(viewer, { formId: 5, entryNumber: 1, answers: complete })).status).toBe(403);
    expect((await h.call('DELETE', `${HS}/5/entry/1`, { cookie: viewer })).status).toBe(403);
    const discarded = await h.call('DELETE', `${HS}/5/entry/1`, { cookie: other });
    expect(discarded.status).toBe(200);
    expect(await discarded.json()).toEqual({ entryNumber: 1, files: 0 });
    expect((await h.call('GET', `${HS}/5/get/1`, { cookie: author })).status).toBe(404);
    expect((await h.call('DELETE', `${HS}/5/entry/1`, { cookie: author })).status).toBe(404);
    // The number is not given out again.
    const next = await h.call('PUT', `${HS}/submit`, { cookie: author, body: { formId: 5, answers: complete } });
    expect((await next.json()).entryNumber).toBe(2);
    // A submitted entry is not discarded.
    const notDraft = await h.call('DELETE', `${HS}/5/entry/2`, { cookie: author });
    expect(notDraft.status).toBe(409);
    expect((await notDraft.json()).messageId).toBe('entries.notDraft');
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(1);
  });

  it('take their own files with them when discarded, and leave files another entry refers to', async () => {
    const cookie = await h.login('user@demo.local');
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const own = ['questions/11/draft1/edge.png', 'questions/11/draft1/edge-v1.png'];
    const shared = 'questions/11/shared/plan.png';
    const signature = 'questions/14/draft1/signature.png';
    for (const path of [...own, shared, signature]) await h.store.files.put(fileKey(1, path), png, 'image/png');
    // Another entry of the project (a linked copy) refers to the shared photo.
    expect(
      (
        await h.call('PUT', `${HS}/submit`, {
          cookie,
          body: { formId: 5, answers: [...complete, { questionId: 11, answers: [shared] }] },
        })
      ).status,
    ).toBe(200);
    const saved = await pageSave(cookie, {
      formId: 5,
      answers: [
        { questionId: 11, answers: [...own, shared] },
        { questionId: 14, answers: [signature] },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { entryNumber } = (await saved.json()) as FormEntry;
    const discarded = await h.call('DELETE', `${HS}/5/entry/${entryNumber}`, { cookie });
    expect(await discarded.json()).toEqual({ entryNumber, files: 3 });
    for (const path of [...own, signature]) expect(await h.store.files.info(fileKey(1, path))).toBeNull();
    expect(await h.store.files.info(fileKey(1, shared))).not.toBeNull();
  });
});

describe('changing a submitted entry', () => {
  it('is for Edit users where the form allows it, an administrator, and never a view user', async () => {
    const author = await h.login('user@demo.local');
    const other = await secondEditUser();
    const viewer = await h.login('view@demo.local');
    // The Site Safety Inspection allows changing submitted entries: any Edit user may.
    await h.call('PUT', `${HS}/submit`, { cookie: author, body: { formId: 5, answers: complete } });
    const changed = [
      ...complete.slice(0, 2),
      { questionId: 6, answers: ['Yes'] },
      { questionId: 8, answers: ['HW-1'] },
    ];
    const bodyOf = (answers: unknown) => ({ formId: 5, entryNumber: 1, answers });
    expect((await h.call('PUT', `${HS}/submit`, { cookie: other, body: bodyOf(complete) })).status).toBe(200);
    expect((await h.call('PUT', `${HS}/submit`, { cookie: viewer, body: bodyOf(complete) })).status).toBe(403);
    // Hot work without its required equipment table is refused: a change is checked as a submit is.
    expect((await h.call('PUT', `${HS}/submit`, { cookie: author, body: bodyOf(changed) })).status).toBe(400);

    // The Steel Reinforcement Inspection does not: not even its author may; an administrator may.
    const answers = sampleAnswers(demoSeed.formDefinitions.find((f) => f.id === 3)!);
    const first = await h.call('PUT', `${QA}/submit`, { cookie: author, body: { formId: 3, answers } });
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await h.call('PUT', `${QA}/submit`, { cookie: author, body: { formId: 3, entryNumber: 1, answers } });
    expect(again.status).toBe(403);
    expect((await again.json()).messageId).toBe('entries.editNotAllowed');
    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
    expect(
      (await h.call('PUT', `${QA}/submit`, { cookie: admin, body: { formId: 3, entryNumber: 1, answers } })).status,
    ).toBe(200);
  });
});
