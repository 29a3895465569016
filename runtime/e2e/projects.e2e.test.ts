/**
 * The project screens in real Chromium against the real server (issue 9, administration-data.md §3 Project,
 * §7 Projects): an admin of Corrib adds a project in the modal with the code the Project code generator
 * proposes, opens its edit menu, uploads a logo and saves the details, archives it and finds it under
 * Archived Projects. No Content-Security-Policy violation on the way. PROJECTS_SCREENSHOTS=<folder> keeps
 * screenshots of the screens.
 */

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { callApi, logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('projects');
const cspViolations: string[] = [];
const shots = process.env.PROJECTS_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

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

describe('project screens', () => {
  it('adds a project with the proposed code, saves its details with a logo, archives it', async () => {
    const page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInAsAdmin(page);
    await page.goto(`${platform.url}/projects`);
    await page.getByRole('row', { name: /Eyre Square Mixed-Use Development/ }).waitFor();
    await shot(page, 'project-list');

    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog');
    const code = dialog.getByLabel(/^Code/);
    await expect.poll(() => code.inputValue()).toBe('CCE-2603');
    await dialog.getByLabel(/^Name/).fill('Knocknacarra Community Centre');
    await shot(page, 'project-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Knocknacarra Community Centre/ });
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/projects\/\d+\/edit$/);
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Knocknacarra Community Centre');
    const logo = await sharp({ create: { width: 160, height: 80, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Upload/ }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('logo.png').first().waitFor();
    await page.getByLabel(/^Week Hours/).fill('39');
    await shot(page, 'project-edit');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save successful').waitFor();

    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    const saved = (await callApi(platform.url, cookie, 'GET', `/api/projects/${id}`)) as Record<string, unknown>;
    expect(saved).toMatchObject({ code: 'CCE-2603', weekHours: 39, loggedByFullName: expect.any(String) });
    expect(String(saved.logoUrl)).toMatch(/^\/api\/files\/download\?file=projects%2Flogos%2F.+logo\.png$/);

    await page.goto(`${platform.url}/projects`);
    await page
      .getByRole('row', { name: /Knocknacarra Community Centre/ })
      .getByRole('button', { name: 'Archive' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('row', { name: /Knocknacarra Community Centre/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Archived Projects' }).click();
    await page.waitForURL(/\/projects\/archived$/);
    await page.getByRole('row', { name: /Knocknacarra Community Centre/ }).waitFor();
    await shot(page, 'archived-projects');
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
