/**
 * The platform's main job in a real browser (issue: "log in, fill a form on a project, see it in the
 * register, download CSV"), against the real server on a temporary DATA_DIR, then again after a restart.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionProperties } from '../../engine/forms/questions';
import type { FormDefinition, Question } from '../../engine/types/generated';
import { DEMO_PASSWORD, demoSeed } from '../../fixtures/seed';
import { launchBrowser, watchForViolations } from './browser';
import { freePort, type RunningServer, startPlatform } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-e2e-'));
const downloads = mkdtempSync(path.join(tmpdir(), 'siteforms-dl-'));
let browser: Browser;
let server: RunningServer;
let port: number;
/** CSP refusals (an eval, a style without the nonce) and uncaught errors on the journey's pages. */
const violations: string[] = [];

const project = demoSeed.projects.find((p) => p.clientId === 1)!;
const form = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'quality-assurance')!;
const marker = `Bay ${Date.now() % 100000}`;

beforeAll(async () => {
  port = await freePort();
  server = await startPlatform(dataDir, port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(downloads, { recursive: true, force: true });
});

async function logIn(page: Page) {
  await page.goto(`${server.url}/`);
  await page.waitForURL(/\/login/);
  const loginButton = page.getByRole('button', { name: 'LOGIN' });
  await expect(loginButton.isDisabled()).resolves.toBe(true);
  await page.getByLabel('E-mail').fill('user@demo.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await loginButton.click();
  await page.waitForURL(/\/home$/);
}

async function openRegister(page: Page) {
  await page.getByRole('button', { name: 'Go' }).first().click();
  await page.waitForURL(/\/projects$/);
  await page
    .getByRole('row', { name: new RegExp(project.code) })
    .getByRole('button', { name: 'Open' })
    .click();
  await page.waitForURL(new RegExp(`/projects/${project.id}/qa$`));
  await page
    .getByRole('row', { name: new RegExp(form.title) })
    .getByRole('button', { name: 'Register' })
    .click();
  await page.waitForURL(new RegExp(`/projects/${project.id}/qa/${form.id}$`));
}

/** The text typed for a question; the first text question gets the marker so the entry can be found. */
function valueFor(q: QuestionProperties, firstText: boolean): string {
  if (q.extendedType === 'Number') return String(q.min !== undefined ? q.min + 1 : 42);
  if (q.extendedType === 'Hyperlink') return 'https://example.com/pour/1';
  if (q.extendedType === 'Long') return 'Surface finish good, no honeycombing.';
  return firstText ? marker : 'Checked on site';
}

async function fillQuestion(page: Page, q: Question, firstText: boolean) {
  const exact = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
  if (q.type === 'Text') {
    await page.getByLabel(exact(q.label)).fill(valueFor(q, firstText));
  } else if (q.type === 'Date') {
    await page.getByLabel(exact(q.label)).fill('2026-11-20');
  } else if (q.type === 'Dropdown') {
    await page.getByLabel(exact(q.label)).click();
    await page.getByRole('option', { name: q.options![0].value, exact: true }).click();
  } else if (q.type === 'Checkbox') {
    if (q.options && q.options.length > 0)
      await page.getByRole('checkbox', { name: q.options[0].value, exact: true }).check();
    else await page.getByRole('checkbox', { name: exact(q.label) }).check();
  }
}

async function fillForm(page: Page, def: FormDefinition) {
  let firstText = true;
  for (const [index, formPage] of def.pages.entries()) {
    for (const q of formPage.questions) {
      const isText = q.type === 'Text' && (q.extendedType ?? 'Normal') === 'Normal';
      await fillQuestion(page, q, isText && firstText);
      if (isText) firstText = false;
    }
    if (index < def.pages.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
}

describe('the main job', () => {
  it('logs in, adds an entry through the form, sees it in the register and downloads the CSV', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    watchForViolations(page, violations);
    await logIn(page);
    await openRegister(page);
    await page.getByText('No records found').first().waitFor();

    await page.getByRole('button', { name: 'Add' }).click();
    await page.waitForURL(/\/add$/);
    await fillForm(page, form);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/qa/${form.id}$`));
    await page.getByRole('row', { name: new RegExp(marker) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(marker) }).count()).toBe(1);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloadPromise;
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${form.title} - \\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = Papa.parse<string[]>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0].slice(0, 3)).toEqual(['Entry Number', 'Created', 'Entered By']);
    expect(rows.length).toBe(2);
    expect(rows[1][0]).toBe('1');
    expect(rows[1]).toContain(marker);
    expect(rows[1]).toContain('2026-11-20');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('still has the entry after the server restarts on the same DATA_DIR', async () => {
    await server.stop();
    server = await startPlatform(dataDir, port);
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await openRegister(page);
    await page.getByRole('row', { name: new RegExp(marker) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(marker) }).count()).toBe(1);
    await context.close();
  });
});
