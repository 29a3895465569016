/**
 * Import in real Chromium against the real server (issue 22 "Done when": "a Chromium test imports one SurveyJS and
 * one Form.io form through the form creator, fixes one reported item, publishes, fills it"; docs/import-and-migration.md
 * "Import in the form creator").
 *
 * 1. SurveyJS, chosen as a file: the health-and-safety administrator (hs@demo.local) opens Import form from the form
 *    library, chooses a .json file (its format detected), imports it, sees the report beside the preview (axe: no
 *    serious or critical violation on the dialog), opens the draft (not saved: the save state says so), fixes a
 *    reported item (Show question in the creator's import report selects it; its label is corrected), files the form
 *    under inspections with the inspector's question required and in the register, publishes it; the edit user of
 *    project 1 (user@demo.local) adds an entry and finds it in the register.
 * 2. Form.io, pasted: the same from the form creator's own Import button, the format detected from the pasted text;
 *    the dropped element's finding is in the report; published and filled the same way.
 *
 * One server and one browser for the file; each user logs in once. No CSP violation or uncaught error.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { watchForViolations } from './browser';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('form-import');
const violations: string[] = [];
const RUN = Date.now().toString(36);
let designer: Page;
let filler: Page;

beforeAll(async () => {
  designer = await (await platform.browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  watchForViolations(designer, violations);
  await logInThroughPage(designer, platform.url, 'hs@demo.local');
  filler = await (await platform.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchForViolations(filler, violations);
  await logInThroughPage(filler, platform.url, 'user@demo.local');
});

afterAll(() => {
  expect(violations).toEqual([]);
});

/** Runs axe once the page's transitions have ended (a dialog fading in has the contrast of its first frames). */
async function accessible(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectAccessible(page, where);
}

/** A SurveyJS permit check: a required text, a calculation (no counterpart: kept as a note and reported), a choice. */
function permitCheck(title: string) {
  return {
    title,
    pages: [
      {
        name: 'permit',
        elements: [
          { type: 'text', name: 'Permit holder', isRequired: true },
          { type: 'expression', name: 'Hours left', expression: '8 - {hours}' },
          { type: 'radiogroup', name: 'Gas test', choices: ['Passed', 'Failed'] },
        ],
      },
    ],
  };
}

/** A Form.io delivery check: a required text field, a number, and a JavaScript condition (dropped and reported). */
function deliveryCheck(title: string) {
  return {
    title,
    display: 'form',
    components: [
      { type: 'textfield', key: 'receivedBy', label: 'Received by', input: true, validate: { required: true } },
      { type: 'number', key: 'pallets', label: 'Pallets', input: true },
      {
        type: 'textarea',
        key: 'damage',
        label: 'Damage',
        input: true,
        customConditional: 'show = data.pallets > 2;',
      },
      { type: 'button', key: 'submit', label: 'Submit', action: 'submit', input: true },
    ],
  };
}

/**
 * In the opened draft: fixes the first reported item that maps to a question (Show question selects it; its label
 * is corrected), then files the form under inspections with `question` required and shown in the register.
 */
async function fixAndFile(page: Page, question: string): Promise<void> {
  const props = page.getByTestId('designer-properties');
  const report = page.getByTestId('designer-import-report');
  await report.waitFor();
  const show = report.getByRole('button', { name: 'Show question' }).first();
  await show.click();
  const label = props.getByRole('textbox', { name: 'Label' });
  const before = await label.inputValue();
  await label.fill(`${before} (checked)`);
  await expect
    .poll(() => page.getByTestId(/^canvas-question-/).evaluateAll((rows) => rows.map((r) => r.textContent ?? '')))
    .toContainEqual(expect.stringContaining(`${before} (checked)`));

  await page
    .getByTestId(/^canvas-question-/)
    .filter({ hasText: question })
    .first()
    .click();
  await expect
    .poll(() => props.getByRole('textbox', { name: 'Label' }).inputValue())
    .toMatch(new RegExp(`^${question}`));
  const required = props.getByRole('switch', { name: 'Required', exact: true });
  if (!(await required.isChecked())) await required.check();
  await props.getByRole('switch', { name: 'Show in the register' }).check();
  await page.getByRole('button', { name: 'Form settings' }).click();
  await props.getByRole('textbox', { name: 'Category' }).fill('inspections');
}

