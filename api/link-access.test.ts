/**
 * Link access (issue 25 §1, §4; docs/links-and-mail.md "Secure links and access"): the four token-taking
 * authorization calls of shell-access-navigation.md §7 answer from the token against what the route names, and
 * from the signed-in user only without a token; a form's public link (issue once, renew, revoke, who may); the
 * administrators' links page (tenant scoped, revoke).
 */
import type { SecureLink } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { issueLink, type LinkIssue } from './links/secure-links';
import { TOKEN_ATTEMPT_LIMIT } from './links/token-attempts';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let edit: string;
let view: string;
beforeAll(async () => {
  h = await makeHarness();
  edit = await h.login('user@demo.local');
  view = await h.login('view@demo.local');
});
// Every signed-out call here comes from one (unknown) address: its refused tokens would add up to the limit.
beforeEach(async () => {
  await h.store.collection('loginAttempts').deleteMany({});
});

const qaForm = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'quality-assurance')!;
const otherClientForm = demoSeed.formDefinitions.find((f) => f.clientId === 2 && f.formArea === 'quality-assurance')!;
const otherClientProject = demoSeed.projects.find((p) => p.clientId === 2)!.id;
/** The Site Safety Inspection: form 5, health-and-safety, of client 1. */
const HS_FORM = 5;

/** The demo administrator signed in with client 1 chosen (they belong to several). */
async function adminOf(harness: Harness): Promise<string> {
  const cookie = await harness.login('admin@demo.local');
  const res = await harness.call('POST', '/api/authorization/setClient/1', { cookie });
  expect(res.status).toBe(200);
  return cookie;
}

async function text(path: string, cookie?: string, harness: Harness = h): Promise<string> {
  const res = await harness.call('GET', path, { cookie });
  expect(res.status).toBe(200);
  return res.text();
}

async function token(issue: Partial<LinkIssue> & Pick<LinkIssue, 'kind'>, now?: Date): Promise<string> {
  return (await issueLink(h.store, { clientId: 1, projectId: 1, ...issue }, now)).token;
}

