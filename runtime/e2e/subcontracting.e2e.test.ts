/**
 * The subcontracting screens in real Chromium against the real server (issue 9 "Subcontracting"): an admin opens a
 * project's subcontractors from the qs section menu, adds an order, reads the payments and their accumulated
 * figures, and the subcontractor directory of the estimating admin menu; the external recipient's return is read
 * by its security code with no login. No Content-Security-Policy violation on the way. Screenshots go to
 * SCREENSHOT_DIR when it is set.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { platformForTests } from './platform';

const platform = platformForTests('subcontracting');
const cspViolations: string[] = [];

async function logInAsAdmin(page: Page) {
  watchForViolations(page, cspViolations);
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
}

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

describe('subcontracting screens', () => {
  it('adds an order on a project and reads its payments', async () => {
    const page = await platform.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await logInAsAdmin(page);
    await page.goto(`${platform.url}/qs/1/subcontractors`);
    await row(page, 'SC-001').waitFor();
    await shot(page, 'orders');
    await page.getByRole('button', { name: 'Add Order' }).click();
    const dialog = page.getByRole('dialog');
    const choose = async (label: RegExp, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose(/^Subcontractor/, 'Midlands Mechanical Services');
    await choose(/^Package/, 'Electrical');
    await choose(/^Payment Terms/, '60 days');
    await choose(/^Order Type/, 'Daywork');
    await dialog.getByLabel(/^Contract Sum/).fill('75000');
    await dialog.getByLabel(/^Retention %/).fill('3');
    await shot(page, 'order-form');
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Save');
      return button && !(button as HTMLButtonElement).disabled;
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row(page, 'SC-003').waitFor();
    expect(await row(page, 'SC-003').textContent()).toContain('75,000.00');

    await page.getByRole('tab', { name: 'Payments', exact: true }).click();
    await row(page, '2024-07-31').first().waitFor();
    await shot(page, 'payments');
    await page.getByRole('tab', { name: 'Accumulated Payments' }).click();
    await row(page, 'Corrib Groundworks Ltd').waitFor();
    expect(await row(page, 'Corrib Groundworks Ltd').textContent()).toContain('485,000.00');
    await shot(page, 'accumulated');
    await page.close();
  });

  it('shows the directory to an estimating admin', async () => {
    const page = await platform.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await logInAsAdmin(page);
    await page.goto(`${platform.url}/estimating/admin/subcontractors/details`);
    await row(page, 'Atlantic Labour Agency').waitFor();
    expect(await row(page, 'Atlantic Labour Agency').textContent()).toContain('Agency');
    await shot(page, 'directory');
    await page.close();
  });

  it('lets the external recipient read a return by its security code, with no login', async () => {
    const res = await fetch(
      `${platform.url}/api/settings/Subcontractors/securityCode/demo-return-groundworks-midlands-000000003`,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { package: { name: string } }).package.name).toBe('Groundworks');
  });

  it('ran with no Content-Security-Policy violation', () => {
    expect(cspViolations).toEqual([]);
  });
});