/** Publishes the open draft as version 1. */
async function publish(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${title}` });
  await dialog.getByText("This is the form's first version: every question is new.").waitFor();
  const confirm = dialog.getByRole('button', { name: 'Publish' });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await dialog.getByText('Version 1 published.').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => page.getByTestId('designer-version').textContent()).toBe('Version 1');
}

/** The project user adds an entry through the form on project 1 (`question` answered `marker`) and finds it. */
async function fill(title: string, question: string, marker: string): Promise<void> {
  const page = filler;
  // The category page is the register of its forms' entries (issue 24 §5): Add offers each form.
  await page.goto(`${platform.url}/projects/1/health-and-safety/inspections`);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  await page.waitForURL(/\/add$/);
  await page.getByRole('textbox', { name: new RegExp(`^${question}`) }).fill(marker);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/add'));
  await page.getByRole('row', { name: new RegExp(marker) }).waitFor();
  expect(await page.getByRole('row', { name: new RegExp(marker) }).count()).toBe(1);
}

describe('import in the form creator', () => {
  it('imports a SurveyJS file from the form library, fixes a reported item, publishes; a project user fills it', async () => {
    const page = designer;
    const title = `Permit check ${RUN}`;
    await page.goto(`${platform.url}/health-and-safety/form-library`);
    await page.getByRole('button', { name: 'Import form' }).click();
    await page.waitForURL(/\/health-and-safety\/form-creator$/);
    const dialog = page.getByRole('dialog', { name: 'Import a form' });
    await page.getByTestId('import-file').setInputFiles({
      name: 'permit-check.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(permitCheck(title))),
    });
    await expect
      .poll(() => dialog.getByTestId('import-file-name').textContent())
      .toContain('Format detected: SurveyJS JSON.');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const report = dialog.getByTestId('import-report');
    await report.getByTestId('import-summary').waitFor();
    expect(await report.getByTestId('import-finding').count()).toBeGreaterThan(0);
    await dialog
      .getByTestId('import-preview')
      .getByRole('textbox', { name: /^Permit holder/ })
      .waitFor();
    await accessible(page, 'the Import dialog with its report and preview');
    await dialog.getByRole('button', { name: 'Open in the form creator' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('designer-save-state').textContent()).toBe('Not saved yet');

    await fixAndFile(page, 'Permit holder');
    await publish(page, title);
    await fill(title, 'Permit holder', `Holder ${RUN}`);
  });

  it("imports a pasted Form.io form from the creator's toolbar, fixes a reported item, publishes; a project user fills it", async () => {
    const page = designer;
    const title = `Delivery check ${RUN}`;
    await page.goto(`${platform.url}/health-and-safety/form-creator`);
    await page.getByTestId('designer-save-state').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a form' });
    await dialog.getByRole('textbox', { name: "Or paste the form's JSON" }).fill(JSON.stringify(deliveryCheck(title)));
    await expect
      .poll(() => dialog.getByTestId('import-file-name').textContent())
      .toContain('Format detected: Form.io JSON.');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const report = dialog.getByTestId('import-report');
    await report.getByTestId('import-summary').waitFor();
    expect(await report.locator('[data-testid="import-finding"][data-severity="dropped"]').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Open in the form creator' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('designer-save-state').textContent()).toBe('Not saved yet');

    await fixAndFile(page, 'Received by');
    await publish(page, title);
    await fill(title, 'Received by', `Receiver ${RUN}`);
  });
});