/** A token with one character changed: same shape, another hash. */
function tampered(value: string): string {
  return `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
}

describe('SiteworkAuthorization and QSAuthorization with a token', () => {
  it("answer 'edit' for a live reply link of the project and entry, signed out, and log the use", async () => {
    const rfi = await token({ kind: 'rfi', formArea: 'quality-assurance', formId: qaForm.id, entryNumber: 7 });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/7/${rfi}`)).toBe('edit');
    expect(await text(`/api/SiteworkAuthorization/rfi/1/7/${rfi}`)).toBe('edit');
    const pkg = await token({ kind: 'packages', packageId: 3 });
    expect(await text(`/api/QSAuthorization/packages/1/3/${pkg}`)).toBe('edit');
    const stored = await h.store
      .collection<SecureLink & Record<string, unknown>>('secureLinks')
      .findOne({ kind: 'packages', packageId: 3 });
    expect(stored?.uses.map((u) => u.action)).toEqual(['authorization.qs']);
  });

  it("answer 'denied' for a tampered, expired, used or revoked token, never the user's own access", async () => {
    const rfi = await token({ kind: 'rfi', entryNumber: 7 });
    // An Edit user of project 1 with a bad token: the token decides.
    expect(await text(`/api/SiteworkAuthorization/sitework/1/7/${tampered(rfi)}`, edit)).toBe('denied');
    expect(await text('/api/SiteworkAuthorization/sitework/1/7/not-a-token', edit)).toBe('denied');
    const expired = await token({ kind: 'rfi', entryNumber: 7, expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/7/${expired}`, edit)).toBe('denied');
    const used = await issueLink(h.store, { clientId: 1, projectId: 1, kind: 'cvi', entryNumber: 8 });
    await h.store
      .collection('secureLinks')
      .updateOne({ id: used.link.id }, { $set: { usedAt: new Date().toISOString() } });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/8/${used.token}`)).toBe('denied');
    const revoked = await issueLink(h.store, { clientId: 1, projectId: 1, kind: 'daywork', entryNumber: 9 });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/9/${revoked.token}`)).toBe('edit');
    await h.store
      .collection('secureLinks')
      .updateOne({ id: revoked.link.id }, { $set: { revokedAt: new Date().toISOString() } });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/9/${revoked.token}`)).toBe('denied');
  });

  it("answer 'denied' for a token of another entry, package, project, section or kind", async () => {
    const rfi = await token({ kind: 'rfi', entryNumber: 7 });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/8/${rfi}`)).toBe('denied');
    expect(await text(`/api/SiteworkAuthorization/sitework/2/7/${rfi}`)).toBe('denied');
    expect(await text(`/api/SiteworkAuthorization/cvi/1/7/${rfi}`)).toBe('denied');
    const pkg = await issueLink(h.store, { clientId: 1, projectId: 1, kind: 'packages', packageId: 3 });
    expect(await text(`/api/QSAuthorization/packages/1/4/${pkg.token}`)).toBe('denied');
    // A refusal is not a use: nothing logged.
    const stored = await h.store
      .collection<SecureLink & Record<string, unknown>>('secureLinks')
      .findOne({ id: pkg.link.id });
    expect(stored?.uses).toEqual([]);
    const other = (
      await issueLink(h.store, { clientId: 2, projectId: otherClientProject, kind: 'rfi', entryNumber: 7 })
    ).token;
    expect(await text(`/api/SiteworkAuthorization/sitework/1/7/${other}`)).toBe('denied');
    const publicForm = await token({ kind: 'public-form', formArea: 'quality-assurance', formId: qaForm.id });
    expect(await text(`/api/SiteworkAuthorization/sitework/1/7/${publicForm}`)).toBe('denied');
    expect(await text(`/api/QSAuthorization/packages/1/7/${publicForm}`)).toBe('denied');
  });

  it("answer from the signed-in user without a token ('null'), and 401 signed out", async () => {
    expect(await text('/api/SiteworkAuthorization/sitework/1/0/null', edit)).toBe('edit');
    expect(await text('/api/SiteworkAuthorization/sitework/1/0/null', view)).toBe('view');
    expect(await text('/api/SiteworkAuthorization/sitework/1/0/undefined', view)).toBe('view');
    expect(await text(`/api/SiteworkAuthorization/sitework/${otherClientProject}/0/null`, edit)).toBe('denied');
    expect(await text('/api/QSAuthorization/labour/1/0/null', edit)).toBe('denied');
    expect((await h.call('GET', '/api/SiteworkAuthorization/sitework/1/0/null')).status).toBe(401);
  });
});

describe('PublicFormAuthorization', () => {
  it("answers 'true' only for a live public-form link of exactly that form area, project and form", async () => {
    const link = await token({ kind: 'public-form', formArea: 'health-and-safety', formId: HS_FORM });
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${link}/false`)).toBe('true');
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${link}/true`)).toBe('true');
    expect(await text(`/api/PublicFormAuthorization/quality-assurance/1/${HS_FORM}/${link}/false`)).toBe('false');
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/2/${HS_FORM}/${link}/false`)).toBe('false');
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${qaForm.id}/${link}/false`)).toBe('false');
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${tampered(link)}/false`)).toBe(
      'false',
    );
    // A reply link is not a public form's, though it names the same form.
    const rfi = await token({ kind: 'rfi', formArea: 'health-and-safety', formId: HS_FORM, entryNumber: 1 });
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${rfi}/false`)).toBe('false');
    const expired = await token({
      kind: 'public-form',
      formArea: 'health-and-safety',
      formId: HS_FORM,
      expiresAt: '2020-01-01T00:00:00.000Z',
    });
    expect(await text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${expired}/false`)).toBe('false');
  });

  it("answers 'false' for a link naming another client's form, and for it without a token", async () => {
    // A link (forged into the store) of client 1 naming client 2's form: the form is not the link's client's.
    const forged = await token({ kind: 'public-form', formArea: 'quality-assurance', formId: otherClientForm.id });
    expect(await text(`/api/PublicFormAuthorization/quality-assurance/1/${otherClientForm.id}/${forged}/false`)).toBe(
      'false',
    );
    // Signed in, no token: today's answer for the user's own form, but never for another client's form.
    expect(await text(`/api/PublicFormAuthorization/quality-assurance/1/${qaForm.id}/null/true`, view)).toBe('true');
    expect(await text(`/api/PublicFormAuthorization/quality-assurance/1/${qaForm.id}/null/false`, view)).toBe('false');
    expect(await text(`/api/PublicFormAuthorization/quality-assurance/1/${otherClientForm.id}/null/true`, view)).toBe(
      'false',
    );
  });
});

