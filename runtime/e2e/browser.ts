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
  processesAtLaunch.set(browser, processesOf(browser));
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
  /** Milliseconds since the document's navigation started, and when it first painted content (null: never). */
  sinceStart: number;
  firstContentfulPaint: number | null;
  /** `document.readyState`, and the images not loaded yet. */
  readyState: string;
  imagesPending: number;
  /**
   * When there were no frames: the frames in a second after `bringToFront()`, after setting the viewport's size
   * again, after resizing the page's window (CDP Browser.setWindowBounds) and back, after a reload, and on a new page
   * of the same context opened at the same address; and the browser's processes (type:id)
   * now and when it was launched (a GPU process that died and came back shows as a new id).
   */
  afterKicks?: { bringToFront: number; setViewportSize: number; windowBounds: number; reload: number; newPage: number };
  processes?: { now: string[]; atLaunch: string[] };
}

type Probe = Omit<PageHealth, 'url' | 'afterKicks' | 'processes'>;

/** Animation frames the page draws in one second, with what else it says of its state; -1 when it does not answer within 5 s. */
async function framesIn(page: Page): Promise<Probe> {
  const probe = page.evaluate(
    () =>
      new Promise<Probe>((resolve) => {
        let frames = 0;
        const started = performance.now();
        const done = () =>
          resolve({
            frames,
            visibilityState: document.visibilityState,
            rootLength: document.getElementById('root')?.innerHTML.length ?? -1,
            textLength: document.body?.innerText.length ?? -1,
            sinceStart: Math.round(performance.now()),
            firstContentfulPaint:
              performance.getEntriesByName('first-contentful-paint')[0]?.startTime === undefined
                ? null
                : Math.round(performance.getEntriesByName('first-contentful-paint')[0].startTime),
            readyState: document.readyState,
            imagesPending: [...document.images].filter((image) => !image.complete).length,
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
      sinceStart: -1,
      firstContentfulPaint: null,
      readyState: '?',
      imagesPending: -1,
    }
  );
}

/** The browser's processes as `type:id` (CDP SystemInfo.getProcessInfo); empty when it cannot say. */
async function processesOf(browser: Browser | null): Promise<string[]> {
  if (!browser) return [];
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    await session.detach();
    return processInfo.map((process) => `${process.type}:${process.id}`);
  } catch {
    return [];
  }
}

/** The processes of each browser when it was launched through {@link launchBrowser}. */
const processesAtLaunch = new WeakMap<Browser, Promise<string[]>>();

/**
 * A page's state for a failed test's report (runtime/e2e/setup.ts): whether Chromium still draws its frames
 * (Playwright's click waits for two frames to call an element stable, so a page that draws none fails every click
 * with "waiting for element to be visible, enabled and stable"), whether it ever painted, and, when it draws none,
 * whether bringing it to the front, setting its viewport again or a new page at its address draws them, and the
 * browser's processes then and at launch. Never throws.
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
  const windowBounds = await kick(async () => {
    const session = await page.context().newCDPSession(page);
    const { windowId, bounds } = (await session.send('Browser.getWindowForTarget')) as {
      windowId: number;
      bounds: { width: number; height: number };
    };
    await session.send('Browser.setWindowBounds', {
      windowId,
      bounds: { width: bounds.width + 10, height: bounds.height + 10 },
    });
    await session.send('Browser.setWindowBounds', { windowId, bounds: { width: bounds.width, height: bounds.height } });
    await session.detach();
  });
  const reload = await kick(() => page.reload({ waitUntil: 'commit', timeout: 5000 }));
  let newPage = -1;
  try {
    const other = await page.context().newPage();
    await other.goto(page.url(), { waitUntil: 'commit', timeout: 5000 });
    newPage = (await framesIn(other)).frames;
    await other.close();
  } catch {
    // the report says -1
  }
  const browser = page.context().browser();
  return {
    ...health,
    afterKicks: { bringToFront, setViewportSize, windowBounds, reload, newPage },
    processes: {
      now: await processesOf(browser),
      atLaunch: browser ? ((await processesAtLaunch.get(browser)) ?? []) : [],
    },
  };
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
