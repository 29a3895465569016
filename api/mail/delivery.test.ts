/**
 * The mail port and its delivery worker (api/mail/transport.ts, api/mail/delivery.ts; issue 25 §5, §6 and "Bad
 * input and faults": a mail server down for an hour, every message delivered after it is back, none twice; a
 * permanent failure shown as failed; header injection neutralised end to end). Talks SMTP to the in-process test
 * server (api/test/smtp.ts) and reads the file outbox's .eml files back with mailparser.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../engine/types/generated';
import { openEmbeddedStore } from '../store/embedded';
import type { Store } from '../store/port';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { deliverDue, RETRY_FOR_MS } from './delivery';
import { queueMail } from './outbox';
import { secureLinkMail } from './templates';
import { fileTransport, type MailTransport, smtpTransport } from './transport';

const FROM = 'Site Forms <no-reply@forms.example.com>';
const T0 = new Date('2026-11-26T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function freshStore(): Promise<Store> {
  const store = await openEmbeddedStore(':memory:');
  await store.ensureIndexes();
  await store
    .collection('clients')
    .insertOne({ id: 1, name: 'Corrib Civil', logoUrl: 'https://cdn.example.com/c.png' });
  return store;
}

async function state(store: Store, id: number): Promise<OutgoingMail> {
  return (await store
    .collection<OutgoingMail & { [k: string]: unknown }>('outgoingMails')
    .findOne({ id })) as OutgoingMail;
}

const rfi = (to: { name?: string; address: string }, formTitle = 'RFI 12') =>
  secureLinkMail({
    clientId: 1,
    to,
    senderName: 'Jane Doe',
    formTitle,
    projectName: 'CCE-2401',
    kind: 'rfi',
    link: 'https://forms.example.com/external/tok',
    expiresAt: '2026-12-26T10:00:00.000Z',
  });

describe('mail delivery over SMTP', () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url, FROM);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.refuse(null);
  });

  it('delivers a queued message with names, subject, text, HTML, letterhead and a stable Message-ID', async () => {
    const store = await freshStore();
    const queued = await queueMail(store, rfi({ name: 'Aoife Byrne', address: 'aoife@example.com' }), T0);
    expect(await deliverDue(store, transport, T0)).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.waitFor(() => true);
    expect(mail.to).toEqual([{ address: 'aoife@example.com', name: 'Aoife Byrne' }]);
    expect(mail.from).toBe('"Site Forms" <no-reply@forms.example.com>');
    expect(mail.subject).toBe('RFI: RFI 12 (CCE-2401)');
    expect(mail.text).toContain('Corrib Civil');
    expect(mail.text).toContain('Jane Doe has sent you the RFI form');
    expect(mail.links).toEqual(['https://forms.example.com/external/tok']);
    expect(mail.html).toContain('<img src="https://cdn.example.com/c.png"');
    const after = await state(store, queued.id);
    expect(after).toMatchObject({ state: 'sent', attempts: 1, sentAt: T0.toISOString() });
    expect(after.messageId).toBe(mail.messageId);
    expect(mail.messageId).toMatch(/^<site-forms\.\d+\.\d+@forms\.example\.com>$/);
    // Nothing more is due: a second tick sends nothing.
    expect(await deliverDue(store, transport, minutes(10))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('a server down for an hour: retried with backoff, every message delivered once after it is back', async () => {
    const store = await freshStore();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await queueMail(store, rfi({ address: `r${i}@example.com` }), T0)).id);
    smtp.refuse(421);
    expect(await deliverDue(store, transport, T0)).toEqual({ sent: 0, retried: 3, failed: 0 });
    expect(await state(store, ids[0])).toMatchObject({
      state: 'queued',
      attempts: 1,
      nextAttemptAt: minutes(1).toISOString(),
    });
    expect((await state(store, ids[0])).lastError).toMatch(/^421 /);
    // Not due yet: nothing is tried.
    expect(await deliverDue(store, transport, minutes(0.5))).toEqual({ sent: 0, retried: 0, failed: 0 });
    // Backoff 1, 2, 4, 8, 16, 32 minutes while it is down (attempts at 0, 1, 3, 7, 15, 31, 63).
    let at = 1;
    for (const wait of [2, 4, 8, 16, 32]) {
      expect((await deliverDue(store, transport, minutes(at))).retried).toBe(3);
      expect((await state(store, ids[1])).nextAttemptAt).toBe(minutes(at + wait).toISOString());
      at += wait;
    }
    expect(smtp.messages).toHaveLength(0);
    smtp.refuse(null);
    // Two ticks at once once it is back (two workers): each message is claimed by one of them only.
    const reports = await Promise.all([
      deliverDue(store, transport, minutes(at)),
      deliverDue(store, transport, minutes(at)),
    ]);
    expect(reports[0].sent + reports[1].sent).toBe(3);
    expect(await deliverDue(store, transport, minutes(at + 120))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual([
      'r0@example.com',
      'r1@example.com',
      'r2@example.com',
    ]);
    expect(await state(store, ids[2])).toMatchObject({ state: 'sent', attempts: 7 });
    expect((await state(store, ids[2])).lastError).toBeUndefined();
  });

  it('the backoff stops at 60 minutes and a message still refused after 24 hours is failed', async () => {
    const store = await freshStore();
    const { id } = await queueMail(store, rfi({ address: 'late@example.com' }), T0);
    smtp.refuse(421);
    let now = T0;
    for (let i = 0; i < 40; i++) {
      await deliverDue(store, transport, now);
      const doc = await state(store, id);
      if (doc.state !== 'queued') break;
      const wait = Date.parse(doc.nextAttemptAt) - now.getTime();
      expect(wait).toBeLessThanOrEqual(60 * 60_000);
      now = new Date(doc.nextAttemptAt);
    }
    const failed = await state(store, id);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toMatch(/^421 /);
    expect(now.getTime() - T0.getTime()).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    expect(smtp.messages).toHaveLength(0);
  });

  it('a permanent refusal (550) fails the message at once with the server answer', async () => {
    const store = await freshStore();
    const { id } = await queueMail(store, rfi({ address: 'gone@example.com' }), T0);
    smtp.refuse(550);
    expect(await deliverDue(store, transport, T0)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const doc = await state(store, id);
    expect(doc).toMatchObject({ state: 'failed', attempts: 1 });
    expect(doc.lastError).toMatch(/^550 /);
    smtp.refuse(null);
    expect(await deliverDue(store, transport, minutes(120))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a server that cannot be reached is a temporary failure', async () => {
    const store = await freshStore();
    const { id } = await queueMail(store, rfi({ address: 'x@example.com' }), T0);
    const closed = await startSmtpServer();
    const url = closed.url;
    await closed.close();
    const nowhere = smtpTransport(url, FROM);
    expect(await deliverDue(store, nowhere, T0)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await state(store, id)).toMatchObject({ state: 'queued', attempts: 1 });
    nowhere.close();
  });

  it('header injection in names and subjects is neutralised end to end', async () => {
    const store = await freshStore();
    await queueMail(
      store,
      rfi(
        { name: 'Aoife\r\nBcc: victim@example.com', address: 'aoife@example.com' },
        'RFI\r\nBcc: victim2@example.com\r\n\r\nbody',
      ),
      T0,
    );
    await deliverDue(store, transport, T0);
    const mail = await smtp.waitFor(() => true);
    expect(mail.envelopeTo).toEqual(['aoife@example.com']);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.to).toEqual([{ address: 'aoife@example.com', name: 'Aoife Bcc: victim@example.com' }]);
    expect(mail.subject).toBe('RFI: RFI Bcc: victim2@example.com body (CCE-2401)');
  });
});

describe('the file outbox', () => {
  it('writes one .eml per message that mailparser reads (CRLF line ends, both parts)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-forms-outbox-'));
    try {
      const store = await freshStore();
      const transport = fileTransport(path.join(dir, 'outbox'), FROM);
      await queueMail(store, rfi({ name: 'Aoife Byrne', address: 'aoife@example.com' }), T0);
      await queueMail(store, rfi({ address: 'b@example.com' }, 'RFI 13'), T0);
      expect(await deliverDue(store, transport, T0)).toEqual({ sent: 2, retried: 0, failed: 0 });
      const files = (await readdir(path.join(dir, 'outbox'))).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const raw = await readFile(path.join(dir, 'outbox', files[0]));
      expect(raw.includes('\r\n')).toBe(true);
      const parsed = await simpleParser(raw);
      expect(parsed.subject).toMatch(/^RFI: RFI 1[23] \(CCE-2401\)$/);
      expect(parsed.from?.text).toBe('"Site Forms" <no-reply@forms.example.com>');
      expect(parsed.text).toContain('https://forms.example.com/external/tok');
      expect(typeof parsed.html === 'string' && parsed.html.includes('Corrib Civil')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
