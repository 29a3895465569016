/**
 * The e-mails of issue 25 §5 end to end over SMTP (§6 "Tests talk SMTP"): what a call queues is delivered by the
 * worker to the in-process SMTP server (api/test/smtp.ts), and each message's link works once. Employee
 * invitations; password reset by e-mail; notify questions; the administrators' sent-mail list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Employee } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { createApp } from '../app';
import { clientPasswordDigest } from '../auth/passwords';
import { type Harness, makeHarness } from '../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { deliverDue } from './delivery';
import { type MailTransport, smtpTransport } from './transport';

const FROM = 'Site Forms <no-reply@forms.example.com>';
let smtp: TestSmtpServer;
let transport: MailTransport;
let h: Harness;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url, FROM);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

/** Delivers what is queued now. */
const deliver = (now = new Date()) => deliverDue(h.store, transport, now);

describe('employee invitations by e-mail', () => {
  it('the invite call queues the invitation; it arrives with a link that sets the password once', async () => {
    const target = demoSeed.employees?.find(
      (e) => e.clientId === 1 && e.isActive && e.status === 'Unassigned' && e.projectAccesses?.length,
    ) as Employee;
    const res = await h.call('PUT', '/api/settings/employees/invite/', { cookie: admin, body: { id: target.id } });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as { link: string };
    expect((await deliver()).sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(String(target.email).toLowerCase()));
    expect(mail.subject).toBe(`${demoSeed.clients.find((c) => c.id === 1)?.name} invites you to Site Forms`);
    expect(mail.text).toContain(`Hello ${target.firstName} ${target.lastName},`);
    const link = mail.links.find((l) => l.includes('/invitation/')) as string;
    expect(link).toBe(answer.link);
    const token = link.split('/').pop();
    const password = clientPasswordDigest('New#Pass2026');
    expect((await h.call('PUT', `/api/authorization/invitation/${token}`, { body: { password } })).status).toBe(204);
    expect((await h.call('PUT', `/api/authorization/invitation/${token}`, { body: { password } })).status).toBe(404);
    await h.login(String(target.email), 'New#Pass2026');
  });
});

describe('password reset by e-mail', () => {
  const forgot = (email: string) => h.call('POST', '/api/authorization/forgot-password', { body: { email } });
  const reset = (token: string, password: string) =>
    h.call('PUT', `/api/authorization/reset-password/${token}`, { body: { password: clientPasswordDigest(password) } });

  it('answers 204 alike for an unknown address; an Active user gets a link that works once and ends their sessions', async () => {
    const unknown = await forgot('nobody@demo.local');
    expect(unknown.status).toBe(204);
    expect(await unknown.text()).toBe('');
    // A Pending user (no password yet) gets nothing either.
    expect((await forgot('pending@demo.local')).status).toBe(204);
    const old = await h.login('user@demo.local');
    const res = await forgot(' User@Demo.Local ');
    expect(res.status).toBe(204);
    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('user@demo.local'));
    expect(smtp.messages).toHaveLength(1);
    expect(mail.subject).toBe('Reset your Site Forms password');
    const link = mail.links.find((l) => l.includes('/reset-password/')) as string;
    expect(link).toMatch(/^http:\/\/localhost\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop() as string;
    // The spec's password rules hold.
    expect(
      (await h.call('PUT', `/api/authorization/reset-password/${token}`, { body: { password: 'short' } })).status,
    ).toBe(400);
    expect((await reset(token, 'Reset#Pass2026')).status).toBe(204);
    const again = await reset(token, 'Other#Pass2026');
    expect(again.status).toBe(404);
    expect(((await again.json()) as { messageId: string }).messageId).toBe('resetPassword.invalid');
    // The old session is over, the old password refused, the new one works.
    expect((await h.call('POST', '/api/authorization/isLoggedIn', { cookie: old })).status).toBe(401);
    await expect(h.login('user@demo.local')).rejects.toThrow(/401/);
    await h.login('user@demo.local', 'Reset#Pass2026');
  });

  it('refuses an expired, tampered or unknown link', async () => {
    expect((await forgot('view@demo.local')).status).toBe(204);
    const reset1 = (await h.store.collection('passwordResets').findOne({})) as { _id: string; expiresAt: string };
    expect(Date.parse(reset1.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(reset1.expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await deliver();
    const token = (await smtp.waitFor(() => true)).links[0].split('/').pop() as string;
    await h.store
      .collection('passwordResets')
      .updateOne({ _id: reset1._id }, { $set: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect((await reset(token, 'Reset#Pass2026')).status).toBe(404);
    expect((await reset(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'Reset#Pass2026')).status).toBe(404);
    expect((await reset('not-a-token', 'Reset#Pass2026')).status).toBe(404);
    await h.login('view@demo.local');
  });

  it('answers 429 after 20 requests an hour from one client address, other addresses unaffected', async () => {
    const app = createApp({ store: h.store, trustProxy: true });
    const ask = (from: string, i: number) =>
      app.request('/api/authorization/forgot-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
        body: JSON.stringify({ email: `nobody${i}@demo.local` }),
      });
    for (let i = 0; i < 20; i++) expect((await ask('203.0.113.7', i)).status).toBe(204);
    const refused = await ask('203.0.113.7', 99);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { messageId: string }).messageId).toBe('forgotPassword.tooMany');
    expect((await ask('203.0.113.8', 100)).status).toBe(204);
  });

  it('sends at most 3 e-mails an hour for one address, answering the same', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('user@demo.local')).status).toBe(204);
    expect(await h.store.collection('outgoingMails').countDocuments({ kind: 'password-reset' })).toBe(3);
  });
});

