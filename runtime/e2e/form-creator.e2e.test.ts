/**
 * The form creator in real Chromium against the real server (issue 21 "Done when": keyboard-only authoring, drag
 * and drop, axe on the designer's pages; docs/form-creator.md).
 *
 * 1. Keyboard only: the health-and-safety administrator (hs@demo.local) opens Create Form from the form library
 *    and, with `page.keyboard` alone (locators only read the page and tell where the focus is), sets the form
 *    settings, builds a three-page inspection (a required Text and a Dropdown; a Number and a Text shown when the
 *    number is greater than 10, built in the condition builder; a scored Grid with rating bands and its live score
 *    preview), pages through the preview, publishes version 1. The edit user of project 1 (user@demo.local) adds an
 *    entry through the new form (the conditional question shown and answered, the grid scored) and finds it in the
 *    register.
 * 2. Drag and drop: the same kind of form built with the mouse (palette items dragged onto the canvas, a row
 *    dragged to reorder, a question dragged onto another page's tab), published and filled.
 *    A second version (a label changed) is published; its version list and the difference 1 -> 2 are shown.
 * 3. axe-core (./axe.ts) on each designer screen on the way, no serious or critical violation: the form library
 *    with Create Form, the form settings, a selected question's property panel, the condition builder, Preview,
 *    JSON and Publish (journey 1), the version list and a difference page (journey 2).
 *
 * One server and one browser for the file; each user logs in once. No CSP violation or uncaught error.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { watchForViolations } from './browser';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('form-creator');
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

/** Logs a step's start with FC_DEBUG set (where a slow or failing run spends its time). */
function step(name: string): void {
  if (process.env.FC_DEBUG) console.log(new Date().toISOString(), name);
}

/** Whether `locator` holds the keyboard focus. */
async function focused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) !== 1) return false;
  return locator.evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 }).catch(() => false);
}

/** What has the focus, for a failure's message. */
function focusSummary(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? ''} ${(el.textContent ?? '').slice(0, 40)}` : '-';
  });
}

/**
 * Presses Tab (or Shift+Tab with `back`) until `locator` has the focus; fails after `max` presses. Waits first (up
 * to 10 s) for `locator` to be in the page, as a keyboard user waits for the panel to show: the property panel
 * follows a new selection after the canvas's frame, and on a busy machine Tab could go round the page before it.
 */
async function tabTo(page: Page, locator: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await locator.waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
  for (let i = 0; i <= max; i++) {
    if (await focused(locator)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (process.env.FC_DEBUG) console.log('tabTo failed', String(locator));
  throw new Error(`Tab did not reach ${locator}; the focus is on ${await focusSummary(page)}`);
}

/** Tabs to a text field and replaces what it holds with `text`. */
async function typeInto(page: Page, locator: Locator, text: string, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, locator, options);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/**
 * Tabs to a native select and moves its choice with `key` (ArrowDown or ArrowUp) until the option shown is `text`,
 * as a keyboard user does; fails after ten presses.
 */
async function chooseWithArrows(
  page: Page,
  select: Locator,
  text: string,
  key: 'ArrowDown' | 'ArrowUp',
): Promise<void> {
  await tabTo(page, select);
  for (let i = 0; i < 10; i++) {
    if ((await select.locator('option:checked').textContent()) === text) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${select} did not come to ${text}`);
}

/** Adds a question of the type the palette search finds first for `query` (Enter in the search box). */
async function addByKeyboard(page: Page, query: string, pick: 'first' | 'last' = 'first'): Promise<void> {
  await tabTo(page, page.getByRole('searchbox', { name: 'Search question types' }), { back: true, max: 150 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(query);
  if (pick === 'last') {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
  }
  await page.keyboard.press('Enter');
}

/** Waits until the creator's autosave has nothing waiting. */
async function saved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('designer-save-state').textContent()).toBe('All changes saved');
}

