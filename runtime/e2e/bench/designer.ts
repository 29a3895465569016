/**
 * `npm run bench:designer` (also part of `npm run bench`): the form creator against SurveyJS Creator in real
 * Chromium on this machine, side by side in one run (issue 21 "Speed"). Figures, never assertions.
 *
 * Method. One generator (./designer-form.ts) writes the same 500-question, 10-page form in both formats (text,
 * numbers, long texts, Yes / No / N/A dropdowns, questions shown by a condition on them, dates, checkbox lists,
 * a 10-row scored grid; the first page holds 100 questions). Ours: the platform as a user runs it
 * (`startPlatform`: the built front end and the API on the embedded store, a fresh DATA_DIR), the form created
 * through the API in quality assurance and opened at `/quality-assurance/form-creator/{id}` signed in as the demo
 * administrator. SurveyJS: survey-creator-react 2.5.43 (with survey-core, survey-react-ui and survey-creator-core
 * 2.5.43, dev dependencies) on a bench-only page (./surveyjs-creator) built here with Vite into .tmp/, served by a
 * small static server, opening the survey JSON as its documentation shows. Both in a 1400 x 900 window.
 *
 * "Next frame" is the rule of the form-page benchmark: a check run in each requestAnimationFrame after the
 * user's input (a capturing pointerdown or keydown noting the time) finds the change in the document, and the
 * measure ends in a setTimeout after that frame (so the frame holding it was produced).
 * Each edit's CPU figure is the renderer's main-thread CPU time from the input to that frame (DevTools'
 * Performance metric ThreadTime, in thread ticks): what the edit cost the page, steady on a busy machine where
 * the latency is not; the latency also holds the wait for the display's next refresh (0-16.7 ms: keys are pressed
 * at a random phase), so no designer's p95 latency goes under about 17 ms on this measure.
 * - open: navigation to the next frame after the first page's first question is in the designer, ours with its
 *   widgets rendered (a row shows its label first; median of
 *   RUNS fresh loads), and "interactive": that, or the end of the last long task (over 50 ms, a
 *   PerformanceObserver) before a second without one, whichever is later; "first page complete" (ours): the frame
 *   after which no row of the canvas waits for its widgets (the opening page's rows below the view render theirs one
 *   a frame after the first paint: designer/canvas/opening-turns.ts; SurveyJS: its open); "open CPU": the main
 *   thread's CPU from the document's first script to the end of that frame (the trace, below). The times are
 *   read from untraced loads, and the CPU from a second, traced load of each run (since 2026-11-28: recording a
 *   trace slowed the page by a fifth to a third, and the times had been read under it).
 * - add a question from the palette: the first question selected, then (ours) Enter on the palette's Text
 *   item, (SurveyJS) a click on its toolbox's Single-Line Input; until the next frame showing a question that
 *   was not there. ADDS times; p50 and p95 (of 20: with 10, as until 2026-11-27, the p95 was the largest, which is
 *   the first add, whose code runs for the first time; its frame CPU is printed on its own, "first add frame CPU").
 * - drag-reorder on the 100-question page: the first question dragged by the mouse down over the page (its
 *   drag handle; 40 moves of 8 px, one every 16 ms), the frames' durations while dragging (requestAnimationFrame
 *   deltas); p50 and p95.
 * - property edit to canvas update: the first question selected, its label (ours: the property panel's Label;
 *   SurveyJS: the property grid's Question title) typed into, KEYS keys, until the next frame in which the
 *   canvas shows the text typed so far; p50 and p95.
 * - undo of a page deletion: the second page (50 questions and the grid) deleted, then Undo clicked, until the
 *   next frame in which the page list holds ten pages again (ours: the page tabs; SurveyJS: its page
 *   navigator); UNDOS times, median.
 * - open of a 1,000-question form (10 pages of 100), ours and SurveyJS's, as above.
 * The edits' **frame CPU** (add, label, undo; the issue's "every edit's next frame p95 <= 16 ms" read as the edit's
 * own frame's work): Chromium traces the page while the edits run, and the figure is the thread time of the main
 * thread's top-level tasks from the task holding the input to the end of the task holding the frame that shows
 * the change (the page marks both: `bench-input-N`, `bench-frame-N`). Work a designer moves after that frame (a
 * deferred render) is not in it; "longest task after the frame" (up to the next input, at most 1 s) says whether
 * that later work could hold up the next input. The ThreadTime figure above ("CPU") counts everything until the
 * bench reads it after the frame, so it holds part of that later work.
 * Options: BENCH_RUNS (default 3), BENCH_KEYS (default 30), BENCH_ADDS (default 20), BENCH_UNDOS (default 3),
 * BENCH_SIDES ('ours,surveyjs' by default), BENCH_FIGURES (the figures measured, by default all:
 * 'open,add,drag,label,undo,open1000'; open's 500-question page is always loaded, once with BENCH_RUNS=1: e.g.
 * `BENCH_SIDES=ours BENCH_RUNS=1 BENCH_FIGURES=add,undo` while iterating), BENCH_TRACE=0 (no trace, no frame CPU),
 * BENCH_PROFILE=1 (for each figure of each side a CPU profile: its heaviest functions printed, the whole written
 * to .tmp/bench-designer-<side>-<figure>.cpuprofile for DevTools; and each traced figure's Chromium trace as
 * .tmp/bench-designer-trace-N.json), BENCH_DEBUG=1 (the canvas's first questions after adding and dragging, with
 * screenshots in .tmp/).
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../browser';
import { callApi, logInThroughApi } from '../platform';
import { freePort, startPlatform } from '../server-process';
import { type DesignerForm, designerForm } from './designer-form';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const ADDS = Number(process.env.BENCH_ADDS ?? 20);
const UNDOS = Number(process.env.BENCH_UNDOS ?? 3);
const SIDES = (process.env.BENCH_SIDES ?? 'ours,surveyjs').split(',');
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const TRACE = process.env.BENCH_TRACE !== '0';
const FIGURES = new Set((process.env.BENCH_FIGURES ?? 'open,add,drag,label,undo,open1000').split(','));
const AREA = 'quality-assurance';
const VIEWPORT = { width: 1400, height: 900 };
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const surveyOut = path.join(root, '.tmp', 'bench-surveyjs');

/** What a measure waits for, checked in each frame after the input (plain data: the platform's CSP has no eval). */
type Until =
  | { kind: 'present'; selector: string }
  | { kind: 'new'; selector: string; attribute: string }
  | { kind: 'count'; selector: string; count: number }
  | { kind: 'text'; selector: string; text: string };

