/**
 * Phones and accessibility in real Chromium against the real server (issue 19 "Phones", "Accessibility"):
 * - axe-core finds no serious or critical violation on the login page, home, the Site Safety Inspection's
 *   register, every page of its form (hot work answered Yes, so page 2 shows), settings/employees and the Add
 *   Employee dialog; the skip link is the first Tab stop and leads into the page; the site plan's image button,
 *   a checklist tickbox, a page link, a breadcrumb and a toggle show a focus ring when reached with Tab; at
 *   1366 px the administrator's top bar stays one line; at 900 px high Add Project's Save is in view;
 * - at 390 x 844 a site user fills and submits the Site Safety Inspection, every checklist row ticked and
 *   scored, and the page never scrolls sideways (home, the register, every page of the form); the top bar is
 *   one line, the section menu one button, breadcrumb links and sort buttons at least 24 px tall.
 * One server and one browser for the file; each test logs in once.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { expectAccessible } from './axe';
import { watchForViolations } from './browser';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('phone-a11y');
const violations: string[] = [];
/** The Site Safety Inspection's register on project CCE-2401 (form 5 of client 1, fixtures/seed/forms.ts). */
const REGISTER = '/projects/1/qa/health-and-safety/5';
const AT_REGISTER = /\/health-and-safety\/5$/;
const PHONE = { width: 390, height: 844 };

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page's sideways overflow, px (0 when nothing but a table's own body scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focus ring of the focused element (or of the MUI button it is the input of): its outline. */
function focusRing(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const ringed = focused.closest('.MuiButtonBase-root') ?? focused;
    const style = getComputedStyle(ringed);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
}

async function expectFocusRing(page: Page, target: Locator) {
  await tabTo(page, target);
  const ring = await focusRing(page);
  expect(ring.style, String(target)).not.toBe('none');
  expect(ring.width, String(target)).toBeGreaterThanOrEqual(2);
}

/** Fills page 1 of the Site Safety Inspection: every checklist row ticked and scored, hot work Yes. */
async function fillInspection(page: Page) {
  await page.getByRole('textbox', { name: /^Inspected by/ }).fill('Seán Doyle');
  await page.getByLabel('Inspection date').fill('2026-11-20');
  const month = page.getByRole('group', { name: 'Reporting month' });
  await month.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: 'November' }).click();
  await month.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2026' }).click();
  await page.getByLabel('Area inspected *').fill('Block A, levels 1-3');
  await choose(page, 'Hot work on site? *', 'Yes');
  const grid = page.getByRole('table', { name: 'Safety checklist' });
  for (const [row, score] of [
    [1, '3'],
    [2, '3'],
    [3, '2'],
    [4, '3'],
  ] as const) {
    await grid.getByRole('checkbox', { name: `Inspected ${row}` }).check();
    await choose(page, `Score (0-3) ${row}`, score);
  }
  // The last column, beyond a phone's width: reached inside the table's own scrolling box.
  await grid.getByLabel('Comments 1').fill('Hoarding gate repaired');
  await page.getByTestId('grid-rating').getByText('Rating: Good').waitFor();
}

/** Fills page 2 (hot work): the permit and the equipment table's first row, every column. */
async function fillHotWork(page: Page) {
  await page.getByLabel('Hot work permit number').fill('HW-118');
  for (const [label, text] of [
    ['Item 1', 'Extinguisher'],
    ['Asset No 1', 'FX-3'],
    ['Description 1', '6 kg powder'],
    ['Manufacturer 1', 'Firemaster'],
    ['Model No 1', 'P6'],
    ['Owner 1', 'Main contractor'],
  ])
    await page.getByLabel(label).fill(text);
}

