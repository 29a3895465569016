/**
 * Entries at work, the API side of issue 24 §4 (administration-data.md §7 "Project forms"): POST copy/{id} (answers,
 * a new number, files duplicated and independent, no signatures, a draft; tenancy and access), POST getMultiple
 * (order, bound, scoping), PUT upload (the CSV import: numbered entries, all or nothing with the row and column
 * named, forms without Allow CSV upload refused, a download uploaded again), the template and GET
 * downloadlookupvalues.
 */
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition, FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { fileKey } from './files/paths';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
let admin: string;
let user: string;
beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  user = await h.login('user@demo.local');
});

const F = '/api/settings/forms';
const HS = '/api/projects/1/forms/health-and-safety';

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

/** The Site Safety Inspection's working copy changed by `change` and published, through the settings API. */
async function publishSafety(change: Partial<FormDefinition>): Promise<FormDefinition> {
  const def = await json<FormDefinition>(h.call('GET', `${F}/health-and-safety/5`, { cookie: admin }));
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
  } = def as FormDefinition & Record<string, unknown>;
  await json(h.call('PUT', `${F}/health-and-safety/5`, { cookie: admin, body: { ...input, ...change } }));
  return json<FormDefinition>(h.call('PUT', `${F}/publish/health-and-safety/5`, { cookie: admin }));
}

async function putFile(path: string, text: string) {
  await h.store.files.put(fileKey(1, path), new TextEncoder().encode(text), 'image/png');
}

async function fileText(path: string): Promise<string | null> {
  const found = await h.store.files.get(fileKey(1, path));
  return found ? found.bytes.toString() : null;
}

/** A submitted Site Safety Inspection of project 1 with a photo and a signature (the files are in the store). */
async function submittedWithFiles(): Promise<FormEntry> {
  await putFile('questions/11/abc123/slab.png', 'photo bytes');
  await putFile('questions/14/def456/signature.png', 'signature bytes');
  return json<FormEntry>(
    h.call('PUT', `${HS}/submit`, {
      cookie: user,
      body: {
        formId: 5,
        answers: [
          { questionId: 1, answers: ['Seán Doyle'] },
          { questionId: 2, answers: ['2026-11-20'] },
          { questionId: 5, answers: ['Electrical', 'Roofing'] },
          { questionId: 6, answers: ['No'] },
          { questionId: 11, answers: ['questions/11/abc123/slab.png'] },
          { questionId: 13, answers: [true] },
          { questionId: 14, answers: ['questions/14/def456/signature.png'], signatureByThirdParty: 'Ann Other' },
        ],
      },
    }),
  );
}