/** Installed before any page script: the measures' clock, frame log and long tasks. */
function instrument() {
  type Armed = {
    until: Until;
    known: Set<string>;
    startedAt: number;
    result?: number;
  };
  const w = window as unknown as {
    __arm: (until: Until) => void;
    __armed?: Armed;
    __paintAt?: number;
    __longTasks: Array<{ start: number; end: number }>;
    __frames: number[] | null;
    __firstQuestion?: string;
    __pending?: string;
    __completeAt?: number;
  };
  w.__longTasks = [];
  // The open's start for the trace: the document's first script (its CPU from here to the first question's frame).
  performance.mark('bench-input-0');
  // What an edit costs the page (BENCH_DEBUG): style rules inserted and nodes changed.
  const counts = { rules: 0, mutations: 0 };
  (w as unknown as { __counts: typeof counts }).__counts = counts;
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    counts.rules++;
    return insertRule.call(this, rule, index);
  };
  new MutationObserver((records) => {
    counts.mutations += records.length;
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing: interactive is the first paint
  }
  const holds = (armed: Armed): boolean => {
    const { until } = armed;
    if (until.kind === 'present') return document.querySelector(until.selector) !== null;
    if (until.kind === 'count') return document.querySelectorAll(until.selector).length === until.count;
    if (until.kind === 'text') return (document.querySelector(until.selector)?.textContent ?? '').includes(until.text);
    for (const element of document.querySelectorAll(until.selector))
      if (!armed.known.has(element.getAttribute(until.attribute) ?? '')) return true;
    return false;
  };
  w.__arm = (until) => {
    const known = new Set<string>();
    if (until.kind === 'new')
      for (const element of document.querySelectorAll(until.selector))
        known.add(element.getAttribute(until.attribute) ?? '');
    w.__armed = { until, known, startedAt: 0 };
  };
  let seq = 0;
  const start = () => {
    const armed = w.__armed;
    if (!armed) return;
    if (armed.startedAt !== 0) return;
    armed.startedAt = performance.now();
    // The trace's markers of the edit (its input, and the frame showing it): the frame CPU (bench side).
    seq += 1;
    const n = seq;
    performance.mark(`bench-input-${n}`);
    const check = () => {
      if (holds(armed)) {
        performance.mark(`bench-frame-${n}`);
        setTimeout(() => (armed.result = performance.now() - armed.startedAt), 0);
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  // Every input (measured or not) ends the window of the work after the frame before it.
  const anyInput = () => performance.mark('bench-any-input');
  document.addEventListener('pointerdown', anyInput, true);
  document.addEventListener('keydown', anyInput, true);
  document.addEventListener('pointerdown', start, true);
  document.addEventListener('keydown', start, true);
  // The designer's first question: its first paint.
  // The first page complete: the first question shown and no row still waiting for its widgets (ours: a row's label
  // in its widgets' place); its frame, as the first question's.
  let firstShown = false;
  const complete = new MutationObserver(() => {
    if (!firstShown || (w.__pending && document.querySelector(w.__pending))) return;
    complete.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__completeAt = performance.now();
      }, 0),
    );
  });
  complete.observe(document, { childList: true, subtree: true });
  const observer = new MutationObserver(() => {
    if (w.__firstQuestion && document.querySelector(w.__firstQuestion)) {
      observer.disconnect();
      firstShown = true;
      requestAnimationFrame(() => {
        // The open's frame for the trace (measure 0: from the document's start, below).
        performance.mark('bench-frame-0');
        setTimeout(() => {
          w.__paintAt = performance.now();
        }, 0);
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  // Frame durations while logging (a drag).
  w.__frames = null;
  let last = 0;
  const frame = (now: number) => {
    if (w.__frames) {
      if (last > 0) w.__frames.push(now - last);
      last = now;
    } else last = 0;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** One side's selectors and actions. */
interface Side {
  name: string;
  /** The first question on the canvas, and the n-th question's element. */
  first: string;
  /** The first question shown in full (open's end): ours with its widgets, not only its label. */
  opened: string;
  /** A question shown before its widgets (ours: its label in their place), if the side does that. */
  pending?: string;
  question: (n: number) => string;
  /** Every question element, and the attribute naming it. */
  questions: { selector: string; attribute: string };
  /** Adds a question from the palette after the selected one. */
  add: (page: Page) => Promise<void>;
  /** The drag handle of question n (hovered first where it shows on hover). */
  dragHandle: (page: Page, n: number) => Promise<{ x: number; y: number }>;
  /** Focuses the selected question's label editor, at its end. */
  focusLabel: (page: Page) => Promise<void>;
  /** The selector of question n's shown label. */
  labelOf: (n: number) => string;
  /** Deletes page 2 and waits until it is gone; the selector counting the pages. */
  deletePage: (page: Page) => Promise<void>;
  pages: string;
  undo: (page: Page) => Promise<void>;
}

const ours: Side = {
  name: 'ours',
  first: '[data-testid="canvas-question-1"]',
  // A row mounts with its label and renders its widgets after (designer/canvas/QuestionPreview.tsx).
  opened: '[data-testid="canvas-question-1"] .rjsf',
  pending: '[data-testid="designer-canvas"] [data-preview-pending]',
  question: (n) => `[data-testid="canvas-question-${n}"]`,
  questions: { selector: '[data-testid^="canvas-question-"]', attribute: 'data-testid' },
  add: async (page) => {
    await page.locator('[data-testid="palette-item-text"]').focus();
    await page.keyboard.press('Enter');
  },
  dragHandle: async (page, n) => {
    const row = page.locator(`[data-testid="canvas-question-${n}"]`);
    await row.hover();
    const handle = row.locator('[data-drag-handle], [aria-roledescription="sortable"]').first();
    const box = (await handle.count()) > 0 ? await handle.boundingBox() : await row.boundingBox();
    if (!box) throw new Error('no drag handle');
    return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 12) };
  },
  focusLabel: async (page) => {
    const label = page.getByTestId('designer-properties').getByRole('textbox', { name: 'Label', exact: true });
    await label.click();
    await page.keyboard.press('End');
  },
  labelOf: (n) => `[data-testid="canvas-question-${n}"]`,
  deletePage: async (page) => {
    const tabs = page.getByRole('tab');
    await tabs.nth(1).click();
    const count = await tabs.count();
    await page.getByRole('button', { name: /^Actions of page/ }).click();
    await page.getByRole('menuitem', { name: 'Delete page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete page' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[role="tab"]').length === n - 1, count);
  },
  pages: '[role="tab"]',
  undo: async (page) => {
    // The toolbar's (a deletion's notice has an Undo too).
    await page.locator('button[aria-label="Undo"]').click();
  },
};

const surveyjs: Side = {
  name: 'SurveyJS',
  first: '[data-name="q1"]',
  opened: '[data-name="q1"]',
  question: (n) => `[data-name="q${n}"]`,
  questions: { selector: '[data-name]', attribute: 'data-name' },
  add: async (page) => {
    await page.locator('.svc-toolbox__item[aria-label="Single-Line Input"]').click();
  },
  dragHandle: async (page, n) => {
    const question = page.locator(`[data-name="q${n}"]`).first();
    await question.hover();
    const handle = page
      .locator('.svc-question__adorner', { has: page.locator(`[data-name="q${n}"]`) })
      .locator('.svc-question__drag-area')
      .first();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no drag handle');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  },
  focusLabel: async (page) => {
    await page.locator('textarea.spg-comment').first().click();
    await page.keyboard.press('End');
  },
  labelOf: (n) => `[data-name="q${n}"] .sd-question__title`,
  deletePage: async (page) => {
    await page.evaluate(() => {
      const creator = (
        window as unknown as { __creator: { survey: { pages: unknown[] }; deleteElement(e: unknown): void } }
      ).__creator;
      creator.deleteElement(creator.survey.pages[1]);
    });
    await page.waitForFunction(() => document.querySelectorAll('.svc-page-navigator-item').length === 9);
  },
  pages: '.svc-page-navigator-item',
  undo: async (page) => {
    await page.locator('button[title="Undo"]').click();
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Starts a CPU profile of the page (BENCH_PROFILE); `stop` prints its heaviest functions by self time. */
async function profile(page: Page, label: string): Promise<{ stop: () => Promise<void> }> {
  if (!PROFILE) return { stop: async () => undefined };
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    stop: async () => {
      const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      // The whole profile too, for DevTools' Performance panel (Load profile).
      writeFileSync(
        path.join(root, '.tmp', `bench-designer-${label.replace(/\W+/g, '-')}.cpuprofile`),
        JSON.stringify(p),
      );
      const byNode = new Map(p.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      p.samples.forEach((id, i) => {
        const frame = byNode.get(id)?.callFrame;
        if (!frame) return;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
      });
      console.log(`--- profile: ${label}`);
      for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
      await cdp.detach();
    },
  };
}

/** With BENCH_DEBUG: what the canvas shows (the first questions in order), to check that an action did what it says. */
async function debug(page: Page, side: Side, what: string): Promise<void> {
  if (!process.env.BENCH_DEBUG) return;
  const order = await page.evaluate(
    ({ selector, attribute }) =>
      [...document.querySelectorAll(selector)].slice(0, 8).map((e) => e.getAttribute(attribute)),
    side.questions,
  );
  console.log(`${side.name} ${what}; first questions: ${order.join(', ')}`);
  await page.screenshot({ path: path.join(root, '.tmp', `bench-designer-${side.name}-${what.split(' ')[0]}.png`) });
}

/**
 * Waits until the page has had no long task for half a second (at most 10 s): each measured action starts
 * from a page at rest, not while the one before (or a selection's property panel) is still being built.
 */
async function settle(page: Page): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const quiet = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: Array<{ end: number }> };
      const lastEnd = w.__longTasks.reduce((latest, t) => Math.max(latest, t.end), 0);
      return performance.now() - lastEnd >= 500;
    });
    if (quiet) return;
    await page.waitForTimeout(100);
  }
}

/** Scrolls every scrolled element back to its top (a drag near an edge scrolls the canvas). */
async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('*')) if (element.scrollTop > 0) element.scrollTop = 0;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

/** An edit's main-thread work as the trace shows it (ms). */
interface FrameWork {
  /** CPU (thread time) of the main thread's tasks from the input's task to the end of the frame showing the change. */
  frame: number;
  /**
   * The CPU of the longest main-thread task after that frame, before the next input (at most 1 s later): what may
   * hold up the next input (CPU, not wall time: steady on a loaded machine).
   */
  afterTask: number;
  /** CPU of the tasks in that window: the work moved after the frame. */
  after: number;
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The traces written with BENCH_PROFILE (.tmp/bench-designer-trace-N.json). */
let traceSeq = 0;

/**
 * Runs `run` while Chromium traces the page, and answers each measure's {@link FrameWork} (in the order of the
 * measures armed in it: the page marks `bench-input-N` and `bench-frame-N`). The main thread's top-level tasks
 * (`RunTask`) are summed by their thread time (`tdur`), so the figure is CPU, not wall time.
 */
async function traced<T>(
  browser: Browser,
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; work: FrameWork[] }> {
  if (!TRACE) return { result: await run(), work: [] };
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'toplevel',
      '__metadata',
    ],
  });
  const result = await run();
  const buffer = await browser.stopTracing();
  if (PROFILE) {
    traceSeq += 1;
    writeFileSync(path.join(root, '.tmp', `bench-designer-trace-${traceSeq}.json`), buffer);
  }
  const raw = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const marks = new Map<string, TraceEvent>();
  for (const e of events) if (/^bench-(input|frame)-\d+$/.test(e.name)) marks.set(e.name, e);
  const inputs = events
    .filter((e) => e.name === 'bench-any-input')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const first = [...marks.values()][0];
  if (!first) return { result, work: [] };
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === first.pid && e.args?.name === 'CrRendererMain',
  );
  const tid = main?.tid ?? first.tid;
  // Top-level tasks only (a nested run loop's tasks are inside their parent's).
  const tasks: TraceEvent[] = [];
  for (const e of events
    .filter((x) => x.ph === 'X' && x.name === 'RunTask' && x.pid === first.pid && x.tid === tid)
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(e);
  }
  const cpu = (t: TraceEvent) => (t.tdur ?? t.dur ?? 0) / 1000;
  const containing = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0));
  const numbers = [...marks.keys()]
    .filter((k) => k.startsWith('bench-input-'))
    .map((k) => Number(k.slice('bench-input-'.length)))
    .sort((a, b) => a - b);
  const work: FrameWork[] = [];
  for (const n of numbers) {
    const input = marks.get(`bench-input-${n}`);
    const frame = marks.get(`bench-frame-${n}`);
    if (!input || !frame) continue;
    const from = containing(input.ts)?.ts ?? input.ts;
    const frameTask = containing(frame.ts);
    const frameEnd = frameTask ? frameTask.ts + (frameTask.dur ?? 0) : frame.ts;
    const next = inputs.find((ts) => ts > frame.ts) ?? Number.POSITIVE_INFINITY;
    const until = Math.min(next, frameEnd + 1_000_000);
    const inFrame = tasks.filter((t) => t.ts >= from && t.ts <= frame.ts);
    const later = tasks.filter((t) => t.ts > frameEnd - 1 && t.ts < until && t !== frameTask);
    work.push({
      frame: inFrame.reduce((sum, t) => sum + cpu(t), 0),
      afterTask: later.reduce((longest, t) => Math.max(longest, cpu(t)), 0),
      after: later.reduce((sum, t) => sum + cpu(t), 0),
    });
  }
  return { result, work };
}

