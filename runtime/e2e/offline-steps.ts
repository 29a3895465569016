/**
 * The steps of a site user working offline (issue 26), shared by the browser tests (./offline.e2e.test.ts) and the
 * offline benchmark (./bench/offline.ts): taking a project offline, filling the Site Safety Inspection (form 5 of
 * project 1, three pages with hot work) on the device through the offline pages, waiting for the device's sync, and
 * reading what reached the server through the API. The offline pages' own words (the contract's: 'Take offline',
 * the Sync state column's Pending/Synced/Conflict) are kept here, in one place.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { callApi, openUntilShown } from './platform';

/** Project 1 (CCE-2401), offline-available in the seed; the Site Safety Inspection is its H&S form 5. */
export const PROJECT_ID = 1;
export const PROJECT_CODE = 'CCE-2401';
export const FORM_ID = 5;
export const FORM_AREA = 'health-and-safety';
const HS = `/api/projects/${PROJECT_ID}/forms/${FORM_AREA}`;

/** The form's offline register on the device (its Sync state column, Add, Continue, Resolve conflict). */
export const OFFLINE_REGISTER = `/offline/${PROJECT_ID}/${FORM_AREA}/${FORM_ID}`;

/** The form's entry `entryNumber` on the device, to edit (negative: made on the device, not on the server yet). */
export function offlineEdit(entryNumber: number): string {
  return `${OFFLINE_REGISTER}/entry/${entryNumber}/edit`;
}

/** Waits until the service worker is active and controls `page` (it claims the open pages when it activates). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
  });
}

/**
 * Takes project 1 offline on the device (the /offline page's 'Take offline' beside the project; once taken it is a
 * row of 'On this device'), waits for its bundle (the project's offline forms list the form), and for the service
 * worker, so that the pages open with the network off from now on. The project is made available from the page the
 * device is on when that is the platform's (a signed-in device is on /home), so /offline loads once: each page load
 * is about a CPU second of Chromium's, and every device of offline.e2e goes through here (docs/testing.md).
 */
export async function takeProjectOffline(page: Page, url: string): Promise<void> {
  if (new URL(page.url(), 'about:blank').origin !== new URL(url).origin) await page.goto(`${url}/offline`);
  // Project 1 is not offline-available in the seed: its Edit user switches it on (administration-data.md §7).
  const status = await page.evaluate(async (id) => {
    const res = await fetch('/api/projects/updateProjectOffineAvailability', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, offlineAvailable: true }),
    });
    return res.status;
  }, PROJECT_ID);
  if (status >= 300) throw new Error(`project ${PROJECT_ID} could not be made available offline: ${status}`);
  await page.goto(`${url}/offline`);
  const kept = page
    .getByRole('region', { name: 'On this device' })
    .getByRole('row', { name: new RegExp(PROJECT_CODE) });
  const available = page.getByRole('region', { name: 'Projects you may take offline' });
  const take = available
    .locator('div', { has: page.getByText(new RegExp(`^${PROJECT_CODE} `)) })
    .last()
    .getByRole('button', { name: 'Take offline' });
  await kept.or(take).first().waitFor();
  if (!(await kept.count())) {
    await take.click();
    await kept.waitFor({ timeout: 60_000 });
  }
  await page.goto(`${url}/offline/${PROJECT_ID}/qa`);
  await page.getByText('Site Safety Inspection').first().waitFor();
  await serviceWorkerInControl(page);
}