describe('POST copy/{id}', () => {
  it('makes a draft with the answers, a new number, its own files and no signature', async () => {
    const original = await submittedWithFiles();
    expect(original.answers.find((a) => a.questionId === 14)?.isSigned).toBe(true);
    const copy = await json<FormEntry>(h.call('POST', `${HS}/copy/${original.id}`, { cookie: user }));
    expect(copy).toMatchObject({ formId: 5, projectId: 1, isDraft: true, entryNumber: original.entryNumber + 1 });
    expect(copy.id).not.toBe(original.id);
    const answerOf = (e: FormEntry, q: number) => e.answers.find((a) => a.questionId === q)?.answers;
    for (const q of [1, 2, 5, 6, 13]) expect(answerOf(copy, q)).toEqual(answerOf(original, q));
    // No signature, nothing marked signed.
    expect(answerOf(copy, 14)).toBeUndefined();
    expect(copy.answers.some((a) => a.isSigned || a.signatureByThirdParty)).toBe(false);
    // The photo is a file of its own, with the same bytes.
    const [photo] = answerOf(copy, 11) as string[];
    expect(photo).not.toBe('questions/11/abc123/slab.png');
    expect(photo).toMatch(/^questions\/11\/copy-[0-9a-f]{12}\/slab\.png$/);
    expect(await fileText(photo)).toBe('photo bytes');
    // Discarding the copy (a draft) deletes its files, not the original's.
    const gone = await json<{ files: number }>(h.call('DELETE', `${HS}/5/entry/${copy.entryNumber}`, { cookie: user }));
    expect(gone.files).toBe(1);
    expect(await fileText(photo)).toBeNull();
    expect(await fileText('questions/11/abc123/slab.png')).toBe('photo bytes');
    // The stored copy opens as entries.get answers it.
    const again = await json<FormEntry>(h.call('POST', `${HS}/copy/${original.id}`, { cookie: user }));
    const read = await json<FormEntry>(h.call('GET', `${HS}/5/get/${again.entryNumber}`, { cookie: user }));
    expect(read).toEqual(again);
  });

  it('is 404 for an entry of another client, project or area, 403 for a view user, and leaves nothing', async () => {
    const original = await submittedWithFiles();
    await h.store.collection('formEntries').updateOne({ id: original.id }, { $set: { clientId: 2 } });
    expect((await h.call('POST', `${HS}/copy/${original.id}`, { cookie: user })).status).toBe(404);
    await h.store.collection('formEntries').updateOne({ id: original.id }, { $set: { clientId: 1 } });
    expect(
      (await h.call('POST', `/api/projects/1/forms/quality-assurance/copy/${original.id}`, { cookie: user })).status,
    ).toBe(404);
    expect((await h.call('POST', `${HS}/copy/999999`, { cookie: user })).status).toBe(404);
    // A view user of the project reads a quality-assurance entry but may not copy it.
    const QA = '/api/projects/1/forms/quality-assurance';
    const pour = demoSeed.formDefinitions[0];
    const qa = await json<FormEntry>(
      h.call('PUT', `${QA}/submit`, { cookie: user, body: { formId: pour.id, answers: sampleAnswers(pour) } }),
    );
    const viewer = await h.login('view@demo.local');
    expect((await h.call('GET', `${QA}/${pour.id}/get/${qa.entryNumber}`, { cookie: viewer })).status).toBe(200);
    expect((await h.call('POST', `${QA}/copy/${qa.id}`, { cookie: viewer })).status).toBe(403);
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(1);
    expect(await h.store.collection('formEntries').countDocuments({ formId: pour.id })).toBe(1);
    expect((await h.store.files.list('1/questions/11/', true)).length).toBe(1);
  });

  it('deletes the files it copied when the entry cannot be written (all or nothing)', async () => {
    const original = await submittedWithFiles();
    // The entry counter's next value is taken: the insert fails after the files were copied.
    const taken = await json<FormEntry>(h.call('POST', `${HS}/copy/${original.id}`, { cookie: user }));
    await h.store.collection('counters').updateOne({ name: 'formEntries' }, { $set: { value: taken.id - 1 } });
    const res = await h.call('POST', `${HS}/copy/${original.id}`, { cookie: user });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(2);
    // The original's photo and the first copy's: none left over from the failed copy.
    expect((await h.store.files.list('1/questions/11/', true)).length).toBe(2);
  });
});

describe('POST getMultiple', () => {
  it('answers the entries in the order asked, bounded, and only the tenant project form ones', async () => {
    for (let i = 0; i < 3; i++) await submittedWithFiles();
    const got = await json<FormEntry[]>(
      h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [3, 1, 2] } }),
    );
    expect(got.map((e) => e.entryNumber)).toEqual([3, 1, 2]);
    expect(got[0]).toEqual(await json<FormEntry>(h.call('GET', `${HS}/5/get/3`, { cookie: user })));
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      (await h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: many } })).status,
    ).toBe(400);
    expect(
      (await h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [1, 1] } })).status,
    ).toBe(400);
    expect(
      (await h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [1, 9] } })).status,
    ).toBe(404);
    // Another project's entries are not this project's (and another client's project is 404).
    await h.store.collection('formEntries').updateOne({ entryNumber: 2, formId: 5 }, { $set: { projectId: 2 } });
    expect(
      (await h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [2] } })).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/api/projects/9999/forms/health-and-safety/getMultiple', {
          cookie: user,
          body: { formId: 5, entryNumbers: [1] },
        })
      ).status,
    ).toBe(404);
    // The access question is entries.get's: a user who may not view the area's entries gets neither.
    const viewer = await h.login('view@demo.local');
    const get = await h.call('GET', `${HS}/5/get/1`, { cookie: viewer });
    const several = await h.call('POST', `${HS}/getMultiple`, {
      cookie: viewer,
      body: { formId: 5, entryNumbers: [1] },
    });
    expect(several.status).toBe(get.status);
  });
});

