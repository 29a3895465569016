/**
 * Secure links, public forms and e-mail (issue 25) in Chromium: one platform, one browser and one in-process SMTP
 * server (api/test/smtp.ts; the platform's SMTP_URL points at it) for every block of this file (one `describe` per
 * part of the issue).
 *
 * The links the external-forms block opens are stored before the server starts (platformForTests `beforeStart`:
 * the store is the test's only while no server runs), with fixtures/e2e/links.ts issueLinksBeforeStart, as the
 * sending and link-access parts issue them through their calls.
 */

import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkIssue } from '../../api/links/secure-links';
import { issueLinksBeforeStart, startSmtpServer, type TestSmtpServer } from '../../fixtures/e2e/links';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { callApi, logInThroughApi, platformForTests } from './platform';

/** The tokens the external-forms block opens, issued before the server starts. */
const tokens: Record<'submit' | 'close', string> = { submit: '', close: '' };

/** An RFI reply link for the Site Safety Inspection (form 5) on project 1, sent by user@demo.local (user 2). */
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
};

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const platform = platformForTests('links', {
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Site Forms <no-reply@forms.example.com>' }),
  beforeStart: async (dataDir) => {
    [tokens.submit, tokens.close] = await issueLinksBeforeStart(dataDir, [
      RFI,
      { ...RFI, recipientName: 'Ciarán Walsh' },
    ]);
  },
});

afterAll(async () => {
  await smtp?.close();
});

describe('external-forms', () => {
  it('opens a link signed out in the external shell, submits it into the register, then shows the expired text', async () => {
    const context = await platform.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${platform.url}/external/${tokens.submit}`);
    const shell = page.getByTestId('external-shell');
    await shell.getByText('For: Aoife Brennan (Brennan Steel)').waitFor();
    // The external shell: the client's name, the form's title, no menus and no user menu.
    await expect(shell.getByRole('banner').innerText()).resolves.toMatch(/Corrib/);
    await page.getByRole('heading', { level: 1, name: /Site Safety Inspection/ }).waitFor();
    expect(await shell.getByRole('banner').getByRole('navigation').count()).toBe(0);
    for (const name of ['Breadcrumbs', 'Section menu'])
      expect(await page.getByRole('navigation', { name }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /account|user menu/i }).count()).toBe(0);

    await page.getByLabel('Inspected by').fill('Aoife Brennan');
    await page.getByLabel('Inspection date').fill('2026-11-20');
    await page.getByRole('combobox', { name: 'Hot work on site? *' }).click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await page.getByLabel('Area inspected *').fill('Steel frame, grid A-C');
    await page.getByRole('button', { name: 'Next' }).click();
    // A photo through the link.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('list', { name: 'Photos' }).getByRole('link', { name: 'frame.png' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/response$/);
    await page.getByText('Thank you for your time! Please close this page.').waitFor();

    // In the register for the project's users: entered by the recipient, marked external, with the photo.
    const cookie = await logInThroughApi(platform.url, 'user@demo.local');
    const register = (await callApi(
      platform.url,
      cookie,
      'POST',
      '/api/projects/1/forms/health-and-safety/getall/5',
      {},
    )) as { items: Array<{ enteredBy: string; entryNumber: number; origin?: string }> };
    const row = register.items.find((r) => r.enteredBy === 'Aoife Brennan');
    expect(row?.origin).toBe('External: Brennan Steel');
    const entry = (await callApi(
      platform.url,
      cookie,
      'GET',
      `/api/projects/1/forms/health-and-safety/5/get/${row?.entryNumber}`,
    )) as { answers: Array<{ questionId: number; answers: string[] }> };
    const photos = entry.answers.find((a) => a.questionId === 11);
    expect(photos?.answers[0]).toMatch(/^external\/\d+\/.+\/frame\.png$/);

    // The same link again: the §8 text for an RFI, nothing of the form.
    await page.goto(`${platform.url}/external/${tokens.submit}`);
    await page.waitForURL(/\/unauthorized\?security=rfi$/);
    await page.getByText(/Oops\. The provided security token has expired or already been used.*the rfi/).waitFor();
    expect(await page.getByText('Site Safety Inspection').count()).toBe(0);
    await context.close();
  });

  it('closes a link without saving: /noresponse, and /closed when it is reopened in the tab', async () => {
    const context = await platform.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${platform.url}/external/${tokens.close}`);
    await page.getByLabel('Inspected by').fill('Ciarán Walsh');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/noresponse$/);
    await page.getByText('Thank you. You have Closed the form').waitFor();
    await page.goBack();
    await page.waitForURL(/\/closed$/);
    await page.getByText(/Your response has not been saved/).waitFor();
    await context.close();
  });
});

