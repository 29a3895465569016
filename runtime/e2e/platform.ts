/**
 * The set-up every browser test shares: a platform server on a fresh data folder and a free port, and a
 * headless Chromium, started before the file's tests and stopped (folder removed) after them; logging a
 * demo user in through the page or the API, and calling the API.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, ConsoleMessage, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { launchBrowser } from './browser';
import { freePort, type RunningServer, startPlatform } from './server-process';

/** The running platform and browser of a test file; read them inside tests (they start in beforeAll). */
export interface E2ePlatform {
  readonly url: string;
  readonly browser: Browser;
  /** The server's data folder (read-only for tests while it runs: e.g. the offline uploads' bytes as they arrive). */
  readonly dataDir: string;
}

/** What a test file may do before and when its platform starts. */
export interface PlatformOptions {
  /**
   * Runs on the empty data folder before the server starts (and never while it runs: the server owns the store
   * then), e.g. to store what no API call makes yet, such as secure links (runtime/e2e/links.e2e.test.ts).
   */
  beforeStart?: (dataDir: string) => Promise<void>;
  /**
   * More environment for the server, read when it starts (after the file's earlier beforeAll hooks, e.g. SMTP_URL
   * of a test SMTP server started in one).
   */
  env?: () => Record<string, string>;
}

/** Starts a platform and a browser for the calling test file; `name` tags its data folder. */
export function platformForTests(name: string, options: PlatformOptions = {}): E2ePlatform {
  const dataDir = mkdtempSync(path.join(tmpdir(), `siteforms-e2e-${name}-`));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await options.beforeStart?.(dataDir);
    server = await startPlatform(dataDir, await freePort(), undefined, options.env?.() ?? {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    get url() {
      if (!server) throw new Error('the platform has not started');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
  };
}

/** What a page showed and was still waiting for, to read a failure by (see openUntilShown). */
async function pageState(page: Page, pending: Set<Request>, errors: string[]): Promise<string> {
  const shown = await page
    .evaluate(() => ({
      text: document.body.innerText.slice(0, 1500),
      root: document.getElementById('root')?.innerHTML.length ?? -1,
      worker: navigator.serviceWorker.controller?.state ?? 'none',
    }))
    .catch((error: Error) => ({ text: error.message, root: -1, worker: '?' }));
  const waiting = [...pending].map((r) => `${r.method()} ${r.url()}${r.serviceWorker() ? ' (worker)' : ''}`);
  return [
    `The page ${page.url()} showed (#root ${shown.root} characters, service worker ${shown.worker}):`,
    shown.text,
    `Requests not answered: ${waiting.join(', ') || 'none'}`,
    `Page errors: ${errors.join(' | ') || 'none'}`,
  ].join('\n');
}

/**
 * Opens `target` and waits for `shown` on it (Playwright's 30 s). Twice in about thirty CI runs an offline page of
 * offline.e2e stayed blank for 30 s (the service worker's index.html, nothing rendered; it opens in about 1 s), and
 * once in 165 tries here the login page of a fresh browser profile did, online: as a user would, it then reloads once,
 * after printing what the page showed and which of its requests were not answered ("A blank page, reloaded once"), so
 * the cause can be read from the CI log (docs/testing.md "A page that stays blank"). A page still not shown after the
 * reload fails the test with the same account and the first one.
 */
export async function openUntilShown(page: Page, target: string, shown: Locator): Promise<void> {
  const pending = new Set<Request>();
  const errors: string[] = [];
  const onRequest = (r: Request) => pending.add(r);
  const onDone = (r: Request) => pending.delete(r);
  const onError = (e: Error) => errors.push(e.message);
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('pageerror', onError);
  page.on('console', onConsole);
  try {
    await page.goto(target);
    const first = await shown.waitFor().then(
      () => undefined,
      async (failed: Error) => `${failed.message}\n${await pageState(page, pending, errors)}`,
    );
    if (first === undefined) return;
    console.error(`A blank page, reloaded once: ${first}`);
    pending.clear();
    errors.length = 0;
    await page.reload();
    await shown.waitFor().catch(async (failed: Error) => {
      throw new Error(`${failed.message}\n${await pageState(page, pending, errors)}\nBefore the reload: ${first}`);
    });
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('pageerror', onError);
    page.off('console', onConsole);
  }
}

/** Logs a demo user in through the login page and waits for /home (a user with one client). */
export async function logInThroughPage(page: Page, url: string, email: string): Promise<void> {
  await openUntilShown(page, `${url}/login`, page.getByLabel('E-mail'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL(/\/home$/);
}

/**
 * Logs a demo user in through the API (the password sent as its client digest, as the login page does).
 * @returns the session cookie, `name=value`
 * @throws Error when the login is refused
 */
export async function logInThroughApi(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: createHash('sha512').update(DEMO_PASSWORD, 'utf8').digest('hex') }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * Calls the platform's API with a session cookie; `body` is sent as JSON.
 * @returns the answer's JSON
 * @throws Error for an answer that is not 2xx
 */
export async function callApi(url: string, cookie: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}