/** The upload as a browser sends it: multipart with its length (the security check reads both). */
async function upload(text: string, cookie = user, formId = 5, name = 'entries.csv') {
  const form = new FormData();
  form.append('uploads[]', new File([text], name, { type: 'text/csv' }));
  const sent = new Request('http://localhost/', { method: 'PUT', body: form });
  const body = await sent.arrayBuffer();
  return h.app.request(`${HS}/upload?formId=${formId}`, {
    method: 'PUT',
    headers: {
      Cookie: cookie,
      'Content-Type': sent.headers.get('content-type') ?? '',
      'Content-Length': String(body.byteLength),
    },
    body,
  });
}

const HEADER = 'Inspected by,Inspection date,Air temperature,Trades on site,Hot work on site?,Area left safe';

describe('PUT upload (CSV import of entries)', () => {
  it('is refused for a form without Allow CSV upload, and for a view user', async () => {
    const res = await upload(`${HEADER}\r\nA,2026-11-20,12,,No,Yes`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('This form does not allow CSV upload.');
    await publishSafety({ allowCsvUpload: true });
    const viewer = await h.login('view@demo.local');
    expect((await upload(`${HEADER}\r\nA,2026-11-20,12,,No,Yes`, viewer)).status).toBe(403);
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);
  });

  it('saves 3 rows as submitted entries numbered in order, with the template and lookup values to fill them', async () => {
    await publishSafety({ allowCsvUpload: true });
    const template = await h.call('GET', `${HS}/uploadtemplate/5`, { cookie: user });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('Site Safety Inspection Import Template.csv');
    const header = (await template.text()).replace(/^\uFEFF/, '');
    // Only the columns an import reads: not the register's own, not files, signatures, grids or tables.
    expect(header.split(',')).toEqual([
      'Inspected by',
      'Inspection date',
      'Reporting month',
      'Area inspected',
      'Air temperature',
      'Trades on site',
      'Hot work on site?',
      'Hot work permit number',
      'Extinguisher checked',
      'Findings',
      'Barrier tape colour',
      'Area left safe',
    ]);
    const rows = [
      'Seán Doyle,2026-11-20,12.5,"Electrical, Roofing",No,Yes',
      'Aoife Byrne,2026-11-21,,Groundworks,No,No',
      '"Byrne, Cian",2026-11-22,-3,,No,',
    ];
    const done = await json<{ created: number; entryNumbers: number[] }>(upload(`${HEADER}\r\n${rows.join('\r\n')}`));
    expect(done).toEqual({ created: 3, entryNumbers: [1, 2, 3] });
    const entries = await json<FormEntry[]>(
      h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [1, 2, 3] } }),
    );
    expect(entries.map((e) => [e.isDraft ?? false, e.enteredBy])).toEqual([
      [false, 'Cian Murphy'],
      [false, 'Cian Murphy'],
      [false, 'Cian Murphy'],
    ]);
    const answerOf = (e: FormEntry, q: number) => e.answers.find((a) => a.questionId === q)?.answers;
    expect(answerOf(entries[0], 5)).toEqual(['Electrical', 'Roofing']);
    expect(answerOf(entries[0], 4)).toEqual([12.5]);
    expect(answerOf(entries[0], 13)).toEqual([true]);
    expect(answerOf(entries[1], 13)).toEqual([false]);
    expect(answerOf(entries[2], 1)).toEqual(['Byrne, Cian']);
    expect(answerOf(entries[2], 4)).toEqual([-3]);
    // The register lists them (its read model was written with them).
    const register = await json<{ totalRecords: number }>(h.call('POST', `${HS}/getall/5`, { cookie: user, body: {} }));
    expect(register.totalRecords).toBe(3);

    const lookups = await h.call('GET', `${HS}/downloadlookupvalues/5`, { cookie: user });
    expect(lookups.status).toBe(200);
    expect(lookups.headers.get('content-disposition')).toContain('Site Safety Inspection Lookup Values.csv');
    const parsed = Papa.parse<string[]>((await lookups.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['List', 'Value']);
    expect(parsed).toContainEqual(['Trades on site', 'Roofing']);
    expect(parsed).toContainEqual(['Hot work on site?', 'No']);
    expect(parsed).toContainEqual(['Area left safe', 'Yes']);
  });

  it('saves nothing when a row is bad, naming each row and column', async () => {
    await publishSafety({ allowCsvUpload: true });
    const rows = [
      'Seán Doyle,2026-11-20,12,,No,Yes',
      ',2026-11-21,,,No,',
      'Aoife Byrne,2026-11-22,warm,Plastering,No,Maybe',
      // Hot work chosen: its page shows, and its required questions are required.
      'Cian Murphy,2026-11-23,,,Yes,',
      'Cian Murphy,2026-11-23,99,,Perhaps,',
    ];
    const res = await upload(`${HEADER}\r\n${rows.join('\r\n')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; details: { path: string; message: string }[] };
    expect(body.message).toBe('The file was not imported (problems found: 8). Nothing was saved.');
    expect(body.details.map((d) => d.message)).toEqual([
      'Row 3, Inspected by: Inspected by is required.',
      "Row 4, Air temperature: 'warm' is not a number.",
      "Row 4, Trades on site: 'Plastering' is not one of the listed options.",
      "Row 4, Area left safe: 'Maybe' is not Yes or No.",
      'Row 5, Hot work permit number: Hot work permit number is required.',
      'Row 5, Fire-fighting equipment: Fire-fighting equipment is required.',
      'Row 6, Air temperature: Air temperature must be at most 45.',
      'Row 6, Hot work on site?: Hot work on site? must be one of the listed options.',
    ]);
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);
    // A column the form does not have, an empty file, another kind of file.
    const unknown = await upload('Inspected by,Colour of the sky\r\nA,blue');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { details: { message: string }[] }).details[0].message).toBe(
      'The column Colour of the sky is not a column of this form.',
    );
    expect((await upload(HEADER)).status).toBe(400);
    expect((await upload(`${HEADER}\r\nA,2026-11-20,,,No,`, user, 5, 'entries.xlsx')).status).toBe(400);
    const big = `${HEADER}\r\n${'x'.repeat(5 * 1024 * 1024)}`;
    expect((await upload(big)).status).toBe(413);
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);
  });

  it('takes back the register CSV it downloads: the same answers as new entries', async () => {
    await publishSafety({ allowCsvUpload: true });
    const rows = ['Seán Doyle,2026-11-20,12.5,"Electrical, Roofing",No,Yes', '"=cmd|x",2026-11-21,,,No,No'];
    await json(upload(`${HEADER}\r\n${rows.join('\r\n')}`));
    // Findings (rich text) and a tick through the submit API, to round-trip them too.
    await json(
      h.call('PUT', `${HS}/submit`, {
        cookie: user,
        body: {
          formId: 5,
          answers: [
            { questionId: 1, answers: ['Niamh'] },
            { questionId: 2, answers: ['2026-11-24'] },
            { questionId: 6, answers: ['No'] },
            { questionId: 10, answers: ['<p>Loose <strong>boards</strong></p>'] },
            { questionId: 12, answers: ['#ff8800'] },
          ],
        },
      }),
    );
    const csv = await h.call('POST', `${HS}/download`, { cookie: user, body: { formId: 5 } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    const done = await json<{ created: number; entryNumbers: number[] }>(upload(text));
    expect(done).toEqual({ created: 3, entryNumbers: [4, 5, 6] });
    const all = await json<FormEntry[]>(
      h.call('POST', `${HS}/getMultiple`, { cookie: user, body: { formId: 5, entryNumbers: [1, 2, 3, 4, 5, 6] } }),
    );
    const plain = (e: FormEntry) =>
      Object.fromEntries(
        e.answers
          .filter((a) => a.questionId !== 10)
          .map((a) => [a.questionId, a.answers])
          .sort(),
      );
    // The download lists the newest first: entry 4 is entry 3 again, 5 is 2, 6 is 1.
    expect(plain(all[3])).toEqual(plain(all[2]));
    expect(plain(all[4])).toEqual(plain(all[1]));
    expect(plain(all[5])).toEqual(plain(all[0]));
    expect(all[4].answers.find((a) => a.questionId === 1)?.answers).toEqual(['=cmd|x']);
    // Rich text comes back as its text (the CSV holds no formatting).
    expect(all[3].answers.find((a) => a.questionId === 10)?.answers).toEqual(['<p>Loose boards</p>']);
  });
});
