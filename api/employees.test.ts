/**
 * The employee calls (administration-data.md §7 "Employees", §3, §4, §5): access (non-admins refused), tenant
 * scoping (another client's employee is 404), bad input (400, nothing saved), the rules of the list's actions,
 * the one truth of access (the linked user's access follows the employee at once), invitation with the one-time
 * set-password link, the all-or-nothing CSV import and the template download.
 */
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import type { Employee, UserView } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { createApp } from './app';
import { clientPasswordDigest } from './auth/passwords';
import type { Invitation } from './mail/invitation-sender';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;
const B = '/api/settings/employees';

async function adminOf(clientId: number): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  expect((await h.call('POST', `/api/authorization/setClient/${clientId}`, { cookie })).status).toBe(200);
  return cookie;
}

beforeEach(async () => {
  h = await makeHarness();
  admin = await adminOf(1);
});

const roleId = (clientId: number, name: string) =>
  demoSeed.lookupValues.find((v) => v.clientId === clientId && v.type === 'EmployeeRole' && v.name === name)?.id ?? 0;

const valid = () => ({
  employeeNumber: 'N900',
  firstName: 'Máire',
  lastName: 'Ní-Bhriain',
  email: 'maire.nibhriain@corrib.example',
  role: roleId(1, 'Foreman'),
  type: 'Labour',
});

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

async function count(clientId = 1): Promise<number> {
  return h.store.collection('employees').countDocuments({ clientId });
}

function csvUpload(text: string, name = 'employees.csv', cookie = admin) {
  const form = new FormData();
  form.append('uploads[]', new File([text], name, { type: 'text/csv' }));
  return h.app.request(`${B}/upload`, { method: 'PUT', headers: { Cookie: cookie }, body: form });
}