/** The measures' latencies and CPU times (ms). */
const latencies = (measures: readonly Measure[]) => measures.map((m) => m.latency);
const cpus = (measures: readonly Measure[]) => measures.map((m) => m.cpu);

/** One measure: input to the next frame showing the change, and the main thread's CPU time for it (ms). */
interface Measure {
  latency: number;
  cpu: number;
}

/** Each page's DevTools session with its Performance domain on (the renderer's main-thread CPU time). */
const sessions = new WeakMap<Page, CDPSession>();

/** The page's main thread's CPU time so far (ms): DevTools' Performance metric ThreadTime. */
async function threadTime(page: Page): Promise<number> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    sessions.set(page, session);
  }
  const { metrics } = await session.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/** Arms a measure, runs the action, and answers the measure's times (ms). */
async function measureOnce(page: Page, until: Until, action: () => Promise<void>): Promise<Measure> {
  await settle(page);
  await page.evaluate((u) => (window as unknown as { __arm: (u: Until) => void }).__arm(u), until);
  const cpuBefore = await threadTime(page);
  await action();
  const handle = await page.waitForFunction(
    () => {
      const armed = (window as unknown as { __armed?: { result?: number } }).__armed;
      return armed?.result;
    },
    null,
    { polling: 'raf', timeout: 60_000 },
  );
  const latency = (await handle.jsonValue()) as number;
  return { latency, cpu: (await threadTime(page)) - cpuBefore };
}

