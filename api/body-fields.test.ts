/**
 * Bodies accept the fields the specification's entity lists for their payload (issue 20 §3, "Bad input and
 * faults" 3rd bullet; schemas/api/bodies.json `accept` and `matchPath`; api/http/body-fields.ts): the ones the
 * server sets are taken and ignored, the ones a path parameter names are checked against it (400
 * validation.pathMismatch naming the field), and a field the body does not take is still refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import { definitionInput } from '../engine/test/definitions';
import type { Employee, Project, QrCodeSetup, SubcontractorPayment } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

async function answer<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface Refusal {
  messageId: string;
  message: string;
  details: Array<{ path: string; messageId: string }>;
}

/** A 400 that names `field` as differing from the path. */
async function pathMismatch(res: Promise<Response>, field: string, value: string, expected: string) {
  const error = await answer<Refusal>(res, 400);
  expect(error.messageId).toBe('validation.pathMismatch');
  expect(error.message).toBe(message('validation.pathMismatch', { field, value, expected }));
  expect(error.message).toBe(`${field} is ${value} in the body but ${expected} in the path.`);
  expect(error.details).toEqual([expect.objectContaining({ path: `/${field}`, messageId: 'validation.pathMismatch' })]);
}

const QR = '/api/settings/qrcode/forms/quality-assurance/1';
const LABELS = '/api/settings/labelpreparation/quality-assurance/1';
const qrSetup = {
  name: 'Gate Board',
  roleAccessType: 'NonRoleBased',
  qrCodeRoleDetails: [],
  qrCodeTypeDetails: [{ type: 2, accessType: 'Private' }],
};
const labelSetup = {
  name: 'Cube Labels',
  labelPreparationSetupExportFormQuestions: [{ questionId: 0, order: 0 }],
  labelPreparationSetupExportQRCodes: [],
};
const audit = {
  created: '2020-01-01T00:00:00.000Z',
  modified: '2020-01-01T00:00:00.000Z',
  createdBy: 'Somebody Else',
  createdById: 99,
  modifiedBy: 'Somebody Else',
  modifiedById: 99,
};

describe('QR code and label preparation setups (form-configuration.md §3)', () => {
  it('take the form id the path names, and the audit fields, as the specification lists them', async () => {
    const made = await answer<QrCodeSetup>(
      h.call('POST', `${QR}/create`, { cookie: admin, body: { ...qrSetup, formId: 1, entryNumber: 1, ...audit } }),
      201,
    );
    expect(made).toMatchObject({ name: 'Gate Board', formId: 1, entryNumber: 1, createdBy: 'Niamh Gallagher' });
    expect(made.created).not.toBe(audit.created);
    // The setup as read, less the two fields the specification does not list (the tenant and the path's area).
    const { clientId, formArea, ...listed } = made;
    const updated = await answer<QrCodeSetup>(
      h.call('POST', `${QR}/update`, { cookie: admin, body: { ...listed, name: 'Gate Board Two' } }),
      200,
    );
    expect(updated).toMatchObject({ id: made.id, name: 'Gate Board Two', formId: 1 });
    const label = await answer<{ id: number; formId: number }>(
      h.call('POST', `${LABELS}/add/`, {
        cookie: admin,
        body: { ...labelSetup, formId: 1, entryNumber: 1, isDeleted: false, ...audit },
      }),
      201,
    );
    expect(label.formId).toBe(1);
    const edited = await answer<{ name: string; isDeleted?: boolean }>(
      h.call('POST', `${LABELS}/edit`, {
        cookie: admin,
        body: { ...labelSetup, id: label.id, formId: 1, name: 'Cube Labels 2', isDeleted: true },
      }),
      200,
    );
    expect(edited.name).toBe('Cube Labels 2');
    expect(edited.isDeleted).toBeUndefined();
  });

  it("refuses a form id other than the path's, naming the field, and saves nothing", async () => {
    const before = await h.store.collection('qrCodeSetups').countDocuments({});
    await pathMismatch(
      h.call('POST', `${QR}/create`, { cookie: admin, body: { ...qrSetup, formId: 2 } }),
      'formId',
      '2',
      '1',
    );
    await pathMismatch(
      h.call('POST', `${QR}/create`, { cookie: admin, body: { ...qrSetup, formId: 1, entryNumber: 5 } }),
      'entryNumber',
      '5',
      '1',
    );
    expect(await h.store.collection('qrCodeSetups').countDocuments({})).toBe(before);
    await pathMismatch(
      h.call('POST', `${LABELS}/add/`, { cookie: admin, body: { ...labelSetup, formId: 5 } }),
      'formId',
      '5',
      '1',
    );
  });

  it('still refuses a field the payload does not list', async () => {
    const error = await answer<Refusal>(
      h.call('POST', `${QR}/create`, { cookie: admin, body: { ...qrSetup, clientId: 1 } }),
      400,
    );
    expect(error.messageId).toBe('validation.invalidBody');
    expect(error.details[0].path).toBe('/clientId');
  });
});

