/**
 * The browser files' set-up (vitest.config.ts, project e2e): when a test fails, every page it left open is reported
 * with runtime/e2e/browser.ts `pageHealth` ("A failed test's page: ..."): its address, whether Chromium still draws
 * its animation frames, its content's size, and, when it draws none, whether a kick brings them back. Some failures
 * under load were a click waiting for an element to be "visible, enabled and stable" for 30 s on a page that, probed
 * then, drew no frame in a second (docs/testing.md "A page that draws no frames"); this says so when it happens in CI.
 */
import { beforeEach } from 'vitest';
import { pageHealth, pagesOpen } from './browser';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    for (const page of pagesOpen()) console.log(`A failed test's page: ${JSON.stringify(await pageHealth(page))}`);
  });
});
