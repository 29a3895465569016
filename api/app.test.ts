import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../engine/api/operations';
import type { QuestionProperties } from '../engine/forms/questions';
import { message } from '../engine/messages/catalogue';
import type { FormDefinition, FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { clientPasswordDigest } from './auth/passwords';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});

const client1Project = () => demoSeed.projects.find((p) => p.clientId === 1)!;
const client2Project = () => demoSeed.projects.find((p) => p.clientId === 2)!;
const qaForm = (clientId: number) =>
  demoSeed.formDefinitions.find((f) => f.clientId === clientId && f.formArea === 'quality-assurance')!;

describe('authentication', () => {
  it('logs in a user with one client and selects it', async () => {
    const res = await h.call('POST', '/api/authorization/login', {
      body: { email: 'user@demo.local', password: clientPasswordDigest('Demo#2026') },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.numberOfAssignedClients).toBe(1);
    expect(body.user).toMatchObject({ email: 'user@demo.local', currentClient: 1, status: 'Active', isLoggedIn: true });
    expect(body.user.passwordHash).toBeUndefined();
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('accepts the e-mail in any case', async () => {
    await expect(h.login('USER@Demo.Local')).resolves.toMatch(/^sid=/);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail, and opens no session', async () => {
    for (const email of ['user@demo.local', 'nobody@demo.local']) {
      const res = await h.call('POST', '/api/authorization/login', {
        body: { email, password: clientPasswordDigest('wrong') },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        messageId: 'auth.invalidCredentials',
        message: message('auth.invalidCredentials'),
      });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await h.store.collection('sessions').countDocuments({})).toBe(0);
  });

  it('rejects malformed login bodies with 400', async () => {
    const bad = [
      { email: 'user@demo.local' },
      { email: 'user@demo.local', password: 'Demo#2026' },
      { email: 'user@demo.local', password: clientPasswordDigest('x'), extra: 1 },
      { email: { $ne: null }, password: clientPasswordDigest('x') },
      { email: 'user@demo.local', password: { $gt: '' } },
    ];
    for (const body of bad) {
      const res = await h.call('POST', '/api/authorization/login', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toBeTruthy();
    }
    const notJson = await h.call('POST', '/api/authorization/login', { raw: '{"email":' });
    expect(notJson.status).toBe(400);
    const operator = await h.call('POST', '/api/authorization/login', {
      body: { email: { $ne: null }, password: clientPasswordDigest('x') },
    });
    expect((await operator.json()).messageId).toBe('validation.operatorRejected');
    expect(await h.store.collection('sessions').countDocuments({})).toBe(0);
  });

  it('lets a pending user log in with status Pending', async () => {
    const res = await h.call('POST', '/api/authorization/login', {
      body: { email: 'pending@demo.local', password: clientPasswordDigest('Demo#2026') },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user.status).toBe('Pending');
  });

  it('checks the session and deletes it on logout', async () => {
    const cookie = await h.login('user@demo.local');
    const ok = await h.call('POST', '/api/authorization/isLoggedIn', { cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.fullName).toBeTruthy();
    expect((await h.call('POST', '/api/authorization/isLoggedIn')).status).toBe(401);
    expect((await h.call('POST', '/api/authorization/isLoggedIn', { cookie: 'sid=forged' })).status).toBe(401);

    const out = await h.call('POST', '/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/sid=;/);
    expect(await h.store.collection('sessions').countDocuments({})).toBe(0);
    expect((await h.call('POST', '/api/authorization/isLoggedIn', { cookie })).status).toBe(401);
    expect((await h.call('GET', '/api/projects/getall/projects', { cookie })).status).toBe(401);
  });
});

describe('clients and tenancy', () => {
  it('makes an admin of two clients choose one before tenant data', async () => {
    const res = await h.call('POST', '/api/authorization/login', {
      body: { email: 'admin@demo.local', password: clientPasswordDigest('Demo#2026') },
    });
    const body = await res.json();
    expect(body.numberOfAssignedClients).toBe(2);
    expect(body.user.currentClient).toBeNull();
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];

    const clients = await (await h.call('GET', '/api/client/getall', { cookie })).json();
    expect(clients.map((c: { id: number }) => c.id).sort()).toEqual([1, 2]);
    expect(clients[0]).toHaveProperty('logoUrl');
    expect(clients[0]).not.toHaveProperty('_id');

    const before = await h.call('GET', '/api/projects/getall/projects', { cookie });
    expect(before.status).toBe(409);
    expect((await before.json()).messageId).toBe('auth.noClientSelected');

    const set = await h.call('POST', '/api/authorization/setClient/2', { cookie });
    expect(set.status).toBe(200);
    expect((await set.json()).currentClient).toBe(2);
    const projects = await (await h.call('GET', '/api/projects/getall/projects', { cookie })).json();
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(projects.every((p: { clientId: number }) => p.clientId === 2)).toBe(true);
    const current = await (await h.call('GET', '/api/client', { cookie })).json();
    expect(current.id).toBe(2);
    expect(current.idleTime).toBeGreaterThan(0);
  });

  it('refuses a client the user is not assigned to', async () => {
    const cookie = await h.login('user@demo.local');
    const res = await h.call('POST', '/api/authorization/setClient/2', { cookie });
    expect(res.status).toBe(404);
    expect((await h.call('GET', '/api/client/2', { cookie })).status).toBe(404);
    expect((await h.call('GET', '/api/client/1', { cookie })).status).toBe(200);
    // still on client 1
    expect((await (await h.call('GET', '/api/client', { cookie })).json()).id).toBe(1);
  });

  it("answers 404 for another client's project, forms and entries", async () => {
    // an entry on client 2's project, made by the admin
    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/2', { cookie: admin });
    const p2 = client2Project();
    const f2 = qaForm(2);
    const made = await h.call('PUT', `/api/projects/${p2.id}/forms/quality-assurance/submit`, {
      cookie: admin,
      body: { formId: f2.id, answers: sampleAnswers(f2) },
    });
    expect(made.status).toBe(200);

    const user = await h.login('user@demo.local');
    const base = `/api/projects/${p2.id}/forms/quality-assurance`;
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/projects/${p2.id}`],
      ['GET', `/api/projects/summary/${p2.id}`],
      ['GET', `/api/settings/forms/getActive/type/quality-assurance/${p2.id}`],
      ['GET', `/api/settings/forms/${p2.id}/quality-assurance/${f2.id}`],
      ['POST', `${base}/getall/${f2.id}`, {}],
      ['GET', `${base}/${f2.id}/get/1`],
      ['POST', `${base}/download`, { formId: f2.id }],
      ['PUT', `${base}/submit`, { formId: f2.id, answers: sampleAnswers(f2) }],
      // client 1's project with client 2's form
      ['POST', `/api/projects/${client1Project().id}/forms/quality-assurance/getall/${f2.id}`, {}],
    ];
    for (const [method, path, body] of probes) {
      const res = await h.call(method, path, { cookie: user, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await h.store.collection('formEntries').countDocuments({})).toBe(1);
    const own = await h.call('GET', `/api/projects/${client1Project().id}`, { cookie: user });
    expect(own.status).toBe(200);
  });
});

describe('form entries', () => {
  const p1 = client1Project();
  const f1 = qaForm(1);
  const base = `/api/projects/${p1.id}/forms/quality-assurance`;

  async function submit(cookie: string, seed: number) {
    const res = await h.call('PUT', `${base}/submit`, {
      cookie,
      body: { formId: f1.id, answers: sampleAnswers(f1, seed) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as FormEntry;
  }

  it('lists the published forms of the project and serves the definition', async () => {
    const cookie = await h.login('user@demo.local');
    const list = await (
      await h.call('GET', `/api/settings/forms/getActive/type/quality-assurance/${p1.id}`, { cookie })
    ).json();
    expect(list.map((f: { id: number }) => f.id)).toContain(f1.id);
    const def = await (
      await h.call('GET', `/api/settings/forms/${p1.id}/quality-assurance/${f1.id}`, { cookie })
    ).json();
    expect(def.title).toBe(f1.title);
    expect(def.pages.length).toBeGreaterThanOrEqual(2);
  });

  it('submits entries with sequential entry numbers and lists them in the register', async () => {
    const cookie = await h.login('user@demo.local');
    const first = await submit(cookie, 1);
    const second = await submit(cookie, 2);
    expect([first.entryNumber, second.entryNumber]).toEqual([1, 2]);
    expect(first).toMatchObject({ clientId: 1, projectId: p1.id, formId: f1.id, projectName: p1.name });
    expect(first.enteredBy).toBe(demoSeed.users.find((u) => u.email === 'user@demo.local')!.fullName);

    const page = await (await h.call('POST', `${base}/getall/${f1.id}`, { cookie, body: {} })).json();
    expect(page.totalRecords).toBe(2);
    expect(page.items.map((r: { entryNumber: number }) => r.entryNumber)).toEqual([2, 1]);

    const asc = await (
      await h.call('POST', `${base}/getall/${f1.id}`, {
        cookie,
        body: { sorting: [{ id: 'entryNumber', desc: false }], pageSize: 10, pageIndex: 0 },
      })
    ).json();
    expect(asc.items.map((r: { entryNumber: number }) => r.entryNumber)).toEqual([1, 2]);

    const got = await (await h.call('GET', `${base}/${f1.id}/get/2`, { cookie })).json();
    expect(got.answers).toEqual(second.answers);
    expect((await h.call('GET', `${base}/${f1.id}/get/3`, { cookie })).status).toBe(404);
  });

  it('pages, filters and sorts on the server', async () => {
    const cookie = await h.login('user@demo.local');
    for (let i = 1; i <= 12; i++) await submit(cookie, i);
    const page2 = await (
      await h.call('POST', `${base}/getall/${f1.id}`, { cookie, body: { pageIndex: 1, pageSize: 10 } })
    ).json();
    expect(page2.totalRecords).toBe(12);
    expect(page2.items.map((r: { entryNumber: number }) => r.entryNumber)).toEqual([2, 1]);

    const textQuestion = f1.pages
      .flatMap((p) => p.questions)
      .find((q) => q.type === 'Text' && (q.extendedType ?? 'Normal') === 'Normal');
    if (!textQuestion) throw new Error('the seed form needs a plain text question');
    const key = `q_${textQuestion.id}`;
    const filtered = await (
      await h.call('POST', `${base}/getall/${f1.id}`, {
        cookie,
        body: { filters: [{ id: key, value: 'answer 11 ' }] },
      })
    ).json();
    expect(filtered.totalRecords).toBe(1);
    expect(filtered.items[0].entryNumber).toBe(11);

    const badSize = await h.call('POST', `${base}/getall/${f1.id}`, { cookie, body: { pageSize: 7 } });
    expect(badSize.status).toBe(400);
    const injected = await h.call('POST', `${base}/getall/${f1.id}`, {
      cookie,
      body: { filters: [{ id: 'entryNumber', value: { $gt: 0 } }] },
    });
    expect(injected.status).toBe(400);
  });

  it('rejects invalid answers with 400 and stores nothing', async () => {
    const cookie = await h.login('user@demo.local');
    const questions = f1.pages.flatMap((p) => p.questions);
    const required = questions.find((q: QuestionProperties) => q.required)!;
    const dropdown = questions.find((q) => q.type === 'Dropdown')!;
    const valid = sampleAnswers(f1);
    const cases = [
      valid.filter((a) => a.questionId !== required.id),
      valid.map((a) => (a.questionId === dropdown.id ? { ...a, answers: ['Not an option'] } : a)),
      [...valid, { questionId: 99999, answers: ['x'] }],
    ];
    for (const answers of cases) {
      const res = await h.call('PUT', `${base}/submit`, { cookie, body: { formId: f1.id, answers } });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.messageId).toBe('validation.invalidBody');
      expect(body.details.length).toBeGreaterThan(0);
    }
    const missingForm = await h.call('PUT', `${base}/submit`, { cookie, body: { answers: valid } });
    expect(missingForm.status).toBe(400);
    expect(await h.store.collection('formEntries').countDocuments({})).toBe(0);
  });

  it("changes a submitted entry only where the form allows it, or as an admin (docs/decisions.md 'Drafts')", async () => {
    const author = await h.login('user@demo.local');
    const entry = await submit(author, 1);
    const changed = sampleAnswers(f1, 5);
    const update = (cookie: string, answers = changed) =>
      h.call('PUT', `${base}/submit`, { cookie, body: { formId: f1.id, entryNumber: entry.entryNumber, answers } });
    const stored = async () =>
      (await (await h.call('GET', `${base}/${f1.id}/get/1`, { cookie: author })).json()).answers;

    // The Concrete Pour Inspection does not allow changing submitted entries: not even its author may.
    const refused = await update(author);
    expect(refused.status).toBe(403);
    expect((await refused.json()).messageId).toBe('entries.editNotAllowed');
    expect(await stored()).toEqual(entry.answers);

    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
    const own = await update(admin);
    expect(own.status).toBe(200);
    expect((await own.json()).entryNumber).toBe(entry.entryNumber);
    expect(await stored()).toEqual(changed.map((a) => ({ ...a, formId: f1.id })));
    expect(await h.store.collection('formEntries').countDocuments({})).toBe(1);
    const missing = await h.call('PUT', `${base}/submit`, {
      cookie: author,
      body: { formId: f1.id, entryNumber: 99, answers: changed },
    });
    expect(missing.status).toBe(404);
  });

  it('downloads the register as CSV', async () => {
    const cookie = await h.login('user@demo.local');
    await submit(cookie, 1);
    await submit(cookie, 2);
    const res = await h.call('POST', `${base}/download`, { cookie, body: { formId: f1.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+ - \d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    const questions = f1.pages.flatMap((p) => p.questions);
    expect(header).toEqual(['Entry Number', 'Created', 'Entered By', 'Status', ...questions.map((q) => q.label)]);
    expect(rows.map((r) => r[3])).toEqual(['Submitted', 'Submitted']);
    expect(rows.map((r) => r[0])).toEqual(['2', '1']);
    const longIndex = questions.findIndex((q: QuestionProperties) => q.extendedType === 'Long');
    expect(longIndex).toBeGreaterThanOrEqual(0);
    // a multi-line cell with quotes and commas survives the round trip
    expect(rows[1][4 + longIndex]).toBe('Notes for entry 1, line one.\nLine two, "quoted".');

    const one = await h.call('POST', `${base}/download`, { cookie, body: { formId: f1.id, downloadFormIds: [1] } });
    const oneRows = Papa.parse<string[]>((await one.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(oneRows.length).toBe(2);
    expect(oneRows[1][0]).toBe('1');
  });
});

describe('form definitions', () => {
  const input = (title: string): Omit<FormDefinition, 'id' | 'clientId' | 'status' | 'version' | 'formArea'> => ({
    title,
    category: 'inspections',
    pages: [
      {
        id: 1,
        label: 'Checks',
        questions: [
          { id: 1, label: 'Area', type: 'Text', extendedType: 'Normal', required: true, showInRegister: true },
          {
            id: 2,
            label: 'Result',
            type: 'Dropdown',
            options: [
              { id: 1, value: 'Pass' },
              { id: 2, value: 'Fail' },
            ],
          },
        ],
      },
    ],
  });

  it('lets an admin create, publish and update a form; project users see only published versions', async () => {
    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
    const created = await h.call('POST', '/api/settings/forms/quality-assurance', {
      cookie: admin,
      body: input('Handover Check'),
    });
    expect(created.status).toBe(201);
    const def = await created.json();
    expect(def).toMatchObject({ status: 'Draft', version: 1, clientId: 1, formArea: 'quality-assurance' });

    const user = await h.login('user@demo.local');
    const p1 = client1Project();
    const listed = async () =>
      (
        await (
          await h.call('GET', `/api/settings/forms/getActive/type/quality-assurance/${p1.id}`, { cookie: user })
        ).json()
      ).map((f: { title: string }) => f.title);
    expect(await listed()).not.toContain('Handover Check');

    const published = await h.call('PUT', `/api/settings/forms/publish/quality-assurance/${def.id}`, { cookie: admin });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ status: 'Published', version: 1 });
    expect(await listed()).toContain('Handover Check');

    const updated = await h.call('PUT', `/api/settings/forms/quality-assurance/${def.id}`, {
      cookie: admin,
      body: input('Handover Check v2'),
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).status).toBe('Draft');
    expect(await listed()).toContain('Handover Check');
    await h.call('PUT', `/api/settings/forms/publish/quality-assurance/${def.id}`, { cookie: admin });
    const served = await (
      await h.call('GET', `/api/settings/forms/${p1.id}/quality-assurance/${def.id}`, { cookie: user })
    ).json();
    expect(served).toMatchObject({ title: 'Handover Check v2', version: 2 });
  });

  it("forbids users without the area's admin access and rejects unsound definitions", async () => {
    const viewer = await h.login('view@demo.local');
    const res = await h.call('POST', '/api/settings/forms/quality-assurance', { cookie: viewer, body: input('X') });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(message('auth.forbidden'));
    // accessQA (user@demo.local) administers quality-assurance forms, not health-and-safety ones (docs/access.md).
    const qa = await h.login('user@demo.local');
    const hs = await h.call('POST', '/api/settings/forms/health-and-safety', { cookie: qa, body: input('HS') });
    expect(hs.status).toBe(403);

    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
    const dup = input('Dup');
    dup.pages[0].questions[1].id = 1;
    const bad = await h.call('POST', '/api/settings/forms/quality-assurance', { cookie: admin, body: dup });
    expect(bad.status).toBe(400);
    expect((await bad.json()).messageId).toBe('forms.invalidDefinition');
    const noPages = await h.call('POST', '/api/settings/forms/quality-assurance', {
      cookie: admin,
      body: { ...input('Empty'), pages: [] },
    });
    expect(noPages.status).toBe(400);
    expect(await h.store.collection('formDefinitions').countDocuments({ title: { $in: ['Dup', 'Empty'] } })).toBe(0);
  });

  it('refuses a question with a keyword its type does not take, naming the keyword and the question, on create and update', async () => {
    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
    const F = '/api/settings/forms/quality-assurance';
    // `min` is a Number's (extendedType Number), not a plain Text's; `allowOther` a Dropdown's, not a Checkbox's.
    const foreign = input('Foreign');
    Object.assign(foreign.pages[0].questions[0], { min: 3 });
    const refused = await h.call('POST', F, { cookie: admin, body: foreign });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      message: string;
      details?: { path: string; messageId: string; message: string }[];
    };
    expect(body.message).toContain("Question 'Area' (Text) does not take the property 'min'.");
    expect(body.details).toContainEqual(
      expect.objectContaining({
        path: '/pages/0/questions/0/min',
        messageId: 'forms.foreignKeyword',
        message: "Question 'Area' (Text) does not take the property 'min'.",
      }),
    );
    expect(await h.store.collection('formDefinitions').countDocuments({ title: 'Foreign' })).toBe(0);

    const created = await h.call('POST', F, { cookie: admin, body: input('Kept') });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const tick = input('Kept');
    tick.pages[0].questions.push({ id: 3, label: 'Swept', type: 'Checkbox', allowOther: true } as never);
    const update = await h.call('PUT', `${F}/${id}`, { cookie: admin, body: tick });
    expect(update.status).toBe(400);
    expect(JSON.stringify(await update.json())).toContain(
      "Question 'Swept' (Checkbox) does not take the property 'allowOther'.",
    );
    const saved = await h.store.collection('formDefinitions').findOne({ id, clientId: 1 });
    expect((saved as unknown as FormDefinition).pages[0].questions).toHaveLength(2);
  });
});

describe('the HTTP surface', () => {
  it('routes every operation of the catalogue', () => {
    const routes = h.app.routes.map((r) => `${r.method} ${r.path}`);
    for (const [name, op] of Object.entries(operations)) {
      const path = op.path.replace(/\{(\w+)\}/g, ':$1');
      const found = routes.some((r) => {
        const [method, routePath] = r.split(' ');
        // Hono answers HEAD through a GET route (api/catalogue.ts).
        const routed = op.method === 'HEAD' ? 'GET' : op.method;
        return method === routed && routePath.replace(/:\w+/g, ':p') === path.replace(/:\w+/g, ':p');
      });
      expect(found, `${name}: ${op.method} ${op.path}`).toBe(true);
    }
  });

  it('answers unknown API paths and oversized bodies with JSON errors', async () => {
    const cookie = await h.login('user@demo.local');
    const big = 'x'.repeat(1024 * 1024 + 10);
    const res = await h.call('PUT', `/api/projects/${client1Project().id}/forms/quality-assurance/submit`, {
      cookie,
      raw: JSON.stringify({ formId: 1, answers: [{ questionId: 1, answers: [big] }] }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(message('limits.bodyTooLarge'));
    const malformedId = await h.call('GET', '/api/projects/abc', { cookie });
    expect(malformedId.status).toBe(404);
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 for an unknown API path', async () => {
    const res = await h.call('GET', '/api/nothing/here');
    expect(res.status).toBe(404);
    expect((await res.json()).messageId).toBe('notFound.generic');
  });
});
