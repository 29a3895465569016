/**
 * Documents (issue 23) in Chromium: one platform and one browser for every block of this file (one `describe` per
 * part of the issue: dms-store, dms-api, file-browser, drawing-register, pickers), each logging in once and reusing
 * its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../../fixtures/seed';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('documents');

describe('drawing-register', () => {
  let page: Page;
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(onePagePdf(name)) });

  beforeAll(async () => {
    page = await platform.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await logInThroughPage(page, platform.url, 'user@demo.local');
  });
  afterAll(async () => {
    await page?.close();
  });

  /** Fills the open drawing dialog's revision and primary file, and saves it. */
  async function saveRevision(revision: string, fileName: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Revision').fill(revision);
    await dialog.locator('input[type="file"]').first().setInputFiles(pdf(fileName));
    await expect.poll(() => dialog.getByText(fileName).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  it('registers a drawing with two revisions and downloads the old one', async () => {
    await page.goto(`${platform.url}/projects/1/sitework`);
    await page.getByRole('heading', { name: 'Drawing Register' }).waitFor();
    await page.getByRole('link', { name: 'GA-101', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Drawing' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('K-800 Roof plan');
    await saveRevision('P01', 'K-800 P01.pdf');
    const row = page.getByRole('row', { name: /K-800 Roof plan/ });
    await row.getByRole('link', { name: 'K-800 Roof plan', exact: true }).waitFor();

    await row.getByRole('button', { name: 'New Revision' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Name').inputValue()).toBe('K-800 Roof plan');
    await saveRevision('P02', 'K-800 P02.pdf');
    await expect.poll(() => row.textContent()).toContain('P02');

    await row.getByRole('button', { name: 'Revisions' }).click();
    await page.getByRole('heading', { name: 'Revisions of K-800 Roof plan' }).waitFor();
    const old = page.getByRole('row', { name: /P01/ });
    await expect.poll(() => old.textContent()).toContain('Superseded');
    expect(await page.getByRole('row', { name: /P02/ }).textContent()).toContain('Current');
    // The old revision's primary file downloads with the session, byte for byte what was uploaded.
    const href = (await old.getByRole('link', { name: 'K-800 P01.pdf' }).getAttribute('href')) ?? '';
    const answer = await page.request.get(`${platform.url}${href}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await answer.body()).equals(Buffer.from(onePagePdf('K-800 P01.pdf')))).toBe(true);
  });
});
