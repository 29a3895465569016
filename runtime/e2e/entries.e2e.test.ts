/**
 * Entries at work in real Chromium against the real server (issue 24 "Done when"): one platform and browser for
 * every block of this file (platformForTests('entries')); each part of the issue adds its own describe block.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, logInThroughApi, logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('entries');

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
    expect(plain.name).toBe(`Site Safety Inspection ${without}.pdf`);
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
