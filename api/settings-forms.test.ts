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
  it("deactivates a form for project users at once, and activates it again; only the area's administrators may", async () => {
    const offered = async () =>
      (await json<{ id: number }[]>(h.call('GET', `${F}/getActive/type/quality-assurance/1`, { cookie: user }))).map(
        (f) => f.id,
      );
    expect(await offered()).toContain(1);
    // The edit user holds the QA flag, not the H&S one: H&S forms are not theirs to offer or withdraw.
    expect((await h.call('PUT', `${F}/deactivate/health-and-safety/5`, { cookie: user })).status).toBe(403);
    const off = await json<FormDefinition>(h.call('PUT', `${F}/deactivate/quality-assurance/1`, { cookie: admin }));
    expect(off.isActive).toBe(false);
    expect(await offered()).not.toContain(1);
    expect((await h.call('GET', `${F}/1/quality-assurance/1`, { cookie: user })).status).toBe(404);
    const inactive = await json<{ id: number }[]>(h.call('GET', `${F}/getActive/false`, { cookie: admin }));
    expect(inactive.map((f) => f.id)).toEqual([1]);
    await json(h.call('PUT', `${F}/activate/quality-assurance/1`, { cookie: admin }));
    expect(await offered()).toContain(1);
    expect((await h.call('GET', `${F}/getActive/maybe`, { cookie: admin })).status).toBe(400);
    // A category's page of the project's section (issue 19): its forms only.
    const inspections = await json<{ category: string }[]>(
      h.call('GET', `${F}/getActive/type/quality-assurance/1?category=inspections`, { cookie: user }),
    );
    expect(inspections.length).toBeGreaterThan(0);
    expect(inspections.every((f) => f.category === 'inspections')).toBe(true);
    const audits = `${F}/getActive/type/quality-assurance/1?category=audits`;
    expect(await json<unknown[]>(h.call('GET', audits, { cookie: user }))).toEqual([]);
    const bad = `${F}/getActive/type/quality-assurance/1?category=Bad!`;
    expect((await h.call('GET', bad, { cookie: user })).status).toBe(400);
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
      // The demo RFI form (issue 25 §3), offered on project 1 only.
      { section: 'reports', forms: [expect.objectContaining({ title: 'Request for Information' })] },
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
    await bad(
      [
        { linkedFormId: 3, questionMap: [] },
        { linkedFormId: 3, questionMap: [] },
      ],
      'forms.linkDuplicate',
    );
    await bad(
      [
        {
          linkedFormId: 3,
          questionMap: [
            { fromQuestionId: 1, toQuestionId: 1 },
            { fromQuestionId: 1, toQuestionId: 1 },
          ],
        },
      ],
      'forms.linkTargetTwice',
    );
    // every problem in details, the first one's text as the message
    const many = await h.call('POST', `${F}/linked-form-setups`, {
      cookie: admin,
      body: { formId: 1, links: [{ linkedFormId: 1, questionMap: [{ fromQuestionId: 999, toQuestionId: 1 }] }] },
    });
    expect(await many.json()).toMatchObject({
      messageId: 'forms.linkToItself',
      message: 'A form cannot be linked to itself.',
      details: [
        { path: '/links/0/linkedFormId', messageId: 'forms.linkToItself' },
        { path: '/links/0/questionMap/0', messageId: 'forms.linkUnknownQuestion' },
      ],
    });
    // a refused save changed nothing: the saved link is still there, with its id
    expect(await json<LinkedFormSetup[]>(h.call('GET', `${F}/linked-form-setups?formId=1`, { cookie: user }))).toEqual([
      expect.objectContaining({ linkedFormId: 3 }),
    ]);
    // the linked form's area, when given, must be its own; another client's form is not there
    const withArea = (linkedFormArea: string, linkedFormId = 3) => ({
      formId: 1,
      links: [{ linkedFormId, linkedFormArea, questionMap: [] }],
    });
    expect(
      (await h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: withArea('health-and-safety') })).status,
    ).toBe(404);
    expect(
      (await h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: withArea('quality-assurance', 2) }))
        .status,
    ).toBe(404);
    await json(h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: withArea('quality-assurance') }));
    expect((await h.call('GET', `${F}/linked-form-setups?formId=x`, { cookie: user })).status).toBe(400);
    expect(
      (await h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body: { formId: 2, links: [] } })).status,
    ).toBe(404);
    expect((await h.call('POST', `${F}/linked-form-setups`, { cookie: user, body })).status).toBe(403);
    expect(listed[0]).toMatchObject({ linkedFormTitle: 'Steel Reinforcement Inspection' });
    await json(h.call('POST', `${F}/linked-form-setups`, { cookie: admin, body }));
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
    // Only administrators change them, through these calls or the general file calls.
    const file = 'forms/1/documents/method-statement.pdf';
    expect((await h.call('DELETE', `${F}/file/delete`, { cookie: user, body: { Url: file } })).status).toBe(403);
    expect((await h.call('DELETE', `/api/files/delete?file=${file}`, { cookie: user })).status).toBe(403);
    expect((await h.call('DELETE', '/api/files/folder?folder=forms/1/documents', { cookie: user })).status).toBe(403);
    const sneak = await h.app.request('/api/files/upload?folder=forms/1/documents', {
      method: 'POST',
      headers: { Cookie: user, Origin: 'http://localhost' },
      body: form,
    });
    expect(sneak.status).toBe(403);
    expect(await h.store.files.info(`1/${file}`)).not.toBeNull();
    expect((await h.call('DELETE', `${F}/file/delete`, { cookie: admin, body: { Url: file } })).status).toBe(200);
    expect(await h.store.files.info(`1/${file}`)).toBeNull();
  });

  it('refuses the admin calls to other users, and answers 404 for what another client has', async () => {
    for (const [method, path] of [
      ['GET', `${F}/getActive/true`],
      ['GET', `${F}/quality-assurance/1/sections`],
      ['POST', `${F}/clone/1`],
      ['DELETE', `${F}/health-and-safety/5`],
      ['PUT', `${F}/default/health-and-safety/5`],
    ])
      expect((await h.call(method, path, { cookie: user })).status, path).toBe(403);
    // client 2's form 2 and project 5
    expect((await h.call('POST', `${F}/clone/2`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${F}/quality-assurance/2/sections`, { cookie: admin })).status).toBe(404);
    expect((await h.call('DELETE', `${F}/quality-assurance/2`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${F}/all/metadata/5`, { cookie: user })).status).toBe(404);
    expect((await h.call('GET', `${F}/quality-assurance/2/metadata/1`, { cookie: user })).status).toBe(404);
    expect((await h.call('GET', `${F}/1/2/get-attachments/1`, { cookie: admin })).status).toBe(404);
    // nothing of client 2 changed
    expect((await h.store.collection('formDefinitions').find({ clientId: 2 })).length).toBeGreaterThan(0);
  });

  it("answers the sections of a project: a form withdrawn from it is not in them; a form's working copy by flag", async () => {
    const titles = async (projectId: number) =>
      (
        await json<{ forms: { id: number }[] }[]>(
          h.call('POST', `${F}/sections/quality-assurance`, { cookie: user, body: { projectId } }),
        )
      ).flatMap((s) => s.forms.map((f) => f.id));
    expect(await titles(2)).toContain(3);
    await json(h.call('DELETE', `${F}/2/quality-assurance/3`, { cookie: admin }));
    expect(await titles(2)).not.toContain(3);
    expect(await titles(1)).toContain(3);
    // the flag lists answer working copies: a Draft clone is there, as active and not default
    const copy = await json<FormDefinition>(h.call('POST', `${F}/clone/3`, { cookie: admin }), 201);
    const active = await json<{ id: number; status: string; isActive: boolean; isDefault: boolean }[]>(
      h.call('GET', `${F}/getActive/true`, { cookie: admin }),
    );
    expect(active.find((f) => f.id === copy.id)).toMatchObject({ status: 'Draft', isActive: true, isDefault: false });
    expect(await json<unknown[]>(h.call('GET', `${F}/getActive/false`, { cookie: admin }))).toEqual([]);
    // a clone is never published: project users do not get it
    expect((await h.call('GET', `${F}/1/quality-assurance/${copy.id}`, { cookie: user })).status).toBe(404);
    const long = 'x'.repeat(200);
    await h.store.collection('formDefinitions').updateOne({ clientId: 1, id: copy.id }, { $set: { title: long } });
    const again = await json<FormDefinition>(h.call('POST', `${F}/clone/${copy.id}`, { cookie: admin }), 201);
    expect(again.title).toBe(`Copy of ${long}`.slice(0, 200));
  });

  it('deletes a form with its setups, links and reference documents', async () => {
    const copy = await json<FormDefinition>(h.call('POST', `${F}/clone/3`, { cookie: admin }), 201);
    await json(h.call('PUT', `${F}/publish/quality-assurance/${copy.id}`, { cookie: admin }));
    const form = new FormData();
    form.append('uploads[]', new File([new Uint8Array(onePagePdf('Guide'))], 'guide.pdf', { type: 'application/pdf' }));
    const uploaded = await h.app.request(`${F}/document/${copy.id}`, {
      method: 'POST',
      headers: { Cookie: admin, Origin: 'http://localhost' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    // a link to it from form 3 and one from it to form 1; a QR code and a label setup of it
    const link = (formId: number, linkedFormId: number) =>
      json(
        h.call('POST', `${F}/linked-form-setups`, {
          cookie: admin,
          body: { formId, links: [{ linkedFormId, questionMap: [] }] },
        }),
      );
    await link(3, copy.id);
    await link(copy.id, 1);
    await h.store.collection('qrCodeSetups').insertOne({ id: 900, clientId: 1, formId: copy.id, name: 'Gone' });
    await h.store
      .collection('labelPreparationSetups')
      .insertOne({ id: 900, clientId: 1, formId: copy.id, name: 'Gone' });
    const qrBefore = await h.store.collection('qrCodeSetups').countDocuments({});
    await json(h.call('DELETE', `${F}/quality-assurance/${copy.id}`, { cookie: admin }));
    expect(await h.store.collection('qrCodeSetups').countDocuments({ formId: copy.id })).toBe(0);
    expect(await h.store.collection('qrCodeSetups').countDocuments({})).toBe(qrBefore - 1);
    expect(await h.store.collection('labelPreparationSetups').countDocuments({ formId: copy.id })).toBe(0);
    expect(await h.store.collection('formVersions').countDocuments({ formId: copy.id })).toBe(0);
    expect(await json<unknown[]>(h.call('GET', `${F}/linked-form-setups`, { cookie: user }))).toEqual([]);
    expect(await h.store.files.list(`1/forms/${copy.id}/`, true)).toEqual([]);
    expect((await h.call('GET', `${F}/quality-assurance/document/${copy.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('DELETE', `${F}/quality-assurance/${copy.id}`, { cookie: admin })).status).toBe(404);
  });

  it('lists the files uploaded into an entry, and deletes several at once', async () => {
    const health = demoSeed.formDefinitions.find((f) => f.id === 5) as FormDefinition;
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('uploads[]', new File([new Uint8Array(onePagePdf(name))], name, { type: 'application/pdf' }));
      const res = await h.app.request('/api/files/upload?folder=questions/11/k3x9d2', {
        method: 'POST',
        headers: { Cookie: admin, Origin: 'http://localhost' },
        body: form,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { file: string }[])[0].file;
    };
    const first = await upload('Crack report.pdf');
    const second = await upload('Plan.pdf');
    const entry = await json<{ entryNumber: number }>(
      h.call('PUT', '/api/projects/1/forms/health-and-safety/submit', {
        cookie: admin,
        body: {
          formId: health.id,
          answers: [
            { questionId: 1, answers: ['Seán Doyle'] },
            { questionId: 2, answers: ['2026-11-20'] },
            { questionId: 6, answers: ['No'] },
            { questionId: 11, answers: [first, second] },
          ],
        },
      }),
    );
    const listed = await json<{ fileName: string; originalFileName: string; url: string; entryNumber: number }[]>(
      h.call('GET', `${F}/1/5/get-attachments/${entry.entryNumber}`, { cookie: admin }),
    );
    expect(listed.map((f) => [f.fileName, f.originalFileName, f.entryNumber])).toEqual([
      [first, 'Crack report.pdf', entry.entryNumber],
      [second, 'Plan.pdf', entry.entryNumber],
    ]);
    const byPrefix = await json<{ originalFileName: string }[]>(
      h.call('GET', `${F}/1/5/get-attachments-by-prefix/crack`, { cookie: admin }),
    );
    expect(byPrefix.map((f) => f.originalFileName)).toEqual(['Crack report.pdf']);
    // the same file named twice (path and url) is deleted once
    expect(
      await json(
        h.call('DELETE', `${F}/file/deletes`, { cookie: admin, body: { Urls: [listed[0].url, first, second] } }),
      ),
    ).toEqual({ deleted: 2 });
    expect(
      await json<unknown[]>(h.call('GET', `${F}/1/5/get-attachments/${entry.entryNumber}`, { cookie: admin })),
    ).toEqual([]);
    // a traversal, and an unknown one among known ones (nothing deleted)
    expect(
      (await h.call('DELETE', `${F}/file/delete`, { cookie: admin, body: { Url: 'questions/../../2/x.pdf' } })).status,
    ).toBe(400);
    const kept = await upload('Kept.pdf');
    expect(
      (await h.call('DELETE', `${F}/file/deletes`, { cookie: admin, body: { Urls: [kept, 'questions/11/none.pdf'] } }))
        .status,
    ).toBe(404);
    expect(await h.store.files.info(`1/${kept}`)).not.toBeNull();
  });
});