describe('projects, organisations, employees and payments (administration-data.md §3)', () => {
  it('a project round-trips as read: its computed fields ignored, its id checked against the path', async () => {
    const project = await answer<Project & Record<string, unknown>>(
      h.call('GET', '/api/projects/1', { cookie: admin }),
      200,
    );
    const {
      _id,
      clientId,
      created,
      modified,
      createdBy,
      createdById,
      modifiedBy,
      modifiedById,
      offlineAvailable,
      ...read
    } = project;
    const body = {
      ...read,
      hasEdit: false,
      loggedByFullName: 'Not Me',
      organizationName: 'Not Theirs',
      name: 'Renamed',
    };
    const saved = await answer<Project>(h.call('PUT', '/api/projects/1', { cookie: admin, body }), 200);
    expect(saved).toMatchObject({ id: 1, name: 'Renamed' });
    const stored = await h.store.collection('projects').findOne({ id: 1 });
    expect(stored).not.toHaveProperty('loggedByFullName', 'Not Me');
    expect(stored).not.toHaveProperty('hasEdit');
    expect(stored).not.toHaveProperty('organizationName');
    await pathMismatch(h.call('PUT', '/api/projects/1', { cookie: admin, body: { ...body, id: 2 } }), 'id', '2', '1');
    // On create there is no id in the path: one sent is ignored, the server gives the next.
    const made = await answer<Project>(
      h.call('POST', '/api/projects/create', { cookie: admin, body: { code: 'CCE-9101', name: 'New', id: 1 } }),
      200,
    );
    expect(made.id).not.toBe(1);
  });

  it("an organisation's id is the path's; a replacing update keeps it", async () => {
    const O = '/api/settings/Organizations';
    const org = await answer<Record<string, unknown>>(h.call('GET', `${O}/1`, { cookie: admin }), 200);
    const saved = await answer<{ id: number; name: string }>(
      h.call('PUT', `${O}/1`, { cookie: admin, body: { id: 1, name: `${org.name} Ltd` } }),
      200,
    );
    expect(saved).toMatchObject({ id: 1, name: `${org.name} Ltd` });
    expect(await h.store.collection('organisations').findOne({ id: 1 })).toMatchObject({ id: 1, clientId: 1 });
    await pathMismatch(h.call('PUT', `${O}/1`, { cookie: admin, body: { id: 3, name: 'X' } }), 'id', '3', '1');
  });

  it("an employee's isActive and status are the server's: sent, they change nothing", async () => {
    const B = '/api/settings/employees';
    const role = demoSeed.lookupValues.find((v) => v.clientId === 1 && v.type === 'EmployeeRole')?.id;
    const body = {
      employeeNumber: 'N901',
      firstName: 'Seán',
      lastName: 'Óg',
      role,
      isActive: false,
      status: 'Assigned',
    };
    const made = await answer<Employee>(h.call('POST', B, { cookie: admin, body }), 200);
    expect(made).toMatchObject({ isActive: true, status: 'Unassigned' });
    const changed = await answer<Employee>(
      h.call('PUT', `${B}/${made.id}`, { cookie: admin, body: { ...body, id: made.id, lastName: 'Mór' } }),
      200,
    );
    expect(changed).toMatchObject({ lastName: 'Mór', isActive: true, status: 'Unassigned' });
  });

  it("a payment's computed figures and the order's fields, sent, are computed and copied all the same", async () => {
    const payment = {
      subContractorId: 2,
      package: 'Formwork',
      dateOfClaim: '2024-08-31',
      status: 'Draft',
      lines: [{ description: 'Slabs', amount: 60_000.1 }],
      amountClaimedInValuation: 35_000,
    };
    const made = await answer<SubcontractorPayment>(
      h.call('POST', '/api/settings/Subcontractors/1/Payment', {
        cookie: admin,
        body: { ...payment, projectId: 1, amountGross: 1, orderNo: 'SC-999', retention: 99, contractValue: 1 },
      }),
      200,
    );
    expect(made.amountGross).toBe(60_000.1);
    expect(made.orderNo).not.toBe('SC-999');
    expect(made.retention).not.toBe(99);
    await pathMismatch(
      h.call('POST', '/api/settings/Subcontractors/1/Payment', { cookie: admin, body: { ...payment, projectId: 2 } }),
      'projectId',
      '2',
      '1',
    );
  });

  it("a form definition's formArea must be the path's", async () => {
    const def = demoSeed.formDefinitions.find((f) => f.id === 1) as unknown as Record<string, unknown>;
    const body = { ...definitionInput(def), title: 'Copy of the pour', formArea: 'health-and-safety' };
    await pathMismatch(
      h.call('POST', '/api/settings/forms/quality-assurance', { cookie: admin, body }),
      'formArea',
      'health-and-safety',
      'quality-assurance',
    );
    const made = await answer<{ formArea: string }>(
      h.call('POST', '/api/settings/forms/quality-assurance', {
        cookie: admin,
        body: { ...body, formArea: 'quality-assurance' },
      }),
      201,
    );
    expect(made.formArea).toBe('quality-assurance');
  });
});
