/**
 * Download names (issue 24 §3, administration-data.md §3 "File-name format for form downloads"; docs/entries.md
 * "Download names"): the project's export setting per form area (its administrators only; another client's project
 * 404; bad formats 400 with their message and nothing saved), and the downloads named by it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client, FormDefinition, FormEntry, Project } from '../engine/types/generated';
import { downloadNameFor } from './operations/download-names';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});

const HS = '/api/projects/1/forms/health-and-safety';
const QA = '/api/projects/1/forms/quality-assurance';

async function csvName(cookie: string, base = HS, formId = 5): Promise<string> {
  const res = await h.call('POST', `${base}/download`, { cookie, body: { formId } });
  expect(res.status).toBe(200);
  await res.text();
  const header = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
  return decodeURIComponent(encoded);
}

/** The administrator, working in client 1 (an admin of several clients chooses one first). */
async function admin(): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie })).status).toBe(200);
  return cookie;
}

async function settings() {
  return h.store.collection<Record<string, unknown>>('exportSettings').find({});
}

describe('export settings', () => {
  it('are saved, read, changed and reset by an administrator, and name the CSV download', async () => {
    const cookie = await admin();
    const today = new Date().toISOString().slice(0, 10);
    expect(await csvName(cookie)).toBe(`Site Safety Inspection - ${today}.csv`);
    // None saved: the default, marked so, without an id.
    const none = await h.call('GET', `${HS}/export-setting`, { cookie });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({
      projectId: 1,
      formArea: 'health-and-safety',
      format: 'setup:formTitle|text: |setup:entryNumber|text: - |datefield:created',
      isDefault: true,
    });

    const format = 'project:code|text: _ |setup:formTitle|text: |setup:entryNumber|text: |datefield:created';
    const created = await h.call('POST', `${HS}/export-setting`, { cookie, body: { format } });
    expect(created.status).toBe(200);
    const setting = (await created.json()) as { id: number; projectId: number; formArea: string; format: string };
    expect(setting).toMatchObject({ projectId: 1, formArea: 'health-and-safety', format });
    const read = await h.call('GET', `${HS}/export-setting`, { cookie });
    expect(await read.json()).toEqual({
      id: setting.id,
      projectId: 1,
      formArea: 'health-and-safety',
      format,
      isDefault: false,
    });
    // A register download has no entry: its entry number is left out and Created is the download's day.
    expect(await csvName(cookie)).toBe(`CCE-2401 _ Site Safety Inspection ${today}.csv`);
    // The quality assurance area of the project keeps the default.
    expect(await csvName(cookie, QA, 1)).toBe(`Concrete Pour Inspection - ${today}.csv`);

    const again = await h.call('POST', `${HS}/export-setting`, { cookie, body: { format: 'setup:formTitle' } });
    expect(again.status).toBe(409);

    // With the saved setting's id: its change.
    const changed = await h.call('POST', `${HS}/export-setting`, {
      cookie,
      body: { id: setting.id, format: 'text:QA/QC: |project:name|text:  CON' },
    });
    expect(changed.status).toBe(200);
    // '/' and ':' of the custom text become '_'; doubled spaces are one.
    expect(await csvName(cookie)).toBe('QA_QC_ Eyre Square Mixed-Use Development CON.csv');

    const reset = await h.call('DELETE', `${HS}/export-setting/${setting.id}`, { cookie });
    expect(reset.status).toBe(200);
    expect(await settings()).toHaveLength(0);
    expect(await csvName(cookie)).toBe(`Site Safety Inspection - ${today}.csv`);
    expect(
      ((await (await h.call('GET', `${HS}/export-setting`, { cookie })).json()) as { isDefault: boolean }).isDefault,
    ).toBe(true);
  });

  it.each([
    ['colour:red', 'exportNames.unknownPart', "Unknown file name part 'colour:red'."],
    ['setup:formTitle|field:colour', 'exportNames.unknownPart', "Unknown file name part 'field:colour'."],
    ['setup:formTitle|', 'exportNames.unknownPart', "Unknown file name part ''."],
    ['formTitle', 'exportNames.unknownPart', "Unknown file name part 'formTitle'."],
    [
      `text:${'x'.repeat(101)}`,
      'exportNames.textTooLong',
      'A custom text of the file name may have at most 100 characters.',
    ],
    [
      Array.from({ length: 21 }, () => 'setup:formTitle').join('|'),
      'exportNames.tooManyParts',
      'The file name may have at most 20 parts.',
    ],
  ])('refuses the format %j with 400 %s and saves nothing', async (format, messageId, text) => {
    const cookie = await admin();
    const res = await h.call('POST', `${HS}/export-setting`, { cookie, body: { format } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ messageId, message: text });
    expect(await settings()).toHaveLength(0);
  });

  it('refuses an empty, missing or over-long format with 400 and keeps the stored one', async () => {
    const cookie = await admin();
    const created = await h.call('POST', `${HS}/export-setting`, { cookie, body: { format: 'setup:formTitle' } });
    const { id } = (await created.json()) as { id: number };
    for (const body of [{ format: '' }, {}, { format: `text:${'x'.repeat(1000)}` }, { format: 7 }]) {
      const res = await h.call('POST', `${HS}/export-setting`, { cookie, body: { id, ...body } });
      expect(res.status).toBe(400);
    }
    expect((await settings()).map((s) => s.format)).toEqual(['setup:formTitle']);
  });

  it("is the form area's administrators' only: an Edit or View user of the project 403", async () => {
    // user@demo.local edits project 1 and administers quality assurance (accessQA), not health and safety.
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${HS}/export-setting`, { cookie: user })).status).toBe(403);
    const refused = await h.call('POST', `${HS}/export-setting`, { cookie: user, body: { format: 'setup:formTitle' } });
    expect(refused.status).toBe(403);
    const qa = await h.call('POST', `${QA}/export-setting`, { cookie: user, body: { format: 'setup:formTitle' } });
    expect(qa.status).toBe(200);
    const viewer = await h.login('view@demo.local');
    for (const base of [QA, HS]) {
      expect((await h.call('GET', `${base}/export-setting`, { cookie: viewer })).status).toBe(403);
      const res = await h.call('POST', `${base}/export-setting`, { cookie: viewer, body: { format: 'text:x' } });
      expect(res.status).toBe(403);
    }
    // The health-and-safety administrator (no project access) sets the H&S name, not the quality assurance one.
    const hs = await h.login('hs@demo.local');
    const own = await h.call('POST', `${HS}/export-setting`, { cookie: hs, body: { format: 'setup:formTitle' } });
    expect(own.status).toBe(200);
    const other = await h.call('GET', `${QA}/export-setting`, { cookie: hs });
    expect(other.status).toBe(403);
    expect((await settings()).map((s) => s.formArea).sort()).toEqual(['health-and-safety', 'quality-assurance']);
  });

  it("answers 404 for another client's project, an unknown form area or another project's setting, and changes nothing", async () => {
    const cookie = await admin();
    const foreign = '/api/projects/5/forms/health-and-safety/export-setting';
    expect((await h.call('GET', foreign, { cookie })).status).toBe(404);
    expect((await h.call('POST', foreign, { cookie, body: { format: 'setup:formTitle' } })).status).toBe(404);
    const unknownArea = '/api/projects/1/forms/site-work/export-setting';
    expect((await h.call('GET', unknownArea, { cookie })).status).toBe(404);
    expect((await h.call('POST', unknownArea, { cookie, body: { format: 'setup:formTitle' } })).status).toBe(404);
    // Another project's setting is not changed through this project's path.
    const own = await h.call('POST', `${HS}/export-setting`, { cookie, body: { format: 'text:one' } });
    const { id } = (await own.json()) as { id: number };
    const elsewhere = '/api/projects/2/forms/health-and-safety/export-setting';
    expect((await h.call('POST', elsewhere, { cookie, body: { id, format: 'text:two' } })).status).toBe(404);
    expect((await h.call('DELETE', `${elsewhere}/${id}`, { cookie })).status).toBe(404);
    expect((await settings()).map((s) => s.format)).toEqual(['text:one']);
  });
});

describe('downloadNameFor', () => {
  async function scopeOf(formId: number) {
    const store = h.store;
    const project = (await store.collection<Project>('projects').findOne({ id: 1 })) as Project;
    const form = (await store.collection<FormDefinition>('formDefinitions').findOne({ id: formId })) as FormDefinition;
    const client = (await store.collection<Client>('clients').findOne({ id: 1 })) as Client;
    return { store, clientId: 1, clientName: client.name, project, form };
  }

  const entry = {
    entryNumber: 7,
    date: '2026-02-03T09:00:00Z',
    enteredBy: 'Una User',
    client: 'Client at entry',
    levels: ['L3'],
  } as FormEntry;

  it('names an entry by the default: form title, space, entry number, " - ", created date', async () => {
    expect(await downloadNameFor(await scopeOf(1), entry)).toBe('Concrete Pour Inspection 7 - 2026-02-03');
  });

  it('gives the header parts the form asks for, and leaves out those it does not', async () => {
    const cookie = await admin();
    const format = 'field:client|text: |field:levels|text: |field:enteredBy|text: |client:name';
    expect((await h.call('POST', `${QA}/export-setting`, { cookie, body: { format } })).status).toBe(200);
    // The Concrete Pour Inspection asks for the client, not for levels.
    expect(await downloadNameFor(await scopeOf(1), entry)).toBe(
      'Client at entry Una User Corrib Civil Engineering Ltd',
    );
  });
});