describe('employee access and tenancy', () => {
  it('refuses non-admins and callers without a session', async () => {
    const user = await h.login('user@demo.local');
    for (const [method, path, body] of [
      ['GET', `${B}/getall`],
      ['GET', `${B}/1`],
      ['POST', B, valid()],
      ['PUT', `${B}/1`, valid()],
      ['DELETE', `${B}/1`],
      ['PUT', `${B}/deactivate/1`],
      ['PUT', `${B}/invite/`, { id: 6 }],
      ['PUT', `${B}/updateProjectAccess`, { id: 6, projectId: 1, activity: 'View' }],
      ['GET', `${B}/download/true`],
    ] as const) {
      expect((await h.call(method, path, { cookie: user, body })).status, `${method} ${path}`).toBe(403);
      expect((await h.call(method, path, { body })).status, `${method} ${path} without session`).toBe(401);
    }
    expect((await csvUpload('x', 'e.csv', user)).status).toBe(403);
    // Lists other screens pick employees from are for every user of the client.
    expect((await h.call('GET', `${B}/active/getallmanagers`, { cookie: user })).status).toBe(200);
    expect(await count()).toBe(50);
  });

  it("answers 404 for another client's employee, and lists only the client's", async () => {
    const other = demoSeed.employees?.find((e) => e.clientId === 2) as Employee;
    expect((await h.call('GET', `${B}/${other.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('PUT', `${B}/${other.id}`, { cookie: admin, body: valid() })).status).toBe(404);
    expect((await h.call('DELETE', `${B}/${other.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('PUT', `${B}/deactivate/${other.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('PUT', `${B}/invite/`, { cookie: admin, body: { id: other.id } })).status).toBe(404);
    const all = await json<Employee[]>(h.call('GET', `${B}/getall`, { cookie: admin }));
    expect(all).toHaveLength(50);
    expect(all.every((e) => e.clientId === 1)).toBe(true);
    const names = all.map((e) => `${e.lastName} ${e.firstName}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('adding and changing employees', () => {
  it('adds an employee: active, no account, start date today, role name from the roles list', async () => {
    const res = await h.call('POST', B, { cookie: admin, body: { ...valid(), mobile: '', accessQA: true } });
    expect(res.status).toBe(200);
    const added = await json<Employee>(res);
    expect(added).toMatchObject({
      employeeNumber: 'N900',
      clientId: 1,
      isActive: true,
      status: 'Unassigned',
      roleName: 'Foreman',
      accessQA: true,
      projectAccesses: [],
    });
    expect(added.mobile).toBeUndefined();
    expect(added.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(added.startDate).toBe(new Date().toISOString().slice(0, 10));
    expect(await json<Employee>(h.call('GET', `${B}/${added.id}`, { cookie: admin }))).toMatchObject({ id: added.id });
  });

  it('refuses bad input with 400 and the rule text, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ employeeNumber: 'N-900' }, 'validation.lettersAndDigits'],
      [{ firstName: 'Máire Rose' }, 'validation.noWhitespace'],
      [{ lastName: ' Ní' }, 'validation.noWhitespace'],
      [{ email: 'a b@c.ie' }, 'validation.noWhitespace'],
      [{ mobile: '087 123' }, 'validation.noWhitespace'],
      [{ landline: '01\t234' }, 'validation.noWhitespace'],
      [{ firstName: '' }, 'validation.required'],
      [{ role: undefined }, 'validation.required'],
      [{ type: 'Contractor' }, 'validation.option'],
      [{ startDate: '2026-02-30' }, 'validation.date'],
      [{ role: roleId(1, 'Architect') || 99999 }, 'employees.unknownRole'],
      [{ role: roleId(2, 'Foreman') }, 'employees.unknownRole'],
      [{ projectAccesses: [{ projectId: 5, activity: 'View' }] }, 'employees.unknownProject'],
      [{ projectAccesses: [{ projectId: 1, activity: 'Own' }] }, 'validation.option'],
      [{ userId: 3 }, 'validation.invalidBody'],
    ];
    for (const [change, messageId] of cases) {
      const res = await h.call('POST', B, { cookie: admin, body: { ...valid(), ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await json<{ messageId: string; details?: { messageId: string }[] }>(res);
      expect([body.messageId, ...(body.details ?? []).map((d) => d.messageId)], JSON.stringify(change)).toContain(
        messageId,
      );
    }
    const whitespace = await json<{ details: { message: string }[] }>(
      h.call('POST', B, { cookie: admin, body: { ...valid(), firstName: 'A B' } }),
    );
    expect(whitespace.details[0].message).toBe('Whitespace is not allowed');
    expect((await h.call('POST', B, { cookie: admin, raw: '{"employeeNumber":' })).status).toBe(400);
    expect(await count()).toBe(50);
  });

  it('refuses a second employee with the same number or e-mail (409), ignoring case', async () => {
    const seeded = demoSeed.employees?.find((e) => e.clientId === 1 && e.id === 10) as Employee;
    const sameNumber = await h.call('POST', B, {
      cookie: admin,
      body: { ...valid(), employeeNumber: seeded.employeeNumber.toLowerCase() },
    });
    expect(sameNumber.status).toBe(409);
    expect((await json<{ message: string }>(sameNumber)).message).toBe(message('employees.duplicateNumber'));
    const sameEmail = await h.call('POST', B, {
      cookie: admin,
      body: { ...valid(), email: String(seeded.email).toUpperCase() },
    });
    expect(sameEmail.status).toBe(409);
    expect(await count()).toBe(50);
  });

  it('changes an employee: fields left out are cleared, access fields kept when the body has none', async () => {
    const seeded = demoSeed.employees?.find((e) => e.clientId === 1 && e.mobile && e.accessTheirProjects) as Employee;
    const body = {
      employeeNumber: seeded.employeeNumber,
      firstName: 'Changed',
      lastName: seeded.lastName,
      role: roleId(1, 'Site Manager'),
      type: 'Management',
    };
    const res = await h.call('PUT', `${B}/${seeded.id}`, { cookie: admin, body });
    expect(res.status).toBe(200);
    const changed = await json<Employee>(res);
    expect(changed).toMatchObject({ firstName: 'Changed', roleName: 'Site Manager', accessTheirProjects: true });
    expect(changed.mobile).toBeUndefined();
    const stored = await json<Employee>(h.call('GET', `${B}/${seeded.id}`, { cookie: admin }));
    expect(stored.mobile).toBeUndefined();
    expect(stored.projectAccesses).toEqual(seeded.projectAccesses);
    expect(
      (await h.call('PUT', `${B}/${seeded.id}`, { cookie: admin, body: { ...body, firstName: 'Two words' } })).status,
    ).toBe(400);
    expect((await json<Employee>(h.call('GET', `${B}/${seeded.id}`, { cookie: admin }))).firstName).toBe('Changed');
  });

  it('deletes an employee; their user leaves the client', async () => {
    const linked = demoSeed.employees?.find((e) => e.userId === 4) as Employee;
    const view = await h.login('view@demo.local');
    expect((await h.call('DELETE', `${B}/${linked.id}`, { cookie: admin })).status).toBe(200);
    expect((await h.call('GET', `${B}/${linked.id}`, { cookie: admin })).status).toBe(404);
    expect(await count()).toBe(49);
    // The user's next request has no client any more.
    expect((await h.call('GET', '/api/projects/getall/projects', { cookie: view })).status).toBe(409);
  });
});

describe('demo data', () => {
  it("has 60 employees; each demo user linked to one holds exactly its employee's access (one truth)", async () => {
    const { accessOfEmployee } = await import('../engine/rules/employee-access');
    expect(demoSeed.employees).toHaveLength(60);
    const linked = (demoSeed.employees ?? []).filter((e) => e.userId !== undefined);
    expect(linked.map((e) => e.userId).sort()).toEqual([2, 3, 4, 5]);
    for (const employee of linked) {
      const user = demoSeed.users.find((u) => u.id === employee.userId);
      const access = user?.accesses?.find((a) => a.clientId === employee.clientId);
      const { roleId: _r, ...expected } = accessOfEmployee(employee);
      const { roleId: _u, ...held } = access ?? { clientId: 0, flags: {}, projects: [] };
      expect(held, user?.email).toEqual(expected);
    }
  });
});

describe('lists of §7', () => {
  it('answers the active, managers, admins-and-managers, roles, assigned and unassigned lists', async () => {
    const seeded = (demoSeed.employees ?? []).filter((e) => e.clientId === 1);
    const ids = (list: Employee[]) => list.map((e) => e.id).sort((a, b) => a - b);
    const expectIds = (list: Employee[], want: Employee[]) => expect(ids(list)).toEqual(ids(want));
    expectIds(
      await json(h.call('GET', `${B}/active/getall`, { cookie: admin })),
      seeded.filter((e) => e.isActive),
    );
    expectIds(
      await json(h.call('GET', `${B}/active/getallmanagers`, { cookie: admin })),
      seeded.filter((e) => e.isActive && e.type === 'Management'),
    );
    expectIds(
      await json(h.call('GET', `${B}/active/getalladminsandmanagers`, { cookie: admin })),
      seeded.filter((e) => e.isActive && (e.type === 'Management' || e.type === 'Administration')),
    );
    expectIds(
      await json(h.call('GET', `${B}/getassigned`, { cookie: admin })),
      seeded.filter((e) => e.userId),
    );
    expectIds(
      await json(h.call('GET', `${B}/getunassigned`, { cookie: admin })),
      seeded.filter((e) => e.status === 'Unassigned'),
    );
    const roles = await json<{ name: string; type: string; status: string }[]>(
      h.call('GET', `${B}/getallroles`, { cookie: admin }),
    );
    expect(roles.map((r) => r.name)).toContain('Foreman');
    expect(roles.every((r) => r.type === 'EmployeeRole' && r.status === 'Active')).toBe(true);
  });
});

describe('access follows the employee at once', () => {
  const user = async () => h.login('user@demo.local');
  const accessOf = async (cookie: string) =>
    (await json<{ user: UserView }>(h.call('POST', '/api/authorization/isLoggedIn', { cookie }))).user.access;
  const projectIds = async (cookie: string) =>
    (await json<{ id: number }[]>(h.call('GET', '/api/projects/getall/projects', { cookie }))).map((p) => p.id);

  it('updateaccesses and updateProjectAccess change what the linked user may open, in the same call', async () => {
    const cian = demoSeed.employees?.find((e) => e.userId === 2) as Employee;
    const cookie = await user();
    expect((await projectIds(cookie)).length).toBeGreaterThan(1);
    // Warm the session cache, then change the access: the next request sees it (no 5 s wait).
    await accessOf(cookie);
    const res = await h.call('PUT', `${B}/updateaccesses`, {
      cookie: admin,
      body: { id: cian.id, accessTheirProjects: true, projectAccesses: [{ projectId: 3, activity: 'View' }] },
    });
    expect(res.status).toBe(200);
    expect(await accessOf(cookie)).toMatchObject({
      flags: { accessTheirProjects: true },
      projects: [{ projectId: 3, activity: 'View' }],
    });
    expect((await accessOf(cookie))?.flags.accessAllProjects).toBeUndefined();
    expect(await projectIds(cookie)).toEqual([3]);
    expect((await h.call('GET', '/api/authorization/projects/3', { cookie })).status).toBe(200);
    expect((await h.call('GET', '/api/authorization/projects/1', { cookie })).status).toBe(403);
    const more = await h.call('PUT', `${B}/updateProjectAccess`, {
      cookie: admin,
      body: { id: cian.id, projectId: 1, activity: 'Edit' },
    });
    expect((await json<Employee>(more)).projectAccesses).toEqual([
      { projectId: 1, activity: 'Edit' },
      { projectId: 3, activity: 'View' },
    ]);
    expect(await projectIds(cookie)).toEqual([1, 3]);
    await h.call('PUT', `${B}/updateProjectAccess`, {
      cookie: admin,
      body: { id: cian.id, projectId: 3, activity: null },
    });
    expect(await projectIds(cookie)).toEqual([1]);
    const bad = await h.call('PUT', `${B}/updateProjectAccess`, {
      cookie: admin,
      body: { id: cian.id, projectId: 6, activity: 'View' },
    });
    expect(bad.status).toBe(400);
    expect(await projectIds(cookie)).toEqual([1]);
  });

  it('removeaccesses and deactivate take the access away; activate gives it back; the rules refuse twice', async () => {
    const cian = demoSeed.employees?.find((e) => e.userId === 2) as Employee;
    const cookie = await user();
    expect((await h.call('PUT', `${B}/activate/${cian.id}`, { cookie: admin })).status).toBe(409);
    expect((await h.call('PUT', `${B}/deactivate/${cian.id}`, { cookie: admin })).status).toBe(200);
    expect(await accessOf(cookie)).toMatchObject({ flags: {}, projects: [] });
    expect(await projectIds(cookie)).toEqual([]);
    const again = await h.call('PUT', `${B}/deactivate/${cian.id}`, { cookie: admin });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe(message('employees.cannotDeactivate'));
    expect((await h.call('PUT', `${B}/activate/${cian.id}`, { cookie: admin })).status).toBe(200);
    expect((await projectIds(cookie)).length).toBeGreaterThan(1);
    expect((await h.call('DELETE', `${B}/${cian.id}/removeaccesses`, { cookie: admin })).status).toBe(200);
    expect(await accessOf(cookie)).toMatchObject({ flags: {}, projects: [] });
    const stored = await json<Employee>(h.call('GET', `${B}/${cian.id}`, { cookie: admin }));
    expect(stored.accessAllProjects).toBeUndefined();
    expect(stored.projectAccesses).toEqual([]);
  });

  it('an administrator cannot take away their own admin access', async () => {
    const hs = await h.login('hs@demo.local');
    const sean = demoSeed.employees?.find((e) => e.userId === 5) as Employee;
    // Seán becomes a settings administrator through his employee's Admin flag, then tries to drop it.
    await h.call('PUT', `${B}/updateaccesses`, {
      cookie: admin,
      body: { id: sean.id, accessHS: true, accessAdmin: true },
    });
    expect((await h.call('GET', `${B}/getall`, { cookie: hs })).status).toBe(200);
    const res = await h.call('PUT', `${B}/updateaccesses`, { cookie: hs, body: { id: sean.id, accessHS: true } });
    expect(res.status).toBe(409);
    expect((await json<{ messageId: string }>(res)).messageId).toBe('employees.ownAccess');
    expect((await h.call('PUT', `${B}/deactivate/${sean.id}`, { cookie: hs })).status).toBe(409);
    expect((await h.call('GET', `${B}/getall`, { cookie: hs })).status).toBe(200);
  });
});

describe('invite, assign and unassign', () => {
  it('invites: a Pending user, a one-time link the sender gets and the admin is answered; the link sets the password', async () => {
    const sent: Invitation[] = [];
    const app = createApp({ store: h.store, invitationSender: { send: async (i) => void sent.push(i) } });
    const call = (method: string, path: string, cookie?: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: { ...(cookie ? { Cookie: cookie } : {}), 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const target = demoSeed.employees?.find(
      (e) => e.clientId === 1 && e.isActive && e.status === 'Unassigned' && e.projectAccesses?.length,
    ) as Employee;
    const res = await call('PUT', `${B}/invite/`, admin, { id: target.id });
    expect(res.status).toBe(200);
    const answer = await json<{ link: string; email: string; employee: Employee }>(res);
    expect(answer.link).toMatch(/\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(sent).toEqual([expect.objectContaining({ email: target.email, link: answer.link })]);
    expect(answer.employee).toMatchObject({ status: 'Pending' });
    expect((await call('PUT', `${B}/invite/`, admin, { id: target.id })).status).toBe(409);
    const pending = await h.store.collection('users').findOne({ email: target.email });
    expect(pending).toMatchObject({ status: 'Pending', clientIds: [1] });
    expect(pending?.passwordHash).toBeUndefined();

    const token = answer.link.split('/').pop() ?? '';
    const password = clientPasswordDigest('New#Pass2026');
    expect((await call('PUT', `/api/authorization/invitation/${token}`, undefined, { password: 'short' })).status).toBe(
      400,
    );
    expect((await call('PUT', `/api/authorization/invitation/${token}`, undefined, { password })).status).toBe(204);
    expect((await call('PUT', `/api/authorization/invitation/${token}`, undefined, { password })).status).toBe(404);
    expect((await call('PUT', `/api/authorization/invitation/${'x'.repeat(43)}`, undefined, { password })).status).toBe(
      404,
    );
    const cookie = await h.login(String(target.email), 'New#Pass2026');
    const me = await json<{ user: UserView }>(h.call('POST', '/api/authorization/isLoggedIn', { cookie }));
    expect(me.user).toMatchObject({ status: 'Active', currentClient: 1 });
    expect(me.user.access?.projects).toEqual(target.projectAccesses);
    expect((await json<Employee>(h.call('GET', `${B}/${target.id}`, { cookie: admin }))).status).toBe('Assigned');
  });

  it('refuses to invite without an e-mail, or when a user has the e-mail already', async () => {
    const noEmail = await json<Employee>(h.call('POST', B, { cookie: admin, body: { ...valid(), email: undefined } }));
    const res = await h.call('PUT', `${B}/invite/`, { cookie: admin, body: { id: noEmail.id } });
    expect(res.status).toBe(409);
    expect((await json<{ messageId: string }>(res)).messageId).toBe('employees.cannotInvite');
    const taken = await json<Employee>(
      h.call('POST', B, { cookie: admin, body: { ...valid(), employeeNumber: 'N901', email: 'idle@demo.local' } }),
    );
    expect((await h.call('PUT', `${B}/invite/`, { cookie: admin, body: { id: taken.id } })).status).toBe(409);
    expect(await h.store.collection('users').countDocuments({})).toBe(demoSeed.users.length);
  });

  it('assigns the user with the same e-mail, unassigns, and refuses users of other clients', async () => {
    // idle@demo.local is a user of client 3 only: assigning brings them into client 1 with the employee's access.
    const employee = await json<Employee>(
      h.call('POST', B, {
        cookie: admin,
        body: {
          ...valid(),
          employeeNumber: 'N902',
          email: 'idle@demo.local',
          projectAccesses: [{ projectId: 2, activity: 'View' }],
        },
      }),
    );
    expect((await h.call('POST', `${B}/assign/${employee.id}`, { cookie: admin })).status).toBe(200);
    const idle = await h.store.collection('users').findOne({ email: 'idle@demo.local' });
    expect(idle?.clientIds).toEqual([3, 1]);
    expect(
      ((idle?.accesses ?? []) as { clientId: number; projects: unknown[] }[]).find((a) => a.clientId === 1)?.projects,
    ).toEqual([{ projectId: 2, activity: 'View' }]);
    expect(
      (await h.call('POST', `${B}/assign/`, { cookie: admin, body: { id: employee.id, userId: null } })).status,
    ).toBe(200);
    const after = await h.store.collection('users').findOne({ email: 'idle@demo.local' });
    expect(after?.clientIds).toEqual([3]);
    const unassigned = await json<Employee>(h.call('GET', `${B}/${employee.id}`, { cookie: admin }));
    expect(unassigned.status).toBe('Unassigned');
    expect(unassigned.userId).toBeUndefined();
    // Now idle@ is no user of client 1: assigning them by id is 404; a bad body 400.
    expect((await h.call('POST', `${B}/assign/`, { cookie: admin, body: { id: employee.id, userId: 6 } })).status).toBe(
      404,
    );
    expect((await h.call('POST', `${B}/assign/`, { cookie: admin, body: { id: employee.id } })).status).toBe(400);
    const noUser = await json<Employee>(
      h.call('POST', B, { cookie: admin, body: { ...valid(), employeeNumber: 'N903', email: 'nobody@x.example' } }),
    );
    expect((await h.call('POST', `${B}/assign/${noUser.id}`, { cookie: admin })).status).toBe(409);
  });
});

describe('CSV import and template', () => {
  const header = 'Employee Number,First Name,Last Name,Email,Mobile,Landline,Start Date,Role,Type';

  it('downloads the template with or without data', async () => {
    const empty = await h.call('GET', `${B}/download/false`, { cookie: admin });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await empty.text()).replace(/^\uFEFF/, '').trim()).toBe(header);
    const full = Papa.parse<string[]>(
      (await (await h.call('GET', `${B}/download/true`, { cookie: admin })).text()).replace(/^\uFEFF/, ''),
      {
        skipEmptyLines: true,
      },
    ).data;
    expect(full[0].join(',')).toBe(header);
    expect(full).toHaveLength(51);
    const e001 = full.find((r) => r[0] === 'E001');
    expect(e001?.[7]).toBe('Site Engineer');
    expect((await h.call('GET', `${B}/download/maybe`, { cookie: admin })).status).toBe(400);
  });

  it('reports every bad row and saves nothing; a fixed file adds and updates', async () => {
    const bad = [
      header,
      'N100,Anna,Byrne,anna@x.example,,,2026-03-01,Foreman,Labour',
      'N-101,Bob Two,Kelly,,,,01/03/2026,Astronaut,Crew',
      'N102,,Ryan,,,,,Foreman,Labour',
    ].join('\r\n');
    const res = await csvUpload(bad);
    expect(res.status).toBe(400);
    const body = await json<{ messageId: string; message: string; details: { message: string }[] }>(res);
    expect(body.messageId).toBe('employees.import.failed');
    expect(body.message).toBe(message('employees.import.failed', { count: 6 }));
    expect(body.details.map((d) => d.message)).toEqual([
      'Row 3: Employee Number may hold letters and digits only.',
      'Row 3: First Name: Whitespace is not allowed',
      "Row 3: Start Date '01/03/2026' is not a date yyyy-MM-dd.",
      "Row 3: the role 'Astronaut' is not in the roles list.",
      "Row 3: the type 'Crew' is not Administration, Management or Labour.",
      'Row 4: First Name is required.',
    ]);
    expect(await count()).toBe(50);

    const good = [
      header,
      'N100,Anna,Byrne,anna@x.example,+353871112223,,2026-03-01,Foreman,Labour',
      'n101,Bob,Kelly,,,,,site manager,management',
      // An existing employee number updates that employee.
      'E010,Renamed,Person,,,,2020-01-02,Foreman,Administration',
    ].join('\n');
    const ok = await csvUpload(good);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ created: 2, updated: 1 });
    expect(await count()).toBe(52);
    const all = await json<Employee[]>(h.call('GET', `${B}/getall`, { cookie: admin }));
    expect(all.find((e) => e.employeeNumber === 'n101')).toMatchObject({
      roleName: 'Site Manager',
      type: 'Management',
      isActive: true,
    });
    expect(all.find((e) => e.employeeNumber === 'E010')).toMatchObject({
      firstName: 'Renamed',
      type: 'Administration',
    });
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('updates more employees than one group of concurrent writes, every one of them; an empty cell keeps the value', async () => {
    const rows = (name: string, email: (i: number) => string) =>
      Array.from({ length: 600 }, (_, i) => `M${i},${name}${i},Lane,${email(i)},,,2026-01-01,Foreman,Labour`);
    const first = [header, ...rows('Ann', (i) => `m${i}@x.example`)].join('\n');
    expect(await (await csvUpload(first)).json()).toEqual({ created: 600, updated: 0 });
    const second = [header, ...rows('Bea', () => '')].join('\n');
    expect(await (await csvUpload(second)).json()).toEqual({ created: 0, updated: 600 });
    const all = await json<Employee[]>(h.call('GET', `${B}/getall`, { cookie: admin }));
    const imported = all.filter((e) => /^M\d+$/.test(e.employeeNumber));
    expect(imported).toHaveLength(600);
    expect(imported.every((e) => e.firstName === `Bea${e.employeeNumber.slice(1)}`)).toBe(true);
    expect(imported.every((e) => e.email === `m${e.employeeNumber.slice(1)}@x.example`)).toBe(true);
  });

  it('refuses a file that is not one .csv, a missing column, and an e-mail of another employee', async () => {
    expect((await csvUpload(header, 'employees.xlsx')).status).toBe(400);
    const form = new FormData();
    expect((await h.app.request(`${B}/upload`, { method: 'PUT', headers: { Cookie: admin }, body: form })).status).toBe(
      400,
    );
    const missing = await json<{ details: { message: string }[] }>(
      csvUpload('Employee Number,First Name,Last Name,Role\nA1,A,B,Foreman'),
    );
    expect(missing.details.map((d) => d.message)).toEqual(['The mandatory column Type is missing.']);
    const seeded = demoSeed.employees?.find((e) => e.id === 10) as Employee;
    const taken = await csvUpload(`${header}\nN300,A,B,${seeded.email},,,,Foreman,Labour`);
    expect(taken.status).toBe(400);
    expect(await count()).toBe(50);
  });
});
