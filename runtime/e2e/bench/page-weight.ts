/**
 * Page weight (issue "Performance at scale" §5, "Speed"): the JavaScript the login page and a form page load,
 * in real Chromium against the platform as a user runs it; part of `npm run bench`. Figures, never assertions.
 *
 * Method. `startPlatform` (the built front end, pre-compressed by the build, and the API on a fresh embedded
 * store). A page is opened afresh (no cache) and every script it requests until the network is idle is
 * counted: its size as built (raw), gzip-compressed here (level 9, the unit, bar: login under
 * 150 KiB), and as it crossed the wire (`request.sizes().responseBodySize`: the server's brotli copy).
 * The form page is the Concrete Pour Inspection's new entry, after logging in through the API. BENCH_DEBUG=1 lists
 * each script a page loaded with its raw size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser';
import { callApi, logInThroughApi } from '../platform';
import { freePort, startPlatform } from '../server-process';

interface Weight {
  files: number;
  raw: number;
  gzip: number;
  wire: number;
}

/** The scripts a page loads from `url` until the network is idle, in bytes. */
async function weigh(browser: Browser, url: string, cookie?: string): Promise<Weight> {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split('=');
    // For the whole site: a cookie set for the page's URL gets that URL's folder as its path, and the API calls
    // would go without it (the form page was measured on its way to the unauthorised page).
    await context.addCookies([{ name, value, url: new URL(url).origin }]);
  }
  const page = await context.newPage();
  const scripts: Promise<Weight>[] = [];
  // Scripts that finish after the page went idle (a menu loaded after the first paint) are not counted: their
  // reads would outlive the context, and fail once it is closed.
  let measured = false;
  page.on('requestfinished', (request) => {
    if (measured || request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const body = response ? await response.body() : Buffer.alloc(0);
        const sizes = await request.sizes();
        if (process.env.BENCH_DEBUG)
          console.log(`  ${new URL(url).pathname}: ${new URL(request.url()).pathname} ${body.length} B`);
        return { files: 1, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    console.warn(`${url} ended on ${page.url()}: its figures are not that page's`);
  measured = true;
  const all = await Promise.all(scripts);
  await context.close();
  return all.reduce(
    (a, b) => ({ files: a.files + b.files, raw: a.raw + b.raw, gzip: a.gzip + b.gzip, wire: a.wire + b.wire }),
    {
      files: 0,
      raw: 0,
      gzip: 0,
      wire: 0,
    },
  );
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-weight-'));
const platform = await startPlatform(dataDir, await freePort());
const browser = await launchBrowser();
try {
  const cookie = await logInThroughApi(platform.url, 'user@demo.local');
  await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
  const login = await weigh(browser, `${platform.url}/login`);
  const form = await weigh(browser, `${platform.url}/projects/1/qa/1/add`, cookie);
  console.log('\nPage weight: JavaScript loaded (KiB)');
  console.log('page         scripts      raw     gzip     wire   bar (gzip)');
  const row = (name: string, w: Weight, bar: string) =>
    console.log(
      `${name.padEnd(12)}${String(w.files).padStart(8)} ${kib(w.raw)} ${kib(w.gzip)} ${kib(w.wire)}   ${bar}`,
    );
  row('login', login, `< 150: ${login.gzip / 1024 < 150 ? 'met' : 'not met'}`);
  row('form page', form, '-');
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
