/**
 * The e-mails of issue 25 §5 end to end over SMTP (§6 "Tests talk SMTP"): what a call queues is delivered by the
 * worker to the in-process SMTP server (api/test/smtp.ts), and each message's link works once. Employee
 * invitations; password reset by e-mail; notify questions; the administrators' sent-mail list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Employee } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
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
