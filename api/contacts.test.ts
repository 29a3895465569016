/**
 * The contact and organisation calls (administration-data.md §5 Contact, §7 Contacts and Organisations; docs
 * /api.md "Contacts", "Organisations"): access (non-admins refused), tenancy (another client's item is 404),
 * bad input (400, nothing saved), the references a contact and an organisation must name, the CSV import (all
 * or nothing, per-row report) and template, the project's contacts and the document kinds' rule.
 */
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contact, Organisation } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;
let user: string;

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  const res = await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
  expect(res.status).toBe(200);
  user = await h.login('user@demo.local');
});

const C = '/api/settings/contacts';
const O = '/api/settings/Organizations';
const count = (collection: 'contacts' | 'organisations') => h.store.collection(collection).countDocuments({});
const json = async <T>(res: Response) => (await res.json()) as T;
const valid = { organizationId: 1, firstName: 'Maura', lastName: 'Concannon', role: 'Architect' };

function upload(path: string, csv: string, cookie = admin) {
  const form = new FormData();
  form.append('uploads[]', new File([csv], 'sheet.csv', { type: 'text/csv' }));
  return h.app.request(path, { method: 'PUT', headers: { Cookie: cookie }, body: form });
}

describe('contacts', () => {
  it('lists every contact of the client with its organisation, by last name', async () => {
    const res = await h.call('GET', `${C}/getall`, { cookie: admin });
    expect(res.status).toBe(200);
    const rows = await json<Array<Contact & { organizationName: string }>>(res);
    const mine = (demoSeed.contacts ?? []).filter((c) => c.clientId === 1);
    expect(rows.length).toBe(mine.length);
    expect(rows.every((r) => r.clientId === 1)).toBe(true);
    const names = rows.map((r) => r.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const first = rows.find((r) => r.id === 1);
    expect(first?.organizationName).toBe(demoSeed.organisations?.find((o) => o.id === first?.organizationId)?.name);
  });

  it('adds, gets, updates (an emptied field is cleared) and deletes a contact', async () => {
    const add = await h.call('POST', C, { cookie: admin, body: { ...valid, email: 'maura@cdp.ie', city: 'Galway' } });
    expect(add.status).toBe(200);
    const added = await json<Contact>(add);
    expect(added).toMatchObject({ ...valid, clientId: 1, email: 'maura@cdp.ie' });
    expect(typeof added.created).toBe('string');
    const got = await json<Contact>(await h.call('GET', `${C}/${added.id}`, { cookie: admin }));
    expect(got.firstName).toBe('Maura');
    const put = await h.call('PUT', `${C}/${added.id}`, { cookie: admin, body: { ...valid, lastName: 'Fahy' } });
    expect(put.status).toBe(200);
    const stored = await h.store.collection<Contact>('contacts').findOne({ id: added.id });
    expect(stored?.lastName).toBe('Fahy');
    expect(stored?.email).toBeUndefined();
    expect(stored?.city).toBeUndefined();
    const del = await h.call('DELETE', `${C}/${added.id}`, { cookie: admin });
    expect(del.status).toBe(200);
    expect((await h.call('GET', `${C}/${added.id}`, { cookie: admin })).status).toBe(404);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const before = await count('contacts');
    const bad: Array<[unknown, string]> = [
      [{ ...valid, firstName: '' }, 'validation.invalidBody'],
      [{ ...valid, firstName: '   ' }, 'validation.invalidBody'],
      [{ organizationId: 1, firstName: 'A', lastName: 'B' }, 'validation.invalidBody'],
      [{ ...valid, email: 'not-an-email' }, 'validation.invalidBody'],
      [{ ...valid, country: 'Atlantis' }, 'validation.invalidBody'],
      [{ ...valid, mobileNumber: 'call me' }, 'validation.invalidBody'],
      [{ ...valid, projectIds: [1] }, 'validation.invalidBody'],
      [{ ...valid, organizationId: 11 }, 'contacts.unknownOrganisation'],
      [{ ...valid, organizationId: 999 }, 'contacts.unknownOrganisation'],
      [{ ...valid, role: 'Astronaut' }, 'contacts.unknownRole'],
      [{ ...valid, province: 'Narnia' }, 'contacts.unknownProvince'],
      ['[]', 'validation.invalidBody'],
    ];
    for (const [body, messageId] of bad) {
      const res =
        typeof body === 'string'
          ? await h.call('POST', C, { cookie: admin, raw: body })
          : await h.call('POST', C, { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ messageId: string }>(res)).messageId, JSON.stringify(body)).toBe(messageId);
    }
    const update = await h.call('PUT', `${C}/1`, { cookie: admin, body: { ...valid, role: 'Astronaut' } });
    expect(update.status).toBe(400);
    expect(await count('contacts')).toBe(before);
    expect((await h.store.collection<Contact>('contacts').findOne({ id: 1 }))?.role).not.toBe('Astronaut');
  });

  it('accepts the county/province and country from their lists (Ireland first)', async () => {
    const countries = await json<string[]>(await h.call('GET', `${C}/getallcountries`, { cookie: admin }));
    expect(countries.slice(0, 2)).toEqual(['Ireland', 'United Kingdom']);
    const rest = countries.slice(2);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    const res = await h.call('POST', C, { cookie: admin, body: { ...valid, country: 'France', province: 'Mayo' } });
    expect(res.status).toBe(200);
  });

  it('refuses non-admins, and another client is 404', async () => {
    for (const [method, path] of [
      ['GET', `${C}/getall`],
      ['GET', `${C}/1`],
      ['POST', C],
      ['PUT', `${C}/1`],
      ['DELETE', `${C}/1`],
      ['GET', `${C}/download/true`],
      ['GET', `${O}/getall`],
      ['POST', O],
      ['DELETE', `${O}/1`],
    ] as const) {
      const res = await h.call(method, path, { cookie: user, body: method === 'GET' ? undefined : valid });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await upload(`${C}/upload`, 'Organisation\n', user)).status).toBe(403);
    // Contact 41 and organisation 11 belong to client 2.
    expect((await h.call('GET', `${C}/41`, { cookie: admin })).status).toBe(404);
    expect((await h.call('PUT', `${C}/41`, { cookie: admin, body: valid })).status).toBe(404);
    expect((await h.call('DELETE', `${C}/41`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${O}/11`, { cookie: admin })).status).toBe(404);
    expect((await h.call('DELETE', `${O}/11`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${C}/getall/5`, { cookie: admin })).status).toBe(404);
  });

  it('answers the roles, organisation types and disciplines from the lookup values (Active only)', async () => {
    const roles = await json<string[]>(await h.call('GET', `${C}/GetAllRoles`, { cookie: user }));
    const expected = demoSeed.lookupValues
      .filter((v) => v.clientId === 1 && v.type === 'ContactRole' && v.status === 'Active')
      .map((v) => v.name);
    expect([...roles].sort()).toEqual([...expected].sort());
    await h.call(
      'DELETE',
      `/api/settings/lookupvalues/deactivate/${demoSeed.lookupValues.find((v) => v.clientId === 1 && v.type === 'OrganisationType' && v.name === 'Supplier')?.id}`,
      { cookie: admin },
    );
    for (const base of [C, O]) {
      const types = await json<string[]>(await h.call('GET', `${base}/getalltypes`, { cookie: admin }));
      expect(types).toEqual(['Client', 'Consultant', 'Statutory Body', 'Subcontractor']);
      const disciplines = await json<string[]>(await h.call('GET', `${base}/getalldisciplines`, { cookie: admin }));
      expect(disciplines).toContain('Groundworks');
    }
  });
});

