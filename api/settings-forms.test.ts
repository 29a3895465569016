/**
 * The settings forms calls (administration-data.md §7 "Settings forms"): flags that reach project users at once,
 * sections, metadata, clone, delete and withdraw, linked form setups, attachments, file deletes and reference
 * documents; administrators only where they change forms; another client's form is not there.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition, LinkedFormSetup } from '../engine/types/generated';
import { demoSeed, onePagePdf } from '../fixtures/seed';
import { forgetForm } from './operations/forms';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
let admin: string;
let user: string;
const F = '/api/settings/forms';
const pour = demoSeed.formDefinitions[0];

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  user = await h.login('user@demo.local');
});

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

async function submit(projectId = 1, formId = pour.id, def = pour) {
  return json<{ entryNumber: number }>(
    h.call('PUT', `/api/projects/${projectId}/forms/${def.formArea}/submit`, {
      cookie: user,
      body: { formId, answers: sampleAnswers(def) },
    }),
  );
}

describe('settings forms', () => {
  it('deactivates a form for project users at once, and activates it again; only administrators may', async () => {
    const offered = async () =>
      (await json<{ id: number }[]>(h.call('GET', `${F}/getActive/type/quality-assurance/1`, { cookie: user }))).map(
        (f) => f.id,
      );
    expect(await offered()).toContain(1);
    expect((await h.call('PUT', `${F}/deactivate/quality-assurance/1`, { cookie: user })).status).toBe(403);
    const off = await json<FormDefinition>(h.call('PUT', `${F}/deactivate/quality-assurance/1`, { cookie: admin }));
    expect(off.isActive).toBe(false);
    expect(await offered()).not.toContain(1);
    expect((await h.call('GET', `${F}/1/quality-assurance/1`, { cookie: user })).status).toBe(404);
    const inactive = await json<{ id: number }[]>(h.call('GET', `${F}/getActive/false`, { cookie: admin }));
    expect(inactive.map((f) => f.id)).toEqual([1]);
    await json(h.call('PUT', `${F}/activate/quality-assurance/1`, { cookie: admin }));
    expect(await offered()).toContain(1);
    expect((await h.call('GET', `${F}/getActive/maybe`, { cookie: admin })).status).toBe(400);
    // another client's form (client 2's form 2) is not there
    expect((await h.call('PUT', `${F}/deactivate/quality-assurance/2`, { cookie: admin })).status).toBe(404);
  });

  it('reads a form version once in a few seconds; its own publish and flag changes are seen at once', async () => {
    const get = async () => json<FormDefinition>(h.call('GET', `${F}/1/quality-assurance/1`, { cookie: user }));
    expect((await get()).title).toBe('Concrete Pour Inspection');
    // changed behind the API's back: the cached version is still used
    await h.store
      .collection('formVersions')
      .updateOne({ clientId: 1, formId: 1, version: 1 }, { $set: { 'definition.title': 'Renamed' } });
    expect((await get()).title).toBe('Concrete Pour Inspection');
    forgetForm(h.store);
    expect((await get()).title).toBe('Renamed');
    // the API's own change: at once
    await json(h.call('PUT', `${F}/deactivate/quality-assurance/1`, { cookie: admin }));
    expect((await h.call('GET', `${F}/1/quality-assurance/1`, { cookie: user })).status).toBe(404);
  });

  it('marks defaults', async () => {
    expect(
      (await json<FormDefinition>(h.call('PUT', `${F}/default/quality-assurance/3`, { cookie: admin }))).isDefault,
    ).toBe(true);
    const active = await json<{ id: number; isDefault: boolean }[]>(
      h.call('GET', `${F}/getActive/true`, { cookie: admin }),
    );
    expect(active.find((f) => f.id === 3)?.isDefault).toBe(true);
    expect(
      (await json<FormDefinition>(h.call('PUT', `${F}/nondefault/quality-assurance/3`, { cookie: admin }))).isDefault,
    ).toBe(false);
  });

  it("answers the sections of an area, a project's forms with their entries, and a form's metadata", async () => {
    const sections = await json<{ section: string; forms: { title: string }[] }[]>(
      h.call('POST', `${F}/sections/quality-assurance`, { cookie: user }),
    );
    expect(sections).toEqual([
      {
        section: 'inspections',
        forms: [
          expect.objectContaining({ title: 'Concrete Pour Inspection' }),
          expect.objectContaining({ title: 'Steel Reinforcement Inspection' }),
        ],
      },
    ]);
    expect(
      (await h.call('POST', `${F}/sections/quality-assurance`, { cookie: user, body: { projectId: 999 } })).status,
    ).toBe(404);
    const entry = await submit();
    const all = await json<{ id: number; entryCount: number }[]>(
      h.call('GET', `${F}/all/metadata/1`, { cookie: user }),
    );
    expect(all.find((f) => f.id === 1)?.entryCount).toBe(1);
    expect(all.find((f) => f.id === 3)?.entryCount).toBe(0);
    const meta = await json<{ pages: { questionCount: number }[]; completedEntry: { entryNumber: number } }>(
      h.call('GET', `${F}/quality-assurance/1/metadata/1?completedFormEntryNumber=${entry.entryNumber}`, {
        cookie: user,
      }),
    );
    expect(meta.pages.map((p) => p.questionCount)).toEqual(pour.pages.map((p) => p.questions.length));
    expect(meta.completedEntry.entryNumber).toBe(entry.entryNumber);
    expect(
      (await h.call('GET', `${F}/quality-assurance/1/metadata/1?completedFormEntryNumber=99`, { cookie: user })).status,
    ).toBe(404);
    const pages = await json<{ label: string; order: number }[]>(
      h.call('GET', `${F}/quality-assurance/1/sections`, { cookie: admin }),
    );
    expect(pages).toEqual([
      { id: 1, label: 'Pour Details', order: 0 },
      { id: 2, label: 'Testing and Sign-off', order: 1 },
    ]);
  });

  it('clones a form as a Draft, deletes a form only without entries, withdraws one from a project', async () => {
    const copy = await json<FormDefinition>(h.call('POST', `${F}/clone/1`, { cookie: admin }), 201);
    expect(copy).toMatchObject({
      title: 'Copy of Concrete Pour Inspection',
      status: 'Draft',
      version: 1,
      isDefault: false,
    });
    expect(copy.id).not.toBe(1);
    expect((await h.call('GET', `${F}/quality-assurance/${copy.id}`, { cookie: admin })).status).toBe(200);
    await submit();
    const refused = await h.call('DELETE', `${F}/quality-assurance/1`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This form has entries and cannot be deleted; deactivate it instead.',
    );
    await json(h.call('DELETE', `${F}/quality-assurance/${copy.id}`, { cookie: admin }));
    expect((await h.call('GET', `${F}/quality-assurance/${copy.id}`, { cookie: admin })).status).toBe(404);
    // withdraw form 3 from project 2: project 2 stops offering it, project 1 still does
    await json(h.call('DELETE', `${F}/2/quality-assurance/3`, { cookie: admin }));
    const offeredOn = async (projectId: number) =>
      (
        await json<{ id: number }[]>(
          h.call('GET', `${F}/getActive/type/quality-assurance/${projectId}`, { cookie: user }),
        )
      ).map((f) => f.id);
    expect(await offeredOn(2)).not.toContain(3);
    expect(await offeredOn(1)).toContain(3);
    expect((await h.call('DELETE', `${F}/2/quality-assurance/3`, { cookie: user })).status).toBe(403);
  });

  it('links a form to another with a question map, and refuses unsound links', async () => {
    const body = { formId: 1, links: [{ linkedFormId: 3, questionMap: [{ fromQuestionId: 1, toQuestionId: 1 }] }] };
    const saved = await json<LinkedFormSetup[]>(h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body }));
    expect(saved).toEqual([
      expect.objectContaining({ formId: 1, linkedFormId: 3, linkedFormArea: 'quality-assurance', isActive: true }),
    ]);
    const listed = await json<LinkedFormSetup[]>(h.call('GET', `${F}/linked-form-setups?formId=1`, { cookie: user }));
    expect(listed.map((l) => l.linkedFormId)).toEqual([3]);
    // replacing: one link left
    await json(h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body }));
    expect(await json<unknown[]>(h.call('GET', `${F}/linked-form-setups`, { cookie: user }))).toHaveLength(1);
    const bad = async (links: unknown, messageId: string) => {
      const res = await h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: { formId: 1, links } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { messageId: string }).messageId).toBe(messageId);
    };
    await bad([{ linkedFormId: 1, questionMap: [] }], 'forms.linkToItself');
    await bad(
      [{ linkedFormId: 3, questionMap: [{ fromQuestionId: 999, toQuestionId: 1 }] }],
      'forms.linkUnknownQuestion',
    );
    await bad([{ linkedFormId: 3, questionMap: [{ fromQuestionId: 2, toQuestionId: 1 }] }], 'forms.linkKindMismatch'); // a date into a text
    expect(
      (await h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: { formId: 2, links: [] } })).status,
    ).toBe(404);
    expect((await h.call('POST', `${F}/linked-form-setups`, { cookie: user, body })).status).toBe(403);
    expect(listed[0]).toMatchObject({ linkedFormTitle: 'Steel Reinforcement Inspection' });
    // what the link copies from an entry of form 1 into a new entry of form 3
    const entry = await submit();
    const prefill = await json<{ formId: number; answers: { questionId: number; answers: unknown[] }[] }>(
      h.call('GET', `/api/projects/1/forms/quality-assurance/1/linked/${entry.entryNumber}/3`, { cookie: user }),
    );
    const location = sampleAnswers(pour).find((a) => a.questionId === 1)?.answers;
    expect(prefill).toEqual({ formId: 3, answers: [{ questionId: 1, answers: location }] });
    expect(
      (await h.call('GET', `/api/projects/1/forms/quality-assurance/1/linked/${entry.entryNumber}/5`, { cookie: user }))
        .status,
    ).toBe(404);
    expect(
      (await h.call('GET', `/api/projects/1/forms/quality-assurance/1/linked/999/3`, { cookie: user })).status,
    ).toBe(404);
  });

  it("lists an entry's attachments, finds them by prefix, and deletes files of the client only", async () => {
    await h.store.files.put('1/questions/11/abc/crack-photo.png', new Uint8Array([1, 2, 3]), 'image/png');
    const hs = admin;
    // An entry of the Site Safety Inspection whose Photos question (11) holds the uploaded file.
    await h.store.collection('formEntries').insertOne({
      id: 900,
      clientId: 1,
      projectId: 1,
      formId: 5,
      formVersion: 1,
      formArea: 'health-and-safety',
      aggregateRootId: '00000000-0000-4000-8000-000000000900',
      entryNumber: 1,
      globalEntryNumber: 1,
      displayGlobalId: '5-1',
      date: '2026-11-20T09:00:00.000Z',
      enteredBy: 'Niamh Gallagher',
      enteredById: 1,
      answers: [
        { questionId: 1, answers: ['Seán Doyle'] },
        { questionId: 11, answers: ['questions/11/abc/crack-photo.png'] },
      ],
    });
    const files = await json<{ originalFileName: string; fileDescription: string; url: string }[]>(
      h.call('GET', `${F}/1/5/get-attachments/1`, { cookie: hs }),
    );
    expect(files).toEqual([
      expect.objectContaining({ originalFileName: 'crack-photo.png', fileDescription: 'Photos' }),
    ]);
    expect(
      await json<unknown[]>(h.call('GET', `${F}/1/5/get-attachments-by-prefix/CRACK`, { cookie: hs })),
    ).toHaveLength(1);
    expect(
      await json<unknown[]>(h.call('GET', `${F}/1/5/get-attachments-by-prefix/plan`, { cookie: hs })),
    ).toHaveLength(0);
    expect((await h.call('GET', `${F}/1/5/get-attachments/77`, { cookie: hs })).status).toBe(404);
    // delete by its download url; a second delete is 404; another client's path is not reachable
    await json(h.call('DELETE', `${F}/file/delete`, { cookie: hs, body: { Url: files[0].url } }));
    expect(await h.store.files.info('1/questions/11/abc/crack-photo.png')).toBeNull();
    expect(
      (await h.call('DELETE', `${F}/file/delete`, { cookie: hs, body: { Url: 'questions/11/abc/crack-photo.png' } }))
        .status,
    ).toBe(404);
    await h.store.files.put('2/secret/plan.pdf', onePagePdf('x'), 'application/pdf');
    expect(
      (await h.call('DELETE', `${F}/file/deletes`, { cookie: hs, body: { Urls: ['../2/secret/plan.pdf'] } })).status,
    ).toBe(400);
    expect(await h.store.files.info('2/secret/plan.pdf')).not.toBeNull();
    expect((await h.call('DELETE', `${F}/file/delete`, { cookie: hs, body: {} })).status).toBe(400);
  });

  it("keeps a form's reference documents", async () => {
    const form = new FormData();
    form.append(
      'uploads[]',
      new File([new Uint8Array(onePagePdf('Method statement'))], 'method-statement.pdf', { type: 'application/pdf' }),
    );
    const upload = (cookie: string) =>
      h.app.request(`${F}/document/1`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'http://localhost' },
        body: form,
      });
    expect((await upload(user)).status).toBe(403);
    expect((await upload(admin)).status).toBe(201);
    const docs = await json<{ name: string }[]>(h.call('GET', `${F}/quality-assurance/document/1`, { cookie: user }));
    expect(docs.map((d) => d.name)).toEqual(['method-statement.pdf']);
    expect((await h.call('GET', `${F}/quality-assurance/document/2`, { cookie: user })).status).toBe(404);
  });
});
