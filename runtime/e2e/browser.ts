/**
 * The browser of the end-to-end tests: launchBrowser (scripts/chromium.ts: CHROME_PATH, the system Chromium, or
 * the @sparticuz/chromium npm package's; never a download), and the page's Content-Security-Policy violations.
 *
 * Every page of the browser tests is a user who asks for reduced motion (`prefers-reduced-motion: reduce`, WCAG
 * 2.3.3), unless a test's context options say otherwise: menus, dialogs and panels open and close at once
 * (runtime/shell/theme.ts), spinners and skeletons stand still (runtime/plain/plain.css). The tests assert what the
 * pages do, not how they move, and a page that draws no animation frames while it loads costs Chromium less CPU on
 * a busy machine (docs/testing.md "Reduced motion"). The benchmarks launch through scripts/chromium.ts, with motion.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import {
  launchBrowser as launchChromium,
  launchPersistentContext as launchPersistentChromium,
} from '../../scripts/chromium';

/** The context options every browser test's page starts from (a test's own options win). */
export const TEST_CONTEXT = { reducedMotion: 'reduce' } as const;

/** A headless Chromium whose new contexts and pages start from TEST_CONTEXT. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ ...TEST_CONTEXT, ...options });
  browser.newPage = (options) => newPage({ ...TEST_CONTEXT, ...options });
  return browser;
}

/** A persistent context on a profile folder (scripts/chromium.ts), from TEST_CONTEXT. */
export function launchPersistentContext(
  userDataDir: string,
  options: Parameters<typeof launchPersistentChromium>[1] = {},
): Promise<BrowserContext> {
  return launchPersistentChromium(userDataDir, { ...TEST_CONTEXT, ...options });
}

/**
 * Collects what must never happen on a page: Content-Security-Policy refusals (a style without the
 * nonce, an eval) and uncaught errors. Tests assert the list is empty at the end.
 */
export function watchForViolations(page: import('playwright-core').Page, into: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text()))
      into.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => into.push(`${page.url()}: ${error.name}: ${error.message}`));
}
