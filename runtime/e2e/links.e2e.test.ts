/**
 * Issue 25 (secure links, public forms and e-mail) in Chromium: one platform and one browser for every block of
 * this file (one `describe` per part of the issue), each logging in once and reusing its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { callApi, logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('links');

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

    // The queued message holds the link to the external form (read from the store through the sent list of the
    // mail part when it is merged; here the answer of the links call says who it went to).
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
