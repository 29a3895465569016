/**
 * QR code setups, scanning and label preparation through the API (form-configuration.md §2-§8, issue
 * "Form configuration" §2-§4): every call, every rule refused by the server, tokens that cannot be edited
 * into another form, and the label CSV.
 */
import Papa from 'papaparse';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import { definitionInput } from '../engine/test/definitions';
import type { FormDefinition, LabelPreparationSetup, QrCodeSetup, QrCodeSetupInput } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { lookupId } from '../fixtures/seed/lookup-values';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
let admin: string;
let user: string; // Cian Murphy: Site Engineer, QA edit on projects 1-4
let viewer: string; // Aoife Byrne: Quality Manager, QA view on project 1

const QR = '/api/settings/qrcode/forms/quality-assurance/1';
const LABELS = '/api/settings/labelpreparation/quality-assurance/1';
const role = (name: string) => lookupId(1, 'EmployeeRole', name);
const pour = demoSeed.formDefinitions.find((f) => f.id === 1) as FormDefinition;

async function adminOf(clientId: number): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  expect((await h.call('POST', `/api/authorization/setClient/${clientId}`, { cookie })).status).toBe(200);
  return cookie;
}

beforeEach(async () => {
  h = await makeHarness();
  admin = await adminOf(1);
  user = await h.login('user@demo.local');
  viewer = await h.login('view@demo.local');
});

/** A Role Based setup: Create to Site Manager, Populate 1 to `populateRole` with values. */
function roleBased(name: string, overrides: Partial<QrCodeSetupInput> = {}): QrCodeSetupInput {
  return {
    name,
    roleAccessType: 'RoleBased',
    qrCodeRoleDetails: [
      { roleId: role('Site Manager'), type: 0 },
      { roleId: role('Site Engineer'), type: 3 },
    ],
    qrCodeTypeDetails: [
      { type: 0 },
      {
        type: 3,
        qrCodeQuestions: [
          { questionId: 1, value: 'Core B' },
          { questionId: 2, value: '' },
          { questionId: 7, value: '12' },
          { questionId: 3, value: 'C30/37' },
          { questionId: 10, value: 'Cover spacers in place' },
          { questionId: 15, value: 'https://photos.example.com/pour' },
        ],
      },
    ],
    ...overrides,
  };
}

async function create(body: unknown, cookie = admin) {
  return h.call('POST', `${QR}/create`, { cookie, body });
}

async function refused(body: unknown, messageId: string, text?: string) {
  const res = await create(body);
  expect(res.status).toBe(400);
  const error = (await res.json()) as { messageId: string; message: string };
  expect(error.messageId).toBe(messageId);
  if (text) expect(error.message).toBe(text);
}

