/**
 * The external form behind a secure link (issue 25 §2, §4; api/external/forms.ts, api/operations/named/external.ts):
 * open, files and submit without login; the entry stored on the project, marked external or public and in the
 * register; the link used up; every refusal the same answer with nothing of the form; per-link and per-address
 * limits; the sender's notification queued.
 */
import sharp from 'sharp';
import { message } from '../engine/messages/catalogue';
import type { FormEntry, OutgoingMail, SecureLink } from '../engine/types/generated';
import { createApp } from './app';
import { ADDRESS_CALL_LIMIT, LINK_CALL_LIMIT } from './external/limits';
import { issueLink, type LinkIssue, revokeLink } from './links/secure-links';
import { seedIfEmpty } from './seed/load';
import { openEmbeddedStore } from './store/embedded';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let png: Buffer;

/** A reply link for form 5 (H&S Site Safety Inspection) on project 1, sent by user 2 (user@demo.local). */
const RFI: LinkIssue = {
  clientId: 1,
  kind: 'rfi',
  projectId: 1,
  formArea: 'health-and-safety',
  formId: 5,
  recipientName: 'Aoife Brennan',
  recipientEmail: 'aoife@brennan-steel.ie',
  recipientOrganisation: 'Brennan Steel',
  createdById: 2,
  createdBy: 'Demo User',
};

const ANSWERS = [
  { questionId: 1, answers: ['Aoife Brennan'] },
  { questionId: 2, answers: ['2026-11-20'] },
  { questionId: 6, answers: ['No'] },
];

async function link(overrides: Partial<LinkIssue> = {}) {
  return (await issueLink(h.store, { ...RFI, ...overrides })).token;
}

function submit(token: string, answers: unknown[] = ANSWERS) {
  return h.call('POST', `/api/external/${token}/submit`, { body: { formId: 5, answers } });
}