describe('DmsSharedAuthorization', () => {
  it("answers 'true' for a live shared-folder link of the project whose folder contains the asked one", async () => {
    const shared = await token({ kind: 'shared-folder', folder: 'Drawings/Issued' });
    const ask = (folder: string, t = shared, project = 1) =>
      text(`/api/DmsSharedAuthorization/${project}?folder=${encodeURIComponent(folder)}&securityToken=${t}`);
    expect(await ask('Drawings/Issued')).toBe('true');
    expect(await ask('/Drawings/Issued/Rev B/')).toBe('true');
    expect(await ask('Drawings')).toBe('false');
    expect(await ask('Drawings/Issued2')).toBe('false');
    expect(await ask('Drawings/Issued', shared, 2)).toBe('false');
    expect(await ask('Drawings/Issued', tampered(shared))).toBe('false');
    const rfi = await token({ kind: 'rfi', entryNumber: 7 });
    expect(await ask('Drawings/Issued', rfi)).toBe('false');
  });

  it('answers from the signed-in user without a token', async () => {
    expect(await text('/api/DmsSharedAuthorization/1?folder=Drawings', view)).toBe('true');
    expect(await text('/api/DmsSharedAuthorization/1?folder=Drawings', await h.login('hs@demo.local'))).toBe('false');
    expect((await h.call('GET', '/api/DmsSharedAuthorization/1?folder=Drawings')).status).toBe(401);
  });
});

