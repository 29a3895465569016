/**
 * The browser files' set-up (vitest.config.ts, project e2e): when a test fails, every page it left open is reported
 * with runtime/e2e/browser.ts `pageHealth` ("A failed test's page: ..."): its address, whether Chromium still draws
 * its animation frames, its content's size, and, when it draws none, whether a kick brings them back. Some failures
 * under load were a click waiting for an element to be "visible, enabled and stable" for 30 s on a page that, probed
 * then, drew no frame in a second (docs/testing.md "A page that draws no frames"); this says so when it happens in CI.
 * The reports are printed with the file's output and added to the failure's message, so the summary of failed tests
 * at the end of the run holds them too.
 */
import { beforeEach } from 'vitest';
import { pageHealth, pagesOpen } from './browser';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const reports: string[] = [];
    for (const page of pagesOpen()) reports.push(`A failed test's page: ${JSON.stringify(await pageHealth(page))}`);
    for (const report of reports) console.log(report);
    // Also in the failure's own message, which the run's summary at its end repeats (a CI log's tail shows it).
    const [error] = task.result?.errors ?? [];
    if (error && reports.length > 0) error.message = `${error.message}\n${reports.join('\n')}`;
  });
});
