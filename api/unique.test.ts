/**
 * Resource `unique` rules are unique indexes, not check-then-insert scans (issue 20, "What to build" 2; Bad
 * input and faults: "Concurrent creates of one name: one 201, the rest 409 with the spec's duplicate text"):
 * 20 concurrent creates of one name, written in 20 ways of spacing and case, through the API in process.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

/** One name in 20 spellings the rule takes for the same (spaces and case ignored). */
const spellings = (name: string) =>
  Array.from({ length: 20 }, (_, i) => {
    const cased = i % 2 === 0 ? name.toUpperCase() : name.toLowerCase();
    return `${' '.repeat(i % 3)}${cased.replace(' ', ' '.repeat(1 + (i % 4)))}`;
  });

/** Sends the 20 requests at once; returns the statuses and the refusals' messages. */
async function race(send: (name: string) => Promise<Response>, name: string) {
  const answers = await Promise.all(spellings(name).map(send));
  const statuses = answers.map((r) => r.status);
  const refusals = await Promise.all(
    answers.filter((r) => r.status === 409).map(async (r) => (await r.json()).message),
  );
  return { statuses, refusals };
}

describe('concurrent creates of one name (unique indexes)', () => {
  it('lookup values: one created, nineteen 409 with the duplicate text', async () => {
    const { statuses, refusals } = await race(
      (Name) => h.call('POST', '/api/settings/lookupvalues', { cookie: admin, body: [{ Name, Type: 'ContactRole' }] }),
      'Crane Marshal',
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(new Set(refusals)).toEqual(new Set([message('lookupValues.duplicate')]));
    const stored = await h.store.collection('lookupValues').find({ clientId: 1, type: 'ContactRole' });
    expect(stored.filter((v) => String(v.name).replace(/\s+/g, '').toLowerCase() === 'cranemarshal')).toHaveLength(1);
    // The store's derived key never reaches an answer.
    const listed = await (
      await h.call('GET', '/api/settings/lookupvalues/getall/ContactRole', { cookie: admin })
    ).json();
    expect(listed.every((v: Record<string, unknown>) => !('uniqueKeys' in v))).toBe(true);
  });

  it('organisations (the generic create): one 201, nineteen 409 with the duplicate text', async () => {
    const { statuses, refusals } = await race(
      (name) => h.call('POST', '/api/settings/Organizations', { cookie: admin, body: { name } }),
      'Atlantic Ready Mix',
    );
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(new Set(refusals)).toEqual(new Set([message('organisations.duplicate')]));
    const stored = await h.store.collection('organisations').find({ clientId: 1 });
    expect(stored.filter((o) => String(o.name).replace(/\s+/g, '').toLowerCase() === 'atlanticreadymix')).toHaveLength(
      1,
    );
  });

  it('subcontractors: one created, nineteen 409 with the duplicate text', async () => {
    const { statuses, refusals } = await race(
      (name) =>
        h.call('POST', '/api/settings/Subcontractors', { cookie: admin, body: { name, type: 'Subcontractor' } }),
      'Burren Steel',
    );
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(new Set(refusals)).toEqual(new Set([message('subcontractors.duplicate')]));
  });

  it('an update onto a taken name is refused with the duplicate text; another client may use the name', async () => {
    const created = await h.call('POST', '/api/settings/Organizations', {
      cookie: admin,
      body: { name: 'Doolin Plant' },
    });
    const other = await h.call('POST', '/api/settings/Organizations', { cookie: admin, body: { name: 'Ennis Hire' } });
    const { id } = await other.json();
    expect(created.status).toBeLessThan(300);
    const clash = await h.call('PUT', `/api/settings/Organizations/${id}`, {
      cookie: admin,
      body: { name: 'doolin  PLANT' },
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe(message('organisations.duplicate'));
    expect((await h.store.collection('organisations').findOne({ clientId: 1, id }))?.name).toBe('Ennis Hire');
    // Renaming an item to its own name with other spacing is no clash.
    const same = await h.call('PUT', `/api/settings/Organizations/${id}`, {
      cookie: admin,
      body: { name: 'ENNIS hire' },
    });
    expect(same.status).toBe(200);
    await h.store.collection('organisations').insertOne({ id: 99_001, clientId: 2, name: 'Doolin Plant' });
  });
});