function upload(token: string, folder: string, name = 'site.png', bytes: Uint8Array = png) {
  const form = new FormData();
  form.append('uploads[]', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return h.app.request(`/api/external/${token}/upload?folder=${encodeURIComponent(folder)}`, {
    method: 'POST',
    body: form,
  });
}

/** The one refusal: 410, the §8 text, the link's type when known, and nothing else. */
async function expectRefused(res: Response, type?: string) {
  expect(res.status).toBe(410);
  const body = await res.json();
  expect(body).toEqual({
    messageId: 'unauthorized.tokenExpired',
    message: message('unauthorized.tokenExpired', { type: type ?? '' }),
    ...(type ? { type } : {}),
  });
  const text = JSON.stringify(body);
  for (const secret of ['Site Safety', 'CCE-2401', 'Corrib', 'Aoife']) expect(text).not.toContain(secret);
}

beforeAll(async () => {
  h = await makeHarness();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

describe('the external form of a reply link', () => {
  it('opens signed out with the branding, the project, the recipient and the published form', async () => {
    const token = await link();
    const res = await h.call('GET', `/api/external/${token}`);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page).toMatchObject({
      kind: 'rfi',
      type: 'rfi',
      recipientName: 'Aoife Brennan',
      recipientOrganisation: 'Brennan Steel',
      repliesTo: null,
    });
    expect(page.client.name).toBeTruthy();
    expect(page.projectName).toBeTruthy();
    expect(page.form.id).toBe(5);
    expect(page.title).toBe(page.form.title);
    const stored = await h.store.collection<SecureLink>('secureLinks').findOne({ recipientName: 'Aoife Brennan' });
    expect(stored?.uses.map((u) => u.action)).toContain('open');
  });

  it('submits once: the entry is on the project, entered by the recipient, marked external, in the register', async () => {
    const token = await link();
    const up = await upload(token, 'questions/11/abc123');
    expect(up.status).toBe(201);
    const [file] = await up.json();
    expect(file.file).toMatch(/^external\/\d+\/questions\/11\/abc123\/site\.png$/);
    // The file reads back through the token, and lists in its folder.
    const got = await h.call('GET', `/api/external/${token}/download?file=${encodeURIComponent(file.file)}`);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    const folder = file.file.slice(0, file.file.lastIndexOf('/'));
    const listed = await (await h.call('GET', `/api/external/${token}/files?folder=${folder}`)).json();
    expect(listed.map((f: { file: string }) => f.file)).toEqual([file.file]);

    const saved = await submit(token, [...ANSWERS, { questionId: 11, answers: [file.file] }]);
    expect(saved.status).toBe(201);
    const { entryNumber } = await saved.json();
    const entry = await h.store
      .collection<FormEntry>('formEntries')
      .findOne({ clientId: 1, projectId: 1, formId: 5, entryNumber });
    expect(entry).toMatchObject({
      enteredBy: 'Aoife Brennan',
      isPublic: false,
      external: { kind: 'rfi', recipientName: 'Aoife Brennan', recipientOrganisation: 'Brennan Steel' },
    });
    expect(entry?.enteredById).toBeUndefined();
    expect(entry?.answers.find((a) => a.questionId === 11)?.answers).toEqual([file.file]);

    // The register shows it to the project's users, with its marks.
    const cookie = await h.login('user@demo.local');
    const register = await h.call('POST', '/api/projects/1/forms/health-and-safety/getall/5', { cookie, body: {} });
    const rows = (await register.json()).items as Array<Record<string, unknown>>;
    const row = rows.find((r) => r.entryNumber === entryNumber);
    expect(row).toMatchObject({ enteredBy: 'Aoife Brennan', origin: 'External: Brennan Steel' });

    // The link is used up: every call after it is the refusal of a used token.
    await expectRefused(await submit(token), 'rfi');
    await expectRefused(await h.call('GET', `/api/external/${token}`), 'rfi');
    expect(await h.store.collection('formEntries').countDocuments({ 'external.recipientName': 'Aoife Brennan' })).toBe(
      1,
    );
  });

  it("queues the sender's notification with the submit", async () => {
    const token = await link({ recipientName: 'Notified Recipient' });
    expect((await submit(token)).status).toBe(201);
    const mails = await h.store.collection<OutgoingMail>('outgoingMails').find({ kind: 'external-reply' });
    const mail = mails.find((m) => m.text.includes('Notified Recipient'));
    expect(mail?.to).toEqual([{ name: expect.any(String), address: 'user@demo.local' }]);
    expect(mail?.state).toBe('queued');
    expect(mail?.text).toMatch(/\/projects\/1\/hs\/5\/entry\/\d+|\/projects\/1\/[a-z-]+\/5\/entry\/\d+/);
  });

  it('refuses a bad submit with the validation answer and keeps the link', async () => {
    const token = await link();
    const bad = await submit(token, [{ questionId: 2, answers: ['not a date'] }]);
    expect(bad.status).toBe(400);
    expect((await submit(token)).status).toBe(201);
  });

  it("leaves out a notify question's choice of the project's users", async () => {
    const token = await link({ recipientName: 'Notifying Recipient' });
    const findings = { questionId: 10, answers: ['<p>Gap in the edge protection</p>'], notificationUsers: [999, 2] };
    const res = await submit(token, [...ANSWERS, findings]);
    expect(res.status).toBe(201);
    const entry = await h.store.collection<FormEntry>('formEntries').findOne({ enteredBy: 'Notifying Recipient' });
    expect(entry?.answers.find((a) => a.questionId === 10)?.notificationUsers).toBeUndefined();
  });

  it('refuses a file that was not uploaded through the link', async () => {
    const token = await link();
    const res = await submit(token, [...ANSWERS, { questionId: 11, answers: ['entries/5/photos/slab.png'] }]);
    expect(res.status).toBe(400);
    expect((await res.json()).messageId).toBe('externalForms.foreignFile');
    // Another link's folder is not its own either.
    const other = await link();
    const up = await upload(other, 'questions/11/x');
    const [file] = await up.json();
    expect((await h.call('GET', `/api/external/${token}/download?file=${encodeURIComponent(file.file)}`)).status).toBe(
      404,
    );
    // The form's own picture (an Image question) reads through the link; another file of the client does not.
    expect((await h.call('GET', `/api/external/${token}/download?file=forms/5/site-plan.png`)).status).toBe(200);
    expect((await h.call('GET', `/api/external/${token}/download?file=forms/5/other.png`)).status).toBe(404);
  });

  it('records Close as a use and leaves the link working', async () => {
    const token = await link({ recipientName: 'Closing Recipient' });
    expect((await h.call('POST', `/api/external/${token}/close`)).status).toBe(204);
    const stored = await h.store.collection<SecureLink>('secureLinks').findOne({ recipientName: 'Closing Recipient' });
    expect(stored?.uses.map((u) => u.action)).toEqual(['close']);
    expect((await h.call('GET', `/api/external/${token}`)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('answers an unknown, malformed, expired, revoked or used token the same way, with nothing of the form', async () => {
    await expectRefused(await h.call('GET', `/api/external/${'A'.repeat(43)}`));
    await expectRefused(await h.call('GET', '/api/external/not-a-token'));
    await expectRefused(await submit('A'.repeat(43)));
    const expired = await link({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await expectRefused(await h.call('GET', `/api/external/${expired}`), 'rfi');
    const { token: revoked, link: revokedLink } = await issueLink(h.store, { ...RFI, kind: 'cvi' });
    await revokeLink(h.store, 1, revokedLink.id);
    await expectRefused(await h.call('GET', `/api/external/${revoked}`), 'cvi');
    await expectRefused(await upload(revoked, 'questions/11/a'), 'cvi');
    // A folder link opens no form.
    const folder = await link({ kind: 'shared-folder', folder: 'projects/1/documents' });
    await expectRefused(await h.call('GET', `/api/external/${folder}`), 'shared-folder');
  });

  it('refuses a token of one form used on another form area, project or client', async () => {
    // The link names form 5 under another area: the form is not that area's.
    await expectRefused(await h.call('GET', `/api/external/${await link({ formArea: 'quality-assurance' })}`), 'rfi');
    // A form that is not offered on the project the link names (no such project of the client).
    await expectRefused(await h.call('GET', `/api/external/${await link({ projectId: 999 })}`), 'rfi');
    // A link of client 2 naming client 1's project and form.
    await expectRefused(await h.call('GET', `/api/external/${await link({ clientId: 2 })}`), 'rfi');
  });
});

describe('public forms', () => {
  it('takes many entries through one link, each marked public', async () => {
    const token = await link({ kind: 'public-form', recipientName: undefined, recipientOrganisation: undefined });
    const page = await (await h.call('GET', `/api/external/${token}`)).json();
    expect(page.type).toBe('quality-assurance');
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await submit(token);
      expect(res.status).toBe(201);
      numbers.push((await res.json()).entryNumber);
    }
    const entries = await h.store
      .collection<FormEntry>('formEntries')
      .find({ clientId: 1, projectId: 1, formId: 5, entryNumber: { $in: numbers } });
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry.isPublic).toBe(true);
      expect(entry.enteredBy).toBe(message('externalForms.publicSubmitter'));
      expect(entry.external?.kind).toBe('public-form');
    }
    const cookie = await h.login('user@demo.local');
    const rows = (
      await (await h.call('POST', '/api/projects/1/forms/health-and-safety/getall/5', { cookie, body: {} })).json()
    ).items as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.entryNumber === numbers[0])?.origin).toBe(message('externalForms.publicChip'));
  });
});

describe('abuse limits', () => {
  it('answers 429 after the per-link limit, other links unaffected', async () => {
    const flooded = await link({ kind: 'public-form' });
    for (let i = 0; i < LINK_CALL_LIMIT; i++)
      expect((await h.call('GET', `/api/external/${flooded}`)).status).toBe(200);
    const refused = await h.call('GET', `/api/external/${flooded}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).messageId).toBe('externalForms.tooManyCalls');
    expect((await h.call('GET', `/api/external/${await link({ kind: 'public-form' })}`)).status).toBe(200);
  });

  it('answers 429 after the per-address limit, other addresses unaffected (behind a trusted proxy)', async () => {
    const store = await openEmbeddedStore(':memory:');
    await store.ensureIndexes();
    await seedIfEmpty(store);
    const app = createApp({ store, trustProxy: true });
    const tokens = await Promise.all([0, 1, 2, 3, 4, 5].map(async () => (await issueLink(store, RFI)).token));
    const open = (i: number, address: string) =>
      app.request(`/api/external/${tokens[i % tokens.length]}`, { headers: { 'X-Forwarded-For': address } });
    for (let i = 0; i < ADDRESS_CALL_LIMIT; i++) expect((await open(i, '203.0.113.9')).status).toBe(200);
    expect((await open(0, '203.0.113.9')).status).toBe(429);
    expect((await open(0, '198.51.100.4')).status).toBe(200);
  });

  it('refuses a file past the per-file limit and stores nothing', async () => {
    const token = await link();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png);
    const res = await upload(token, 'questions/11/big', 'big.png', big);
    expect(res.status).toBe(413);
    expect(await (await h.call('GET', `/api/external/${token}/files?folder=questions/11/big`)).json()).toEqual([]);
  });
});
