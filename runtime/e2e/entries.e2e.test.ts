/**
 * Entries at work (issue 24) in Chromium: one platform and one browser for every block of this file (one
 * `describe` per part of the issue), each logging in once and reusing its page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { platformForTests } from './platform';

const platform = platformForTests('entries');

/** Logs `email` in through the login page, choosing Corrib when the user has several clients. */
async function logIn(page: Page, email: string, chooseClient: boolean): Promise<void> {
  await page.goto(`${platform.url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  if (chooseClient)
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
  await page.waitForURL(/\/home$/);
}

describe('export-names', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await platform.browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    await logIn(page, 'admin@demo.local', true);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sets an export name on the H&S Export Settings page and sees it on the next register CSV download', async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety`);
    await page.getByRole('link', { name: 'Export Settings' }).first().click();
    await page.waitForURL(/\/projects\/1\/health-and-safety\/export-setting$/);
    const parts = page.getByRole('list', { name: 'Parts of the file name' });
    await parts.getByText('Created', { exact: true }).waitFor();

    // Form Title, ' ', Entry Number, ' - ', Project Code: the register has no entry number.
    await page.getByRole('button', { name: 'Remove Created' }).click();
    await page.getByRole('button', { name: "Remove Text ' - '" }).click();
    await page.getByLabel('Custom text').fill(' - ');
    await page.getByRole('button', { name: 'Add custom text' }).click();
    await page.getByRole('combobox', { name: 'Add part' }).click();
    await page.getByRole('option', { name: 'Project Code' }).click();
    const preview = page.getByRole('status').filter({ hasText: 'Register download:' });
    await preview.getByText('Register download: Site Safety Inspection - CCE-2401.csv').waitFor();
    await preview.getByText('Preview: Site Safety Inspection 1 - CCE-2401.pdf').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Save successful').waitFor();

    // An entry of the Site Safety Inspection, so the register has a row to download.
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/projects/1/forms/health-and-safety/submit', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          formId: 5,
          answers: [
            { questionId: 1, answers: ['Export walker'] },
            { questionId: 2, answers: ['2026-11-20'] },
            { questionId: 6, answers: ['No'] },
          ],
        }),
      });
      return res.status;
    });
    expect(saved).toBe(200);
    await page.goto(`${platform.url}/projects/1/health-and-safety/5`);
    await page.getByRole('row', { name: /Export walker/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Site Safety Inspection - CCE-2401.csv');

    // Back to the default for the other blocks of this file: Reset to default.
    await page.goto(`${platform.url}/projects/1/health-and-safety/export-setting`);
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The default file name applies again.').waitFor();
    const setting = await page.evaluate(async () =>
      (await fetch('/api/projects/1/forms/health-and-safety/export-setting')).json(),
    );
    expect(setting.isDefault).toBe(true);
  });
});