interface Opened {
  paint: number;
  interactive: number;
  /** The frame after which the first page shows every question it placed with its widgets (ours; SurveyJS: paint). */
  complete: number;
  /** The main thread's CPU from the document's first script to the end of the first question's frame (the trace). */
  cpu: number;
}

/**
 * Opens the designer in a fresh page; first paint and interactive times. `trace`: the load runs under a Chromium
 * trace for its main-thread CPU (`cpu`; NaN without), whose recording slows the page itself (a fifth to a third
 * more wall time here): the wall times are read from untraced loads (openTimes).
 */
async function open(
  context: BrowserContext,
  url: string,
  side: Side,
  trace = TRACE,
): Promise<{ page: Page; times: Opened }> {
  const page = await context.newPage();
  await page.addInitScript({
    content: `window.__firstQuestion = ${JSON.stringify(side.opened)}; window.__pending = ${JSON.stringify(side.pending ?? '')};`,
  });
  const profiling = await profile(page, `${side.name} open`);
  const browser = context.browser();
  const paint = async () => {
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __paintAt?: number }).__paintAt !== undefined, null, {
      timeout: 120_000,
    });
  };
  let work: FrameWork[] = [];
  if (browser && trace) ({ work } = await traced(browser, page, paint));
  else await paint();
  // Interactive: no long task for a second after the paint (at most 20 s).
  for (let waited = 0; waited < 20_000; waited += 250) {
    await page.waitForTimeout(250);
    const quiet = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: Array<{ end: number }> };
      const lastEnd = w.__longTasks.reduce((latest, t) => Math.max(latest, t.end), 0);
      return performance.now() - lastEnd >= 1000;
    });
    if (quiet) break;
  }
  await profiling.stop();
  const times = await page.evaluate(() => {
    const w = window as unknown as {
      __paintAt: number;
      __completeAt?: number;
      __longTasks: Array<{ start: number; end: number }>;
    };
    const lastEnd = w.__longTasks.reduce((latest, t) => Math.max(latest, t.end), 0);
    return {
      paint: w.__paintAt,
      interactive: Math.max(w.__paintAt, lastEnd),
      complete: Math.max(w.__paintAt, w.__completeAt ?? w.__paintAt),
    };
  });
  return { page, times: { ...times, cpu: work.find((w) => w.frame > 0)?.frame ?? Number.NaN } };
}

