/**
 * The browser files' set-up (vitest.config.ts, project e2e): when a test fails, every page it left open is reported
 * with runtime/e2e/browser.ts `pageHealth` ("A failed test's page: ..."): its address, whether Chromium still draws
 * its animation frames, its content's size, and, when it draws none, whether a kick brings them back. Some failures
 * under load were a click waiting for an element to be "visible, enabled and stable" for 30 s on a page that, probed
 * then, drew no frame in a second (docs/testing.md "A page that draws no frames"); this says so when it happens in CI.
 * The reports are printed with the file's output and added to the failure's message, so the summary of failed tests
 * at the end of the run holds them too.
 *
 * A test that failed while one of its pages drew no frames at all is run once more (vitest.config.ts, project e2e,
 * `retry` on `NO_FRAMES` in the message): Chromium stopped drawing that page (a new page at the same address draws),
 * which no code of the page can cause after its first paint. The failed attempt is printed here, since vitest does
 * not print an attempt that a retry made good.
 */
import { beforeEach } from 'vitest';
import { pageHealth, pagesOpen } from './browser';
import { pageReport } from './page-report';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const reports: string[] = [];
    for (const page of pagesOpen()) reports.push(pageReport(await pageHealth(page)));
    for (const report of reports) console.log(report);
    // Also in the failure's messages, which the run's summary at its end repeats (a CI log's tail shows it), and
    // which the retry's condition reads.
    for (const error of task.result?.errors ?? []) if (reports.length > 0) error.message += `\n${reports.join('\n')}`;
    console.log(`A failed attempt (${task.name}): ${task.result?.errors?.map((e) => e.message).join('\n')}`);
  });
});
