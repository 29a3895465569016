/**
 * The two settings screens built from JSON documents only, in real Chromium against the real server
 * (issue "Screens, routes and resources as data"): an admin adds lookup values (a line over 40
 * characters keeps Save disabled), deactivates one, cannot delete a default; saves a code generator,
 * confirms its activation and generates two codes. No Content-Security-Policy violation on the way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { platformForTests } from './platform';

const platform = platformForTests('settings');
const cspViolations: string[] = [];

async function logInAsAdmin(page: Page) {
  watchForViolations(page, cspViolations);
  // From the site's root, which redirects to /login in the browser: the shell page must carry the nonce too.
  await page.goto(`${platform.url}/`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('E-mail').fill('admin@demo.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const chooser = page.getByRole('dialog', { name: 'Select Client' });
  await chooser
    .getByRole('row', { name: /Corrib/ })
    .getByRole('button', { name: 'Select' })
    .click();
  await page.waitForURL(/\/home$/);
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

describe('settings screens', () => {
  it('lookup values: adds values, keeps Save disabled for a long line, deactivates one, offers no Delete for a default', async () => {
    // A wide screen, where the administrator's eight top-bar entries all fit (narrower, Admin is under More).
    const page = await platform.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await logInAsAdmin(page);
    await page.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Lookup Values' }).click();
    await page.waitForURL(/\/settings\/lookupvalues$/);
    await row(page, 'Site Manager').waitFor();

    const lines = page.getByLabel(/^Values/);
    const save = page.getByRole('button', { name: 'Save' });
    await lines.fill(`Banksman\nTelehandler Driver\n${'L'.repeat(41)}`);
    await expect(save.isDisabled()).resolves.toBe(true);
    await lines.fill('Banksman\nTelehandler Driver\nTraffic Marshal');
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');
      return button && !button.disabled;
    });
    await save.click();
    for (const name of ['Banksman', 'Telehandler Driver', 'Traffic Marshal']) await row(page, name).waitFor();

    await row(page, 'Banksman').getByRole('button', { name: 'Deactivate' }).click();
    await row(page, 'Banksman').getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect(await row(page, 'Banksman').textContent()).toContain('Inactive');

    const officer = row(page, 'Health and Safety Officer');
    expect(await officer.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await officer.getByRole('button', { name: 'Deactivate', exact: true }).count()).toBe(0);

    await row(page, 'Traffic Marshal').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('b').textContent()).toBe('Traffic Marshal');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row(page, 'Traffic Marshal').waitFor({ state: 'detached' });
    await page.close();
  });

  it('code generator: saves, confirms activation, generates two codes', async () => {
    const page = await platform.browser.newPage();
    await logInAsAdmin(page);
    await page.goto(`${platform.url}/settings/codegenerator`);
    await page.getByRole('heading', { name: 'Code Generator', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Delivery Notes' }).click();
    const active = page.getByRole('checkbox', { name: /^Active/ });
    await page.waitForFunction(() => {
      const next = document.querySelector<HTMLInputElement>('input[id$="nextCode"]');
      return next?.value.endsWith('/0042');
    });
    expect(await active.isChecked()).toBe(false);
    await active.check();
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain('might duplicate existing order numbers');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Save successful').waitFor();

    const year = new Date().getFullYear();
    const generate = page.getByRole('button', { name: 'Generate code' });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Generate code');
      return button && !button.disabled;
    });
    await generate.click();
    await page.getByText(`Generated code: ${year}/0042`).waitFor();
    await page.waitForFunction(
      (code) => document.querySelector<HTMLInputElement>('input[id$="nextCode"]')?.value === code,
      `${year}/0043`,
    );
    await generate.click();
    await page.getByText(`Generated code: ${year}/0043`).waitFor();
    await page.close();
  });

  it('ran with no Content-Security-Policy violation', () => {
    expect(cspViolations).toEqual([]);
  });
});