/**
 * One load's figures: its wall times from an untraced load, and (with the trace on) its main-thread CPU from a
 * second, traced load in a new context, whose page the caller goes on with.
 */
async function openTimes(
  browser: Browser,
  context: BrowserContext,
  url: string,
  side: Side,
  cookie?: string,
): Promise<{ context: BrowserContext; page: Page; times: Opened }> {
  const untraced = await open(context, url, side, false);
  if (!TRACE) return { context, ...untraced };
  await context.close();
  const next = await newContext(browser, cookie);
  const traced = await open(next, url, side, true);
  return { context: next, page: traced.page, times: { ...untraced.times, cpu: traced.times.cpu } };
}

interface Figures {
  open: Opened;
  addP50: number;
  addP95: number;
  dragP50: number;
  dragP95: number;
  labelP50: number;
  labelP95: number;
  undo: number;
  /** The main thread's CPU time per edit (p50, p95; undo: median). */
  addCpuP50: number;
  addCpuP95: number;
  labelCpuP50: number;
  labelCpuP95: number;
  undoCpu: number;
  /** The main thread's CPU from the input to the end of the frame showing the change (the trace; p50, p95). */
  addFrameP50: number;
  addFrameP95: number;
  /** The first add's frame CPU (the page's first add: code run for the first time). */
  addFrameFirst: number;
  /** p95 over the adds of the longest task after the add's frame (what could hold up the next input). */
  addAfterTaskP95: number;
  labelFrameP50: number;
  labelFrameP95: number;
  undoFrame: number;
  undoAfterTask: number;
  open1000?: Opened;
}

