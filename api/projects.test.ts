/**
 * The project calls (administration-data.md §3 Project, §7 Projects; docs/decisions.md "Projects"):
 * lists, one project, create, update, deadline, description, new project code, organisation name,
 * archive and restore, the QA offline calls, hourly staff and the project's lookup values. Each: access
 * (who is refused), tenancy (another client's project is 404), bad input (400, nothing saved).
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { isAvailableForTender } from '../engine/rules/project';
import type { Project } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;

type Answer = { status: number; body: Record<string, unknown> & Record<number, unknown> };

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Answer> {
  const res = await h.call(method, path, { cookie, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function adminOf(clientId: number): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  expect((await h.call('POST', `/api/authorization/setClient/${clientId}`, { cookie })).status).toBe(200);
  return cookie;
}

const seedOf = (clientId: number) => demoSeed.projects.filter((p) => p.clientId === clientId);
const ids = (items: unknown) => (items as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
const stored = (id: number) => h.store.collection<Project>('projects').findOne({ id });
const count = () => h.store.collection('projects').countDocuments({});

const valid = {
  code: 'CCE-9001',
  name: 'Knocknacarra Community Centre',
  address: 'Western Distributor Road, Galway',
  description: 'Two-storey community building.',
  startDate: '2026-04-06',
  endDate: '2027-03-26',
  weekHours: 39,
};

beforeEach(async () => {
  h = await makeHarness();
  admin = await adminOf(1);
});

describe('project lists', () => {
  it('getall leaves archived projects out and getArchived lists them, of the client only', async () => {
    const all = await call('GET', '/api/projects/getall/all', admin);
    const client1 = seedOf(1);
    expect(ids(all.body)).toEqual(ids(client1.filter((p) => p.status !== 'Archived')));
    const projects = await call('GET', '/api/projects/getall/projects', admin);
    expect(ids(projects.body)).toEqual(ids(client1.filter((p) => p.status !== 'Archived' && p.type === 'projects')));
    const archived = await call('GET', '/api/projects/getArchived/all', admin);
    expect(ids(archived.body)).toEqual(ids(client1.filter((p) => p.status === 'Archived')));
    expect((archived.body as unknown as Project[]).every((p) => p.status === 'Archived')).toBe(true);
    const other = await adminOf(2);
    expect(ids((await call('GET', '/api/projects/getArchived/projects', other)).body)).toEqual(
      ids(seedOf(2).filter((p) => p.status === 'Archived')),
    );
  });

  it('lists only the projects a user may see, with hasEdit per project', async () => {
    const view = await h.login('view@demo.local');
    const seen = await call('GET', '/api/projects/getall/projects', view);
    expect(ids(seen.body)).toEqual([1]);
    expect((seen.body as unknown as Project[])[0].hasEdit).toBe(false);
    // Archived projects are the projects administrators' page (issue 19: its button and route ask this too).
    expect((await call('GET', '/api/projects/getArchived/projects', view)).status).toBe(403);
    const user = await h.login('user@demo.local');
    const list = (await call('GET', '/api/projects/getall/projects', user)).body as unknown as Project[];
    // accessAllProjects: View everywhere, Edit where a project access says so (1-4).
    expect(ids(list.filter((p) => p.hasEdit))).toEqual([1, 2, 3, 4]);
    expect(list.length).toBeGreaterThan(4);
    const hs = await h.login('hs@demo.local');
    expect((await call('GET', '/api/projects/getall/all', hs)).body).toEqual([]);
  });

  it('offers for tender the Active projects whose deadline is today or later, by deadline', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const expected = seedOf(1)
      .filter((p) => isAvailableForTender(p, today))
      .sort((a, b) => (a.deadline as string).localeCompare(b.deadline as string));
    expect(expected.length).toBeGreaterThan(0);
    const res = await call('GET', '/api/projects/getall/availablefortender', admin);
    expect(res.status).toBe(200);
    expect((res.body as unknown as Project[]).map((p) => p.id)).toEqual(expected.map((p) => p.id));
    const view = await h.login('view@demo.local');
    expect((await call('GET', '/api/projects/getall/availablefortender', view)).body).toEqual([]);
  });

  it('needs a session', async () => {
    for (const path of ['/api/projects/getArchived/all', '/api/projects/getall/availablefortender'])
      expect((await h.call('GET', path)).status).toBe(401);
  });
});

describe('one project', () => {
  it('answers the project with hasEdit; another client’s is 404; an archived one has no summary', async () => {
    const one = await call('GET', '/api/projects/1', admin);
    expect(one.body).toMatchObject({ id: 1, code: 'CCE-2401', hasEdit: true });
    const other = seedOf(2)[0];
    expect((await call('GET', `/api/projects/${other.id}`, admin)).status).toBe(404);
    expect((await call('GET', `/api/projects/getOrganizationName/${other.id}`, admin)).status).toBe(404);
    expect((await call('GET', '/api/projects/summary/14', admin)).status).toBe(404);
    expect((await call('GET', '/api/projects/14', admin)).body).toMatchObject({ status: 'Archived', hasEdit: false });
  });

  it('answers the organisation name, stored nowhere but the organisation', async () => {
    // A name no seeded organisation of client 1 has (organisations are unique by name).
    await h.store
      .collection('organisations')
      .insertOne({ id: 9001, clientId: 1, name: 'Galway Harbour Company', created: new Date().toISOString() });
    expect((await call('GET', '/api/projects/getOrganizationName/1', admin)).body).toEqual({
      organizationId: null,
      organizationName: null,
    });
    const saved = await call('PUT', '/api/projects/1', admin, {
      ...valid,
      code: 'CCE-2401',
      organizationId: 9001,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.organizationName).toBe('Galway Harbour Company');
    expect((await call('GET', '/api/projects/getOrganizationName/1', admin)).body).toEqual({
      organizationId: 9001,
      organizationName: 'Galway Harbour Company',
    });
    expect((await stored(1))?.organizationName).toBeUndefined();
    await h.store.collection('organisations').updateOne({ id: 9001 }, { $set: { name: 'Galway Port Company' } });
    expect((await call('GET', '/api/projects/1', admin)).body.organizationName).toBe('Galway Port Company');
    // An organisation a project names cannot be deleted.
    const refused = await call('DELETE', '/api/settings/Organizations/9001', admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This organisation is the organisation of a project; change the project first.');
    expect(await h.store.collection('organisations').countDocuments({ id: 9001 })).toBe(1);
  });
});

describe('organisation choices', () => {
  it('lists the client’s organisations by name to those who work on projects', async () => {
    const organisations = h.store.collection('organisations');
    await organisations.insertOne({ id: 9101, clientId: 1, name: 'Zeta Surveys' });
    await organisations.insertOne({ id: 9102, clientId: 1, name: 'Alpha Architects' });
    await organisations.insertOne({ id: 9103, clientId: 2, name: 'Pennine Partners' });
    const view = await h.login('view@demo.local');
    const res = await call('GET', '/api/projects/organisations', view);
    expect(res.status).toBe(200);
    const listed = res.body as unknown as { id: number; name: string }[];
    const names = listed.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(listed.filter((o) => o.id > 9100)).toEqual([
      { id: 9102, name: 'Alpha Architects' },
      { id: 9101, name: 'Zeta Surveys' },
    ]);
    const hs = await h.login('hs@demo.local');
    expect((await call('GET', '/api/projects/organisations', hs)).status).toBe(403);
  });
});

describe('creating a project', () => {
  it('saves a new Active project logged by the caller, and takes the code generator’s next code', async () => {
    const proposed = await call('GET', '/api/projects/newprojectcode', admin);
    expect(proposed.body).toEqual({ code: 'CCE-2603' });
    // Asking again uses nothing up.
    expect((await call('GET', '/api/projects/newprojectcode', admin)).body).toEqual({ code: 'CCE-2603' });
    const res = await call('POST', '/api/projects/create', admin, { ...valid, code: 'CCE-2603' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 'CCE-2603',
      name: valid.name,
      status: 'Active',
      type: 'projects',
      clientId: 1,
      loggedByFullName: demoSeed.users.find((u) => u.email === 'admin@demo.local')?.fullName,
      hasEdit: true,
    });
    expect((await call('GET', '/api/projects/newprojectcode', admin)).body).toEqual({ code: 'CCE-2604' });
    const listed = await call('GET', '/api/projects/getall/projects', admin);
    expect(ids(listed.body)).toContain(res.body.id);
    // A code typed by hand leaves the generator as it is.
    expect((await call('POST', '/api/projects/create', admin, { ...valid, code: 'MANUAL-1' })).status).toBe(200);
    expect((await call('GET', '/api/projects/newprojectcode', admin)).body).toEqual({ code: 'CCE-2604' });
  });

  it('answers a null code without an active Project code generator', async () => {
    await h.store.collection('codeGeneratorSettings').updateOne({ id: 101 }, { $set: { active: false } });
    expect((await call('GET', '/api/projects/newprojectcode', admin)).body).toEqual({ code: null });
  });

  it('refuses a code the client already has (ignoring spaces and case), but not another client’s', async () => {
    const before = await count();
    const res = await call('POST', '/api/projects/create', admin, { ...valid, code: ' cce-2401' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A project with this code already exists.');
    expect(await count()).toBe(before);
    expect((await call('POST', '/api/projects/create', admin, { ...valid, code: 'PBG-3107' })).status).toBe(200);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const before = await count();
    const bad: [string, Record<string, unknown>][] = [
      ['no name', { ...valid, name: undefined }],
      ['blank name', { ...valid, name: '   ' }],
      ['no code', { ...valid, code: undefined }],
      ['bad date', { ...valid, startDate: '06/04/2026' }],
      ['end before start', { ...valid, endDate: '2026-01-01' }],
      ['week hours over 168', { ...valid, weekHours: 169 }],
      ['negative week hours', { ...valid, weekHours: -1 }],
      ['three decimals', { ...valid, weekHours: 37.125 }],
      ['unknown field', { ...valid, colour: 'red' }],
      ['archived status', { ...valid, status: 'Archived' }],
      ['unknown type', { ...valid, type: 'plant' }],
      ['unknown organisation', { ...valid, organizationId: 424242 }],
      ['logo not uploaded', { ...valid, logoUrl: '/api/files/download?file=projects%2Flogo.png' }],
      ['logo elsewhere', { ...valid, logoUrl: 'https://example.com/logo.png' }],
      ['not an object', [valid] as unknown as Record<string, unknown>],
    ];
    for (const [name, body] of bad) {
      const res = await call('POST', '/api/projects/create', admin, body);
      expect(res.status, name).toBe(400);
      expect(typeof res.body.message, name).toBe('string');
    }
    const endBeforeStart = await call('POST', '/api/projects/create', admin, { ...valid, endDate: '2026-01-01' });
    expect(endBeforeStart.body.message).toBe('The end date cannot be before the start date.');
    expect(await count()).toBe(before);
  });

  it('keeps an uploaded image as the logo', async () => {
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('uploads[]', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const up = await h.app.request('/api/files/upload?folder=projects/logos/new', {
      method: 'POST',
      headers: { Cookie: admin },
      body: form,
    });
    expect(up.status).toBe(201);
    const [file] = (await up.json()) as { url: string }[];
    const res = await call('POST', '/api/projects/create', admin, { ...valid, logoUrl: file.url });
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toBe(file.url);
    // Another client cannot name it: the same path is not in its files.
    const other = await adminOf(2);
    const refused = await call('POST', '/api/projects/create', other, { ...valid, logoUrl: file.url });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The logo must be an image uploaded for this client.');
  });

  it('is for administrators and holders of accessAllProjects only', async () => {
    const before = await count();
    for (const email of ['view@demo.local', 'hs@demo.local']) {
      const cookie = await h.login(email);
      expect((await call('POST', '/api/projects/create', cookie, valid)).status, email).toBe(403);
      expect((await call('GET', '/api/projects/newprojectcode', cookie)).status, email).toBe(403);
    }
    expect(await count()).toBe(before);
    const user = await h.login('user@demo.local');
    expect((await call('POST', '/api/projects/create', user, valid)).status).toBe(200);
    expect((await h.call('POST', '/api/projects/create', { body: valid })).status).toBe(401);
  });
});

describe('changing a project', () => {
  it('replaces the editable fields: one left out is cleared, status and type stay', async () => {
    const res = await call('PUT', '/api/projects/1', admin, { code: 'CCE-2401', name: 'Eyre Square Phase 1' });
    expect(res.status).toBe(200);
    const after = await stored(1);
    expect(after).toMatchObject({ name: 'Eyre Square Phase 1', status: 'Active', type: 'projects' });
    expect(after?.address).toBeUndefined();
    expect(after?.weekHours).toBeUndefined();
    expect(after?.loggedByFullName).toBe('Niamh Gallagher');
    expect(typeof after?.modified).toBe('string');
    const inactive = await call('PUT', '/api/projects/1', admin, { ...valid, code: 'CCE-2401', status: 'Inactive' });
    expect(inactive.body.status).toBe('Inactive');
  });

  it('refuses bad input, a taken code and an archived project; nothing changes', async () => {
    const before = await stored(2);
    for (const body of [
      { ...valid, code: 'CCE-2405', endDate: '2020-01-01' },
      { ...valid, code: 'CCE-2405', name: '' },
      { ...valid, code: 'CCE-2405', weekHours: '39' },
    ])
      expect((await call('PUT', '/api/projects/2', admin, body)).status).toBe(400);
    expect((await call('PUT', '/api/projects/2', admin, { ...valid, code: 'CCE-2401' })).status).toBe(409);
    expect(await stored(2)).toEqual(before);
    const archived = await call('PUT', '/api/projects/14', admin, { ...valid, code: 'CCE-2108' });
    expect(archived.status).toBe(409);
    expect(archived.body.message).toBe('This project is archived: restore it before changing it.');
  });

  it('needs Edit on the project; another client’s project is 404', async () => {
    const view = await h.login('view@demo.local');
    expect((await call('PUT', '/api/projects/1', view, { ...valid, code: 'CCE-2401' })).status).toBe(403);
    expect((await call('PUT', '/api/projects/1/deadline', view, { deadline: '2027-01-01' })).status).toBe(403);
    expect((await call('PUT', '/api/projects/update/description/1', view, { description: 'x' })).status).toBe(403);
    const user = await h.login('user@demo.local');
    // accessAllProjects gives View on project 11: no Edit there.
    expect((await call('PUT', '/api/projects/11', user, { ...valid, code: 'CCE-2518' })).status).toBe(403);
    expect((await call('PUT', '/api/projects/3', user, { ...valid, code: 'CCE-2512' })).status).toBe(200);
    const other = seedOf(2)[0].id;
    expect((await call('PUT', `/api/projects/${other}`, admin, valid)).status).toBe(404);
    expect((await call('PUT', `/api/projects/${other}/deadline`, admin, { deadline: null })).status).toBe(404);
    expect((await call('PUT', `/api/projects/update/description/${other}`, admin, { description: '' })).status).toBe(
      404,
    );
  });

  it('sets and clears the deadline', async () => {
    const set = await call('PUT', '/api/projects/2/deadline', admin, { deadline: '2027-06-01' });
    expect(set.status).toBe(200);
    expect((await stored(2))?.deadline).toBe('2027-06-01');
    expect((await call('PUT', '/api/projects/2/deadline', admin, { deadline: null })).status).toBe(200);
    expect((await stored(2))?.deadline).toBeUndefined();
    for (const body of [{ deadline: '2027-13-01' }, { deadline: 5 }, {}, { deadline: '2027-06-01', x: 1 }])
      expect((await call('PUT', '/api/projects/2/deadline', admin, body)).status).toBe(400);
    expect((await stored(2))?.deadline).toBeUndefined();
  });

  it('sets and clears the description', async () => {
    const res = await call('PUT', '/api/projects/update/description/2', admin, { description: 'Bridge deck poured.' });
    expect(res.status).toBe(200);
    expect((await stored(2))?.description).toBe('Bridge deck poured.');
    expect(
      (await call('PUT', '/api/projects/update/description/2', admin, { description: 'x'.repeat(4001) })).status,
    ).toBe(400);
    expect((await call('PUT', '/api/projects/update/description/2', admin, { description: '' })).status).toBe(200);
    expect((await stored(2))?.description).toBeUndefined();
  });
});

describe('archiving', () => {
  it('takes a project out of the lists and menus until it is restored', async () => {
    const res = await call('PUT', '/api/projects/archive/2', admin);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Archived');
    expect(ids((await call('GET', '/api/projects/getall/projects', admin)).body)).not.toContain(2);
    expect(ids((await call('GET', '/api/projects/getArchived/projects', admin)).body)).toContain(2);
    expect((await call('GET', '/api/projects/summary/2', admin)).status).toBe(404);
    const again = await call('PUT', '/api/projects/archive/2', admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This project is already archived.');
    expect((await call('PUT', '/api/projects/restore/2', admin)).body.status).toBe('Active');
    expect((await call('PUT', '/api/projects/restore/2', admin)).status).toBe(409);
    expect((await call('GET', '/api/projects/summary/2', admin)).status).toBe(200);
  });

  it('is for administrators and holders of accessAllProjects; another client’s project is 404', async () => {
    const view = await h.login('view@demo.local');
    expect((await call('PUT', '/api/projects/archive/1', view)).status).toBe(403);
    expect((await call('PUT', '/api/projects/restore/14', view)).status).toBe(403);
    const other = seedOf(2)[0].id;
    expect((await call('PUT', `/api/projects/archive/${other}`, admin)).status).toBe(404);
    expect((await stored(other))?.status).toBe('Active');
    expect((await call('PUT', '/api/projects/archive/abc', admin)).status).toBe(404);
  });
});

describe('QA offline', () => {
  it('records what a user takes offline, among the projects that may be taken', async () => {
    const user = await h.login('user@demo.local');
    const info = await call('GET', '/api/projects/getQaOfflineInfo', user);
    expect(info.body).toEqual({
      projectIds: [],
      updated: null,
      projects: [{ id: 11, code: 'CCE-2518', name: 'Galway Harbour Quay Wall Repairs' }],
    });
    expect(
      (await call('PUT', '/api/projects/updateProjectOffineAvailability', user, { id: 1, offlineAvailable: true }))
        .status,
    ).toBe(200);
    const saved = await call('PUT', '/api/projects/updateQaOfflineInfo', user, { projectIds: [1, 11] });
    expect(saved.status).toBe(200);
    expect(saved.body.projectIds).toEqual([1, 11]);
    expect(typeof saved.body.updated).toBe('string');
    expect((await call('GET', '/api/projects/getQaOfflineInfo', user)).body.projectIds).toEqual([1, 11]);
    // Project 2 is not offline-available, 5 is another client's: 400, the list stays.
    const refused = await call('PUT', '/api/projects/updateQaOfflineInfo', user, { projectIds: [1, 2, 5] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Project 2 cannot be taken offline.');
    expect((refused.body.details as unknown[]).length).toBe(2);
    for (const body of [{ projectIds: [1, 1] }, { projectIds: ['1'] }, {}, { projectIds: [], x: 1 }])
      expect((await call('PUT', '/api/projects/updateQaOfflineInfo', user, body)).status).toBe(400);
    expect((await call('GET', '/api/projects/getQaOfflineInfo', user)).body.projectIds).toEqual([1, 11]);
    // Each user has their own list.
    expect((await call('GET', '/api/projects/getQaOfflineInfo', admin)).body.projectIds).toEqual([]);
  });

  it('lets only editors of a project change its offline availability', async () => {
    const view = await h.login('view@demo.local');
    const body = { id: 1, offlineAvailable: true };
    expect((await call('PUT', '/api/projects/updateProjectOffineAvailability', view, body)).status).toBe(403);
    const other = seedOf(2)[0].id;
    expect(
      (await call('PUT', '/api/projects/updateProjectOffineAvailability', admin, { ...body, id: other })).status,
    ).toBe(404);
    expect((await call('PUT', '/api/projects/updateProjectOffineAvailability', admin, { id: 1 })).status).toBe(400);
    expect(
      (await call('PUT', '/api/projects/updateProjectOffineAvailability', admin, { ...body, id: 14 })).status,
    ).toBe(409);
    expect((await stored(1))?.offlineAvailable).toBeUndefined();
  });
});

describe('hourly staff', () => {
  it('lists the active Labour employees with an access to the project, with the project’s week hours', async () => {
    const employees = h.store.collection('employees');
    const base = { clientId: 1, role: 'Operative', isActive: true, status: 'Unassigned' };
    await employees.insertOne({
      ...base,
      id: 9001,
      employeeNumber: 'L1',
      firstName: 'Seán',
      lastName: 'Walsh',
      type: 'Labour',
      projectAccesses: [{ projectId: 1, activity: 'Edit' }],
    });
    await employees.insertOne({
      ...base,
      id: 9002,
      employeeNumber: 'L2',
      firstName: 'Aoife',
      lastName: 'Byrne',
      type: 'Labour',
      projectAccesses: [{ projectId: 1, activity: 'View' }],
    });
    await employees.insertOne({
      ...base,
      id: 9003,
      employeeNumber: 'M1',
      firstName: 'Pól',
      lastName: 'Ó Sé',
      type: 'Management',
      projectAccesses: [{ projectId: 1, activity: 'Edit' }],
    });
    await employees.insertOne({
      ...base,
      id: 9004,
      employeeNumber: 'L3',
      firstName: 'Tom',
      lastName: 'Quinn',
      type: 'Labour',
      projectAccesses: [{ projectId: 2, activity: 'Edit' }],
    });
    await employees.insertOne({
      ...base,
      id: 9005,
      employeeNumber: 'L4',
      firstName: 'Ann',
      lastName: 'Lee',
      type: 'Labour',
      isActive: false,
      projectAccesses: [{ projectId: 1, activity: 'Edit' }],
    });
    const res = await call('GET', '/api/projects/1/hourlystaff', admin);
    expect(res.status).toBe(200);
    // Only the employees made here (the demo seed may hold others).
    const staff = res.body as unknown as { id: number; fullName: string; activity: string; weekHours: number }[];
    expect(staff.filter((s) => s.id >= 9001).map((s) => [s.fullName, s.activity, s.weekHours])).toEqual([
      ['Aoife Byrne', 'View', 39],
      ['Seán Walsh', 'Edit', 39],
    ]);
    const hs = await h.login('hs@demo.local');
    expect((await call('GET', '/api/projects/1/hourlystaff', hs)).status).toBe(403);
    expect((await call('GET', `/api/projects/${seedOf(2)[0].id}/hourlystaff`, admin)).status).toBe(404);
  });
});

describe('project lookup values', () => {
  const base = '/api/projects/1/lookupvalues';

  it('adds, lists, deactivates, activates and deletes the values of one project', async () => {
    const added = await call('POST', base, admin, [
      { Name: ' Level 1 ', Type: 'Level' },
      { Name: 'Level 2', Status: 'Active', Type: 'Level' },
    ]);
    expect(added.status).toBe(200);
    const [first] = added.body as unknown as { id: number; name: string; projectId: number; status: string }[];
    expect(first).toMatchObject({ name: 'Level 1', projectId: 1, status: 'Active' });
    expect((await call('GET', `${base}/getall/Level`, admin)).body).toHaveLength(2);
    expect((await call('GET', '/api/projects/2/lookupvalues/getall/Level', admin)).body).toEqual([]);
    // The same name on another project is fine.
    expect(
      (await call('POST', '/api/projects/2/lookupvalues', admin, [{ Name: 'Level 1', Type: 'Level' }])).status,
    ).toBe(200);
    expect((await call('DELETE', `${base}/deactivate/${first.id}`, admin)).body.status).toBe('Inactive');
    expect((await call('DELETE', `${base}/deactivate/${first.id}`, admin)).status).toBe(409);
    expect((await call('GET', `${base}/getallactive/Level`, admin)).body).toHaveLength(1);
    expect((await call('DELETE', `${base}/activate/${first.id}`, admin)).body.status).toBe('Active');
    // Another project's path does not reach the value.
    expect((await call('DELETE', `/api/projects/2/lookupvalues/delete/${first.id}`, admin)).status).toBe(404);
    expect((await call('DELETE', `${base}/delete/${first.id}`, admin)).status).toBe(200);
    expect((await call('GET', `${base}/getall/Level`, admin)).body).toHaveLength(1);
  });

  it('refuses duplicates, bad lines and types, non-editors and other clients; nothing is written', async () => {
    const values = h.store.collection('projectLookupValues');
    await call('POST', base, admin, [{ Name: 'Core A', Type: 'Core' }]);
    const before = await values.countDocuments({});
    expect((await call('POST', base, admin, [{ Name: 'core a', Type: 'Core' }])).status).toBe(409);
    expect(
      (
        await call('POST', base, admin, [
          { Name: 'B', Type: 'Core' },
          { Name: 'B ', Type: 'Core' },
        ])
      ).status,
    ).toBe(409);
    for (const body of [
      [],
      [{ Name: '', Type: 'Core' }],
      [{ Name: 'x'.repeat(41), Type: 'Core' }],
      [{ Name: 'X', Type: 'EmployeeRole' }],
      { Name: 'X', Type: 'Core' },
    ])
      expect((await call('POST', base, admin, body)).status, JSON.stringify(body)).toBe(400);
    const view = await h.login('view@demo.local');
    expect((await call('POST', base, view, [{ Name: 'New', Type: 'Core' }])).status).toBe(403);
    expect((await call('GET', `${base}/getall/Core`, view)).status).toBe(200);
    const other = await adminOf(2);
    expect((await call('POST', base, other, [{ Name: 'New', Type: 'Core' }])).status).toBe(404);
    expect(await values.countDocuments({})).toBe(before);
  });
});
