/**
 * Entries at work in real Chromium against the real server (issue 24, "Done when"): one platform and one browser
 * for every part's checks (one describe block per part of the issue).
 */
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../engine/types/generated';
import { callApi, logInThroughApi, logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('entries');

describe('entries-ops', () => {
  /** Allow CSV upload switched on for the demo Site Safety Inspection (form 5) and published, as an admin does. */
  async function allowCsvUpload() {
    const admin = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
    const def = (await callApi(
      platform.url,
      admin,
      'GET',
      '/api/settings/forms/health-and-safety/5',
    )) as FormDefinition & Record<string, unknown>;
    const {
      id,
      clientId,
      status,
      version,
      publishedAt,
      created,
      createdBy,
      createdById,
      modifiedBy,
      modifiedById,
      ...input
    } = def;
    await callApi(platform.url, admin, 'PUT', '/api/settings/forms/health-and-safety/5', {
      ...input,
      allowCsvUpload: true,
    });
    await callApi(platform.url, admin, 'PUT', '/api/settings/forms/publish/health-and-safety/5');
  }

  it("imports 3 entries from a CSV through the register's Import (a bad file first), and copies one", async () => {
    await allowCsvUpload();
    const page = await platform.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await logInThroughPage(page, platform.url, 'user@demo.local');
    await page.goto(`${platform.url}/projects/1/health-and-safety/5`);
    await page.getByRole('heading', { name: /Site Safety Inspection/ }).waitFor();

    const header = 'Inspected by,Inspection date,Hot work on site?,Area left safe';
    const rows = ['Orla Quinn,2026-11-20,No,Yes', 'Tadhg Walsh,2026-11-21,No,No', 'Úna Burke,2026-11-22,No,'];
    const choose = async (text: string) => {
      const dialog = page.getByRole('dialog', { name: 'Import Entries' });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'inspections.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text, 'utf8'),
      });
      await dialog.getByTestId('chosen-file').getByText('inspections.csv').waitFor();
      await dialog.getByRole('button', { name: 'Upload' }).click();
      return dialog;
    };

    await page.getByRole('button', { name: 'Import' }).click();
    // A row without its inspector: the report names row and column, nothing is saved.
    await choose(`${header}\r\n${rows[0]}\r\n,2026-11-21,No,No\r\n`);
    const report = page.getByRole('dialog', { name: 'Error' });
    await report.getByText('Row 3, Inspected by: Inspected by is required.').waitFor();
    await report.getByRole('button', { name: 'Close' }).click();
    await report.waitFor({ state: 'detached' });

    const dialog = await choose(`${header}\r\n${rows.join('\r\n')}\r\n`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('3 entries imported.').waitFor();
    for (const name of ['Orla Quinn', 'Tadhg Walsh', 'Úna Burke'])
      await page.getByRole('row', { name: new RegExp(name) }).waitFor();

    // Copy: a new draft with the row's answers, opened to continue.
    const orla = page.getByRole('row', { name: /Orla Quinn/ });
    const copyButton = orla.getByRole('button', { name: 'Copy' });
    if (await copyButton.count()) await copyButton.click();
    else {
      await orla.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Copy' }).click();
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/projects\/1\/health-and-safety\/5\/entry\/4\/edit$/);
    await expect.poll(() => page.getByLabel(/^Inspected by/).inputValue()).toBe('Orla Quinn');
    await page.close();
  });
});
