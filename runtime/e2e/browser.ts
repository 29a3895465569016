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
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  browser.newContext = async (options) => track(await newContext({ ...TEST_CONTEXT, ...options }));
  browser.newPage = async (options) => {
    const page = await newPage({ ...TEST_CONTEXT, ...options });
    track(page.context());
    return page;
  };
  return browser;
}

/** The pages the browser tests have open (their contexts made through this module), for {@link pageHealth}. */
const openPages = new Set<Page>();

function track(context: BrowserContext): BrowserContext {
  const add = (page: Page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
  };
  for (const page of context.pages()) add(page);
  context.on('page', add);
  return context;
}

/** The pages open now, oldest first. */
export function pagesOpen(): Page[] {
  return [...openPages].filter((page) => !page.isClosed());
}

/** What {@link pageHealth} found on a page. */
export interface PageHealth {
  url: string;
  visibilityState: string;
  /** Animation frames drawn in one second (about 60 on a page at rest; 0 when Chromium draws none). */
  frames: number;
  /** The length of `#root`'s HTML and of the body's text. */
  rootLength: number;
  textLength: number;
  /** Frames in a second after `bringToFront()` and after setting the viewport's size again, when there were none. */
  afterKicks?: { bringToFront: number; setViewportSize: number };
}

/** Animation frames the page draws in one second; -1 when the page does not answer within 5 s. */
async function framesIn(
  page: Page,
): Promise<{ frames: number; visibilityState: string; rootLength: number; textLength: number }> {
  const probe = page.evaluate(
    () =>
      new Promise<{ frames: number; visibilityState: string; rootLength: number; textLength: number }>((resolve) => {
        let frames = 0;
        const started = performance.now();
        const done = () =>
          resolve({
            frames,
            visibilityState: document.visibilityState,
            rootLength: document.getElementById('root')?.innerHTML.length ?? -1,
            textLength: document.body?.innerText.length ?? -1,
          });
        const tick = () => {
          frames += 1;
          if (performance.now() - started < 1000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        setTimeout(done, 1000);
      }),
  );
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000));
  return (
    (await Promise.race([probe.catch(() => null), late])) ?? {
      frames: -1,
      visibilityState: '?',
      rootLength: -1,
      textLength: -1,
    }
  );
}

/**
 * A page's state for a failed test's report (runtime/e2e/setup.ts): whether Chromium still draws its frames
 * (Playwright's click waits for two frames to call an element stable, so a page that draws none fails every click
 * with "waiting for element to be visible, enabled and stable"), and, when it draws none, whether bringing it to
 * the front or setting its viewport again brings them back. Never throws.
 */
export async function pageHealth(page: Page): Promise<PageHealth> {
  const first = await framesIn(page);
  const health: PageHealth = { url: page.url(), ...first };
  if (first.frames !== 0) return health;
  const kick = async (action: () => Promise<unknown>) => {
    await action().catch(() => undefined);
    return (await framesIn(page)).frames;
  };
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const bringToFront = await kick(() => page.bringToFront());
  const setViewportSize = await kick(async () => {
    await page.setViewportSize({ width: size.width, height: size.height - 1 });
    await page.setViewportSize(size);
  });
  return { ...health, afterKicks: { bringToFront, setViewportSize } };
}

/** A persistent context on a profile folder (scripts/chromium.ts), from TEST_CONTEXT. */
export async function launchPersistentContext(
  userDataDir: string,
  options: Parameters<typeof launchPersistentChromium>[1] = {},
): Promise<BrowserContext> {
  return track(await launchPersistentChromium(userDataDir, { ...TEST_CONTEXT, ...options }));
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
