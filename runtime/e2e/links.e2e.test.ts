/**
 * Issue 25 (secure links, public forms and e-mail) in Chromium: one platform, one browser and one in-process SMTP
 * server (api/test/smtp.ts; the platform's SMTP_URL points at it) for every block of this file, one `describe`
 * per part of the issue.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../api/test/smtp';
import { callApi, logInThroughApi, platformForTests } from './platform';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const platform = platformForTests('links', {
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Site Forms <no-reply@forms.example.com>' }),
});
afterAll(async () => {
  await smtp?.close();
});

describe('mail', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await platform.browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('forgot password on the login page: the e-mail arrives over SMTP, its link sets a new password once, which logs in', async () => {
    const email = 'hs@demo.local';
    await page.goto(`${platform.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The screen's form may mount again as its chunks arrive: filled until Send Link is enabled.
    const send = page.getByRole('button', { name: /send link/i });
    await expect
      .poll(async () => {
        await page.getByLabel('E-mail').fill(email);
        return send.isEnabled();
      })
      .toBe(true);
    await send.click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText('If an account uses this address', { exact: false }).count()).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
    expect(mail.subject).toBe('Reset your Site Forms password');
    const link = mail.links.find((l) => l.includes('/reset-password/')) as string;
    expect(link.startsWith(`${platform.url}/reset-password/`)).toBe(true);

    await page.goto(link);
    await page.getByLabel('New Password').fill('Reset#Pass2026');
    await page.getByLabel('Confirm Password').fill('Reset#Pass2026');
    await page.getByRole('button', { name: /set password/i }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('Reset#Pass2026');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/home$/);

    // The link is used up: it says so.
    await page.goto(link);
    await page.getByLabel('New Password').fill('Other#Pass2026');
    await page.getByLabel('Confirm Password').fill('Other#Pass2026');
    await page.getByRole('button', { name: /set password/i }).click();
    await expect
      .poll(() => page.getByText('This link is not valid, has been used or has expired.', { exact: false }).count())
      .toBe(1);
  });

  it("the administrator's Sent E-mails page lists the client's messages from the server", async () => {
    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    const [name, value] = cookie.split('=');
    const admin = await platform.browser.newContext();
    await admin.addCookies([{ name, value, url: platform.url }]);
    const own = await admin.newPage();
    await own.goto(`${platform.url}/settings/mail`);
    await own.getByRole('heading', { name: 'Sent E-mails' }).first().waitFor();
    // A password reset is of no client: this client has sent nothing yet.
    await own.getByText('No e-mails yet').waitFor();
    await admin.close();
  });
});