/** A photo as a camera gives it: a JPEG of noise of about `kib` KiB (noise does not compress much further). */
export async function cameraPhoto(seed: number, kib = 1024): Promise<Buffer> {
  // About 0.45 bytes a pixel at quality 80 for noise: the side that gives `kib` KiB.
  const side = Math.min(1920, Math.round(Math.sqrt((kib * 1024) / 0.45 / 1.33)));
  const width = Math.round(side * 1.33);
  const raw = Buffer.alloc(width * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What an inspection filled on the device holds. */
export interface Inspection {
  /** 'Inspected by': unique per test, it finds the entry on the server. */
  inspectedBy: string;
  /** Hot work: three pages (the hot work page shown) or two. */
  hotWork: boolean;
  photos: Buffer[];
  signature: boolean;
  /** Submit (true) or leave it a draft (Cancel, Keep draft). */
  submit: boolean;
}

/**
 * Fills a new Site Safety Inspection on the device (/offline/1/health-and-safety/5/add, the shared form renderer
 * under the offline router) and submits it, or keeps it a draft; waits until the page has left the form.
 */
export async function addInspection(page: Page, url: string, inspection: Inspection): Promise<void> {
  await openUntilShown(page, `${url}${OFFLINE_REGISTER}/add`, page.getByLabel('Inspected by'));
  await page.getByLabel('Inspected by').fill(inspection.inspectedBy);
  await page.getByLabel('Inspection date').fill('2026-11-26');
  await choose(page, 'Hot work on site? *', inspection.hotWork ? 'Yes' : 'No');
  await page.getByLabel('Area inspected *').fill('Basement, core B');
  // The republishing test adds a required 'Weather' to the form's first page (one platform for the file).
  const weather = page.getByLabel('Weather *');
  if ((await weather.count()) > 0) await weather.fill('Dry');
  await page.getByRole('button', { name: 'Next' }).click();
  if (inspection.hotWork) {
    await page.getByLabel('Hot work permit number').fill('HW-OFF-1');
    for (const [label, text] of [
      ['Item 1', 'Extinguisher'],
      ['Asset No 1', 'FX-9'],
      ['Description 1', '6 kg powder'],
      ['Manufacturer 1', 'Firemaster'],
      ['Model No 1', 'P6'],
      ['Owner 1', 'Main contractor'],
    ])
      await page.getByLabel(label).fill(text);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('textbox', { name: 'Findings' }).waitFor();
  if (inspection.photos.length > 0) {
    await page
      .locator('input[type=file]')
      .setInputFiles(
        inspection.photos.map((buffer, i) => ({ name: `site-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    const list = page.getByRole('list', { name: 'Photos' });
    await list.getByRole('link', { name: `site-${inspection.photos.length}.jpg` }).waitFor({ timeout: 60_000 });
  }
  if (inspection.signature) {
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const pad = page.locator('canvas');
    await page.waitForTimeout(1200); // the pad sizes itself 1 second after it is shown
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 100, box.y + 200);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 100 + i * 12, box.y + 200 + Math.sin(i) * 30);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save signature' }).click();
    await page.getByRole('img', { name: 'Supervisor signature' }).waitFor();
  }
  const formUrl = page.url();
  if (inspection.submit) {
    await page.getByRole('button', { name: 'Submit' }).click();
  } else {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Keep draft' }).click();
  }
  await page.waitForURL((at) => at.href !== formUrl);
}

/** The Sync state shown for the entry whose row names `text` in the form's offline register (the page shown). */
export async function syncStateOf(page: Page, text: string): Promise<string> {
  const row = page.getByRole('row', { name: new RegExp(text) });
  await row.waitFor();
  const state = await row.textContent();
  const found = ['Pending', 'Syncing', 'Conflict', 'Synced', 'Refused'].find((s) => state?.includes(s));
  return found ?? '';
}

/** A register row of the server (POST .../getall/5, drafts included). */
export interface ServerRow {
  entryNumber: number;
  [column: string]: unknown;
}

/** The server's entries of form 5 on project 1 whose register row mentions `text` (drafts included). */
export async function serverEntriesNaming(url: string, cookie: string, text: string): Promise<ServerRow[]> {
  const register = (await callApi(url, cookie, 'POST', `${HS}/getall/${FORM_ID}`, {
    pageSize: 1000,
    filters: [{ id: 'status', value: 'All' }],
    globalFilter: text,
  })) as { items: ServerRow[] };
  return register.items;
}

/** An entry as the server keeps it (GET .../5/get/{entryNumber}). */
export interface ServerEntry {
  entryNumber: number;
  version?: number;
  formVersion?: number;
  offlineId?: string;
  isDraft?: boolean;
  answers: Array<{ questionId: number; answers: string[]; [key: string]: unknown }>;
}

/** The server's entry `entryNumber` of form 5 on project 1. */
export async function serverEntry(url: string, cookie: string, entryNumber: number): Promise<ServerEntry> {
  return (await callApi(url, cookie, 'GET', `${HS}/${FORM_ID}/get/${entryNumber}`)) as ServerEntry;
}

/** The answers of question `questionId` of `entry` ([] when unanswered). */
export function answersOf(entry: ServerEntry, questionId: number): string[] {
  return entry.answers.find((a) => a.questionId === questionId)?.answers ?? [];
}

/** The bytes of a stored file of the client (`<folder>/<name>`), or the HTTP status when it is not there. */
export async function serverFile(url: string, cookie: string, file: string): Promise<Buffer | number> {
  const res = await fetch(`${url}/api/files/download?file=${encodeURIComponent(file)}`, {
    headers: { Cookie: cookie },
  });
  return res.ok ? Buffer.from(await res.arrayBuffer()) : res.status;
}

/** The Site Safety Inspection's required answers (page 1, no hot work), for entries made through the API. */
export function inspectionAnswers(inspectedBy: string, more: Array<{ questionId: number; answers: string[] }> = []) {
  return [
    { questionId: 1, answers: [inspectedBy] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: ['No'] },
    { questionId: 17, answers: ['Basement, core B'] },
    ...more,
  ];
}

/** Submits an entry of form 5 online through the API; its entry number. */
export async function submitOnline(
  url: string,
  cookie: string,
  answers: Array<{ questionId: number; answers: string[] }>,
): Promise<number> {
  const saved = (await callApi(url, cookie, 'PUT', `${HS}/submit`, { formId: FORM_ID, answers })) as {
    entryNumber: number;
  };
  return saved.entryNumber;
}

/** What a sync of a batch made offline gives (./bench/offline.ts prints it; the e2e file checks its counts). */
export interface SyncRun {
  entries: number;
  photos: number;
  /** Entries on the server named by the run (must equal `entries`: each create applied once). */
  serverEntries: number;
  /** Photos named by the server's entries, and how many of them the file store holds. */
  serverPhotos: number;
  storedPhotos: number;
  /** Bytes of the stored photos, and the time the link would need for them alone (ms). */
  photoBytes: number;
  rawUploadMs: number;
  /** From the connection's return to the last entry and photo on the server (ms). */
  syncMs: number;
  /** The longest gap between two frames on the page while it synced (ms), and the longest long task (ms). */
  longestFrameMs: number;
  longestTaskMs: number;
}

/** A link as the bench emulates it (Chrome DevTools Protocol Network.emulateNetworkConditions). */
export interface Link {
  /** Upload and download, kbit/s. */
  kbit: number;
  /** Round-trip latency added, ms. */
  latencyMs: number;
}

/**
 * Makes `entries` inspections with two photos each on the device with the network off (through the offline pages),
 * then gives the connection back over `link` on the project's register page and waits until every entry and photo is
 * on the server; measures the sync against the raw upload time of the photos' bytes and the page's longest frame.
 * The page must be signed in and have project 1 offline (takeProjectOffline).
 */
export async function runSyncScenario(
  page: Page,
  url: string,
  cookie: string,
  options: { entries: number; photoKiB: number; link: Link | null; tag: string },
): Promise<SyncRun> {
  const cdp = await page.context().newCDPSession(page);
  const emulate = (offline: boolean, link: Link | null) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: link?.latencyMs ?? 0,
      downloadThroughput: link ? (link.kbit * 1000) / 8 : -1,
      uploadThroughput: link ? (link.kbit * 1000) / 8 : -1,
    });
  await cdp.send('Network.enable');
  await emulate(true, null);
  const photos = [await cameraPhoto(1, options.photoKiB), await cameraPhoto(2, options.photoKiB)];
  for (let i = 1; i <= options.entries; i += 1)
    await addInspection(page, url, {
      inspectedBy: `${options.tag} ${i}`,
      hotWork: false,
      photos,
      signature: false,
      submit: true,
    });
  await page.goto(`${url}${OFFLINE_REGISTER}`);
  await page.getByRole('row', { name: new RegExp(`${options.tag} ${options.entries}`) }).waitFor();
  // The frame probe: the longest gap between animation frames, and the longest long task, from now on.
  // A string, not a function: the benchmark runs this file through tsx, whose esbuild keepNames wraps a named
  // arrow function in `__name(...)`, which the page does not have.
  await page.evaluate(`(() => {
    const probe = { longestFrame: 0, longestTask: 0, last: performance.now(), on: true };
    window.__probe = probe;
    const frame = (now) => {
      probe.longestFrame = Math.max(probe.longestFrame, now - probe.last);
      probe.last = now;
      if (probe.on) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longestTask = Math.max(probe.longestTask, entry.duration);
    }).observe({ type: 'longtask' });
  })()`);
  const started = Date.now();
  // One call: the connection returns already at the link's speed (the 'online' event starts the sync).
  await emulate(false, options.link);
  let named: ServerRow[] = [];
  let entries: ServerEntry[] = [];
  for (;;) {
    named = (await serverEntriesNaming(url, cookie, options.tag)).filter((row) =>
      JSON.stringify(row).includes(options.tag),
    );
    if (named.length >= options.entries) {
      entries = await Promise.all(named.map((row) => serverEntry(url, cookie, row.entryNumber)));
      if (entries.every((entry) => answersOf(entry, 11).length === 2)) break;
    }
    if (Date.now() - started > 30 * 60_000) throw new Error(`sync not done after 30 minutes: ${named.length} entries`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const syncMs = Date.now() - started;
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { longestFrame: number; longestTask: number; on: boolean } }).__probe;
    p.on = false;
    return { longestFrame: p.longestFrame, longestTask: p.longestTask };
  });
  await emulate(false, null);
  const files = entries.flatMap((entry) => answersOf(entry, 11));
  const stored = await Promise.all(files.map((file) => serverFile(url, cookie, file)));
  const bytes = stored.reduce<number>((sum, b) => sum + (typeof b === 'number' ? 0 : b.length), 0);
  return {
    entries: options.entries,
    photos: options.entries * 2,
    serverEntries: named.length,
    serverPhotos: files.length,
    storedPhotos: stored.filter((b) => typeof b !== 'number').length,
    photoBytes: bytes,
    rawUploadMs: options.link ? (bytes * 8) / options.link.kbit : 0,
    syncMs,
    longestFrameMs: probe.longestFrame,
    longestTaskMs: probe.longestTask,
  };
}
