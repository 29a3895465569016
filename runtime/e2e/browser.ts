/**
 * The browser of the end-to-end tests: launchBrowser (scripts/chromium.ts: CHROME_PATH, the system Chromium, or
 * the @sparticuz/chromium npm package's; never a download), and the page's Content-Security-Policy violations.
 */
export { launchBrowser, launchPersistentContext } from '../../scripts/chromium';

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
