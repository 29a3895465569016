/**
 * Form configuration in real Chromium against the real server (issue "Form configuration"): an administrator
 * makes a Role Based QR code setup (a role chosen in Create is disabled in Update; a Populate tab without
 * questions shows its message), generates and downloads the QR image of the form's Create code, makes a label
 * setup and exports the labels of two entries; a project user who is not signed in scans the code, logs in and
 * lands on a new entry prefilled with the Populate values and, on submitting it, is offered the linked form's new
 * entry prefilled from it; an Update code lets that user change the
 * administrator's entry; a Public View code shows its entry without login. No Content-Security-Policy
 * violation on the way.
 */

import { readFileSync } from 'node:fs';
import { format } from 'date-fns';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QuestionProperties } from '../../engine/forms/questions';
import { DEMO_PASSWORD, demoSeed } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { callApi, logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('form-configuration');
const violations: string[] = [];
const pour = demoSeed.formDefinitions[0];

async function logIn(page: Page, email: string, chooseClient: boolean) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  if (chooseClient)
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
}

/** An entry of the Concrete Pour Inspection on project 1, saved by `cookie`'s user. */
async function submitEntry(cookie: string, location: string): Promise<{ id: number; entryNumber: number }> {
  const option = (id: number) =>
    (pour.pages.flatMap((p) => p.questions) as QuestionProperties[]).find((q) => q.id === id)?.options?.[0].value;
  return (await callApi(platform.url, cookie, 'PUT', '/api/projects/1/forms/quality-assurance/submit', {
    formId: pour.id,
    answers: [
      { questionId: 1, answers: [location] },
      { questionId: 2, answers: ['2026-11-20'] },
      { questionId: 3, answers: [option(3)] },
      { questionId: 4, answers: [option(4)] },
      { questionId: 7, answers: [12] },
      { questionId: 10, answers: [option(10)] },
      { questionId: 11, answers: [true] },
      { questionId: 17, answers: ['Niamh Gallagher'] },
    ],
  })) as { id: number; entryNumber: number };
}

/** The scan URL of a code, generated through the API. */
async function scanUrlOf(cookie: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${platform.url}/api/settings/qrcode/forms/quality-assurance/${pour.id}/generateqrcode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.headers.get('X-Scan-Url') ?? '';
}

