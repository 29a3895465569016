/**
 * The application shell in real Chromium against the real server (issue "The whole application shell"):
 * a Pending user is forced through the password change; an admin with two clients chooses one, switches
 * portal and follows the redirect rule (another open tab follows too); a view user sees no Edit link,
 * lands on /unauthorized from an edit URL and is refused by the API; the idle warning appears and logs
 * out; going offline shows the message and coming back clears it. No CSP refusal or page error on the way.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { watchForViolations } from './browser';
import { logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('shell');
/** The breadcrumbs' name (schemas/messages/en.json shell.breadcrumbs). */
const BREADCRUMBS = 'Breadcrumbs';
/** A phone's browser (the server draws a first screen for a phone's window when it asks). */
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const violations: string[] = [];

async function newPage(context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await platform.browser.newContext())).newPage();
  watchForViolations(page, violations);
  return page;
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${platform.url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

describe('the shell', () => {
  it("a user who asks for reduced motion gets no transition and no running animation; others get MUI's motion", async () => {
    /** What the page shows of motion: the top bar's More menu's transition, and the animations running. */
    const motion = async (page: Page) => {
      await logIn(page, 'admin@demo.local');
      await page.getByRole('dialog', { name: 'Select Client' }).getByRole('button', { name: 'Select' }).first().click();
      await page.waitForURL(/\/home$/);
      const button = page.getByRole('button', { name: 'Go' }).first();
      await button.waitFor();
      return {
        asks: await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
        transition: await button.evaluate((el) => getComputedStyle(el).transitionDuration),
        spinner: await page.evaluate(() => {
          // A spinner as the pages draw one while they load (the plain progress bar's class, MUI's spinner's rule).
          const bar = document.createElement('span');
          bar.className = 'plain-progress';
          document.body.append(bar);
          const style = getComputedStyle(bar, '::before');
          const shown = { name: style.animationName, count: style.animationIterationCount };
          bar.remove();
          return shown;
        }),
      };
    };
    // The browser tests' pages ask for it (runtime/e2e/browser.ts TEST_CONTEXT).
    const still = await motion(await newPage());
    expect(still).toEqual({ asks: true, transition: '0s', spinner: { name: 'none', count: '1' } });
    const moving = await motion(await newPage(await platform.browser.newContext({ reducedMotion: 'no-preference' })));
    expect(moving.asks).toBe(false);
    expect(moving.transition).not.toBe('0s');
    expect(moving.spinner).toEqual({ name: 'plain-progress-1', count: 'infinite' });
  });

  it('forces a Pending user through the password change, every rule message seen', async () => {
    const page = await newPage();
    await logIn(page, 'pending@demo.local');
    await page.waitForURL(/\/account\/password$/);
    await page.goto(`${platform.url}/projects`);
    await page.waitForURL(/\/account\/password$/);
    const update = page.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('New Password').fill('short');
    await page.getByText('Password must be 8 or more characters').first().waitFor();
    await page
      .getByText('Password must contain one or more upper case, lower case, number and symbols')
      .first()
      .waitFor();
    await page.getByText('All fields are mandatory').first().waitFor();
    await page.getByLabel('New Password').fill('has space1A!');
    await page.getByText('Please ensure your password has no spaces.').first().waitFor();
    await page.getByLabel('Confirm Password').fill('other');
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Old Password').fill(DEMO_PASSWORD);
    await page.getByLabel('New Password').fill('Changed#2026');
    await page.getByLabel('Confirm Password').fill('Changed#2026');
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Update');
      return button && !button.disabled;
    });
    await update.click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${platform.url}/projects`);
    await page.getByRole('row', { name: /CCE-2401/ }).waitFor();
    await page.context().close();
  });

  it('lets an admin choose a client, switch portal and follow the redirect rule, in every open tab', async () => {
    const context = await platform.browser.newContext();
    const page = await newPage(context);
    await logIn(page, 'admin@demo.local');
    const chooser = page.getByRole('dialog', { name: 'Select Client' });
    await chooser
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${platform.url}/projects/1/qa`);
    await page.getByRole('heading', { name: 'Forms', exact: true }).waitFor();
    const other = await newPage(context);
    await other.goto(`${platform.url}/projects`);
    await other.getByRole('row', { name: /CCE-2401/ }).waitFor();

    await page.getByRole('button', { name: 'Niamh Gallagher' }).click();
    await page.getByRole('menuitem', { name: 'Switch Portal' }).click();
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Pennine/ })
      .getByRole('button', { name: 'Select' })
      .click();
    // A page of one client's record goes home; the other tab, on a page tied to no record, stays and reloads.
    await page.waitForURL(/\/home$/);
    await page.getByRole('banner').getByText('Pennine Build Group Ltd').waitFor();
    await other.getByRole('row', { name: /PBG-3107/ }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/projects');
    await context.close();
  });

  it('shows a view user no Edit link; an edit URL lands on /unauthorized and its API call is refused', async () => {
    const page = await newPage();
    await logIn(page, 'view@demo.local');
    await page.waitForURL(/\/home$/);
    await page.goto(`${platform.url}/projects/1/contacts`);
    const nav = page.getByRole('navigation', { name: 'Section menu' });
    await nav.getByRole('link', { name: 'Contacts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.goto(`${platform.url}/projects/1/edit`);
    await page.waitForURL(/\/unauthorized$/);
    await page.getByText('You are not authorised to access this page.', { exact: false }).waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/projects/1/forms/quality-assurance/submit', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ formId: 1, answers: [] }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });

  it('warns after the idle time and logs out after the grace period', async () => {
    const context = await platform.browser.newContext();
    const page = await newPage(context);
    await page.clock.install();
    await logIn(page, 'idle@demo.local'); // Shannon Fit-Out: idle time 2 minutes
    await page.waitForURL(/\/home$/);
    await page.getByRole('banner').getByText('Shannon Fit-Out Ltd').waitFor();
    await page.clock.fastForward('02:01');
    await page.getByText('You will be logged out shortly for security purposes.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('You will be logged out shortly', { exact: false }).waitFor({ state: 'hidden' });
    await page.clock.fastForward('02:01');
    await page.getByText('You will be logged out shortly', { exact: false }).waitFor();
    await page.clock.fastForward('01:01');
    await page.waitForURL(/\/login$/);
    const status = await page.evaluate(
      async () => (await fetch('/api/authorization/isLoggedIn', { method: 'POST' })).status,
    );
    expect(status).toBe(401);
    await context.close();
  });

  it('shows the offline message while offline and clears it when back online', async () => {
    const context = await platform.browser.newContext();
    const page = await newPage(context);
    await logIn(page, 'user@demo.local');
    await page.waitForURL(/\/home$/);
    await context.setOffline(true);
    await page.getByText("You've lost internet connection", { exact: false }).waitFor();
    await context.setOffline(false);
    await page.getByText("You've lost internet connection", { exact: false }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it("loads the login page without the shell, and a form page in a dozen scripts, the shell's preloaded (vite.config.ts chunk groups)", async () => {
    // A group's chunk: its name and an 8-character hash (form-entry-….js is a screen document's, not the group's).
    const group = (names: string) => new RegExp(`/assets/(${names})-[\\w-]{8}\\.js$`);
    const scriptsOf = (page: Page): string[] => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      return scripts;
    };
    const context = await platform.browser.newContext();
    const page = await newPage(context);
    const loginScripts = scriptsOf(page);
    await page.goto(`${platform.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    // The login page has no MUI, no shell and no form renderer: its first visit stays small.
    expect(loginScripts.filter((url) => group('mui|shell|form').test(url))).toEqual([]);
    expect(loginScripts.length).toBeLessThanOrEqual(8);
    const preloads = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
      );
    expect((await preloads(page)).filter((href) => group('mui|shell|form').test(href))).toEqual([]);
    await page.getByLabel('E-mail').fill('user@demo.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/home$/);
    // A form page opened afresh (an empty cache, the session kept): before the groups it asked for some fifty.
    const fresh = await platform.browser.newContext({ storageState: await context.storageState() });
    const formPage = await newPage(fresh);
    const formScripts = scriptsOf(formPage);
    await formPage.goto(`${platform.url}/projects/1/health-and-safety/5/add`);
    await formPage.locator('form input').first().waitFor();
    expect(formScripts.filter((url) => group('mui|public|shell|form').test(url))).toHaveLength(4);
    // A page inside the shell has them preloaded by its HTML (api/server.ts), beside the entry's own.
    expect((await preloads(formPage)).filter((href) => group('mui|public|shell|form').test(href))).toHaveLength(4);
    // The route's own modules (the layout, the screen page and view, the form's screen) are in the groups' chunks
    // (vite.config.ts ROUTE_CORE), not one request each.
    expect(
      formScripts.filter((url) => /\/(ShellLayout|MuiRoot|ScreenPage|ScreenView|FormScreen|form-entry)-/.test(url)),
    ).toEqual([]);
    expect(formScripts.length).toBeLessThanOrEqual(14);
    // Nor what only other pages run: their group, and the markdown library RJSF imports (scripts/markdown-on-demand.ts).
    expect(formScripts.filter((url) => group('pages|markdown').test(url))).toEqual([]);
    await fresh.close();
    await context.close();
  });

  it('sends a form page with the answers of its first navigation, which then asks the API nothing (api/http/first-answers.ts)', async () => {
    const cookie = await logInThroughApi(platform.url, 'user@demo.local');
    const [name, value] = cookie.split('=');
    const context = await platform.browser.newContext({
      storageState: {
        cookies: [
          { name, value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
        ],
        origins: [],
      },
    });
    const page = await newPage(context);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The API client's calls (an image's thumbnail is the page's own request, not a call).
      if (url.pathname.startsWith('/api/') && request.resourceType() === 'fetch')
        apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto(`${platform.url}/projects/1/health-and-safety/5/add`);
    await page.locator('form input').first().waitFor();
    // The session, the section guard, the project's crumb and the form: all answered inside the page.
    expect(apiCalls).toEqual([]);
    // The next navigation asks the server: the answers served the first one only.
    await page.getByRole('navigation', { name: BREADCRUMBS }).getByRole('link').last().click();
    await expect.poll(() => apiCalls).toContain('POST /api/authorization/isLoggedIn');
    await context.close();
  });

  it("draws a form page's first screen on the server: shown before any code runs, then hydrated, not drawn again (runtime/server/render.tsx)", async () => {
    const cookie = await logInThroughApi(platform.url, 'user@demo.local');
    const [name, value] = cookie.split('=');
    const storageState = {
      cookies: [
        {
          name,
          value,
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax' as const,
        },
      ],
      origins: [],
    };
    const url = `${platform.url}/projects/1/health-and-safety/5/add`;
    // Without its code, the page shows the form (inert): the server drew it.
    const still = await platform.browser.newContext({ storageState });
    await still.route('**/assets/*.js', (route) => route.abort());
    const bare = await still.newPage();
    await bare.goto(url);
    await bare.getByRole('heading', { level: 1, name: 'Site Safety Inspection' }).waitFor();
    expect(await bare.getByLabel('Inspected by').isVisible()).toBe(true);
    expect(await bare.locator('#root').getAttribute('inert')).toBe('');
    await still.close();
    // With its code, the app takes the same elements over (hydration), and the form is live: on a desktop window of
    // any height (the server draws for 1280 x 900) and on a phone (drawn for 390 x 844; the section menu folded).
    const windows = [
      { viewport: { width: 1280, height: 720 } },
      { viewport: { width: 1280, height: 1080 } },
      { viewport: { width: 412, height: 915 }, userAgent: PHONE_AGENT },
    ];
    for (const options of windows) {
      const context = await platform.browser.newContext({ storageState, ...options });
      const page = await newPage(context);
      const said: string[] = [];
      page.on('console', (message) => said.push(message.text()));
      await page.addInitScript(() => {
        const w = window as unknown as { __served?: Element };
        const observer = new MutationObserver(() => {
          const input = document.querySelector('#root[data-first-screen] form input[type="text"]');
          if (input && !w.__served) {
            w.__served = input;
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(url);
      await page.waitForFunction(() => document.querySelector('#root:not([data-first-screen]):not([inert])') !== null);
      const label = JSON.stringify(options);
      expect(
        await page.evaluate(() => {
          const w = window as unknown as { __served?: Element };
          return !!w.__served && w.__served === document.querySelector('form input[type="text"]');
        }),
        label,
      ).toBe(true);
      expect(
        said.filter((text) => /rendered afresh|hydrat/i.test(text)),
        label,
      ).toEqual([]);
      const first = page.locator('form input[type="text"]').first();
      await first.fill('Seán on site');
      expect(await first.inputValue()).toBe('Seán on site');
      await context.close();
    }
  });

  it('met no CSP refusal and no page error', () => {
    expect(violations).toEqual([]);
  });
});
