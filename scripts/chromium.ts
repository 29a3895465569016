/**
 * Finds and launches a headless Chromium for the browser tests (runtime/e2e) and the benchmarks (api/bench,
 * runtime/e2e/bench) (DESIGN.md "Tests"): CHROME_PATH, then the system Chromium, then the binary shipped in the
 * @sparticuz/chromium npm package, so they run on a machine with no browser installed. Never downloads a browser.
 * In scripts/ so that the API's benchmarks use it without depending on runtime/ (tests/architecture.test.ts).
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

type LaunchPersistentContextOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

// Flags for a closed network: no background calls home, no first-run, no GPU.
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const UNWANTED_PACKAGED_FLAGS = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  // WebGL through SwiftShader in the browser process (for Lambda): nothing here draws with WebGL, and with them
  // Chromium drew every frame through the software GL. Without them shell.e2e and journey.e2e took 85-87 CPU s
  // instead of 104-107 (two runs each, docs/testing.md).
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]);

/** The executable and flags of the Chromium to launch. */
async function launchOptions(): Promise<{ executablePath: string; headless: true; args: string[] }> {
  const system = [process.env.CHROME_PATH, ...SYSTEM_CHROMIUMS].find((p): p is string => !!p && existsSync(p));
  if (system) return { executablePath: system, headless: true, args: QUIET_FLAGS };
  const { default: packaged } = await import('@sparticuz/chromium');
  return {
    executablePath: await packaged.executablePath(),
    headless: true,
    // Its Lambda defaults include --single-process (the browser dies when a context closes) and
    // --disable-web-security (would hide same-origin bugs), and its software WebGL: these are left out.
    args: [...packaged.args.filter((a) => !UNWANTED_PACKAGED_FLAGS.has(a)), ...QUIET_FLAGS],
  };
}

/** Launches a headless Chromium. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await launchOptions());
}

/**
 * Launches a headless Chromium on the profile folder `userDataDir` and gives its one context: what it stores
 * (service workers, caches, IndexedDB, localStorage, cookies) stays in the folder, so closing it and launching again
 * on the same folder is a browser restart on the same device (issue 26's offline tests).
 */
export async function launchPersistentContext(
  userDataDir: string,
  options: Omit<LaunchPersistentContextOptions, 'executablePath' | 'headless' | 'args'> = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...(await launchOptions()), ...options });
}