/**
 * Drags `from` onto `to` with the mouse as a person does: press, a first move past dnd-kit's 4 px activation
 * distance, then the way to the target in steps (`at` top drops above a row, centre onto it), release.
 */
async function drag(page: Page, from: Locator, to: Locator, at: 'top' | 'centre' = 'centre'): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error(`${from} is not shown`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  const b = await to.boundingBox();
  if (!b) throw new Error(`${to} is not shown`);
  const x = b.x + b.width / 2;
  const y = at === 'top' ? b.y + Math.min(8, b.height / 4) : b.y + b.height / 2;
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.move(x, y + 1, { steps: 2 });
  await page.mouse.up();
  // For 50 ms after a drop, @dnd-kit's pointer sensor stops every click at the document (the click that ends a drag
  // must not also press what it was dropped on; a timer of its detach), so a click the test makes at once is lost: on a
  // quick machine the tab clicked right after a question was dropped onto another page did nothing. A user's next
  // click comes later; the test waits for that timer too (one of the same length set after it fires after it).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** The labels of the shown page's canvas rows, top to bottom (each row's aria-label starts with its label). */
function canvasLabels(page: Page): Promise<string[]> {
  return page
    .getByTestId(/^canvas-question-/)
    .evaluateAll((rows) => rows.map((row) => (row.getAttribute('aria-label') ?? '').split(',')[0]));
}

/** The project user adds an entry of the form on project 1 with `fill` (Add on the H&S inspections page), then finds it. */
async function fillAsProjectUser(title: string, marker: string, fill: (page: Page) => Promise<void>): Promise<void> {
  const page = filler;
  // The category page is the register of its forms' entries (issue 24 §5): Add offers each form.
  await page.goto(`${platform.url}/projects/1/health-and-safety/inspections`);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  await page.waitForURL(/\/add$/);
  await fill(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/add'));
  await page.getByRole('row', { name: new RegExp(marker) }).waitFor();
  expect(await page.getByRole('row', { name: new RegExp(marker) }).count()).toBe(1);
}

describe('the form creator', () => {
  it('builds, previews and publishes a three-page inspection with the keyboard only; a project user fills it', async () => {
    const page = designer;
    const title = `Lift inspection ${RUN}`;
    const marker = `Inspector ${RUN}`;
    await page.goto(`${platform.url}/health-and-safety/form-library`);
    const createForm = page.getByRole('button', { name: 'Create Form' });
    await createForm.waitFor();
    await accessible(page, 'the form library');
    await tabTo(page, createForm);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/health-and-safety\/form-creator$/);
    await page.getByTestId('designer-save-state').waitFor();
    const props = page.getByTestId('designer-properties');

    step('The form settings.');
    // The form settings.
    await tabTo(page, page.getByRole('button', { name: 'Form settings' }));
    await page.keyboard.press('Enter');
    await typeInto(page, props.getByRole('textbox', { name: 'Title' }), title);
    await typeInto(page, props.getByRole('textbox', { name: 'Category' }), 'inspections');
    await accessible(page, 'the form settings');

    step('Page 1: a required Text and a Dropdown w');
    // Page 1: a required Text and a Dropdown with its options.
    await addByKeyboard(page, 'text', 'last');
    await typeInto(page, props.getByRole('textbox', { name: 'Label' }), 'Inspector');
    await tabTo(page, props.getByRole('switch', { name: 'Required', exact: true }));
    await page.keyboard.press('Space');
    const inRegister = props.getByRole('switch', { name: 'Show in the register' });
    await tabTo(page, inRegister);
    if (!(await inRegister.isChecked())) await page.keyboard.press('Space');
    await expect.poll(() => inRegister.isChecked()).toBe(true);
    await accessible(page, 'the creator with a question selected');
    await addByKeyboard(page, 'dropdown');
    await typeInto(page, props.getByRole('textbox', { name: 'Label' }), 'Weather');
    for (const [n, option] of ['Dry', 'Wet', 'Windy'].entries())
      await typeInto(page, props.getByRole('textbox', { name: `Option ${n + 1}`, exact: true }), option);
    step('The canvas shortcuts: Ctrl+D duplicates the focused row, Ctrl+Z takes it back.');
    // The canvas shortcuts on a focused row: Ctrl+D duplicates, Ctrl+Z takes the duplicate back.
    await tabTo(page, page.locator('[data-testid^="canvas-question-"][aria-label^="Weather,"]'), { back: true });
    await page.keyboard.press('Control+D');
    await expect.poll(() => canvasLabels(page)).toEqual(['Inspector', 'Weather', 'Weather']);
    await page.keyboard.press('Control+Z');
    await expect.poll(() => canvasLabels(page)).toEqual(['Inspector', 'Weather']);

    step('Page 2: a Number and a Text shown when t');
    // Page 2: a Number and a Text shown when the number is greater than 10.
    await tabTo(page, page.getByRole('button', { name: 'Add page' }), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: 'Page 2' }).getAttribute('aria-selected')).toBe('true');
    await addByKeyboard(page, 'number');
    await typeInto(page, props.getByRole('textbox', { name: 'Label' }), 'Wind speed');
    await addByKeyboard(page, 'text', 'last');
    await typeInto(page, props.getByRole('textbox', { name: 'Label' }), 'Crane lift stopped');
    await tabTo(page, props.getByRole('button', { name: 'Add condition' }));
    await page.keyboard.press('Enter');
    const question = props.getByRole('combobox', { name: 'Question', exact: true });
    await expect.poll(() => question.locator('option:checked').textContent()).toBe('Wind speed (Page 2)');
    const operator = props.getByRole('combobox', { name: 'Operator' });
    // A native select: the arrows move its choice from "equals" to "is greater than".
    await chooseWithArrows(page, operator, 'is greater than', 'ArrowDown');
    await typeInto(page, props.getByRole('spinbutton', { name: 'Value' }), '10');
    await accessible(page, 'the condition builder');
    await expect
      .poll(() =>
        page
          .getByTestId(/^canvas-question-/)
          .last()
          .textContent(),
      )
      .toContain('Crane lift stopped');

    step('Page 3: a Grid with a row label column, ');
    // Page 3: a Grid with a row label column, a scoring Dropdown column, two rows and two rating bands.
    await tabTo(page, page.getByRole('button', { name: 'Add page' }), { back: true });
    await page.keyboard.press('Enter');
    await addByKeyboard(page, 'grid');
    await typeInto(page, props.getByRole('textbox', { name: 'Label' }), 'Site conditions');
    await typeInto(page, props.getByRole('textbox', { name: 'Heading of column 1' }), 'Item');
    const kind1 = props.getByRole('combobox', { name: 'Cell type of column 1' });
    await chooseWithArrows(page, kind1, 'Text shown (row label)', 'ArrowUp');
    await tabTo(page, props.getByRole('button', { name: 'Add column' }));
    await page.keyboard.press('Enter');
    await typeInto(page, props.getByRole('textbox', { name: 'Heading of column 2' }), 'Score', { back: true });
    const kind2 = props.getByRole('combobox', { name: 'Cell type of column 2' });
    await chooseWithArrows(page, kind2, 'Dropdown (numbers score)', 'ArrowDown');
    await tabTo(page, props.getByRole('button', { name: 'Add row' }));
    await page.keyboard.press('Enter');
    await typeInto(page, props.getByRole('textbox', { name: 'Row 1: Item' }), 'Barriers', { back: true });
    await typeInto(page, props.getByRole('textbox', { name: 'Row 2: Item' }), 'Lighting');
    await tabTo(page, props.getByRole('button', { name: 'Add rating band' }));
    await page.keyboard.press('Enter');
    await typeInto(page, props.getByRole('spinbutton', { name: 'Band 1 to (%)' }), '49', { back: true });
    await typeInto(page, props.getByRole('textbox', { name: 'Band 1 rating' }), 'Poor');
    await tabTo(page, props.getByRole('button', { name: 'Add rating band' }));
    await page.keyboard.press('Enter');
    await typeInto(page, props.getByRole('textbox', { name: 'Band 2 rating' }), 'Good', { back: true });
    step('The live score preview: the sample answe');
    // The live score preview: the sample answer at its best is 100%, Good.
    const preview = props.getByRole('region', { name: 'Score preview' });
    await expect.poll(() => preview.getByRole('status').textContent()).toContain('Good');
    await saved(page);
    // The new form's id goes into the address once its first save has answered (FormCreatorPage's effect, then the
    // router's navigation to the form's route): a moment after "All changes saved" shows, which a quick machine read
    // first.
    await page.waitForURL(/\/health-and-safety\/form-creator\/\d+$/);

    step('Preview: page through it and close it wi');
    // Preview: page through it and close it with Escape.
    await tabTo(page, page.getByRole('button', { name: 'Preview' }), { back: true, max: 200 });
    await page.keyboard.press('Enter');
    const previewDialog = page.getByRole('dialog', { name: 'Preview' });
    await previewDialog.getByRole('heading', { name: 'Page 1' }).waitFor();
    await accessible(page, 'the Preview dialog');
    await typeInto(page, previewDialog.getByRole('textbox', { name: /^Inspector/ }), 'Preview inspector');
    for (const next of ['Page 2', 'Page 3']) {
      await tabTo(page, previewDialog.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');
      await previewDialog.getByRole('heading', { name: next }).waitFor();
    }
    await page.keyboard.press('Escape');
    await previewDialog.waitFor({ state: 'hidden' });

    step('The JSON view.');
    // The JSON view.
    await tabTo(page, page.getByRole('button', { name: 'JSON' }), { back: true, max: 200 });
    await page.keyboard.press('Enter');
    const jsonDialog = page.getByRole('dialog');
    await jsonDialog.getByText('"Crane lift stopped"').first().waitFor();
    await accessible(page, 'the JSON dialog');
    await page.keyboard.press('Escape');
    await jsonDialog.waitFor({ state: 'hidden' });

    step('Publish: the dialog, then confirm; the t');
    // Publish: the dialog, then confirm; the toolbar shows version 1.
    await tabTo(page, page.getByRole('button', { name: 'Publish' }), { back: true, max: 200 });
    await page.keyboard.press('Enter');
    const publishDialog = page.getByRole('dialog', { name: `Publish ${title}` });
    await publishDialog.getByText("This is the form's first version: every question is new.").waitFor();
    await accessible(page, 'the Publish dialog');
    const confirm = publishDialog.getByRole('button', { name: 'Publish' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    await publishDialog.getByText('Version 1 published.').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('designer-version').textContent()).toBe('Version 1');

    step('The project user fills it: wind speed 15');
    // The project user fills it: wind speed 15 shows the conditional question; the grid is scored.
    await fillAsProjectUser(title, marker, async (form) => {
      await form.getByRole('textbox', { name: /^Inspector/ }).fill(marker);
      await form.getByRole('button', { name: 'Next' }).click();
      const crane = form.getByRole('textbox', { name: 'Crane lift stopped' });
      await form.getByRole('spinbutton', { name: 'Wind speed' }).fill('8');
      await expect.poll(() => crane.count()).toBe(0);
      await form.getByRole('spinbutton', { name: 'Wind speed' }).fill('15');
      await crane.fill('Yes, at 10:40');
      await form.getByRole('button', { name: 'Next' }).click();
      const grid = form.getByRole('table').filter({ hasText: 'Barriers' });
      for (const row of ['Barriers', 'Lighting']) {
        // The scoring column's cell: MUI's select (a combobox opening a listbox).
        await grid
          .getByRole('row', { name: new RegExp(row) })
          .getByRole('combobox')
          .click();
        await form.getByRole('option', { name: '2', exact: true }).click();
      }
      await form.getByText(/Good/).first().waitFor();
    });
  });

  /**
   * Clicks `row` and reads the property panel as soon as the click's render has marked it busy, before its deferred
   * render (designer/properties/PropertyPanel.tsx): `aria-busy`, whether its first field took focus, and whether its
   * body kept its height. Null when it was never marked busy within 5 s.
   */
  async function panelInTheClicksFrame(page: Page, row: Locator) {
    type Read = { busy: string | null; focused: boolean; sameHeight: boolean } | null;
    await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="designer-properties"]') as HTMLElement;
      const body = panel.lastElementChild as HTMLElement;
      const height = body.getBoundingClientRect().height;
      const field = body.querySelector('input, textarea') as HTMLElement;
      (window as unknown as { panelRead: Promise<Read> }).panelRead = new Promise<Read>((resolve) => {
        const watch = new MutationObserver(() => {
          if (panel.getAttribute('aria-busy') !== 'true') return;
          watch.disconnect();
          field.focus();
          resolve({
            busy: panel.getAttribute('aria-busy'),
            focused: document.activeElement === field,
            sameHeight: body.getBoundingClientRect().height === height,
          });
        });
        watch.observe(panel, { attributes: true, attributeFilter: ['aria-busy'] });
        setTimeout(() => resolve(null), 5000);
      });
    });
    await row.click();
    return page.evaluate(() => (window as unknown as { panelRead: Promise<Read> }).panelRead);
  }

  it('builds a form by dragging with the mouse (palette to canvas, a row reordered, a question onto another page); a project user fills it', async () => {
    const page = designer;
    const title = `Crane lift check ${RUN}`;
    const marker = `Banksman ${RUN}`;
    await page.goto(`${platform.url}/health-and-safety/form-library`);
    await page.getByRole('button', { name: 'Create Form' }).click();
    await page.waitForURL(/\/health-and-safety\/form-creator$/);
    const props = page.getByTestId('designer-properties');
    await page.getByRole('button', { name: 'Form settings' }).click();
    await props.getByRole('textbox', { name: 'Title' }).fill(title);
    await props.getByRole('textbox', { name: 'Category' }).fill('inspections');

    step('Page 1: a Number dropped on the empty page, a Text dropped after it and dragged above it.');
    await drag(page, page.getByTestId('palette-item-number'), page.getByTestId('canvas-empty'));
    await props.getByRole('textbox', { name: 'Label' }).fill('Wind speed');
    await drag(page, page.getByTestId('palette-item-text'), page.getByTestId('canvas-end'));
    await expect.poll(() => props.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('Text');
    // The label's text area grows with a long text and goes back to its two lines (GrowingTextarea: Chromium sizes
    // it itself, CSS field-sizing).
    const labelBox = props.getByRole('textbox', { name: 'Label' });
    const boxHeight = () => labelBox.evaluate((element) => element.getBoundingClientRect().height);
    await labelBox.fill('Banksman');
    const twoLines = await boxHeight();
    await labelBox.fill('Banksman signalling the crane driver from the ground '.repeat(6).trim());
    await expect.poll(boxHeight).toBeGreaterThan(twoLines * 1.5);
    await labelBox.fill('Banksman');
    await expect.poll(boxHeight).toBe(twoLines);
    await props.getByRole('switch', { name: 'Required', exact: true }).check();
    await props.getByRole('switch', { name: 'Show in the register' }).check();
    await expect.poll(() => canvasLabels(page)).toEqual(['Wind speed', 'Banksman']);
    const rows = page.getByTestId(/^canvas-question-/);
    await drag(page, rows.nth(1), rows.nth(0), 'top');
    await expect.poll(() => canvasLabels(page)).toEqual(['Banksman', 'Wind speed']);
    // A click on another question: in the click's own frame the panel still holds the other question's fields, not
    // rendered (not focusable) in a box of the same height; then the clicked question's.
    expect(await panelInTheClicksFrame(page, rows.nth(1))).toEqual({ busy: 'true', focused: false, sameHeight: true });
    await expect.poll(() => props.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('Wind speed');

    step('A Text shown when the wind speed is over 10, dragged onto page 2 with a Grid.');
    await drag(page, page.getByTestId('palette-item-text'), page.getByTestId('canvas-end'));
    await expect.poll(() => props.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('Text');
    await props.getByRole('textbox', { name: 'Label' }).fill('Crane lift stopped');
    await props.getByRole('button', { name: 'Add condition' }).click();
    await props.getByRole('combobox', { name: 'Question', exact: true }).selectOption({ label: 'Wind speed (Page 1)' });
    await props.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'is greater than' });
    await props.getByRole('spinbutton', { name: 'Value' }).fill('10');
    await expect.poll(() => canvasLabels(page)).toEqual(['Banksman', 'Wind speed', 'Crane lift stopped']);
    await page.getByRole('button', { name: 'Add page' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Page 2' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Page 1' }).click();
    await drag(page, rows.nth(2), page.getByRole('tab', { name: 'Page 2' }));
    // The moved question stays selected, so its new page is shown.
    await expect.poll(() => canvasLabels(page)).toEqual(['Crane lift stopped']);
    await page.getByRole('tab', { name: 'Page 1' }).click();
    await expect.poll(() => canvasLabels(page)).toEqual(['Banksman', 'Wind speed']);
    await page.getByRole('tab', { name: 'Page 2' }).click();
    await expect.poll(() => canvasLabels(page)).toEqual(['Crane lift stopped']);
    await drag(page, page.getByTestId('palette-item-grid'), page.getByTestId('canvas-end'));
    // The panel shows the new question (its palette name as its label) before its label is typed, as a user sees it.
    await expect.poll(() => props.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('Grid');
    // As a user types once the new question shows on the canvas (a CI run under load once lost a label typed into
    // the panel before the grid's row had rendered).
    await expect.poll(() => canvasLabels(page)).toEqual(['Crane lift stopped', 'Grid']);
    await props.getByRole('textbox', { name: 'Label' }).fill('Exclusion zone');
    await expect.poll(() => canvasLabels(page)).toEqual(['Crane lift stopped', 'Exclusion zone']);
    await saved(page);

    step('Publish.');
    await page.getByRole('button', { name: 'Publish' }).click();
    const publishDialog = page.getByRole('dialog', { name: `Publish ${title}` });
    await publishDialog.getByText("This is the form's first version: every question is new.").waitFor();
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    await publishDialog.getByText('Version 1 published.').waitFor();
    await publishDialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('designer-version').textContent()).toBe('Version 1');

    step('The project user fills it.');
    await fillAsProjectUser(title, marker, async (form) => {
      await form.getByRole('textbox', { name: /^Banksman/ }).fill(marker);
      await form.getByRole('spinbutton', { name: 'Wind speed' }).fill('15');
      await form.getByRole('button', { name: 'Next' }).click();
      await form.getByRole('textbox', { name: 'Crane lift stopped' }).fill('Stopped at 11:05');
    });

    step('Version 2, the versions list and the difference page.');
    await page.waitForURL(/\/health-and-safety\/form-creator\/\d+$/);
    const formId = Number(page.url().split('/').pop());
    await props.getByRole('textbox', { name: 'Label' }).fill('Exclusion zone checks');
    await saved(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await publishDialog.getByText(/^Changes from version 1: 0 added, 0 removed, 1 changed/).waitFor();
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    await publishDialog.getByText('Version 2 published.').waitFor();
    await publishDialog.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${platform.url}/health-and-safety/form-library/${formId}/versions`);
    await page
      .getByRole('row', { name: new RegExp(title) })
      .nth(1)
      .waitFor();
    await accessible(page, 'the versions list');
    await page.goto(`${platform.url}/health-and-safety/form-library/${formId}/versions/1/diff/2`);
    await page
      .getByRole('row', { name: /Exclusion zone checks/ })
      .first()
      .waitFor();
    await accessible(page, 'a difference page');
  });
});