describe('refused tokens from one address', () => {
  it('answer 429 after the limit, in every token-taking call', async () => {
    const own = await makeHarness();
    const bad = 'A'.repeat(43);
    for (let i = 0; i < TOKEN_ATTEMPT_LIMIT; i++)
      expect(await (await own.call('GET', `/api/SiteworkAuthorization/sitework/1/7/${bad}`)).text()).toBe('denied');
    const refused = await own.call('GET', `/api/QSAuthorization/packages/1/7/${bad}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});

describe('public form links', () => {
  const base = `/api/projects/1/forms/health-and-safety/${HS_FORM}/public-link`;
  // Their own store: the checks above made public-form links of the same form.
  let p: Harness;
  let admin: string;
  let view: string;
  beforeAll(async () => {
    p = await makeHarness();
    admin = await adminOf(p);
    view = await p.login('view@demo.local');
  });

  it('are issued once with their URL and QR code, renewed (revoking the old) and revoked', async () => {
    expect(await (await p.call('GET', base, { cookie: admin })).json()).toEqual({ link: null });
    const first = await p.call('POST', base, { cookie: admin });
    expect(first.status).toBe(201);
    const issued = (await first.json()) as { url: string; qrCode: string; link: { id: number; status: string } };
    const [, firstToken] = issued.url.match(/\/external\/([A-Za-z0-9_-]{43})$/) ?? [];
    expect(firstToken).toBeDefined();
    expect(issued.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(issued.link.status).toBe('live');
    expect(JSON.stringify(issued.link)).not.toContain('tokenHash');
    const check = (t: string) =>
      text(`/api/PublicFormAuthorization/health-and-safety/1/${HS_FORM}/${t}/false`, undefined, p);
    expect(await check(firstToken)).toBe('true');
    // GET tells it exists, never its URL again.
    const shown = (await (await p.call('GET', base, { cookie: admin })).json()) as { link: Record<string, unknown> };
    expect(shown.link).toMatchObject({
      id: issued.link.id,
      kind: 'public-form',
      useCount: 1,
      createdBy: expect.any(String),
    });
    expect(JSON.stringify(shown)).not.toContain(firstToken);

    const renewed = (await (await p.call('POST', base, { cookie: admin, body: {} })).json()) as { url: string };
    const secondToken = renewed.url.split('/').pop() as string;
    expect(await check(firstToken)).toBe('false');
    expect(await check(secondToken)).toBe('true');

    expect((await p.call('DELETE', base, { cookie: admin })).status).toBe(204);
    expect(await check(secondToken)).toBe('false');
    expect(await (await p.call('GET', base, { cookie: admin })).json()).toEqual({ link: null });
    const none = await p.call('DELETE', base, { cookie: admin });
    expect(none.status).toBe(404);
  });

  it('take a chosen expiry in the future, at most 3 years ahead', async () => {
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await p.call('POST', base, { cookie: admin, body: { expiresAt: soon } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { link: { expiresAt: string } }).link.expiresAt).toBe(soon);
    for (const expiresAt of ['2020-01-01T00:00:00.000Z', new Date(Date.now() + 4 * 365 * 86_400_000).toISOString()])
      expect((await p.call('POST', base, { cookie: admin, body: { expiresAt } })).status).toBe(400);
    expect((await p.call('POST', base, { cookie: admin, body: { expiresAt: 'soon' } })).status).toBe(400);
    await p.call('DELETE', base, { cookie: admin });
  });

  it("refuse a view user (403), another client's form or project (404), and a signed-out caller (401)", async () => {
    expect((await p.call('POST', base, { cookie: view })).status).toBe(403);
    expect((await p.call('GET', base, { cookie: view })).status).toBe(403);
    expect((await p.call('DELETE', base, { cookie: view })).status).toBe(403);
    const other = `/api/projects/1/forms/quality-assurance/${otherClientForm.id}/public-link`;
    expect((await p.call('POST', other, { cookie: admin })).status).toBe(404);
    const otherProject = `/api/projects/${otherClientProject}/forms/health-and-safety/${HS_FORM}/public-link`;
    expect((await p.call('POST', otherProject, { cookie: admin })).status).toBe(404);
    expect((await p.call('POST', base)).status).toBe(401);
    expect(await (await p.call('GET', base, { cookie: admin })).json()).toEqual({ link: null });
  });
});

describe("a project's links page", () => {
  it('lists the project’s links a page at a time with their uses, tenant scoped, and revokes one', async () => {
    const own = await makeHarness();
    const cookie = await adminOf(own);
    const mine = await issueLink(own.store, {
      clientId: 1,
      projectId: 1,
      kind: 'rfi',
      formArea: 'quality-assurance',
      formId: qaForm.id,
      entryNumber: 7,
      recipientName: 'Aoife Byrne',
      recipientEmail: 'aoife@example.com',
    });
    await issueLink(own.store, { clientId: 1, projectId: 1, kind: 'packages', packageId: 3, recipientName: 'Kelly' });
    await issueLink(own.store, { clientId: 1, projectId: 2, kind: 'rfi', entryNumber: 1 });
    await issueLink(own.store, { clientId: 2, projectId: 1, kind: 'rfi', entryNumber: 1 });
    expect(await (await own.call('GET', `/api/SiteworkAuthorization/sitework/1/7/${mine.token}`)).text()).toBe('edit');

    const page = (await (await own.call('POST', '/api/projects/1/links/getall', { cookie, body: {} })).json()) as {
      items: {
        id: number;
        kind: string;
        status: string;
        formTitle?: string;
        useCount: number;
        latestUses: unknown[];
      }[];
      totalRecords: number;
    };
    expect(page.totalRecords).toBe(2);
    expect(page.items.map((l) => l.kind)).toEqual(['packages', 'rfi']);
    const rfi = page.items[1];
    expect(rfi).toMatchObject({ status: 'live', formTitle: qaForm.title, useCount: 1 });
    expect(rfi.latestUses).toEqual([expect.objectContaining({ action: 'authorization.sitework' })]);
    expect(JSON.stringify(page)).not.toContain('tokenHash');

    const searched = (await (
      await own.call('POST', '/api/projects/1/links/getall', { cookie, body: { globalFilter: 'aoife', pageSize: 10 } })
    ).json()) as { totalRecords: number };
    expect(searched.totalRecords).toBe(1);
    const second = (await (
      await own.call('POST', '/api/projects/1/links/getall', { cookie, body: { pageIndex: 1, pageSize: 10 } })
    ).json()) as { items: unknown[] };
    expect(second.items).toEqual([]);

    expect((await own.call('DELETE', `/api/projects/1/links/${mine.link.id}`, { cookie })).status).toBe(204);
    expect(await (await own.call('GET', `/api/SiteworkAuthorization/sitework/1/7/${mine.token}`)).text()).toBe(
      'denied',
    );
    const other = await own.store
      .collection<SecureLink & Record<string, unknown>>('secureLinks')
      .findOne({ clientId: 2 });
    expect((await own.call('DELETE', `/api/projects/1/links/${other?.id}`, { cookie })).status).toBe(404);
    const view1 = await own.login('view@demo.local');
    expect((await own.call('POST', '/api/projects/1/links/getall', { cookie: view1, body: {} })).status).toBe(403);
    expect(
      (await own.call('POST', `/api/projects/${otherClientProject}/links/getall`, { cookie, body: {} })).status,
    ).toBe(404);
  });
});