async function submitEntry(cookie: string, projectId = 1) {
  const res = await h.call('PUT', `/api/projects/${projectId}/forms/quality-assurance/submit`, {
    cookie,
    body: { formId: 1, answers: sampleAnswers(pour) },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; entryNumber: number };
}

async function generate(body: Record<string, unknown>, cookie = admin) {
  return h.call('POST', `${QR}/generateqrcode`, { cookie, body });
}

/** The scan token of a generated code. */
async function tokenOf(body: Record<string, unknown>): Promise<string> {
  const res = await generate(body);
  expect(res.status).toBe(200);
  const url = res.headers.get('X-Scan-Url') ?? '';
  expect(url).toMatch(/^http:\/\/localhost\/qr\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  return url.split('/qr/')[1];
}

async function scan(token: string, cookie?: string) {
  return h.call('GET', `/api/qrcode/scan/${token}?today=2026-11-23`, { cookie });
}

describe('QR code setups', () => {
  it("lists the setups of a form, and only the active ones, to administrators of the form's area", async () => {
    const all = (await (await h.call('GET', `${QR}/getall`, { cookie: admin })).json()) as QrCodeSetup[];
    expect(all.map((s) => s.name)).toEqual(['Public Record', 'Site Team']);
    await h.call('PUT', `${QR}/deactivate/2`, { cookie: admin });
    const active = (await (await h.call('GET', `${QR}/getallactive`, { cookie: user })).json()) as QrCodeSetup[];
    expect(active.map((s) => s.name)).toEqual(['Site Team']);
    expect((await h.call('GET', `${QR}/getall`, { cookie: viewer })).status).toBe(403);
    expect((await create(roleBased('Gate A'), viewer)).status).toBe(403);
    // An area's administrators use its forms' setups (issue 19): the QA flag for QA forms, the H&S flag for H&S forms.
    expect((await h.call('GET', `${QR}/getall`, { cookie: user })).status).toBe(200);
    const hs = await h.login('hs@demo.local');
    const hsForm = '/api/settings/qrcode/forms/health-and-safety/5';
    expect((await h.call('GET', `${hsForm}/getall`, { cookie: hs })).status).toBe(200);
    expect((await h.call('GET', `${QR}/getall`, { cookie: hs })).status).toBe(403);
    expect((await h.call('GET', `${hsForm}/getall`, { cookie: user })).status).toBe(403);
    // another form's setup is not found through this form's path
    expect(
      (await h.call('PUT', '/api/settings/qrcode/forms/health-and-safety/5/deactivate/1', { cookie: admin })).status,
    ).toBe(404);
    expect((await h.call('PUT', `${QR}/deactivate/abc`, { cookie: admin })).status).toBe(404);
  });

  it('saves a Role Based setup with Private type details and Populate values', async () => {
    const res = await create(roleBased('Gate A'));
    expect(res.status).toBe(201);
    const setup = (await res.json()) as QrCodeSetup;
    expect(setup).toMatchObject({
      name: 'Gate A',
      formId: 1,
      entryNumber: 1,
      isActive: true,
      createdBy: 'Niamh Gallagher',
    });
    expect(setup.qrCodeTypeDetails.map((t) => [t.type, t.accessType])).toEqual([
      [0, 'Private'],
      [3, 'Private'],
    ]);
    const populate = setup.qrCodeTypeDetails[1];
    expect(populate.qrCodeQuestions?.every((q) => q.qrCodeTypeId === populate.id)).toBe(true);
    expect(setup.qrCodeRoleDetails.every((r) => r.qrCodeSetupId === setup.id && r.id)).toBe(true);
  });

  it('refuses every name rule with the spec texts', async () => {
    await refused(roleBased(' '), 'qrCode.nameRequired', 'QR Code Name is required.');
    await refused(roleBased('A'.repeat(26)), 'qrCode.nameTooLong', 'QR Code name cannot be longer than 25 characters.');
    await refused(roleBased('Gate#1'), 'qrCode.nameCharacters');
    await refused(roleBased('site  TEAM'), 'qrCode.nameExists', 'QR Code Name already exists.');
    // its own name, with other spacing, is no clash on update
    const res = await h.call('POST', `${QR}/update`, { cookie: admin, body: { ...roleBased('Site  Team'), id: 1 } });
    expect(res.status).toBe(200);
  });

  it('refuses every Role Based save rule with the spec texts', async () => {
    await refused(
      roleBased('Gate A', { qrCodeRoleDetails: [], qrCodeTypeDetails: [] }),
      'qrCode.roleRequired',
      'Please select Role for Role Based QR Code.',
    );
    await refused(
      roleBased('Gate A', { qrCodeTypeDetails: [{ type: 0 }] }),
      'qrCode.populateQuestionMandatory',
      '<b>Populate 1</b>: Question is mandatory.',
    );
    await refused(
      roleBased('Gate A', {
        qrCodeRoleDetails: [{ roleId: role('Site Manager'), type: 0 }],
        qrCodeTypeDetails: [{ type: 5, qrCodeQuestions: [{ questionId: 1, value: 'x' }] }],
      }),
      'qrCode.populateRoleMandatory',
      '<b>Populate 3</b>: Role is mandatory.',
    );
    const withValue = (questionId: number, value: string) =>
      roleBased('Gate A', { qrCodeTypeDetails: [{ type: 3, qrCodeQuestions: [{ questionId, value }] }] });
    await refused(withValue(1, ''), 'qrCode.populateFillAll', '<b>Populate 1</b>: Fill out all question fields.');
    await refused(withValue(7, '-3'), 'qrCode.invalidNumber');
    await refused(withValue(7, '2.5'), 'qrCode.invalidNumber');
    await refused(withValue(15, 'http://192.168.1.10/photos'), 'qrCode.invalidUrl');
    await refused(withValue(15, 'javascript:alert(1)'), 'qrCode.invalidUrl');
    await refused(withValue(2, '1899-12-31'), 'qrCode.invalidDate');
    await refused(withValue(2, '2026-02-30'), 'qrCode.invalidDate');
    await refused(withValue(3, 'C99/99'), 'qrCode.invalidOption');
    await refused(withValue(11, 'true'), 'qrCode.questionNotAllowed'); // a single tick box is not a Populate question
    await refused(withValue(999, 'x'), 'qrCode.questionNotAllowed');
    await refused(
      roleBased('Gate A', {
        qrCodeRoleDetails: [
          { roleId: role('Foreman'), type: 0 },
          { roleId: role('Foreman'), type: 1 },
        ],
        qrCodeTypeDetails: [],
      }),
      'qrCode.roleInTwoTypes',
    );
    const inactive = lookupId(1, 'MaterialSupplierPosition', 'Yard Manager');
    await refused(
      roleBased('Gate A', { qrCodeRoleDetails: [{ roleId: inactive, type: 1 }], qrCodeTypeDetails: [] }),
      'qrCode.unknownRole',
    );
    const otherClientRole = lookupId(2, 'EmployeeRole', 'Foreman');
    await refused(
      roleBased('Gate A', { qrCodeRoleDetails: [{ roleId: otherClientRole, type: 1 }], qrCodeTypeDetails: [] }),
      'qrCode.unknownRole',
    );
    // nothing was saved
    const all = (await (await h.call('GET', `${QR}/getall`, { cookie: admin })).json()) as QrCodeSetup[];
    expect(all).toHaveLength(2);
  });

  it('refuses Create roles while the form allows CSV upload with its Create button off', async () => {
    const form = (await (
      await h.call('GET', '/api/settings/forms/quality-assurance/1', { cookie: admin })
    ).json()) as FormDefinition;
    const input = definitionInput(form as unknown as Record<string, unknown>);
    const res = await h.call('PUT', '/api/settings/forms/quality-assurance/1', {
      cookie: admin,
      body: { ...input, allowCsvUpload: true, displayEntryCreateButton: false },
    });
    expect(res.status).toBe(200);
    await refused(roleBased('Gate A'), 'qrCode.createDisabled');
    const withoutCreate = roleBased('Gate A');
    withoutCreate.qrCodeRoleDetails = withoutCreate.qrCodeRoleDetails.filter((r) => r.type !== 0);
    expect((await create(withoutCreate)).status).toBe(201);
  });

  it('saves a Non Role Based setup as one View detail with its access, and refuses any other shape', async () => {
    const res = await create({
      name: 'Notice Board',
      roleAccessType: 'NonRoleBased',
      qrCodeRoleDetails: [],
      qrCodeTypeDetails: [{ type: 2, accessType: 'Private' }],
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as QrCodeSetup).qrCodeTypeDetails).toEqual([
      expect.objectContaining({ type: 2, accessType: 'Private', qrCodeQuestions: [] }),
    ]);
    await refused(
      {
        name: 'Gate B',
        roleAccessType: 'NonRoleBased',
        qrCodeRoleDetails: [{ roleId: role('Foreman'), type: 2 }],
        qrCodeTypeDetails: [{ type: 2, accessType: 'Public' }],
      },
      'qrCode.nonRoleBasedShape',
    );
    await refused(
      {
        name: 'Gate B',
        roleAccessType: 'NonRoleBased',
        qrCodeRoleDetails: [],
        qrCodeTypeDetails: [{ type: 0, accessType: 'Public' }],
      },
      'qrCode.nonRoleBasedShape',
    );
    await refused(
      { name: 'Gate B', roleAccessType: 'NonRoleBased', qrCodeRoleDetails: [], qrCodeTypeDetails: [{ type: 2 }] },
      'qrCode.nonRoleBasedShape',
    );
    // a body outside the schema
    expect(
      (await create({ name: 'Gate B', roleAccessType: 'Everyone', qrCodeRoleDetails: [], qrCodeTypeDetails: [] }))
        .status,
    ).toBe(400);
    expect(
      (await h.call('POST', `${QR}/update`, { cookie: admin, body: { ...roleBased('Gate C'), id: 999 } })).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/api/settings/qrcode/forms/quality-assurance/2/create', {
          cookie: admin,
          body: roleBased('Gate C'),
        })
      ).status,
    ).toBe(404);
  });
});