describe('a phone (390 x 844)', () => {
  it('fills and submits the Site Safety Inspection with nothing scrolling sideways', async () => {
    const context = await platform.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    watchForViolations(page, violations);
    await logInThroughPage(page, platform.url, 'user@demo.local');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await sidewaysOverflow(page), 'home').toBe(0);
    // The top bar is one line: the client name ends in an ellipsis, the whole name in its title.
    const bar = page.getByRole('banner');
    expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(64);
    expect(await bar.getByRole('link').first().getAttribute('title')).toBe('Corrib Civil Engineering Ltd');

    await page.goto(`${platform.url}${REGISTER}`);
    await page.getByRole('button', { name: 'Add' }).waitFor();
    expect(await sidewaysOverflow(page), 'the register').toBe(0);
    // The section menu is one button naming the page; the register starts in the first screen.
    const sectionMenu = page.getByRole('navigation', { name: 'Section menu' });
    expect(await sectionMenu.getByRole('button').count()).toBe(1);
    expect(await sectionMenu.getByRole('link').count()).toBe(0);
    const heading = await page.getByRole('heading', { name: 'Site Safety Inspection' }).boundingBox();
    expect(heading?.y).toBeLessThan(300);
    // Every toolbar button is on the screen (they wrap), and targets are 24 px at least (WCAG 2.5.8).
    for (const name of ['Add', 'Download CSV']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, name).toBe(true);
    }
    for (const target of await page.locator('.MuiTableSortLabel-root').all()) {
      const box = await target.boundingBox();
      expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    for (const link of await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link').all())
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(24);

    await page.getByRole('button', { name: 'Add' }).click();
    await page.waitForURL(/\/add$/);
    await page.getByRole('textbox', { name: /^Inspected by/ }).waitFor();
    expect(await sidewaysOverflow(page), 'form page 1').toBe(0);
    await fillInspection(page);
    expect(await sidewaysOverflow(page), 'form page 1, filled').toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hot work permit number').waitFor();
    expect(await sidewaysOverflow(page), 'form page 2').toBe(0);
    await fillHotWork(page);
    await page.getByRole('button', { name: 'Checked', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await sidewaysOverflow(page), 'form page 3').toBe(0);
    await page.getByRole('textbox', { name: 'Findings' }).click();
    await page.keyboard.type('Edge protection missing on level 3.');
    expect(await sidewaysOverflow(page), 'form page 3, filled').toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(AT_REGISTER);
    await page.getByRole('row', { name: /Seán Doyle/ }).waitFor();
    expect(await sidewaysOverflow(page), 'the register with the entry').toBe(0);
    // The file's first entry (the phone's test runs first).
    const entry = await page.evaluate(async () => {
      const res = await fetch('/api/projects/1/forms/health-and-safety/5/get/1');
      return res.json();
    });
    const checklist = entry.answers.find((a: { questionId: number }) => a.questionId === 3);
    expect(checklist).toMatchObject({ totalScore: 11, maxScore: 12 });
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('accessibility (axe-core, keyboard)', () => {
  it('has no serious or critical violation on the login page, home, a register, every form page, employees and a modal form', async () => {
    const context = await platform.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchForViolations(page, violations);

    await page.goto(`${platform.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    await expectAccessible(page, 'the login page');
    await logInThroughPage(page, platform.url, 'user@demo.local');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await expectAccessible(page, 'home');

    await page.goto(`${platform.url}${REGISTER}`);
    await page.getByRole('button', { name: 'Add' }).waitFor();
    await expectAccessible(page, 'the Site Safety Inspection register');

    // The skip link: the first Tab stop of a page as it loads, shown when focused; it leads past the
    // navigation into the page.
    await page.goto(`${platform.url}${REGISTER}/add`);
    const plan = page.getByRole('button', { name: /site-plan\.png/ });
    await plan.waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    // In the top bar the ring takes the bar's text colour (the page's ring colour is the bar's own colour).
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const bar = getComputedStyle(document.querySelector('header') as HTMLElement);
        const ring = getComputedStyle(document.activeElement as HTMLElement);
        return [ring.outlineStyle, ring.outlineColor === bar.color, ring.outlineColor !== bar.backgroundColor];
      }),
    ).toEqual(['solid', true, true]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#main-content') !== null)).toBe(true);

    // Focus rings: the page link, the site plan's image button, a checklist tickbox.
    await expectAccessible(page, 'page 1 of the Site Safety Inspection');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await expectFocusRing(page, page.getByRole('button', { name: 'Inspection', exact: true }).first());
    await expectFocusRing(page, plan);
    await expectFocusRing(page, page.getByRole('checkbox', { name: 'Inspected 1' }));
    await fillInspection(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hot work permit number').waitFor();
    await expectAccessible(page, 'page 2 of the Site Safety Inspection');
    await expectFocusRing(page, page.getByRole('button', { name: 'Checked', exact: true }));
    await fillHotWork(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await expectAccessible(page, 'page 3 of the Site Safety Inspection');
    // A breadcrumb link shows its ring too.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await expectFocusRing(page, page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link').first());
    await context.close();

    const admin = await platform.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    watchForViolations(adminPage, violations);
    await adminPage.goto(`${platform.url}/login`);
    await adminPage.getByLabel('E-mail').fill('admin@demo.local');
    await adminPage.getByLabel('Password').fill(DEMO_PASSWORD);
    await adminPage.getByRole('button', { name: 'LOGIN' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
    await adminPage.waitForURL(/\/home$/);
    await adminPage.goto(`${platform.url}/settings/employees`);
    await adminPage.getByRole('row', { name: /E003/ }).waitFor();
    await expectAccessible(adminPage, 'settings/employees');
    await adminPage.getByRole('button', { name: 'Add Employee' }).click();
    await adminPage
      .getByRole('dialog')
      .getByLabel(/^First Name/)
      .waitFor();
    await expectAccessible(adminPage, 'the Add Employee dialog');
    await adminPage.getByRole('button', { name: 'Close' }).click();

    // A laptop (1366 x 768): the administrator's top bar is one line, each label too; what does not fit is
    // under More.
    await adminPage.setViewportSize({ width: 1366, height: 768 });
    const bar = adminPage.getByRole('navigation', { name: 'Navigation' });
    await bar.getByRole('button', { name: 'More' }).waitFor();
    expect((await adminPage.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(64);
    for (const entry of await bar.locator('a, button').all())
      expect((await entry.boundingBox())?.height, (await entry.textContent()) ?? '').toBeLessThanOrEqual(40);
    // At 900 px high, Add Project's Save is in view over the fields, which scroll under it.
    await adminPage.setViewportSize({ width: 1440, height: 900 });
    await adminPage.goto(`${platform.url}/projects`);
    await adminPage.getByRole('button', { name: 'Add Project' }).click();
    const save = adminPage.getByRole('dialog').getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    expect(
      await save.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        // Save is disabled until the form is filled (no pointer events): the point is in its row of buttons.
        return box.bottom <= window.innerHeight && (el.parentElement?.contains(top) ?? false);
      }),
    ).toBe(true);
    await admin.close();
    expect(violations).toEqual([]);
  });
});