describe('link-access', () => {
  let page: Page;

  beforeAll(async () => {
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${platform.url}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
    await page.waitForURL(/\/home$/);
  });
  afterAll(async () => {
    await page?.close();
  });

  it('an administrator makes the Site Safety Inspection public on project 1 and sees its link and QR code', async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety/5`);
    await page.getByRole('button', { name: 'Public link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Public link' });
    await dialog.getByText(/has no public link on this project/).waitFor();
    await dialog.getByRole('button', { name: 'Make public' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(url).toMatch(new RegExp(`^${platform.url}/external/[A-Za-z0-9_-]{43}$`));
    const qr = dialog.getByRole('img', { name: 'QR code of the public link' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const token = url.split('/').pop();
    // The link opens the form signed out: the public form guard's check answers from it.
    const check = await fetch(`${platform.url}/api/PublicFormAuthorization/health-and-safety/1/5/${token}/false`);
    expect(await check.text()).toBe('true');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it("the project's links page lists the public link and revokes it", async () => {
    await page.goto(`${platform.url}/projects/1/edit/links`);
    const row = page.getByRole('row', { name: /Public form.*Site Safety Inspection.*Open/ });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('row', { name: /Public form.*Site Safety Inspection.*Revoked/ }).waitFor();
    const revoked = page.getByRole('row', { name: /Public form.*Site Safety Inspection.*Revoked/ });
    expect(await revoked.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  });
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
    // The reply of the external-forms block told its sender (a message of this client); a password reset, of no
    // client, is not listed.
    await own
      .getByRole('row', { name: /Reply received: Site Safety Inspection/ })
      .first()
      .waitFor();
    expect(await own.getByRole('row', { name: /Reset your Site Forms password/ }).count()).toBe(0);
    await admin.close();
  });
});

describe('sending', () => {
  let page: Page;
  let cookie: string;

  beforeAll(async () => {
    cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${platform.url}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
    await page.waitForURL(/\/home$/);
  });

  afterAll(async () => {
    await page?.close();
  });

  it('the administrator sends the RFI form to a contact from the register, and the link is listed', async () => {
    await page.goto(`${platform.url}/projects/1/qa/6`);
    await page.getByRole('button', { name: 'Send to...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to an external party' });
    await dialog.getByRole('combobox', { name: 'Contact' }).click();
    await page.getByRole('option', { name: 'Aoife Brennan (Corrib Design Partnership)' }).click();
    await dialog.getByLabel('Message').fill('Please confirm the lintel detail.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The link was sent by e-mail.').waitFor();

    await page.getByRole('button', { name: 'Links sent' }).click();
    await page.waitForURL(/\/projects\/1\/qa\/6\/links$/);
    const row = page.getByRole('row', { name: /Aoife Brennan/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/RFI.*Open/);

    // The message arrives over SMTP with the link to the external form.
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('aoife.brennan@corribdesignpa.ie'), 30_000);
    expect(mail.links.some((l) => l.startsWith(`${platform.url}/external/`))).toBe(true);
    const links = (await callApi(
      platform.url,
      cookie,
      'GET',
      '/api/projects/1/forms/quality-assurance/send/6/links/0',
    )) as Array<{ recipientEmail: string; state: string }>;
    expect(links).toEqual([
      expect.objectContaining({ recipientEmail: 'aoife.brennan@corribdesignpa.ie', state: 'valid' }),
    ]);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The link was revoked.').waitFor();
  });

  it('the package return page opens signed out with a security code and records a return', async () => {
    const context = await platform.browser.newContext();
    const external = await context.newPage();
    await external.goto(`${platform.url}/package-return/demo-return-groundworks-midlands-000000003`);
    await external.getByRole('heading', { name: 'Package return' }).waitFor();
    await external.getByText('Limerick Docklands Apartments Block B').waitFor();
    await external.getByLabel('Upload files').setInputFiles({
      name: 'Price breakdown.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await external.getByRole('list', { name: 'Your files' }).getByText('Price breakdown.pdf').waitFor();
    await external.getByLabel('Your price').fill('198500.50');
    await external.getByLabel('Comments').fill('Excludes dewatering.');
    await external.getByRole('button', { name: 'Send return' }).click();
    await external.waitForURL(/\/response$/);
    await external.getByText('Thank you for your time!', { exact: false }).waitFor();
    const returns = (await callApi(platform.url, cookie, 'GET', '/api/settings/Subcontractors/3/returns')) as Array<{
      id: number;
      subcontractorPrice?: number;
      comments?: string;
      responseDate?: string;
    }>;
    expect(returns.find((r) => r.id === 3)).toMatchObject({
      subcontractorPrice: 198500.5,
      comments: 'Excludes dewatering.',
      responseDate: expect.any(String),
      files: [expect.objectContaining({ name: 'Price breakdown.pdf' })],
    });
    // The same code again, or an unknown one: the expired-link text of packages.
    await external.goto(`${platform.url}/package-return/demo-return-groundworks-midlands-000000003`);
    await external.waitForURL(/\/unauthorized\?security=packages$/);
    await external.goto(`${platform.url}/package-return/not-a-code-of-anyone-00000000000000`);
    await external.waitForURL(/\/unauthorized\?security=packages$/);
    await context.close();
  });
});

/**
 * Issue 25's "Done when" journey, end to end through the e-mail: an administrator sends the RFI form to a contact;
 * the message arrives over SMTP; its link opens the form signed out in the external shell; the reply is submitted
 * and shows in the register; the same link then shows the expired text; a public form's link works signed out; a
 * notify question's e-mail reaches the chosen user. (The forgotten password is the mail block's.)
 */
describe('journey', () => {
  let admin: BrowserContext;
  let page: Page;
  let cookie: string;
  const contactEmail = 'aoife.brennan@corribdesignpa.ie';

  beforeAll(async () => {
    cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    const [name, value] = cookie.split('=');
    admin = await platform.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await admin.addCookies([{ name, value, url: platform.url }]);
    page = await admin.newPage();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('sends the RFI form to a contact, whose e-mailed link takes one reply into the register, then shows the expired text', async () => {
    const before = smtp.messages.filter((m) => m.envelopeTo.includes(contactEmail)).length;
    await page.goto(`${platform.url}/projects/1/qa/6`);
    await page.getByRole('button', { name: 'Send to...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to an external party' });
    await dialog.getByRole('combobox', { name: 'Contact' }).click();
    await page.getByRole('option', { name: 'Aoife Brennan (Corrib Design Partnership)' }).click();
    await dialog.getByLabel('Message').fill('Which lintel goes over door D4?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The link was sent by e-mail.').waitFor();

    // The e-mail over SMTP, and its link.
    await expect
      .poll(() => smtp.messages.filter((m) => m.envelopeTo.includes(contactEmail)).length, { timeout: 30_000 })
      .toBe(before + 1);
    const mail = smtp.messages.filter((m) => m.envelopeTo.includes(contactEmail)).at(-1);
    expect(mail?.text).toContain('Which lintel goes over door D4?');
    const link = mail?.links.find((l) => l.startsWith(`${platform.url}/external/`)) as string;
    expect(link).toMatch(/\/external\/[A-Za-z0-9_-]{43}$/);

    // Signed out, in the external shell: no menus, the client's name; the reply submitted.
    const outside = await platform.browser.newContext();
    const external = await outside.newPage();
    await external.goto(link);
    const shell = external.getByTestId('external-shell');
    await shell.getByText(/For: Aoife Brennan/).waitFor();
    await expect(shell.getByRole('banner').innerText()).resolves.toMatch(/Corrib/);
    expect(await external.getByRole('navigation', { name: 'Section menu' }).count()).toBe(0);
    await external.getByLabel('Subject *').fill('Lintel over door D4');
    await external.getByLabel('Question *').fill('Which lintel goes over door D4?');
    await external.getByLabel('Response').fill('L2 precast, 150 mm bearing each side.');
    await external.getByRole('button', { name: 'Submit' }).click();
    await external.waitForURL(/\/response$/);
    await external.getByText('Thank you for your time! Please close this page.').waitFor();

    // In the register of the project's users, entered by the contact and marked external.
    await page.goto(`${platform.url}/projects/1/qa/6`);
    const row = page.getByRole('row', { name: /Lintel over door D4/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Aoife Brennan[\s\S]*External: Corrib Design Partnership/);

    // The same link again: the §8 text for an RFI, nothing of the form.
    await external.goto(link);
    await external.waitForURL(/\/unauthorized\?security=rfi$/);
    await external.getByText(/Oops\. The provided security token has expired or already been used/).waitFor();
    expect(await external.getByText('Request for Information').count()).toBe(0);
    await outside.close();
  });

  it("a public form's link works signed out and its entry is marked public", async () => {
    const made = (await callApi(
      platform.url,
      cookie,
      'POST',
      '/api/projects/1/forms/health-and-safety/5/public-link',
      {},
    )) as { url: string };
    const outside = await platform.browser.newContext();
    const external = await outside.newPage();
    await external.goto(made.url);
    await external.getByRole('heading', { level: 1, name: /Site Safety Inspection/ }).waitFor();
    await external.getByLabel('Inspected by').fill('A visitor');
    await external.getByLabel('Inspection date').fill('2026-11-26');
    await external.getByRole('combobox', { name: 'Hot work on site? *' }).click();
    await external.getByRole('option', { name: 'No', exact: true }).click();
    await external.getByLabel('Area inspected *').fill('Site entrance');
    await external.getByRole('button', { name: 'Next' }).click();
    await external.getByRole('button', { name: 'Submit' }).click();
    await external.waitForURL(/\/response$/);
    await outside.close();
    const register = (await callApi(platform.url, cookie, 'POST', '/api/projects/1/forms/health-and-safety/getall/5', {
      filters: [{ id: 'status', value: 'All' }],
    })) as { items: Array<{ enteredBy: string; origin?: string }> };
    expect(register.items.find((r) => r.origin === 'Public')).toBeTruthy();
  });

  it("a notify question's e-mail reaches the chosen user", async () => {
    const users = (await callApi(platform.url, cookie, 'GET', '/api/projects/1/users')) as Array<{
      id: number;
      fullName: string;
    }>;
    const chosen = users.find((u) => u.fullName !== 'Demo Administrator') ?? users[0];
    const answers = [
      { questionId: 1, answers: ['Seán Doyle'] },
      { questionId: 2, answers: ['2026-11-26'] },
      { questionId: 6, answers: ['No'] },
      { questionId: 10, answers: ['<p>Edge protection missing on level 3</p>'], notificationUsers: [chosen.id] },
    ];
    const entry = (await callApi(platform.url, cookie, 'PUT', '/api/projects/1/forms/health-and-safety/submit', {
      formId: 5,
      answers,
    })) as { entryNumber: number };
    const mail = await smtp.waitFor(
      (m) => m.subject.startsWith(`Site Safety Inspection ${entry.entryNumber} submitted`),
      30_000,
    );
    expect(mail.to[0]?.name).toBe(chosen.fullName);
    expect(mail.text).toContain('Edge protection missing on level 3');
  });
});
