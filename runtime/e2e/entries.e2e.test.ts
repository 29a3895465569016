/**
 * Entries at work (issue 24) in Chromium: one platform and one browser for every block of this file (one
 * `describe` per part of the issue), each logging in once and reusing its page.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../engine/types/generated';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { callApi, logInThroughApi, logInThroughPage, platformForTests } from './platform';

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

/** A PDF's text, its pages' items joined with spaces, as pdf.js (pdfjs-dist's legacy build for Node) reads it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

describe('category-registers', () => {
  let page: Page;
  const HS = '/api/projects/1/forms/health-and-safety';
  /** Page 1 of the Site Safety Inspection with its required questions. */
  const complete = [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: ['No'] },
  ];
  /** The safety checklist with its first row inspected and scored 3 of 3: 100 %, Good. */
  const scored = {
    questionId: 3,
    answers: [],
    grid: {
      cells: [
        { cellId: 2, rowIndex: 0, columnIndex: 1, value: true },
        { cellId: 3, rowIndex: 0, columnIndex: 2, value: '3' },
      ],
    },
  };

  beforeAll(async () => {
    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    await callApi(platform.url, cookie, 'PUT', `${HS}/submit`, { formId: 5, answers: [...complete, scored] });
    await callApi(platform.url, cookie, 'PUT', `${HS}/submit`, { formId: 5, answers: complete });
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

  it("opens project 1's H&S inspections: the Site Safety Inspection entries, and the charts' table views", async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety/inspections`);
    const rows = page.getByRole('row', { name: /Site Safety Inspection/ });
    await rows.first().waitFor();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByRole('row', { name: /Site Safety Inspection 1 .*100.*Good/ }).count()).toBe(1);

    // chart.js drew the charts (loaded on demand).
    const perWeek = page.getByRole('region', { name: 'Entries per week' });
    await perWeek.locator('canvas[data-drawn="true"]').waitFor();
    await perWeek.getByRole('button', { name: 'Show table' }).click();
    const table = perWeek.getByRole('table', { name: 'Entries per week: the numbers of the chart' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Week of', 'Site Safety Inspection']);
    const week = await table.locator('tbody tr').allTextContents();
    expect(week).toHaveLength(1);
    expect(week[0]).toMatch(/^\d{4}-\d{2}-\d{2}2$/);

    const bands = page.getByRole('region', { name: 'Rating bands' });
    await bands.getByRole('button', { name: 'Show table' }).click();
    const bandRows = await bands.getByRole('table').locator('tbody tr').allTextContents();
    expect(bandRows).toEqual(['Poor0', 'Fair0', 'Good1']);
  });

  it("the form's own register has its charts too: entries per week and the rating bands of its entries", async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety/5`);
    const bands = page.getByRole('region', { name: 'Rating bands' });
    await bands.locator('canvas[data-drawn="true"]').waitFor();
    await bands.getByRole('button', { name: 'Show table' }).click();
    expect(await bands.getByRole('table').locator('tbody tr').allTextContents()).toEqual(['Poor0', 'Fair0', 'Good1']);
    const perWeek = page.getByRole('region', { name: 'Entries per week' });
    await perWeek.getByRole('button', { name: 'Show table' }).click();
    const table = perWeek.getByRole('table', { name: 'Entries per week: the numbers of the chart' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Week of', 'Site Safety Inspection']);
    await page.goto(`${platform.url}/projects/1/health-and-safety/inspections`);
  });

  it('downloads the ticked entries of the category as one zip of PDFs', async () => {
    // The register's rows (the charts' table views have a row naming the form too).
    const rows = page.getByRole('row', { name: /Site Safety Inspection/ }).filter({ has: page.getByRole('checkbox') });
    // expect.poll gives up after 1 s by default: the register shows its rows when its calls have answered, later on a
    // busy machine.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    for (const row of await rows.all()) await row.getByRole('checkbox').check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await JSZip.loadAsync(await readFile((await download.path()) as string));
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^Site Safety Inspection \d+ - \d{4}-\d{2}-\d{2}\.pdf$/);
  });
});

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
    // The next number of the form on the project (the blocks before this one saved entries too).
    await page.waitForURL(/\/projects\/1\/health-and-safety\/5\/entry\/\d+\/edit$/);
    await expect.poll(() => page.getByLabel(/^Inspected by/).inputValue()).toBe('Orla Quinn');
    await page.close();
  });
});

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

