/**
 * The lookup value and code generator calls (form-configuration.md §7) through the catalogue's generic
 * resources and named operations: access, tenant scoping, body validation, the rules the client also
 * checks (schemas/rules/lookup-value.json), and the atomic code generator.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import type { CodeGeneratorSetting, LookupValue } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;

async function adminOf(clientId: number): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  const res = await h.call('POST', `/api/authorization/setClient/${clientId}`, { cookie });
  expect(res.status).toBe(200);
  return cookie;
}

beforeEach(async () => {
  h = await makeHarness();
  admin = await adminOf(1);
});

const seedValue = (clientId: number, type: string, name: string) =>
  demoSeed.lookupValues.find((v) => v.clientId === clientId && v.type === type && v.name === name) as LookupValue;

describe('lookup values', () => {
  it('lists every value of a type, and only the active ones', async () => {
    const all = (await (
      await h.call('GET', '/api/settings/lookupvalues/getall/SubContractorPackage', { cookie: admin })
    ).json()) as LookupValue[];
    const expected = demoSeed.lookupValues.filter((v) => v.clientId === 1 && v.type === 'SubContractorPackage');
    expect(all.map((v) => v.name).sort()).toEqual(expected.map((v) => v.name).sort());
    const active = (await (
      await h.call('GET', '/api/settings/lookupvalues/getallactive/SubContractorPackage', { cookie: admin })
    ).json()) as LookupValue[];
    expect(active.length).toBe(expected.filter((v) => v.status === 'Active').length);
    expect(active.every((v) => v.status === 'Active')).toBe(true);
    expect(all.some((v) => v.status === 'Inactive')).toBe(true);
  });

  it('adds a list of values, Active, trimmed, with audit fields', async () => {
    const res = await h.call('POST', '/api/settings/lookupvalues', {
      cookie: admin,
      body: [
        { Name: '  Piling ', Status: 'Active', Type: 'SubContractorPackage' },
        { Name: 'Roofing', Type: 'SubContractorPackage' },
      ],
    });
    expect(res.status).toBe(200);
    const added = (await res.json()) as LookupValue[];
    expect(added.map((v) => [v.name, v.status, v.type, v.clientId])).toEqual([
      ['Piling', 'Active', 'SubContractorPackage', 1],
      ['Roofing', 'Active', 'SubContractorPackage', 1],
    ]);
    expect(added[0].createdBy).toBe(demoSeed.users.find((u) => u.email === 'admin@demo.local')?.fullName);
    expect(typeof added[0].created).toBe('string');
    const one = await h.call('GET', `/api/settings/lookupvalues/${added[0].id}`, { cookie: admin });
    expect(((await one.json()) as LookupValue).name).toBe('Piling');
  });

  it('refuses lines the form refuses: empty, spaces only, over 40 characters; nothing is written', async () => {
    const before = await h.store.collection('lookupValues').countDocuments({});
    for (const Name of ['', '   ', 'x'.repeat(41)]) {
      const res = await h.call('POST', '/api/settings/lookupvalues', {
        cookie: admin,
        body: [
          { Name: 'Fine', Type: 'ContactRole' },
          { Name, Type: 'ContactRole' },
        ],
      });
      expect(res.status, JSON.stringify(Name)).toBe(400);
    }
    const forty = await h.call('POST', '/api/settings/lookupvalues', {
      cookie: admin,
      body: [{ Name: 'y'.repeat(40), Type: 'ContactRole' }],
    });
    expect(forty.status).toBe(200);
    expect(await h.store.collection('lookupValues').countDocuments({})).toBe(before + 1);
  });

  it('refuses a name already in the type, ignoring spaces and case', async () => {
    const res = await h.call('POST', '/api/settings/lookupvalues', {
      cookie: admin,
      body: [{ Name: 'site  manager', Type: 'EmployeeRole' }],
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(message('lookupValues.duplicate'));
    const other = await h.call('POST', '/api/settings/lookupvalues', {
      cookie: admin,
      body: [{ Name: 'Site Manager', Type: 'ContactRole' }],
    });
    expect(other.status).toBe(200);
  });

  it('deactivates, activates and deletes an ordinary value', async () => {
    const value = seedValue(1, 'SubContractorPackage', 'Mechanical');
    const off = await h.call('DELETE', `/api/settings/lookupvalues/deactivate/${value.id}`, { cookie: admin });
    expect(off.status).toBe(200);
    expect(((await off.json()) as LookupValue).status).toBe('Inactive');
    const again = await h.call('DELETE', `/api/settings/lookupvalues/deactivate/${value.id}`, { cookie: admin });
    expect(again.status).toBe(409);
    const on = await h.call('DELETE', `/api/settings/lookupvalues/activate/${value.id}`, { cookie: admin });
    expect(((await on.json()) as LookupValue).status).toBe('Active');
    expect((await h.call('DELETE', `/api/settings/lookupvalues/activate/${value.id}`, { cookie: admin })).status).toBe(
      409,
    );
    expect((await h.call('DELETE', `/api/settings/lookupvalues/delete/${value.id}`, { cookie: admin })).status).toBe(
      200,
    );
    expect((await h.call('GET', `/api/settings/lookupvalues/${value.id}`, { cookie: admin })).status).toBe(404);
  });

  it('refuses what the rules refuse, although the client hides those actions', async () => {
    const inUse = seedValue(1, 'SubContractorPackage', 'Groundworks');
    const deactivate = await h.call('DELETE', `/api/settings/lookupvalues/deactivate/${inUse.id}`, { cookie: admin });
    expect(deactivate.status).toBe(409);
    expect((await deactivate.json()).messageId).toBe('lookupValues.cannotDeactivate');
    const del = await h.call('DELETE', `/api/settings/lookupvalues/delete/${inUse.id}`, { cookie: admin });
    expect(del.status).toBe(409);
    expect((await del.json()).messageId).toBe('lookupValues.cannotDelete');
    const byDefault = seedValue(1, 'EmployeeRole', 'Health and Safety Officer');
    expect(
      (await h.call('DELETE', `/api/settings/lookupvalues/delete/${byDefault.id}`, { cookie: admin })).status,
    ).toBe(409);
    expect(
      (await h.call('DELETE', `/api/settings/lookupvalues/deactivate/${byDefault.id}`, { cookie: admin })).status,
    ).toBe(409);
    const stored = await h.store.collection('lookupValues').findOne({ id: inUse.id });
    expect(stored?.status).toBe('Active');
  });

  it('is for admins of the tenant only', async () => {
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', '/api/settings/lookupvalues/getall/EmployeeRole', { cookie: user })).status).toBe(403);
    const value = seedValue(1, 'SubContractorPackage', 'Electrical');
    expect((await h.call('DELETE', `/api/settings/lookupvalues/delete/${value.id}`, { cookie: user })).status).toBe(
      403,
    );
    expect((await h.call('GET', '/api/settings/lookupvalues/getall/EmployeeRole')).status).toBe(401);
    const otherClient = seedValue(2, 'SubContractorPackage', 'Electrical');
    expect((await h.call('GET', `/api/settings/lookupvalues/${otherClient.id}`, { cookie: admin })).status).toBe(404);
    expect(
      (await h.call('DELETE', `/api/settings/lookupvalues/delete/${otherClient.id}`, { cookie: admin })).status,
    ).toBe(404);
    expect((await h.call('GET', '/api/settings/lookupvalues/abc', { cookie: admin })).status).toBe(404);
  });
});

describe('code generator', () => {
  const input = {
    type: 'Invoice',
    active: true,
    start: 'Text',
    separator: 'Dash',
    end: 'Number',
    baseStart: 'INV',
    baseEnd: '0099',
  };

  it('adds a setting and answers it with id, base code and next code; finds it by type', async () => {
    const res = await h.call('POST', '/api/settings/codegenerator', { cookie: admin, body: input });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as CodeGeneratorSetting;
    expect(saved).toMatchObject({
      type: 'Invoice',
      baseSeparator: '-',
      baseCode: 'INV-0099',
      nextCode: 'INV-0100',
      clientId: 1,
    });
    expect(saved.id).toBeGreaterThan(0);
    const byType = await h.call('GET', '/api/settings/codegenerator/type/Invoice', { cookie: admin });
    expect(((await byType.json()) as CodeGeneratorSetting).id).toBe(saved.id);
    expect((await h.call('GET', `/api/settings/codegenerator/${saved.id}`, { cookie: admin })).status).toBe(200);
    expect((await h.call('GET', '/api/settings/codegenerator/type/Nothing', { cookie: admin })).status).toBe(404);
    const dup = await h.call('POST', '/api/settings/codegenerator', { cookie: admin, body: input });
    expect(dup.status).toBe(409);
  });

  it('requires the parts only when active, and gives the defaults', async () => {
    const missing = await h.call('POST', '/api/settings/codegenerator', {
      cookie: admin,
      body: { type: 'Ticket', active: true },
    });
    expect(missing.status).toBe(400);
    const inactive = await h.call('POST', '/api/settings/codegenerator', {
      cookie: admin,
      body: { type: 'Ticket', active: false },
    });
    expect(inactive.status).toBe(200);
    expect(await inactive.json()).toMatchObject({ start: 'Year', separator: 'Backslash', end: 'Text' });
  });

  it('updates by id, recomputing the codes', async () => {
    const po = demoSeed.codeGeneratorSettings.find((s) => s.clientId === 1 && s.type === 'PurchaseOrder')!;
    const res = await h.call('PUT', `/api/settings/codegenerator/${po.id}`, {
      cookie: admin,
      body: { ...input, type: 'PurchaseOrder', baseStart: 'PO', separator: 'Point', baseEnd: '7' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: po.id, baseCode: 'PO.7', nextCode: 'PO.8' });
    const other = demoSeed.codeGeneratorSettings.find((s) => s.clientId === 2)!;
    expect(
      (await h.call('PUT', `/api/settings/codegenerator/${other.id}`, { cookie: admin, body: input })).status,
    ).toBe(404);
  });

  it('generates 50 different codes for 50 concurrent calls', async () => {
    const po = demoSeed.codeGeneratorSettings.find((s) => s.clientId === 1 && s.type === 'PurchaseOrder')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.call('GET', `/api/settings/codegenerator/${po.id}/generate`, { cookie: admin }),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const codes = await Promise.all(answers.map(async (r) => ((await r.json()) as { code: string }).code));
    expect(new Set(codes).size).toBe(50);
    const year = String(new Date().getFullYear());
    expect(codes).toContain(`${year}/0042`);
    expect(codes).toContain(`${year}/0091`);
    const stored = await h.store.collection('codeGeneratorSettings').findOne({ id: po.id });
    expect(stored?.nextCode).toBe(`${year}/0092`);
  });

  it('refuses to generate from an inactive generator, and is for admins only to change', async () => {
    const note = demoSeed.codeGeneratorSettings.find((s) => s.clientId === 1 && s.type === 'DeliveryNote')!;
    expect((await h.call('GET', `/api/settings/codegenerator/${note.id}/generate`, { cookie: admin })).status).toBe(
      409,
    );
    const user = await h.login('user@demo.local');
    expect((await h.call('PUT', `/api/settings/codegenerator/${note.id}`, { cookie: user, body: input })).status).toBe(
      403,
    );
  });
});