describe('notify-question e-mails', () => {
  const url = '/api/projects/1/forms/health-and-safety/submit';
  const submission = (notify: number[], stop: boolean) => ({
    formId: 5,
    answers: [
      { questionId: 1, answers: ['Seán Doyle'] },
      { questionId: 2, answers: ['2026-11-20'] },
      { questionId: 6, answers: ['No'] },
      {
        questionId: 10,
        answers: ['<p>Open trench &amp; no barrier</p>'],
        notificationUsers: notify,
        stopNotification: stop,
      },
    ],
  });

  it('a submitted entry e-mails the chosen users with the e-mail text and a link to the entry', async () => {
    const cookie = await h.login('user@demo.local');
    const res = await h.call('PUT', url, { cookie, body: submission([4], false) });
    expect(res.status).toBe(200);
    const entry = (await res.json()) as { entryNumber: number; enteredBy: string };
    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const chosen = (await h.store.collection('users').findOne({ id: 4 })) as unknown as {
      email: string;
      fullName: string;
    };
    const mail = await smtp.waitFor(() => true);
    expect(mail.envelopeTo).toEqual([chosen.email]);
    expect(mail.to).toEqual([{ address: chosen.email, name: chosen.fullName }]);
    expect(mail.subject).toBe(
      `Site Safety Inspection ${entry.entryNumber} submitted (Eyre Square Mixed-Use Development)`,
    );
    expect(mail.text).toContain(`${entry.enteredBy} submitted`);
    expect(mail.text).toContain('Open trench & no barrier');
    expect(mail.links).toEqual([`http://localhost/projects/1/health-and-safety/5/entry/${entry.entryNumber}`]);
  });

  it("sends nothing when 'Do not send the notification' is ticked, for a page save, or with nobody chosen", async () => {
    const cookie = await h.login('user@demo.local');
    expect((await h.call('PUT', url, { cookie, body: submission([4, 2], true) })).status).toBe(200);
    expect((await h.call('PUT', url, { cookie, body: submission([], false) })).status).toBe(200);
    expect(
      (await h.call('PUT', `${url}?isFromPaging=true&activePageOrder=1`, { cookie, body: submission([4], false) }))
        .status,
    ).toBe(200);
    expect(await h.store.collection('outgoingMails').countDocuments({})).toBe(0);
    // The draft's final submit is when it notifies.
    const draft = (await h.store.collection('formEntries').findOne({ isDraft: true })) as unknown as {
      entryNumber: number;
    };
    const final = await h.call('PUT', url, {
      cookie,
      body: { ...submission([4], false), entryNumber: draft.entryNumber },
    });
    expect(final.status).toBe(200);
    expect(await h.store.collection('outgoingMails').countDocuments({ kind: 'notification' })).toBe(1);
  });
});

describe('the sent-mail list', () => {
  it('lists the client’s messages newest first, paged, with state, attempts and last error; admins only', async () => {
    const mails = h.store.collection('outgoingMails');
    const base = { subject: 's', text: 't', attempts: 0, nextAttemptAt: '2026-11-26T10:00:00.000Z' };
    await mails.insertMany([
      {
        ...base,
        id: 901,
        clientId: 1,
        kind: 'invitation',
        to: [{ name: 'A', address: 'a@x.ie' }],
        state: 'sent',
        created: '2026-11-26T09:00:00.000Z',
      },
      {
        ...base,
        id: 902,
        clientId: 1,
        kind: 'secure-link',
        to: [{ address: 'b@x.ie' }],
        state: 'failed',
        attempts: 1,
        lastError: '550 Mailbox unavailable',
        created: '2026-11-26T09:30:00.000Z',
      },
      {
        ...base,
        id: 903,
        clientId: 2,
        kind: 'notification',
        to: [{ address: 'c@x.ie' }],
        state: 'queued',
        created: '2026-11-26T09:40:00.000Z',
      },
      {
        ...base,
        id: 904,
        kind: 'password-reset',
        to: [{ address: 'd@x.ie' }],
        state: 'sent',
        created: '2026-11-26T09:50:00.000Z',
      },
    ]);
    const res = await h.call('POST', '/api/settings/mail/getall', {
      cookie: admin,
      body: { pageIndex: 0, pageSize: 10 },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Array<Record<string, unknown>>; totalRecords: number };
    expect(page.totalRecords).toBe(2);
    expect(page.items.map((i) => i.id)).toEqual([902, 901]);
    expect(page.items[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: '550 Mailbox unavailable',
      to: 'b@x.ie',
    });
    expect(page.items[1]).toMatchObject({ to: 'A <a@x.ie>', kind: 'invitation' });
    const second = await h.call('POST', '/api/settings/mail/getall', {
      cookie: admin,
      body: { pageIndex: 1, pageSize: 10 },
    });
    expect(((await second.json()) as { items: unknown[] }).items).toEqual([]);
    const user = await h.login('user@demo.local');
    expect((await h.call('POST', '/api/settings/mail/getall', { cookie: user, body: {} })).status).toBe(403);
    expect((await h.call('POST', '/api/settings/mail/getall', { body: {} })).status).toBe(401);
  });
});
