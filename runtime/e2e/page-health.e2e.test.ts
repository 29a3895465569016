/**
 * runtime/e2e/browser.ts `pageHealth`, what a failed browser test reports of its open pages (runtime/e2e/setup.ts):
 * a page at rest draws its frames; a page whose rendering is blocked (a render-blocking style sheet that never
 * arrives) draws none, and the report says whether a kick brought them back, in a line the e2e project's retry
 * condition finds; a page that does not answer is -1.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FRAMES } from '../../vitest.config';
import { launchBrowser, pageHealth, pagesOpen } from './browser';
import { pageReport } from './page-report';

const ORIGIN = 'http://page-health.test';

describe('pageHealth', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts the frames of a page at rest, and of none while a style sheet blocks its rendering', async () => {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/never.css') return; // never answered: the page's rendering stays blocked
      const blocked = url.pathname === '/blocked';
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head>${blocked ? '<link rel="stylesheet" href="/never.css">' : ''}</head><body><div id="root"><p>Inspection</p></div></body></html>`,
      });
    });
    const rest = await context.newPage();
    await rest.goto(`${ORIGIN}/rest`);
    const blocked = await context.newPage();
    await blocked.goto(`${ORIGIN}/blocked`, { waitUntil: 'commit' });
    expect(pagesOpen()).toEqual(expect.arrayContaining([rest, blocked]));

    const atRest = await pageHealth(rest);
    expect(atRest).toMatchObject({
      url: `${ORIGIN}/rest`,
      visibilityState: 'visible',
      textLength: 'Inspection'.length,
    });
    expect(atRest.frames).toBeGreaterThan(5);
    expect(atRest.firstContentfulPaint).toBeGreaterThan(0);
    expect(atRest).toMatchObject({ readyState: 'complete', imagesPending: 0 });
    expect(atRest.afterKicks).toBeUndefined();
    expect(pageReport(atRest)).not.toMatch(NO_FRAMES);

    const none = await pageHealth(blocked);
    // Never painted; a new page at the same address is blocked by the same style sheet.
    expect(none).toMatchObject({ url: `${ORIGIN}/blocked`, frames: 0, firstContentfulPaint: null });
    // The e2e project's retry condition finds it in a failure's message.
    expect(`locator.click: Timeout 30000ms exceeded.\n${pageReport(atRest)}\n${pageReport(none)}`).toMatch(NO_FRAMES);
    expect(none.afterKicks).toEqual({ bringToFront: 0, setViewportSize: 0, windowBounds: 0, reload: 0, newPage: 0 });
    expect(none.processes?.now).toEqual(expect.arrayContaining([expect.stringMatching(/^browser:\d+$/)]));
    expect(none.processes?.atLaunch).toEqual(expect.arrayContaining([expect.stringMatching(/^browser:\d+$/)]));

    await context.close();
    expect(pagesOpen()).not.toContain(rest);
  });
});
