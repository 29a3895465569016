/**
 * Administration data in real Chromium against the real server (issue 9, administration-data.md §2 "Employee
 * screen", §5 Employee import, §6; docs/access.md "Employees: where a user's access comes from"): an admin of
 * Corrib imports employees from a CSV with one bad row (the per-row report is shown, nothing is saved), fixes the
 * row and imports again; opens one new employee's form and ticks 'Their projects'; gives that employee View access
 * to one project; invites them and reads the one-time set-password link in the dialog. The employee opens the link
 * in a browser of their own, sets a password, logs in, and the project list shows that one project only.
 * No Content-Security-Policy violation on the way. ADMINISTRATION_SCREENSHOTS=<folder> keeps screenshots.
 */

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { callApi, logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('administration');
const cspViolations: string[] = [];
const shots = process.env.ADMINISTRATION_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const HEADER = 'Employee Number,First Name,Last Name,Email,Mobile,Landline,Start Date,Role,Type';
const ROW_1 = 'E901,Niamh,Ahern,niamh.ahern@corrib.example,0871234567,,2026-02-02,Foreman,Labour';
const ROW_2_BAD = 'E902,Pádraig,Ahearne,,,,2/3/2026,Foreman,Labour';
const ROW_2 = 'E902,Pádraig,Ahearne,,,,2026-03-02,Foreman,Labour';
// The employee's own password: the password rules (8+ characters, upper, lower, digit and symbol, no space).
const NEW_PASSWORD = 'Cladd4gh!Quay';

/** Chooses `text` as the CSV of the import view and presses Upload. */
async function upload(dialog: Locator, text: string) {
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  await dialog.getByTestId('chosen-file').getByText('staff.csv').waitFor();
  await dialog.getByRole('button', { name: 'Upload' }).click();
}

async function employeesNumbered(cookie: string, ...numbers: string[]) {
  const all = (await callApi(platform.url, cookie, 'GET', '/api/settings/employees/getall')) as {
    employeeNumber: string;
  }[];
  return all.filter((e) => numbers.includes(e.employeeNumber));
}

describe('administration data', () => {
  it('imports employees (a bad row refused, nothing saved), gives one View access to a project, and they see only it', async () => {
    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');

    const page = await platform.browser.newPage({ viewport: { width: 1400, height: 900 } });
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
    await page.goto(`${platform.url}/settings/employees`);
    await page.getByRole('heading', { name: 'Employees' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();

    // A file with one bad row: the report names it, and nothing is saved.
    await page.getByRole('button', { name: 'Import' }).click();
    const importView = page.getByRole('dialog', { name: 'Import Employees' });
    await expect.poll(() => importView.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await upload(importView, `${HEADER}\n${ROW_1}\n${ROW_2_BAD}\n`);
    const report = page.getByRole('dialog', { name: 'Error' });
    await report.getByText('The file was not imported (problems found: 1). Nothing was saved.').waitFor();
    await report.getByText("Row 3: Start Date '2/3/2026' is not a date yyyy-MM-dd.").waitFor();
    await shot(page, 'import-report');
    expect(await employeesNumbered(cookie, 'E901', 'E902')).toEqual([]);
    await report.getByRole('button', { name: 'Close' }).click();
    await report.waitFor({ state: 'detached' });

    // Fixed, imported: the view closes and the list shows both (sorted by last name, so on the first page).
    await upload(importView, `${HEADER}\n${ROW_1}\n${ROW_2}\n`);
    await importView.waitFor({ state: 'detached' });
    const niamh = page.getByRole('row', { name: /E901 Niamh Ahern/ });
    await niamh.waitFor();
    await page.getByRole('row', { name: /E902 Pádraig Ahearne/ }).waitFor();
    await shot(page, 'imported');
    expect(await employeesNumbered(cookie, 'E901', 'E902')).toHaveLength(2);

    // Her own projects are open to her ('Their projects'), and she gets View on one project.
    await niamh.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/settings\/employees\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel(/^First Name/).inputValue()).toBe('Niamh');
    await page.getByRole('checkbox', { name: /Their projects/ }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/settings\/employees$/);
    await page
      .getByRole('row', { name: /E901 Niamh Ahern/ })
      .getByRole('button', { name: 'Project access' })
      .click();
    const accessModal = page.getByRole('dialog');
    await accessModal.getByRole('combobox', { name: /^Project/ }).click();
    await page.getByRole('option', { name: /Eyre Square Mixed-Use Development/ }).click();
    await accessModal.getByRole('combobox', { name: /^Access/ }).click();
    await page.getByRole('option', { name: 'View', exact: true }).click();
    await shot(page, 'project-access');
    // The list reloads after the save; Invite is pressed on the reloaded list.
    const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/settings/employees/getall'));
    await accessModal.getByRole('button', { name: 'Save' }).click();
    await accessModal.waitFor({ state: 'detached' });
    await reloaded;

    // The invitation: its one-time link is shown to the admin in a dialog to copy. The row has more than three
    // actions: Invite is in its More actions menu.
    await page
      .getByRole('row', { name: /E901 Niamh Ahern/ })
      .getByRole('button', { name: 'More actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Invite' }).click();
    const invited = page.getByRole('dialog', { name: 'Invitation' });
    const linkField = invited.getByRole('textbox', { name: 'Set-password link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${platform.url}/invitation/[A-Za-z0-9_-]{43}$`));
    await shot(page, 'invitation');
    await invited.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('row', { name: /E901 Niamh Ahern/ })
      .getByText('Invited')
      .waitFor();

    // The employee, in a browser of her own: sets her password through the link and logs in.
    const context = await platform.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const own = await context.newPage();
    watchForViolations(own, cspViolations);
    await own.goto(link);
    await own.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await own.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
    await own.getByRole('button', { name: 'Set Password' }).click();
    await own.waitForURL(/\/login/);
    await own.getByText('Your password is set. Please log in.').waitFor();
    await own.getByLabel('E-mail').fill('niamh.ahern@corrib.example');
    await own.getByLabel('Password').fill(NEW_PASSWORD);
    await own.getByRole('button', { name: 'LOGIN' }).click();
    await own.waitForURL(/\/home$/);
    await own.goto(`${platform.url}/projects`);
    await own.getByRole('row', { name: /Eyre Square Mixed-Use Development/ }).waitFor();
    await shot(own, 'employee-projects');
    // Hers alone: no other project of Corrib's eight.
    await own.getByText('Records: 1 - 1 of 1').waitFor();
    expect(await own.getByRole('row').count()).toBe(2);
    expect(await own.getByRole('button', { name: 'Add Project' }).count()).toBe(0);
    const row = own.getByRole('row', { name: /Eyre Square Mixed-Use Development/ });
    expect(await row.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await context.close();
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
