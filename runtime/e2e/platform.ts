/**
 * The set-up every browser test shares: a platform server on a fresh data folder and a free port, and a
 * headless Chromium, started before the file's tests and stopped (folder removed) after them; logging a
 * demo user in through the page or the API, and calling the API.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

/** Logs a demo user in through the login page and waits for /home (a user with one client). */
export async function logInThroughPage(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
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