describe('contacts import and template', () => {
  const header =
    'Id,Organisation,First Name,Last Name,Role,Email,Mobile Number,Telephone Number,Country,County/Province,City';

  it('downloads the template, empty or with every contact', async () => {
    const empty = await h.call('GET', `${C}/download/false`, { cookie: admin });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toContain('text/csv');
    expect(empty.headers.get('content-disposition')).toContain('Contacts.csv');
    const emptyText = (await empty.text()).replace(/^\uFEFF/, '');
    expect(emptyText.trim()).toBe(header);
    const full = (await (await h.call('GET', `${C}/download/true`, { cookie: admin })).text()).replace(/^\uFEFF/, '');
    const rows = Papa.parse<string[]>(full, { skipEmptyLines: true }).data;
    expect(rows.length).toBe(1 + (demoSeed.contacts ?? []).filter((c) => c.clientId === 1).length);
    expect((await h.call('GET', `${C}/download/maybe`, { cookie: admin })).status).toBe(404);
  });

  it('imports every row (adds new ones, updates rows with an Id) in one go', async () => {
    const before = await count('contacts');
    const csv = [
      header,
      ',corrib design partnership,Maura,Concannon,architect,maura@cdp.ie,,,ireland,Galway,Galway',
      ',Western Groundworks Ltd,Ger,Naughton,Site Supervisor,,,,,,',
      '1,Corrib Design Partnership,Aoife,Brennan-Ward,Architect,,,,,,',
      '',
    ].join('\r\n');
    const res = await upload(`${C}/upload`, csv);
    expect(res.status).toBe(200);
    expect(await json<{ count: number }>(res)).toEqual({ count: 3 });
    expect(await count('contacts')).toBe(before + 2);
    const maura = await h.store.collection<Contact>('contacts').findOne({ firstName: 'Maura' });
    expect(maura).toMatchObject({ clientId: 1, organizationId: 1, role: 'Architect', country: 'Ireland' });
    const updated = await h.store.collection<Contact>('contacts').findOne({ id: 1 });
    expect(updated?.lastName).toBe('Brennan-Ward');
    expect(updated?.email).toBeUndefined();
    expect(updated?.projectIds).toEqual(demoSeed.contacts?.[0].projectIds);
  });

  it('refuses the whole file with a per-row report when any row is wrong', async () => {
    const before = await count('contacts');
    const csv = [
      header,
      ',Corrib Design Partnership,Fine,Row,Architect,,,,,,',
      ',Nowhere Ltd,Ann,Other,Architect,,,,,,',
      ',Corrib Design Partnership,,Last,Astronaut,,,,Atlantis,,',
      ',Thames Valley Architects,Bob,Smith,Architect,bad-email,,,,,',
      '41,Corrib Design Partnership,Tenant,Other,Architect,,,,,,',
    ].join('\n');
    const res = await upload(`${C}/upload`, csv);
    expect(res.status).toBe(400);
    const body = await json<{ messageId: string; message: string; details: Array<{ message: string }> }>(res);
    expect(body.messageId).toBe('sheet.importFailed');
    expect(body.message).toContain('4 rows');
    expect(body.details.map((d) => d.message)).toEqual([
      "Row 3: The organisation 'Nowhere Ltd' is not one of the listed organisations.",
      'Row 4: First Name is mandatory.',
      "Row 4: The role 'Astronaut' is not one of the listed roles.",
      "Row 4: The country 'Atlantis' is not one of the listed countries.",
      "Row 5: The organisation 'Thames Valley Architects' is not one of the listed organisations.",
      'Row 6: There is no item with Id 41 to update.',
    ]);
    expect(await count('contacts')).toBe(before);
  });

  it('refuses a file that is not a sheet of contacts', async () => {
    for (const csv of ['', 'Name,Other\nx,y', header]) {
      const res = await upload(`${C}/upload`, csv);
      expect(res.status, csv).toBe(400);
    }
    const none = await h.app.request(`${C}/upload`, {
      method: 'PUT',
      headers: { Cookie: admin },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
  });
});

describe('organisations', () => {
  it('lists, adds, updates and deletes; names are unique; types and disciplines must be listed', async () => {
    const list = await json<Organisation[]>(await h.call('GET', `${O}/getall`, { cookie: admin }));
    expect(list.length).toBe((demoSeed.organisations ?? []).filter((o) => o.clientId === 1).length);
    expect(list.map((o) => o.name)).toEqual([...list.map((o) => o.name)].sort((a, b) => (a < b ? -1 : 1)));
    const add = await h.call('POST', O, { cookie: admin, body: { name: 'Claddagh Roofing', type: 'Subcontractor' } });
    expect(add.status).toBe(200);
    const added = await json<Organisation>(add);
    const before = await count('organisations');
    for (const body of [
      { name: ' claddagh  roofing ' },
      { name: '' },
      { name: 'X', type: 'Pirate' },
      { name: 'X', discipline: 'Alchemy' },
      { name: 'X', country: 'Atlantis' },
    ]) {
      const res = await h.call('POST', O, { cookie: admin, body });
      expect([400, 409], JSON.stringify(body)).toContain(res.status);
    }
    expect(await count('organisations')).toBe(before);
    const put = await h.call('PUT', `${O}/${added.id}`, { cookie: admin, body: { name: 'Claddagh Roofing Ltd' } });
    expect(put.status).toBe(200);
    expect((await h.store.collection<Organisation>('organisations').findOne({ id: added.id }))?.type).toBeUndefined();
    expect((await h.call('DELETE', `${O}/${added.id}`, { cookie: admin })).status).toBe(200);
  });

  it('refuses to delete an organisation that has contacts', async () => {
    const res = await h.call('DELETE', `${O}/1`, { cookie: admin });
    expect(res.status).toBe(409);
    expect((await json<{ messageId: string }>(res)).messageId).toBe('organisations.inUse');
    expect(await h.store.collection('organisations').countDocuments({ id: 1 })).toBe(1);
  });

  it('imports a sheet all or nothing, and downloads its template', async () => {
    const template = (await (await h.call('GET', `${O}/download/false`, { cookie: admin })).text()).replace(
      /^\uFEFF/,
      '',
    );
    const head = template.trim();
    expect(head).toBe('Id,Name,Address,Postal Code,City,County/Province,Country,Type,Discipline');
    const before = await count('organisations');
    const bad = [head, ',Atlantic Structural Engineers,,,,,,,', ',New One,,,,,Atlantis,Pirate,', ',,,,,,,,'].join('\n');
    const refused = await upload(`${O}/upload`, bad);
    expect(refused.status).toBe(400);
    const report = await json<{ details: Array<{ message: string }> }>(refused);
    expect(report.details.map((d) => d.message)).toEqual([
      "Row 2: The name 'Atlantic Structural Engineers' is in the file more than once, or belongs to another organisation.",
      "Row 3: The country 'Atlantis' is not one of the listed countries.",
      "Row 3: The type 'Pirate' is not one of the listed organisation types.",
    ]);
    expect(await count('organisations')).toBe(before);
    const good = [
      head,
      ',New One,1 Main St,,Galway,,ireland,client,',
      '2,Atlantic Structural Engineers Ltd,,,,,,,',
    ].join('\n');
    const ok = await upload(`${O}/upload`, good);
    expect(ok.status).toBe(200);
    expect(await count('organisations')).toBe(before + 1);
    const renamed = await h.store.collection<Organisation>('organisations').findOne({ id: 2 });
    expect(renamed?.name).toBe('Atlantic Structural Engineers Ltd');
    const added = await h.store.collection<Organisation>('organisations').findOne({ name: 'New One' });
    expect(added).toMatchObject({ clientId: 1, country: 'Ireland', type: 'Client' });
  });
});

describe('contacts on projects and documents', () => {
  it('lists, assigns and removes a project’s contacts', async () => {
    const onProject = (demoSeed.contacts ?? []).filter((c) => c.clientId === 1 && c.projectIds?.includes(1));
    const list = await json<Contact[]>(await h.call('GET', `${C}/getall/1`, { cookie: admin }));
    expect(list.map((c) => c.id).sort((a, b) => a - b)).toEqual(onProject.map((c) => c.id));
    const notOn = (demoSeed.contacts ?? []).find((c) => c.clientId === 1 && !c.projectIds?.includes(1));
    const assigned = await h.call('POST', `${C}/assign/1`, { cookie: admin, body: { contactIds: [notOn?.id, 1] } });
    expect(assigned.status).toBe(200);
    expect((await json<Contact[]>(assigned)).length).toBe(onProject.length + 1);
    expect((await h.call('POST', `${C}/assign/1`, { cookie: admin, body: { contactIds: [41] } })).status).toBe(404);
    expect((await h.call('POST', `${C}/assign/1`, { cookie: admin, body: { contactIds: [] } })).status).toBe(400);
    expect((await h.call('POST', `${C}/assign/5`, { cookie: admin, body: { contactIds: [1] } })).status).toBe(404);
    expect((await h.call('DELETE', `${C}/assign/1/${notOn?.id}`, { cookie: admin })).status).toBe(200);
    expect((await h.call('DELETE', `${C}/assign/1/${notOn?.id}`, { cookie: admin })).status).toBe(404);
    const after = await json<Contact[]>(await h.call('GET', `${C}/getall/1`, { cookie: admin }));
    expect(after.length).toBe(onProject.length);
  });

  it('answers the organisations and contacts usable on a document kind (daywork: subcontractors only)', async () => {
    const rfi = await json<Organisation[]>(await h.call('GET', `${O}/getall/1/rfi/0`, { cookie: admin }));
    const withContacts = new Set(
      (demoSeed.contacts ?? []).filter((c) => c.projectIds?.includes(1)).map((c) => c.organizationId),
    );
    expect(rfi.map((o) => o.id).sort((a, b) => a - b)).toEqual([...withContacts].sort((a, b) => a - b));
    const daywork = await json<Organisation[]>(await h.call('GET', `${O}/getall/1/daywork/0`, { cookie: admin }));
    expect(daywork.length).toBeGreaterThan(0);
    expect(daywork.every((o) => o.type === 'Subcontractor')).toBe(true);
    // The document's current organisation is always offered.
    const withCurrent = await json<Organisation[]>(await h.call('GET', `${O}/getall/1/daywork/1`, { cookie: admin }));
    expect(withCurrent.map((o) => o.id)).toContain(1);
    for (const kind of ['cvi', 'submittal'])
      expect((await h.call('GET', `${O}/getall/1/${kind}/0`, { cookie: admin })).status).toBe(200);
    expect((await h.call('GET', `${O}/getall/1/invoice/0`, { cookie: admin })).status).toBe(400);
    expect((await h.call('GET', `${O}/getall/5/rfi/0`, { cookie: admin })).status).toBe(404);
    const contacts = await json<Contact[]>(await h.call('GET', `${C}/getall/1/rfi/1`, { cookie: admin }));
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((c) => c.organizationId === 1 && c.projectIds?.includes(1))).toBe(true);
    expect(await json<Contact[]>(await h.call('GET', `${C}/getall/1/daywork/1`, { cookie: admin }))).toEqual([]);
    expect((await h.call('GET', `${C}/getall/1/rfi/11`, { cookie: admin })).status).toBe(404);
  });
});