async function newContext(browser: Browser, cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // No service worker: registered after the first page (runtime/main.tsx), its precache (hundreds of the build's
    // files) would run beside the edits measured.
    serviceWorkers: 'block',
    ...(cookie
      ? {
          storageState: {
            cookies: [
              {
                name: cookie.split('=')[0],
                value: cookie.split('=').slice(1).join('='),
                domain: '127.0.0.1',
                path: '/',
                expires: -1,
                httpOnly: true,
                secure: false,
                sameSite: 'Lax' as const,
              },
            ],
            origins: [],
          },
        }
      : {}),
  });
  // As text: tsx names functions with a `__name` helper the page does not have.
  await context.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})();` });
  return context;
}

/** Every figure of one side. */
async function measureSide(
  browser: Browser,
  side: Side,
  urls: { f500: string; f1000: string },
  cookie?: string,
): Promise<Figures> {
  const opens: Opened[] = [];
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  for (let run = 0; run < RUNS; run++) {
    await context?.close();
    context = await newContext(browser, cookie);
    const opened = await openTimes(browser, context, urls.f500, side, cookie);
    context = opened.context;
    page = opened.page;
    opens.push(opened.times);
    if (process.env.BENCH_DEBUG) {
      // The load's requests in time order (start → response end, ms from navigation), to read the open's waits by.
      const requests = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (e) =>
            `${e.startTime.toFixed(0).padStart(5)} → ${e.responseEnd.toFixed(0).padStart(5)}  ${e.name.replace(location.origin, '')}`,
        ),
      );
      console.log(
        `${side.name} open ${run + 1}: painted at ${opened.times.paint.toFixed(0)} ms\n${requests.join('\n')}`,
      );
    }
  }
  // The edits run on the last load's page.
  if (!context || !page) throw new Error('no runs');

  // Add a question from the palette, after the first question.
  const adds: Measure[] = [];
  let addWork: FrameWork[] = [];
  if (FIGURES.has('add')) {
    const adding = await profile(page, `${side.name} add`);
    ({ work: addWork } = await traced(browser, page, async () => {
      for (let i = 0; i < ADDS; i++) {
        await page?.locator(side.first).first().click();
        await page?.waitForTimeout(200);
        adds.push(
          await measureOnce(page as Page, { kind: 'new', ...side.questions }, async () => {
            await side.add(page as Page);
          }),
        );
        await page?.waitForTimeout(200);
      }
    }));
    await adding.stop();
    await debug(page, side, `adds ${adds.map((a) => a.latency.toFixed(0)).join(' ')}`);
  }

  // Drag question 2 down the page.
  let frames: number[] = [];
  if (FIGURES.has('drag')) frames = await dragFrames(page, side);

  // Type into the first question's label.
  let labels: Measure[] = [];
  let labelWork: FrameWork[] = [];
  if (FIGURES.has('label')) ({ labels, labelWork } = await typeLabel(browser, page, side));

  // Delete page 2, then undo.
  const undos: Measure[] = [];
  const undoWork: FrameWork[] = [];
  if (FIGURES.has('undo'))
    for (let i = 0; i < UNDOS; i++) {
      await side.deletePage(page);
      await page.waitForTimeout(300);
      const undoing = await profile(page, `${side.name} undo`);
      const { result, work } = await traced(browser, page, () =>
        measureOnce(page as Page, { kind: 'count', selector: side.pages, count: 10 }, () => side.undo(page as Page)),
      );
      undos.push(result);
      undoWork.push(...work);
      await undoing.stop();
      await page.waitForTimeout(300);
    }
  await context.close();

  // The 1,000-question form.
  const opens1000: Opened[] = [];
  if (FIGURES.has('open1000'))
    for (let run = 0; run < RUNS; run++) {
      const c = await newContext(browser, cookie);
      const opened = await openTimes(browser, c, urls.f1000, side, cookie);
      opens1000.push(opened.times);
      await opened.context.close();
    }

  const nan = (values: number[]) => (values.length > 0 ? values : [Number.NaN]);
  const frameCpu = (work: FrameWork[]) => nan(work.map((w) => w.frame));
  const afterTask = (work: FrameWork[]) => nan(work.map((w) => w.afterTask));
  return {
    open: {
      paint: median(opens.map((o) => o.paint)),
      interactive: median(opens.map((o) => o.interactive)),
      complete: median(opens.map((o) => o.complete)),
      cpu: median(opens.map((o) => o.cpu)),
    },
    addP50: percentile(nan(latencies(adds)), 50),
    addP95: percentile(nan(latencies(adds)), 95),
    dragP50: percentile(nan(frames), 50),
    dragP95: percentile(nan(frames), 95),
    labelP50: percentile(nan(latencies(labels)), 50),
    labelP95: percentile(nan(latencies(labels)), 95),
    undo: median(nan(latencies(undos))),
    addCpuP50: percentile(nan(cpus(adds)), 50),
    addCpuP95: percentile(nan(cpus(adds)), 95),
    labelCpuP50: percentile(nan(cpus(labels)), 50),
    labelCpuP95: percentile(nan(cpus(labels)), 95),
    undoCpu: median(nan(cpus(undos))),
    addFrameP50: percentile(frameCpu(addWork), 50),
    addFrameP95: percentile(frameCpu(addWork), 95),
    addFrameFirst: frameCpu(addWork)[0],
    addAfterTaskP95: percentile(afterTask(addWork), 95),
    labelFrameP50: percentile(frameCpu(labelWork), 50),
    labelFrameP95: percentile(frameCpu(labelWork), 95),
    undoFrame: median(frameCpu(undoWork)),
    undoAfterTask: median(afterTask(undoWork)),
    open1000:
      opens1000.length > 0
        ? {
            paint: median(opens1000.map((o) => o.paint)),
            interactive: median(opens1000.map((o) => o.interactive)),
            complete: median(opens1000.map((o) => o.complete)),
            cpu: median(opens1000.map((o) => o.cpu)),
          }
        : undefined,
  };
}

/** The first question dragged down the page: every frame's duration while dragging (ms). */
async function dragFrames(page: Page, side: Side): Promise<number[]> {
  await page.locator(side.first).first().scrollIntoViewIfNeeded();
  const dragging = await profile(page, `${side.name} drag`);
  await settle(page);
  const from = await side.dragHandle(page, 1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.evaluate(() => {
    (window as unknown as { __frames: number[] | null }).__frames = [];
  });
  for (let i = 1; i <= 40; i++) {
    await page.mouse.move(from.x + (i < 3 ? i * 4 : 8), from.y + i * 8);
    await page.waitForTimeout(16);
    if (i === 15) await debug(page, side, 'mid-drag');
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[] | null };
    const all = w.__frames ?? [];
    w.__frames = null;
    return all;
  });
  await page.mouse.up();
  await dragging.stop();
  await page.waitForTimeout(500);
  await scrollToTop(page);
  await debug(page, side, `drag: ${frames.length} frames`);
  return frames;
}

/** KEYS keys typed into the first question's label: each key's measure and frame work. */
async function typeLabel(
  browser: Browser,
  page: Page,
  side: Side,
): Promise<{ labels: Measure[]; labelWork: FrameWork[] }> {
  await page.locator(side.first).first().click();
  await page.waitForTimeout(300);
  await side.focusLabel(page);
  const countsBefore = await page.evaluate(() => ({ ...(window as unknown as { __counts: object }).__counts }));
  const typing = await profile(page, `${side.name} label`);
  const labels: Measure[] = [];
  const { work } = await traced(browser, page, async () => {
    let typed = '';
    for (let i = 0; i < KEYS; i++) {
      const key = 'abcdefghij'[i % 10];
      typed += key;
      await page.waitForTimeout(Math.random() * 17);
      labels.push(
        await measureOnce(page, { kind: 'text', selector: side.labelOf(1), text: `Question 1${typed}` }, () =>
          page.keyboard.press(key),
        ),
      );
    }
  });
  await typing.stop();
  if (process.env.BENCH_DEBUG)
    console.log(
      `${side.name} label: ${KEYS} keys; before`,
      countsBefore,
      'after',
      await page.evaluate(() => (window as unknown as { __counts: unknown }).__counts),
    );
  return { labels, labelWork: work };
}

/** Builds the SurveyJS page and serves it with the survey JSONs; its URL. */
async function serveSurveyJs(forms: Record<string, DesignerForm>): Promise<{ url: string; server: Server }> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, 'surveyjs-creator'),
    plugins: [react()],
    build: { outDir: surveyOut, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 10_000 },
  });
  for (const [name, form] of Object.entries(forms))
    writeFileSync(path.join(surveyOut, `${name}.json`), JSON.stringify(form.surveyjs));
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
  };
  const server = createServer((req, res) => {
    const file = (req.url ?? '/').split('?')[0];
    const full = path.join(surveyOut, file === '/' ? 'index.html' : path.normalize(file).replace(/^(\.\.[/\\])+/, ''));
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

const forms = { 'form-500': designerForm(500, 10, 100), 'form-1000': designerForm(1000, 10, 100) };
const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-bench-designer-'));
mkdirSync(surveyOut, { recursive: true });
const browser = await launchBrowser();
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
let surveyServer: { url: string; server: Server } | undefined;
const results: Record<string, Figures> = {};
try {
  if (SIDES.includes('ours')) {
    platform = await startPlatform(dataDir, await freePort());
    const admin = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
    const ids: Record<string, number> = {};
    for (const [name, form] of Object.entries(forms)) {
      const created = (await callApi(platform.url, admin, 'POST', `/api/settings/forms/${AREA}`, form.ours)) as {
        id: number;
      };
      ids[name] = created.id;
    }
    results.ours = await measureSide(
      browser,
      ours,
      {
        f500: `${platform.url}/${AREA}/form-creator/${ids['form-500']}`,
        f1000: `${platform.url}/${AREA}/form-creator/${ids['form-1000']}`,
      },
      admin,
    );
  }
  if (SIDES.includes('surveyjs')) {
    surveyServer = await serveSurveyJs(forms);
    results.surveyjs = await measureSide(browser, surveyjs, {
      f500: `${surveyServer.url}/?form=form-500`,
      f1000: `${surveyServer.url}/?form=form-1000`,
    });
  }
  const o = results.ours;
  const s = results.surveyjs;
  const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(1));
  const r = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) ? '' : ` ${(a / b).toFixed(2)}x`;
  const figure = (label: string, pick: (x: Figures) => number | undefined) =>
    `${label} ${f(o && pick(o))} (SurveyJS ${f(s && pick(s))}${r(o && pick(o), s && pick(s))})`;
  console.log(
    `\nDesigner in Chromium, ours vs SurveyJS Creator 2.5.43, 500 questions on 10 pages (ms; ratio = ours / SurveyJS; open: median of ${RUNS} loads)`,
  );
  console.log(
    [
      figure('open', (x) => x.open.paint),
      figure('interactive', (x) => x.open.interactive),
      figure('first page complete', (x) => x.open.complete),
      figure('add p50', (x) => x.addP50),
      figure('add p95', (x) => x.addP95),
      figure('drag frame p50', (x) => x.dragP50),
      figure('drag frame p95', (x) => x.dragP95),
      figure('label-to-canvas p50', (x) => x.labelP50),
      figure('label-to-canvas p95', (x) => x.labelP95),
      figure('undo page deletion', (x) => x.undo),
      figure('add CPU p50', (x) => x.addCpuP50),
      figure('add CPU p95', (x) => x.addCpuP95),
      figure('label CPU p50', (x) => x.labelCpuP50),
      figure('label CPU p95', (x) => x.labelCpuP95),
      figure('undo CPU', (x) => x.undoCpu),
      figure('add frame CPU p50', (x) => x.addFrameP50),
      figure('add frame CPU p95', (x) => x.addFrameP95),
      figure('first add frame CPU', (x) => x.addFrameFirst),
      figure('add longest task after the frame p95', (x) => x.addAfterTaskP95),
      figure('label frame CPU p50', (x) => x.labelFrameP50),
      figure('label frame CPU p95', (x) => x.labelFrameP95),
      figure('undo frame CPU', (x) => x.undoFrame),
      figure('undo longest task after the frame', (x) => x.undoAfterTask),
      figure('open 1,000 questions', (x) => x.open1000?.paint),
      figure('interactive 1,000', (x) => x.open1000?.interactive),
      figure('open CPU', (x) => x.open.cpu),
      figure('open 1,000 CPU', (x) => x.open1000?.cpu),
    ].join('; '),
  );
} finally {
  await browser.close();
  surveyServer?.server.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