describe('pdf-jobs', () => {
  const HS = '/api/projects/1/forms/health-and-safety';
  /** The Site Safety Inspection's page 1 (required questions); hot work as given. */
  const inspection = (hotWork: 'Yes' | 'No') => [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: [hotWork] },
    ...(hotWork === 'Yes'
      ? [
          { questionId: 8, answers: ['HW-0042'] },
          {
            questionId: 18,
            answers: [
              JSON.stringify({
                item: 'Extinguisher',
                assetNo: 'EX-7',
                description: 'CO2 5 kg',
                manufacturer: 'Firemaster',
                modelNo: 'FM5',
                owner: 'Corrib',
              }),
            ],
          },
        ]
      : []),
  ];
  let context: BrowserContext;
  let page: Page;
  let cookie: string;

  beforeAll(async () => {
    cookie = await logInThroughApi(platform.url, 'user@demo.local');
    context = await platform.browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    await logInThroughPage(page, platform.url, 'user@demo.local');
  });
  afterAll(async () => {
    await context?.close();
  });

  async function submit(hotWork: 'Yes' | 'No'): Promise<number> {
    const saved = (await callApi(platform.url, cookie, 'PUT', `${HS}/submit`, {
      formId: 5,
      answers: inspection(hotWork),
    })) as { entryNumber: number };
    return saved.entryNumber;
  }

  /** Opens entry `n` in view mode, downloads its PDF and returns the PDF's text. */
  async function entryPdfText(n: number): Promise<{ name: string; text: string }> {
    await page.goto(`${platform.url}/projects/1/health-and-safety/5/entry/${n}`);
    const button = page.getByRole('button', { name: 'Download PDF' });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
    const bytes = await readFile(await download.path());
    return { name: download.suggestedFilename(), text: await pdfText(new Uint8Array(bytes)) };
  }

  it('downloads the PDF of a Site Safety Inspection entry: the hot-work page only when hot work was chosen', async () => {
    const without = await submit('No');
    const withHotWork = await submit('Yes');

    const plain = await entryPdfText(without);
    // Named by the area's export setting (the default again: form title, entry number, ' - ', created).
    expect(plain.name).toMatch(new RegExp(`^Site Safety Inspection ${without} - \\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect(plain.text).toContain('Site Safety Inspection');
    expect(plain.text).toContain('Seán Doyle');
    expect(plain.text).not.toContain('Hot work permit number');
    expect(plain.text).not.toContain('HW-0042');

    const hot = await entryPdfText(withHotWork);
    expect(hot.text).toContain('Hot work permit number');
    expect(hot.text).toContain('HW-0042');
    // The progress bar went with the download.
    expect(await page.getByTestId('job-progress').count()).toBe(0);
  });

  it('stops a register PDF half way: the progress bar goes, nothing is downloaded, the job keeps no file', async () => {
    // A register long enough to be stopped while it is written (about 2 ms a row on this machine, plus the layout).
    for (let batch = 0; batch < 60; batch += 1) await Promise.all(Array.from({ length: 10 }, () => submit('No')));
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await page.goto(`${platform.url}/projects/1/health-and-safety/5`);
    const registerPdf = page.getByRole('button', { name: 'Register PDF' });
    await expect.poll(() => registerPdf.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/downloadPdfRegister')),
      registerPdf.click(),
    ]);
    const { jobId, state } = (await started.json()) as { jobId: string; state: string };
    // The job runs at once (the user has no other): Stop while its rows are being read and laid out.
    expect(state).toBe('running');
    await page.getByTestId('job-progress').getByRole('progressbar').waitFor();
    const [stopped] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/pdfdownloadstop')),
      page.getByTestId('job-progress').getByRole('button', { name: 'Stop' }).click(),
    ]);
    expect(((await stopped.json()) as { state: string }).state).toBe('stopped');
    await page.getByTestId('job-progress').waitFor({ state: 'detached' });
    const status = (await callApi(platform.url, cookie, 'GET', `${HS}/pdfdownloadstatus?jobId=${jobId}`)) as {
      state: string;
      complete: boolean;
    };
    expect(status).toMatchObject({ state: 'stopped', complete: false });
    const file = await fetch(`${platform.url}${HS}/pdfdownloadfile?jobId=${jobId}`, { headers: { Cookie: cookie } });
    expect(file.status).toBe(409);
    expect(downloads).toEqual([]);
  });
});