describe('QR code images and scans', () => {
  it('answers a base64 PNG of the scan URL', async () => {
    const res = await generate({ projectId: 1, qrCodeEntryNumber: 1, isCreateTypeQRCode: true });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(text.split(',')[1], 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(300);
  });

  it('refuses codes for missing entries, other projects and Non Role Based create codes', async () => {
    expect((await generate({ projectId: 1, qrCodeEntryNumber: 1 })).status).toBe(400);
    expect((await generate({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: 99 })).status).toBe(404);
    expect((await generate({ projectId: 1, qrCodeEntryNumber: 2, isCreateTypeQRCode: true })).status).toBe(400);
    expect((await generate({ projectId: 999, qrCodeEntryNumber: 1, isCreateTypeQRCode: true })).status).toBe(404);
    expect((await generate({ projectId: 1, qrCodeEntryNumber: 3, isCreateTypeQRCode: true })).status).toBe(404);
    expect(
      (await generate({ projectId: 1, qrCodeEntryNumber: 1, isCreateTypeQRCode: true, isGlobal: true })).status,
    ).toBe(400);
  });

  it('makes codes only for users with Edit on the project (issue 19: a view user gets no QR buttons)', async () => {
    const entry = await submitEntry(admin);
    const code = { projectId: 1, qrCodeEntryNumber: 1 };
    expect((await generate({ ...code, fcEntryNumber: entry.entryNumber }, viewer)).status).toBe(403);
    expect((await generate({ ...code, isCreateTypeQRCode: true }, viewer)).status).toBe(403);
    expect((await generate({ ...code, fcEntryNumber: entry.entryNumber }, user)).status).toBe(200);
    expect((await generate({ ...code, fcEntryNumber: entry.entryNumber }, await h.login('hs@demo.local'))).status).toBe(
      403,
    );
  });

  it("opens, by the scanner's role, Update or View of the entry; others land nowhere", async () => {
    const entry = await submitEntry(admin);
    const token = await tokenOf({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: entry.entryNumber });
    expect(await (await scan(token, user)).json()).toEqual({
      clientId: 1,
      projectId: 1,
      formArea: 'quality-assurance',
      formId: 1,
      entryNumber: entry.entryNumber,
      action: 'update',
    });
    expect(((await (await scan(token, viewer)).json()) as { action: string }).action).toBe('view');
    expect((await scan(token)).status).toBe(401);
    const hs = await h.login('hs@demo.local'); // Health and Safety Officer: no type in this setup
    expect((await scan(token, hs)).status).toBe(403);
    const other = await h.login('idle@demo.local'); // another client's user
    expect((await scan(token, other)).status).toBe(403);
  });

  it("lets an Update code change another user's entry, and only with the code", async () => {
    const entry = await submitEntry(admin);
    const token = await tokenOf({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: entry.entryNumber });
    const body = { formId: 1, entryNumber: entry.entryNumber, answers: sampleAnswers(pour, 7) };
    const path = '/api/projects/1/forms/quality-assurance/submit';
    expect((await h.call('PUT', path, { cookie: user, body })).status).toBe(403);
    expect((await h.call('PUT', `${path}?qrToken=${token}`, { cookie: user, body })).status).toBe(200);
    // a View code does not grant it, nor does the code of another entry
    const second = await submitEntry(admin);
    expect(
      (
        await h.call('PUT', `${path}?qrToken=${token}`, {
          cookie: user,
          body: { ...body, entryNumber: second.entryNumber },
        })
      ).status,
    ).toBe(403);
  });

  it('opens a new entry prefilled with the Populate values, a blank date the scan date', async () => {
    const made = (await (await create(roleBased('Gate A'))).json()) as QrCodeSetup;
    const token = await tokenOf({ projectId: 2, qrCodeEntryNumber: made.id, isCreateTypeQRCode: true });
    const answer = await (await scan(token, user)).json();
    expect(answer).toEqual({
      clientId: 1,
      projectId: 2,
      formArea: 'quality-assurance',
      formId: 1,
      action: 'populate',
      populate: 1,
      answers: [
        { questionId: 1, answers: ['Core B'] },
        { questionId: 2, answers: ['2026-11-23'] },
        { questionId: 7, answers: [12] },
        { questionId: 3, answers: ['C30/37'] },
        { questionId: 10, answers: ['Cover spacers in place'] },
        { questionId: 15, answers: ['https://photos.example.com/pour'] },
      ],
    });
    // an Update or View role has nothing to open on a Create type code
    expect((await scan(token, viewer)).status).toBe(403);
  });

  it('refuses a token edited into another form, setup, entry or client, and one signed with another key', async () => {
    const entry = await submitEntry(admin);
    const token = await tokenOf({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: entry.entryNumber });
    const [body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    for (const change of [{ f: 5 }, { s: 3 }, { e: entry.entryNumber + 1 }, { c: 2 }, { p: 2 }]) {
      const forged = `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
      const res = await scan(forged, user);
      expect(res.status, JSON.stringify(change)).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(message('qrCode.scanInvalid'));
    }
    expect((await scan('not-a-token', user)).status).toBe(404);
    const elsewhere = await makeHarness(); // a store with its own generated key
    expect((await elsewhere.call('GET', `/api/qrcode/scan/${token}`)).status).toBe(404);
  });

  it('stops the codes of a deactivated or removed setup at once', async () => {
    const entry = await submitEntry(admin);
    const token = await tokenOf({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: entry.entryNumber });
    expect((await h.call('PUT', `${QR}/deactivate/1`, { cookie: admin })).status).toBe(200);
    expect((await scan(token, user)).status).toBe(404);
    expect((await h.call('PUT', `${QR}/activate/1`, { cookie: admin })).status).toBe(200);
    expect((await scan(token, user)).status).toBe(200);
    expect((await h.call('DELETE', `${QR}/delete/1`, { cookie: viewer })).status).toBe(403);
    expect((await h.call('DELETE', `${QR}/delete/1`, { cookie: admin })).status).toBe(200);
    expect((await scan(token, user)).status).toBe(404);
    expect((await h.call('DELETE', `${QR}/delete/1`, { cookie: admin })).status).toBe(404);
    const labels = (await (
      await h.call('GET', `${LABELS}/getall/`, { cookie: admin })
    ).json()) as LabelPreparationSetup[];
    expect(labels[0].labelPreparationSetupExportQRCodes.map((q) => q.qrCodeSetupId)).toEqual([2]);
  });

  it('shows a Public View entry without login, and nothing else', async () => {
    const entry = await submitEntry(admin);
    const token = await tokenOf({ projectId: 1, qrCodeEntryNumber: 2, fcEntryNumber: entry.entryNumber });
    expect(((await (await scan(token)).json()) as { action: string }).action).toBe('publicView');
    const res = await h.call('GET', `/api/qrcode/public/${token}`);
    expect(res.status).toBe(200);
    const shown = (await res.json()) as { form: FormDefinition; entry: { entryNumber: number; answers: unknown[] } };
    expect(shown.form.title).toBe('Concrete Pour Inspection');
    expect(shown.entry.entryNumber).toBe(entry.entryNumber);
    expect(shown.entry.answers.length).toBeGreaterThan(0);
    const roleToken = await tokenOf({ projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: entry.entryNumber });
    expect((await h.call('GET', `/api/qrcode/public/${roleToken}`)).status).toBe(404);
  });
});

describe('label preparation', () => {
  const setup = (name: string, questions: number[], qrCodes: number[]) => ({
    name,
    labelPreparationSetupExportFormQuestions: questions.map((questionId, order) => ({ questionId, order })),
    labelPreparationSetupExportQRCodes: qrCodes.map((qrCodeSetupId, order) => ({ qrCodeSetupId, order })),
  });

  it('adds, edits, deactivates and removes setups under their rules', async () => {
    const res = await h.call('POST', `${LABELS}/add/`, { cookie: admin, body: setup('Cube Labels', [0, 7], []) });
    expect(res.status).toBe(201);
    const made = (await res.json()) as LabelPreparationSetup;
    const bad = async (body: unknown, messageId: string, path = `${LABELS}/add/`) => {
      const r = await h.call('POST', path, { cookie: admin, body });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { messageId: string }).messageId).toBe(messageId);
    };
    await bad(setup(' ', [0], []), 'labelPreparation.nameRequired');
    await bad(setup('L'.repeat(26), [0], []), 'labelPreparation.nameTooLong');
    await bad(setup('Empty', [], []), 'labelPreparation.itemRequired');
    await bad(setup('Files', [-1], []), 'labelPreparation.unknownQuestion'); // askStructureReference is off
    await bad(setup('Files', [999], []), 'labelPreparation.unknownQuestion');
    await bad(setup('Codes', [], [3]), 'labelPreparation.unknownQrCode'); // another form's setup
    await bad(setup('Twice', [1, 1], []), 'labelPreparation.duplicateItem');
    expect(
      (await h.call('POST', `${LABELS}/edit`, { cookie: admin, body: { ...setup('Other', [0], []), id: 999 } })).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', `${LABELS}/edit`, {
          cookie: admin,
          body: { ...setup('Cube Labels', [0, -7], [1]), id: made.id },
        })
      ).status,
    ).toBe(200);
    expect((await h.call('POST', `${LABELS}/add/`, { cookie: viewer, body: setup('Mine', [0], []) })).status).toBe(403);
    expect((await h.call('PUT', `${LABELS}/deactivate/${made.id}`, { cookie: admin })).status).toBe(200);
    const active = (await (
      await h.call('GET', `${LABELS}/getallactive/`, { cookie: user })
    ).json()) as LabelPreparationSetup[];
    expect(active.map((s) => s.name)).toEqual(['Pour Labels']);
    expect((await h.call('DELETE', `${LABELS}/remove/${made.id}`, { cookie: admin })).status).toBe(200);
    const all = (await (await h.call('GET', `${LABELS}/getall/`, { cookie: admin })).json()) as LabelPreparationSetup[];
    expect(all.map((s) => s.name)).toEqual(['Pour Labels']);
  });

  it('exports a CSV of labels: a column per question and per QR code, a row per chosen entry', async () => {
    const first = await submitEntry(admin, 2);
    const second = await submitEntry(user, 2);
    const res = await h.call('POST', `${LABELS}/export/1`, {
      cookie: user,
      body: {
        projectId: 2,
        exportEntryIds: [second.id, first.id],
        fileExtension: 'csv',
        menuName: 'Quality Assurance',
      },
    });
    expect(res.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(res.headers.get('Content-Disposition')).toContain(
      encodeURIComponent(`${day} Quality Assurance Concrete Pour Inspection Pour Labels.csv`),
    );
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['ID', 'Project Name', 'Pour location', 'Pour date', 'Site Team', 'Public Record']);
    expect(rows).toHaveLength(3);
    const projects = demoSeed.projects;
    expect(rows[1].slice(0, 2)).toEqual([String(second.entryNumber), projects.find((p) => p.id === 2)?.name]);
    expect(rows[2].slice(0, 2)).toEqual([String(first.entryNumber), projects.find((p) => p.id === 2)?.name]);
    // each QR column is the entry's working scan URL
    const token = rows[1][4].split('/qr/')[1];
    const opened = (await (await scan(token, user)).json()) as {
      action: string;
      projectId: number;
      entryNumber: number;
    };
    expect(opened).toMatchObject({ action: 'update', projectId: 2, entryNumber: second.entryNumber });
  });

  it("refuses exports of other forms' or projects' entries, without Edit on the project, and of inactive setups", async () => {
    const entry = await submitEntry(user, 2);
    const exportOf = (cookie: string, body: Record<string, unknown>, setupId = 1) =>
      h.call('POST', `${LABELS}/export/${setupId}`, { cookie, body });
    // Entries of another project than the body's are not this export's (the access question is about that project).
    const res = await exportOf(user, { projectId: 1, exportEntryIds: [entry.id] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      message('labelPreparation.unknownEntries', { ids: String(entry.id) }),
    );
    // The view user holds View on project 1 (no Edit) and nothing on project 2; the H&S administrator no project.
    expect((await exportOf(viewer, { projectId: 1, exportEntryIds: [entry.id] })).status).toBe(403);
    expect((await exportOf(viewer, { projectId: 2, exportEntryIds: [entry.id] })).status).toBe(403);
    expect((await exportOf(await h.login('hs@demo.local'), { projectId: 2, exportEntryIds: [entry.id] })).status).toBe(
      403,
    );
    expect((await exportOf(user, { exportEntryIds: [entry.id] })).status).toBe(400);
    expect((await exportOf(user, { projectId: 2, exportEntryIds: [123456] })).status).toBe(400);
    expect((await exportOf(user, { projectId: 2, exportEntryIds: [] })).status).toBe(400);
    expect((await exportOf(user, { projectId: 2, exportEntryIds: [entry.id] })).status).toBe(200);
    await h.call('PUT', `${LABELS}/deactivate/1`, { cookie: admin });
    expect((await exportOf(user, { projectId: 2, exportEntryIds: [entry.id] })).status).toBe(400);
    expect((await exportOf(user, { projectId: 2, exportEntryIds: [entry.id] }, 9)).status).toBe(404);
  });
});
