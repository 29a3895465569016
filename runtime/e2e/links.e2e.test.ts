/**
 * Issue 25 in Chromium (secure links, public forms and e-mail): one platform and one browser for every block of this
 * file, one `describe` per part of the issue (its branch's name), each logging in once and reusing its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { platformForTests } from './platform';

const platform = platformForTests('links');

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
    const row = page.getByRole('row', { name: /public-form.*Site Safety Inspection.*live/ });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('row', { name: /public-form.*Site Safety Inspection.*revoked/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  });
});
