/**
 * The line a failed browser test prints for each page it left open (runtime/e2e/setup.ts). The e2e project's retry
 * condition (vitest.config.ts `NO_FRAMES`) finds in it a page that drew no frames at all.
 */
import type { PageHealth } from './browser';

/** "A failed test's page: " and the page's health as JSON (its `url` first, then `frames`). */
export function pageReport(health: PageHealth): string {
  return `A failed test's page: ${JSON.stringify(health)}`;
}
