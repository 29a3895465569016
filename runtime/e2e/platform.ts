/**
 * The set-up every browser test shares: a platform server on a fresh data folder and a free port, and a
 * headless Chromium, started before the file's tests and stopped (folder removed) after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { freePort, type RunningServer, startPlatform } from './server-process';

/** The running platform and browser of a test file; read them inside tests (they start in beforeAll). */
export interface E2ePlatform {
  readonly url: string;
  readonly browser: Browser;
}

/** Starts a platform and a browser for the calling test file; `name` tags its data folder. */
export function platformForTests(name: string): E2ePlatform {
  const dataDir = mkdtempSync(path.join(tmpdir(), `siteforms-e2e-${name}-`));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startPlatform(dataDir, await freePort());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
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