describe('form configuration', () => {
  it('QR code setup, QR image, label export, and the scans that open the right form in the right mode', async () => {
    const admin = await platform.browser.newContext({ acceptDownloads: true });
    await admin.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    const page = await admin.newPage();
    watchForViolations(page, violations);
    await page.goto(`${platform.url}/login`);
    await logIn(page, 'admin@demo.local', true);
    await page.waitForURL(/\/home$/);

    // The QR code setups of the Concrete Pour Inspection, from the area's form library.
    await page.goto(`${platform.url}/quality-assurance/form-library`);
    await page
      .getByRole('row', { name: /Concrete Pour Inspection/ })
      .getByRole('button', { name: 'QR Codes' })
      .click();
    await page.waitForURL(/\/quality-assurance\/form-library\/1\/qrcodes$/);
    await page.getByRole('row', { name: /Site Team/ }).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(/^Name/).fill('Gate One');
    await modal.getByRole('combobox', { name: /^Access Type/ }).click();
    await page.getByRole('option', { name: 'Role Based', exact: true }).click();
    await modal.getByRole('button', { name: /^Create/ }).click();
    await modal.getByLabel('Create Roles').click();
    await page.getByRole('option', { name: 'Site Manager (Employee)' }).click();
    await modal.getByRole('button', { name: /^Update/ }).click();
    await modal.getByLabel('Update Roles').click();
    expect(await page.getByRole('option', { name: 'Site Manager (Employee)' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await modal.getByText('Setup QR Code Types based on Role:').click(); // closes the list
    await modal.getByRole('button', { name: /^Populate 1/ }).click();
    await modal.getByLabel('Populate 1 Roles').click();
    await page.getByRole('option', { name: 'Site Engineer (Employee)' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    const error = page.getByTestId('error-text');
    expect(await error.textContent()).toBe('Populate 1: Question is mandatory.');
    expect(await error.locator('b').textContent()).toBe('Populate 1');
    await page.getByRole('dialog').filter({ has: error }).getByRole('button', { name: 'Close' }).click();
    await error.waitFor({ state: 'detached' });
    for (const question of ['Pour location', 'Pour date', 'Concrete grade']) {
      await modal.getByLabel('Populate 1 Select Question to Add').click();
      await page.getByRole('option', { name: question, exact: true }).click();
    }
    await modal.getByRole('textbox', { name: 'Pour location' }).fill('Core B');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Gate One/ }).waitFor();
    expect(await page.getByRole('row', { name: /Gate One/ }).textContent()).toContain('Role Based');

    // A label setup: ID, Pour location and the Gate One code.
    await page.goto(`${platform.url}/quality-assurance/form-library/1/label-preparation`);
    await page.getByRole('row', { name: /Pour Labels/ }).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    await modal.getByLabel(/^Name/).fill('Gate Labels');
    await modal.getByLabel('Questions').click();
    await page.getByRole('option', { name: 'ID', exact: true }).click();
    await modal.getByLabel('Questions').click();
    await page.getByRole('option', { name: 'Pour location', exact: true }).click();
    await modal.getByLabel('QR Codes').click();
    await page.getByRole('option', { name: 'Gate One', exact: true }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Gate Labels/ }).waitFor();

    // Two entries, then the project's register: the Create code's image, and the labels of both entries.
    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    const first = await submitEntry(cookie, 'Bay 1');
    const second = await submitEntry(cookie, 'Bay 2');
    await page.goto(`${platform.url}/projects/1/qa/${pour.id}`);
    await page.getByRole('row', { name: /Bay 2/ }).waitFor();
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    const qr = page.getByRole('dialog');
    await qr.getByRole('img', { name: 'QR code of Gate One' }).waitFor();
    const downloadButton = qr.getByRole('button', { name: 'Download' });
    await page.waitForFunction(
      () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Download')?.disabled === false,
    );
    const [png] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(png.suggestedFilename()).toBe('Gate One.png');
    const bytes = readFileSync(await png.path());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    await qr.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    const createUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(createUrl).toMatch(new RegExp(`^${platform.url}/qr/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
    await qr.getByRole('button', { name: 'Close' }).click();

    for (const bay of ['Bay 1', 'Bay 2'])
      await page
        .getByRole('row', { name: new RegExp(bay) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: 'Label Preparation' }).click();
    const labels = page.getByRole('dialog');
    await labels.getByRole('heading', { name: 'Label Preparation Setup: Gate Labels' }).waitFor();
    await labels.getByText('You have selected 2 entries to be listed for label preparation…').waitFor();
    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      labels.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toMatch(/^\d{8} Quality Assurance Concrete Pour Inspection Gate Labels\.csv$/);
    const rows = Papa.parse<string[]>(readFileSync(await csvFile.path(), 'utf8').replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toEqual(['ID', 'Pour location', 'Gate One']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      [String(second.entryNumber), 'Bay 2'],
      [String(first.entryNumber), 'Bay 1'],
    ]);
    const entryUrl = rows[1][2];
    expect(entryUrl).toMatch(/\/qr\//);

    // A project user scans the Create code before signing in: the login page, then a new entry prefilled.
    const user = await platform.browser.newContext();
    const scanner = await user.newPage();
    watchForViolations(scanner, violations);
    await scanner.goto(createUrl);
    await scanner.waitForURL(/\/login\?returnUrl=/);
    await logIn(scanner, 'user@demo.local', false);
    await scanner.waitForURL(new RegExp(`/projects/1/qa/${pour.id}/qr/`));
    const location = scanner.getByLabel(/^Pour location/);
    await location.waitFor();
    expect(await location.inputValue()).toBe('Core B');
    expect(await scanner.getByLabel(/^Pour date/).inputValue()).toBe(format(new Date(), 'yyyy-MM-dd'));
    expect(await scanner.getByRole('combobox', { name: /^Concrete grade/ }).textContent()).toContain(
      (pour.pages[0].questions as QuestionProperties[]).find((q) => q.id === 3)?.options?.[0].value,
    );

    // A linked form setup: completing a Concrete Pour entry offers a Steel Reinforcement entry with its location.
    await callApi(platform.url, cookie, 'POST', '/api/settings/forms/linked-form-setups', {
      formId: pour.id,
      links: [{ linkedFormId: 3, questionMap: [{ fromQuestionId: 1, toQuestionId: 1 }] }],
    });
    await scanner.getByRole('combobox', { name: /^Element type/ }).click();
    await scanner.getByRole('option', { name: 'Column', exact: true }).click();
    await scanner.getByLabel(/^Volume poured/).fill('8');
    await scanner.getByRole('checkbox', { name: 'Cover spacers in place' }).check();
    await scanner.getByRole('button', { name: 'Next' }).click();
    await scanner.getByRole('checkbox', { name: /^Test cubes taken/ }).check();
    await scanner.getByLabel(/^Inspector/).fill('Cian Murphy');
    await scanner.getByRole('button', { name: 'Submit' }).click();
    const offer = scanner.getByTestId('confirm-text');
    await offer.waitFor();
    expect(await offer.innerHTML()).toBe(
      'Open a new <b>Steel Reinforcement Inspection</b> entry, prefilled from this one?',
    );
    await scanner.getByRole('button', { name: 'Yes' }).click();
    await scanner.waitForURL(new RegExp(`/projects/1/qa/3/linked/quality-assurance/${pour.id}/\\d+$`));
    const linkedLocation = scanner.getByLabel(/^Location/);
    await linkedLocation.waitFor();
    expect(await linkedLocation.inputValue()).toBe('Core B');

    // The entry codes of Site Team: the Site Engineer's role holds Update there, so they change the admin's entry.
    const updateUrl = await scanUrlOf(cookie, { projectId: 1, qrCodeEntryNumber: 1, fcEntryNumber: first.entryNumber });
    await scanner.goto(updateUrl);
    await scanner.waitForURL(new RegExp(`/entry/${first.entryNumber}/qr/`));
    const changed = scanner.getByLabel(/^Pour location/);
    await changed.waitFor();
    expect(await changed.inputValue()).toBe('Bay 1');
    await changed.fill('Bay 1 (checked)');
    await scanner.getByRole('button', { name: 'Next' }).click();
    await scanner.getByLabel(/^Inspector/).waitFor();
    await scanner.getByRole('button', { name: 'Submit' }).click();
    await scanner.waitForURL(new RegExp(`/projects/1/qa/${pour.id}$`));
    const saved = (await callApi(
      platform.url,
      cookie,
      'GET',
      `/api/projects/1/forms/quality-assurance/${pour.id}/get/${first.entryNumber}`,
    )) as { answers: { questionId: number; answers: unknown[] }[]; enteredBy: string };
    expect(saved.answers.find((a) => a.questionId === 1)?.answers).toEqual(['Bay 1 (checked)']);
    expect(saved.enteredBy).toBe('Niamh Gallagher');

    // A Public View code: its entry, read only, without login.
    const publicUrl = await scanUrlOf(cookie, {
      projectId: 1,
      qrCodeEntryNumber: 2,
      fcEntryNumber: second.entryNumber,
    });
    const anonymous = await (await platform.browser.newContext()).newPage();
    watchForViolations(anonymous, violations);
    await anonymous.goto(publicUrl);
    await anonymous.waitForURL(/\/qr\/[^/]+\/view$/);
    const shown = anonymous.getByLabel(/^Pour location/);
    await shown.waitFor();
    expect(await shown.inputValue()).toBe('Bay 2');
    expect(await shown.isEditable()).toBe(false);

    expect(violations).toEqual([]);
    await admin.close();
    await user.close();
  });
});
