/**
 * Offline on site (issue 26) in real Chromium against the real server, with the network switched off
 * (`context.setOffline`). One platform and one browser for the file; a device is a browser context (a persistent one,
 * on a profile folder, where the test restarts the browser).
 *
 * The shell (runtime/sw.ts, runtime/shell/ConnectivityOverlay.tsx, /qa/access): after one visit the service worker
 * has precached the whole build and nothing of the API or of a user; with the network off an offline page opens from
 * it without the blocking spinner, while a page that needs the server shows the spinner as the spec says; the sync
 * action re-checks the session and returns to the offline page, or goes to the login page and back.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { watchForViolations } from './browser';
import { logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('offline');
const violations: string[] = [];
const LOST = "You've lost internet connection";

/** Every file of the build the service worker must hold (dist/ without the .br/.gz copies and the worker itself). */
function builtFiles(): string[] {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'dist');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [path.relative(dist, full).split(path.sep).join('/')];
    });
  return walk(dist)
    .filter((file) => !/\.(br|gz)$/.test(file) && file !== 'sw.js')
    .sort();
}

/** Waits until the service worker is active and controls `page` (it claims the pages open when it activates). */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
  });
}

describe('the service worker, the offline spinner and the sync action', () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => {
    await context?.close();
  });

  it('precaches the whole build after one visit, and nothing of the API or of a user', async () => {
    context = await platform.browser.newContext();
    page = await context.newPage();
    watchForViolations(page, violations);
    await logInThroughPage(page, platform.url, 'user@demo.local');
    await page.goto(`${platform.url}/offline`);
    await serviceWorkerInControl(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    const files = cached.map((url) => new URL(url).pathname.replace(/^\//, '')).sort();
    expect(files).toEqual(builtFiles());
    expect(files).toContain('index.html');
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });

  it('opens the app with the network off from the service worker; the spinner blocks other pages, not the offline ones', async () => {
    // Online, an offline page of the shell; then the network goes: no spinner there.
    await page.goto(`${platform.url}/offline`);
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    expect(await page.getByText(LOST).count()).toBe(0);
    // Leaving for a page that needs the server: the spec's spinner (shell-access-navigation.md §4).
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(/\/privacy-policy$/);
    await page.getByRole('alert').getByText(LOST).waitFor();
    // A new page load with no network: the page and all its code come from the service worker's precache.
    const login = await page.goto(`${platform.url}/login`);
    expect(login?.fromServiceWorker()).toBe(true);
    await page.getByLabel('E-mail').waitFor();
    expect(await page.title()).toBe('Site Forms');
    await context.setOffline(false);
  });

  it('the sync action re-checks the session: signed in it returns to the offline page; signed out, the login and back', async () => {
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('/offline/1/photos')}`);
    await page.waitForURL(/\/offline\/1\/photos$/);
    // Only an offline page of this site is a place to return to.
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('https://example.com/offline')}`);
    await page.waitForURL(/\/offline$/);
    await context.clearCookies();
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('/offline/1/qa')}`);
    await page.waitForURL(/\/login\?returnUrl=/);
    await page.getByLabel('E-mail').fill('user@demo.local');
    await page.getByLabel('Password').fill('Demo#2026');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/offline\/1\/qa$/);
    expect(violations).toEqual([]);
  });
});
