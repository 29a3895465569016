/**
 * The line a failed browser test prints for each page it left open (runtime/e2e/setup.ts), and the pattern that
 * finds, in a failure's message, a page that drew no frames at all: the e2e project's retry condition
 * (vitest.config.ts). Nothing imported at run time, so that the config can load it.
 */
import type { PageHealth } from './browser';

/** "A failed test's page: " and the page's health as JSON. */
export function pageReport(health: PageHealth): string {
  return `A failed test's page: ${JSON.stringify(health)}`;
}

/** Matches a {@link pageReport} line of a page whose `frames` were 0 in a second. */
export const NO_FRAMES = /A failed test's page: \{"url":"[^"]*","frames":0,/;
