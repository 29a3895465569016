/**
 * Documents (issue 23) in Chromium: one platform and one browser for every block of this file (one `describe` per
 * part of the issue: contract.md §E), each logging in once and reusing its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../../fixtures/seed';
import { expectAccessible } from './axe';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('documents');

describe('file-browser', () => {
  let page: Page;

  beforeAll(async () => {
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughPage(page, platform.url, 'user@demo.local');
  });

  afterAll(async () => {
    await page?.close();
  });

  it('shows the Vault with no serious or critical axe finding', async () => {
    await page.goto(`${platform.url}/projects/1/drawings`);
    await page.getByRole('button', { name: 'Drawings', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Site rules.pdf' }).waitFor();
    await expectAccessible(page, 'the Vault');
  });

  it('uploads a dropped folder read recursively (.ignore skipped) with progress, then renames a file by keyboard', async () => {
    const browser = page.getByTestId('file-browser');
    // A drop of a folder as Chromium gives it: entries read through webkitGetAsEntry, in batches until empty.
    await browser.evaluate((area) => {
      const pdf = (name: string) => new File(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], name);
      const fileEntry = (file: File) => ({
        isFile: true,
        isDirectory: false,
        name: file.name,
        file: (ok: (f: File) => void) => ok(file),
      });
      const folder = (name: string, children: unknown[]) => ({
        isFile: false,
        isDirectory: true,
        name,
        createReader: () => {
          let read = false;
          return {
            readEntries: (ok: (e: unknown[]) => void) => {
              const batch = read ? [] : children;
              read = true;
              ok(batch);
            },
          };
        },
      });
      const dropped = folder('Issued', [
        fileEntry(pdf('GA-201.pdf')),
        folder('Sections', [fileEntry(pdf('GA-202.pdf'))]),
        fileEntry(new File(['x'], 'desktop.ignore')),
      ]);
      const data = {
        types: ['Files'],
        files: [],
        items: [{ kind: 'file', webkitGetAsEntry: () => dropped }],
        dropEffect: 'none',
      };
      for (const type of ['dragenter', 'dragover']) {
        const event = new DragEvent(type, { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'dataTransfer', { value: data });
        area.dispatchEvent(event);
      }
      (window as unknown as { __drop: () => void }).__drop = () => {
        const event = new DragEvent('drop', { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'dataTransfer', { value: data });
        area.dispatchEvent(event);
      };
    });
    await expect(page.getByTestId('drop-overlay').textContent()).resolves.toBe('Drop files to upload them to: Vault');
    await page.evaluate(() => (window as unknown as { __drop: () => void }).__drop());
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText('Issued/Sections/GA-202.pdf · Done').waitFor();
    await uploads.getByText('Issued/GA-201.pdf · Done').waitFor();
    expect(await uploads.getByTestId('upload-row').count()).toBe(2);

    await page.getByRole('button', { name: 'Issued', exact: true }).click();
    await page.getByRole('button', { name: 'Sections', exact: true }).waitFor();
    // The context menu and the rename modal by keyboard.
    await page.getByRole('button', { name: 'Options for GA-201.pdf' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Rename' }).press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    expect(await rename.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await page.keyboard.type('GA-201 Rev A.pdf');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'GA-201 Rev A.pdf' }).waitFor();
  });

  it('shares a folder; its link opens the folder read-only signed out, and a bad link goes to /unauthorized', async () => {
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'Vault' }).click();
    await page.getByRole('button', { name: 'Options for Issued' }).click();
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Copied' });
    await dialog.getByText('Link copied to clipboard').waitFor();
    const link = new URL(await dialog.getByRole('textbox').inputValue());
    expect(link.pathname).toMatch(/^\/shared-folder\/1\/[^/]+$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const outsider = await platform.browser.newPage();
    try {
      await outsider.goto(`${platform.url}${link.pathname}`);
      await outsider.getByTestId('external-shell').waitFor();
      await outsider.getByRole('banner').getByText('Corrib Civil Engineering Ltd').waitFor();
      await outsider.getByRole('link', { name: 'GA-201 Rev A.pdf' }).waitFor();
      expect(await outsider.getByRole('button', { name: 'Actions' }).count()).toBe(0);
      await outsider.getByRole('button', { name: 'Sections', exact: true }).click();
      const download = outsider.getByRole('link', { name: 'GA-202.pdf' });
      await download.waitFor();
      const answer = await outsider.request.get(
        new URL((await download.getAttribute('href')) ?? '', platform.url).toString(),
      );
      expect(answer.status()).toBe(200);
      expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await outsider.goto(`${platform.url}/shared-folder/1/not-a-token`);
      await outsider.waitForURL(/\/unauthorized/);
    } finally {
      await outsider.close();
    }
  });
});

describe('journey', () => {
  let page: Page;

  beforeAll(async () => {
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughPage(page, platform.url, 'user@demo.local');
  });

  afterAll(async () => {
    await page?.close();
  });

  /** The bytes behind a link of the page, fetched with the page's session. */
  async function bytesOf(href: string | null): Promise<Buffer> {
    const answer = await page.request.get(new URL(href ?? '', platform.url).toString());
    expect(answer.status()).toBe(200);
    return answer.body();
  }

  it('moves a file into a folder, replaces it, and downloads its old revision; the history names both', async () => {
    await page.goto(`${platform.url}/projects/1/drawings`);
    const original = await bytesOf(await page.getByRole('link', { name: 'Site rules.pdf' }).getAttribute('href'));

    await page.getByRole('button', { name: 'Options for Site rules.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    const select = page.getByRole('dialog', { name: 'Select Folder' });
    await select.getByRole('button', { name: 'Drawings' }).click();
    await select.getByRole('button', { name: 'Choose this folder' }).click();
    await select.waitFor({ state: 'detached' });
    // The move has landed once the file has left this folder's list: otherwise the link found below could still be
    // the old one of this list (a busy machine), and its revisions were asked for at its old path (the dialog then
    // showed "could not load" instead of its table).
    await page.getByRole('link', { name: 'Site rules.pdf' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Drawings', exact: true }).click();
    await page.getByRole('link', { name: 'Site rules.pdf' }).waitFor();

    await page.getByRole('button', { name: 'Options for Site rules.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Manage Revisions' }).click();
    const revisions = page.getByRole('dialog', { name: /Manage Revisions/ });
    await revisions.getByRole('table', { name: 'Revisions' }).waitFor();
    const replacement = '%PDF-1.4\n% the second revision of the site rules\ntrailer <<>>\n%%EOF\n';
    await revisions
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Site rules.pdf', mimeType: 'application/pdf', buffer: Buffer.from(replacement) });
    const old = revisions.getByRole('link', { name: 'Download Revision 1' });
    await old.waitFor();
    await revisions.getByRole('link', { name: 'Download Revision 2' }).waitFor();
    expect((await bytesOf(await old.getAttribute('href'))).equals(original)).toBe(true);
    expect(
      (
        await bytesOf(await revisions.getByRole('link', { name: 'Download Revision 2' }).getAttribute('href'))
      ).toString(),
    ).toBe(replacement);
    const history = revisions.getByRole('list', { name: 'History' });
    await history.getByText(/^Replaced \(new revision\) by /).waitFor();
    await history.getByText(/^Moved by /).waitFor();
  });
});

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

describe('pickers', () => {
  let page: Page;

  beforeAll(async () => {
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughPage(page, platform.url, 'user@demo.local');
  });

  afterAll(async () => {
    await page?.close();
  });

  it('picks a Vault document and a drawing’s primary file in a form; the entry keeps their revisions', async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety/5/add`);
    await page.getByLabel('Inspected by').fill('Seán Doyle');
    await page.getByLabel('Inspection date').fill('2026-11-20');
    await page.getByLabel('Area inspected').fill('Block A');
    await page.getByRole('combobox', { name: 'Hot work on site? *' }).click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // A Vault document from the folder tabs.
    await page.getByRole('button', { name: 'Add from documents' }).click();
    const picker = page.getByRole('dialog', { name: 'Drawings referred to' });
    await picker.getByRole('button', { name: 'Open Drawings' }).click();
    await picker.getByRole('checkbox', { name: 'GA-102 Sections.pdf' }).check();
    await picker.getByRole('button', { name: 'Add' }).click();
    const chosen = page.getByRole('list', { name: 'Drawings referred to' });
    await chosen.getByRole('link', { name: 'GA-102 Sections.pdf (Rev. 1)' }).waitFor();
    // A drawing's primary file from the Document Register (the demo's GA-101, revision C01).
    await page.getByRole('button', { name: 'Add from documents' }).click();
    await picker.getByRole('button', { name: 'Document Register' }).click();
    const register = page.getByRole('dialog', { name: 'Document Register' });
    await register.getByRole('checkbox', { name: 'Select the primary file of GA-101' }).check();
    await register.getByRole('button', { name: 'Add Primary Files' }).click();
    await chosen.getByRole('link', { name: 'GA-101 Rev C01.pdf (Rev. C01)' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/projects\/1\/health-and-safety\/5$/);

    // A newer revision of the Vault document does not change what the entry refers to.
    const documentLink = async () => {
      await page.goto(`${platform.url}/projects/1/health-and-safety/5/entry/1`);
      const list = page.getByRole('list', { name: 'Drawings referred to' });
      await page.getByRole('button', { name: 'Findings and sign-off' }).first().click();
      await list.getByRole('link', { name: 'GA-101 Rev C01.pdf (Rev. C01)' }).waitFor();
      return list.getByRole('link', { name: 'GA-102 Sections.pdf (Rev. 1)' }).getAttribute('href');
    };
    const picked = await documentLink();
    expect(picked).toMatch(
      /^\/api\/projects\/1\/dms\/download\?path=Vault%2FDrawings%2FGA-102\+Sections\.pdf&versionId=/,
    );
    const read = (href: string) =>
      page.evaluate(async (url) => {
        const res = await fetch(url);
        return `${res.status} ${(await res.text()).slice(0, 40)}`;
      }, href);
    const before = await read(picked ?? '');
    expect(before).toMatch(/^200 %PDF-/);
    const uploaded = await page.evaluate(async () => {
      const form = new FormData();
      form.append('files', new File(['%PDF-1.4\n% revision 2\n%%EOF\n'], 'GA-102 Sections.pdf'));
      form.append('onDuplicate', 'replace');
      const res = await fetch(`/api/projects/1/dms?folder=${encodeURIComponent('Vault/Drawings')}`, {
        method: 'POST',
        body: form,
      });
      return res.status;
    });
    expect(uploaded).toBe(201);
    expect(await documentLink()).toBe(picked);
    expect(await read(picked ?? '')).toBe(before);
    expect(await read('/api/projects/1/dms/download?path=Vault%2FDrawings%2FGA-102%20Sections.pdf')).toBe(
      '200 %PDF-1.4\n% revision 2\n%%EOF\n',
    );
  });
});
