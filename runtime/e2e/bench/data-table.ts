/**
 * The data table's speed in real Chromium (issue 9 "Speed": render and edit a 1,000-row, 12-column
 * editable table); part of `npm run bench`. Figures, never assertions.
 *
 * Method. A bench-only page (runtime/e2e/bench/data-table, built here by Vite in production mode) renders
 * the shared renderer's data table (ui:field "data-table" through SchemaForm: the same cells, editors,
 * row store and footer totals as every register) over 1,000 rows of 12 editable columns, all on one page
 * (page size 1,000), the Value and Currency columns totalled in the footer.
 * - first render: from navigation, and from the page script's start (`__startAt`), to the next frame after
 *   the 1,000th row is in the document (a MutationObserver, then requestAnimationFrame + setTimeout); the
 *   median of RUNS loads; and the same for the table read-only (`?readonly=1`, the baseline:
 *   material-react-table's own text cells over the same rows).
 * - edit-to-paint: a capturing keydown listener notes the time; the measure ends in the first frame after
 *   the input event in which the footer's total of the edited column has changed. KEYS keystrokes (after
 *   WARM_UP) into the Value cell of row 500: a digit, then Backspace, so every key changes the total;
 *   p50 and p95.
 * Options: BENCH_RUNS (default 3), BENCH_KEYS (default 60), BENCH_ROWS (default 1000).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../browser';
import { freePort } from '../server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const WARM_UP = 5;
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const out = path.join(root, '.tmp', 'bench-data-table');

/** Builds the bench page and serves it; its URL. */
async function servePage(): Promise<{ url: string; server: Server }> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, 'data-table'),
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = (req.url ?? '/').split('?')[0];
    const full = path.join(out, file === '/' ? 'index.html' : path.normalize(file).replace(/^(\.\.[/\\])+/, ''));
    try {
      const bytes = readFileSync(full);
      res.writeHead(200, { 'Content-Type': types[path.extname(full)] ?? 'application/octet-stream' });
      res.end(bytes);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Installed before any page script: the paint of the last row, and edit-to-paint times of the watched total. */
function instrument(rows: number) {
  const w = window as unknown as { __paintAt?: number; __keys: number[]; __watch?: string };
  w.__keys = [];
  const nextFrame = (done: () => void) => requestAnimationFrame(() => setTimeout(done, 0));
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('tbody tr').length >= rows) {
      observer.disconnect();
      nextFrame(() => {
        w.__paintAt = performance.now();
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  let startedAt = 0;
  let watchedText: string | null = null;
  document.addEventListener(
    'keydown',
    () => {
      startedAt = performance.now();
      watchedText = w.__watch ? (document.querySelector(w.__watch)?.textContent ?? null) : null;
    },
    true,
  );
  document.addEventListener(
    'input',
    () => {
      const began = startedAt;
      const selector = w.__watch;
      if (!selector) return;
      const check = () => {
        if ((document.querySelector(selector)?.textContent ?? null) !== watchedText)
          w.__keys.push(performance.now() - began);
        else nextFrame(check);
      };
      nextFrame(check);
    },
    true,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function load(page: Page, url: string): Promise<{ nav: number; mount: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __paintAt?: number }).__paintAt !== undefined, null, {
    timeout: 120_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as { __paintAt: number; __startAt: number };
    return { nav: w.__paintAt, mount: w.__paintAt - w.__startAt };
  });
}

const { url, server } = await servePage();
const browser = await launchBrowser();
try {
  const navs: number[] = [];
  const mounts: number[] = [];
  let page: Page | undefined;
  for (let run = 0; run < RUNS; run++) {
    await page?.context().close();
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    await context.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})(${ROWS});` });
    page = await context.newPage();
    const { nav, mount } = await load(page, `${url}/?rows=${ROWS}`);
    navs.push(nav);
    mounts.push(mount);
  }
  if (!page) throw new Error('no runs');
  const baseline: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    await context.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})(${ROWS});` });
    const readonly = await context.newPage();
    baseline.push((await load(readonly, `${url}/?rows=${ROWS}&readonly=1`)).mount);
    await context.close();
  }
  const target = Math.min(500, ROWS) - 1;
  await page.evaluate(() => {
    (window as unknown as { __watch?: string }).__watch = 'output[aria-label="Total Value"]';
  });
  const input = page.locator('tbody tr').nth(target).locator('input[aria-label="Value"]');
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await page.keyboard.press('End');
  const keys = Array.from({ length: KEYS + WARM_UP }, (_, i) => (i % 2 === 0 ? String((i % 9) + 1) : 'Backspace'));
  for (const [i, key] of keys.entries()) {
    await page.waitForTimeout(Math.random() * 17);
    await page.keyboard.press(key);
    await page.waitForFunction((n) => (window as unknown as { __keys: number[] }).__keys.length >= n, i + 1, {
      polling: 'raf',
      timeout: 30_000,
    });
  }
  const times = (await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys)).slice(WARM_UP);
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\nData table in Chromium: ${ROWS} rows x 12 editable columns on one page (median of ${RUNS} loads; ${KEYS} keystrokes), ms`,
  );
  console.log(`${'first render from navigation'.padEnd(40)}${f(median(navs))}`);
  console.log(`${'first render from the page script'.padEnd(40)}${f(median(mounts))}`);
  console.log(`${'  the same read-only (baseline)'.padEnd(40)}${f(median(baseline))}`);
  console.log(`${'edit-to-paint of a totalled cell, p50'.padEnd(40)}${f(percentile(times, 50))}`);
  console.log(`${'edit-to-paint of a totalled cell, p95'.padEnd(40)}${f(percentile(times, 95))}`);
} finally {
  await browser.close();
  server.close();
}
