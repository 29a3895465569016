/**
 * Offline on site (issue 26) in real Chromium against the real server, with the network switched off
 * (`context.setOffline`). One platform and one browser for the file; a device is a browser context (a persistent one,
 * on a profile folder, where the test restarts the browser).
 *
 * The shell (runtime/sw.ts, runtime/shell/ConnectivityOverlay.tsx, /qa/access): after one visit the service worker
 * has precached the whole build and nothing of the API or of a user; with the network off an offline page opens from
 * it without the blocking spinner, while a page that needs the server shows the spinner as the spec says; the sync
 * action re-checks the session and returns to the offline page, or goes to the login page and back.
 *
 * The issue's "Done when" (once every part is in the build): the offline pages open with the network off after one
 * visit (the last session, the sync banner, no spinner, no error page); an entry over three pages with 5 photos and a signature
 * made offline survives a reload and a browser restart and reaches the server once with its 5 files; two devices
 * changing different questions of one entry are both kept, the same question is one conflict shown with both values
 * and the choice is in the entry's audit trail; a draft started before its form was republished syncs and submits
 * against its own version; a session lost offline pauses sync and loses nothing; with every request sent twice (the
 * test hook) nothing doubles; a tab killed mid-upload resumes from the server's offset; a small batch (the
 * benchmark's scenario, ./bench/offline.ts, at CI size) syncs every entry and photo once. The offline pages' words
 * are in ./offline-steps.ts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { launchPersistentContext, watchForViolations } from './browser';
import {
  addInspection,
  answersOf,
  cameraPhoto,
  FORM_AREA,
  FORM_ID,
  inspectionAnswers,
  OFFLINE_REGISTER,
  offlineEdit,
  PROJECT_ID,
  runSyncScenario,
  serverEntriesNaming,
  serverEntry,
  serverFile,
  serviceWorkerInControl,
  submitOnline,
  syncStateOf,
  takeProjectOffline,
} from './offline-steps';
import { callApi, logInThroughApi, logInThroughPage, openUntilShown, platformForTests } from './platform';

const platform = platformForTests('offline');
const violations: string[] = [];
const LOST = "You've lost internet connection";

/** Every file of the build the service worker must hold (dist/ without the .br/.gz copies and the worker itself). */
function builtFiles(): string[] {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'dist');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [path.relative(dist, full).split(path.sep).join('/')];
    });
  return walk(dist)
    .filter((file) => !/\.(br|gz)$/.test(file) && file !== 'sw.js')
    .sort();
}

describe('the service worker, the offline spinner and the sync action', () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => {
    await context?.close();
  });

  it('precaches the whole build after one visit, and nothing of the API or of a user', async () => {
    context = await platform.browser.newContext();
    page = await context.newPage();
    watchForViolations(page, violations);
    await logInThroughPage(page, platform.url, 'user@demo.local');
    await page.goto(`${platform.url}/offline`);
    await serviceWorkerInControl(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    const files = cached.map((url) => new URL(url).pathname.replace(/^\//, '')).sort();
    expect(files).toEqual(builtFiles());
    expect(files).toContain('index.html');
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });

  it('opens the app with the network off from the service worker; the spinner blocks other pages, not the offline ones', async () => {
    // Online, an offline page of the shell; then the network goes: no spinner there.
    await page.goto(`${platform.url}/offline`);
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    expect(await page.getByText(LOST).count()).toBe(0);
    // Leaving for a page that needs the server: the spec's spinner (shell-access-navigation.md §4).
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(/\/privacy-policy$/);
    await page.getByRole('alert').getByText(LOST).waitFor();
    // A new page load with no network: the page and all its code come from the service worker's precache.
    const login = await page.goto(`${platform.url}/login`);
    expect(login?.fromServiceWorker()).toBe(true);
    await page.getByLabel('E-mail').waitFor();
    expect(await page.title()).toBe('Site Forms');
    await context.setOffline(false);
  });

  it('the sync action re-checks the session: signed in it returns to the offline page; signed out, the login and back', async () => {
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('/offline/1/photos')}`);
    await page.waitForURL(/\/offline\/1\/photos$/);
    // Only an offline page of this site is a place to return to.
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('https://example.com/offline')}`);
    await page.waitForURL(/\/offline$/);
    await context.clearCookies();
    await page.goto(`${platform.url}/qa/access?return=${encodeURIComponent('/offline/1/qa')}`);
    await page.waitForURL(/\/login\?returnUrl=/);
    await page.getByLabel('E-mail').fill('user@demo.local');
    await page.getByLabel('Password').fill('Demo#2026');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/offline\/1\/qa$/);
    expect(violations).toEqual([]);
  });
});

/**
 * The "Done when", over every part of the issue: the device's store, outbox and sync runner (runtime/offline),
 * the offline pages (schemas/screens/offline), the server's commands and merge (api/offline) and the tus uploads.
 * Until all of them are in the build this describe is skipped (the shell's tests above run on their own).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const ALL_PARTS = [
  'runtime/offline/sync.ts',
  'schemas/screens/offline',
  'api/offline/commands.ts',
  'api/offline/uploads.ts',
];
const allPartsBuilt = ALL_PARTS.every((part) => existsSync(path.join(root, part)));

describe.skipIf(!allPartsBuilt)('offline on site: the Done when of issue 26', () => {
  const USER = 'user@demo.local';
  let cookie: string;
  let admin: string;
  const profiles: string[] = [];
  beforeAll(async () => {
    cookie = await logInThroughApi(platform.url, USER);
    admin = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
  });
  afterAll(() => {
    for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
  });

  /** A device with a profile folder (a browser that can be restarted), signed in, project 1 offline. */
  async function device(options: { offline?: boolean; dir?: string } = {}) {
    const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'siteforms-e2e-device-'));
    if (!options.dir) profiles.push(dir);
    const context = await launchPersistentContext(dir, { offline: options.offline ?? false });
    const page = context.pages()[0] ?? (await context.newPage());
    watchForViolations(page, violations);
    return { dir, context, page };
  }

  async function signedInDevice() {
    const d = await device();
    await logInThroughPage(d.page, platform.url, USER);
    await takeProjectOffline(d.page, platform.url);
    return d;
  }

  /**
   * Waits until the server has `count` entries naming `text`; returns them. With the device's `page`, a wait that
   * fails says what the page showed (its sync banner and errors), so a failure on a busy machine can be read.
   */
  async function entriesOnServer(text: string, count: number, page?: Page) {
    try {
      await expect
        .poll(async () => (await serverEntriesNaming(platform.url, cookie, text)).length, { timeout: 120_000 })
        .toBe(count);
    } catch (failed) {
      const shown = page ? await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(String) : '';
      throw new Error(`${(failed as Error).message}\nThe device's page ${page?.url() ?? ''} showed:\n${shown}`);
    }
    const rows = await serverEntriesNaming(platform.url, cookie, text);
    return Promise.all(rows.map((row) => serverEntry(platform.url, cookie, row.entryNumber)));
  }

  it('opens the offline pages with the network off after one visit: the last session, no spinner, no error page', async () => {
    const d = await signedInDevice();
    await d.context.setOffline(true);
    for (const [path, text] of [
      ['/offline', 'Offline projects'],
      [`/offline/${PROJECT_ID}/qa`, 'Site Safety Inspection'],
      [OFFLINE_REGISTER, 'Sync state'],
      [`/offline/${PROJECT_ID}/photos`, 'Photos and files'],
    ] as const) {
      const answer = await d.page.goto(`${platform.url}${path}`);
      expect(answer?.fromServiceWorker()).toBe(true);
      await d.page.getByText(text).first().waitFor();
      expect(new URL(d.page.url()).pathname).toBe(path);
      expect(await d.page.getByText(LOST).count()).toBe(0);
    }
    // The sync banner speaks instead of the spinner; the shell shows the last signed-in user's client.
    await d.page.getByText('No connection: changes are kept on this device').first().waitFor();
    await d.page.getByText('Corrib Civil Engineering Ltd').first().waitFor();
    await d.context.close();
  });

  it('an entry over three pages with 5 photos and a signature, made offline, survives a reload and a browser restart, and reaches the server once', {
    // Once, in the fresh-clone CI run of 31023c3 (two browser files side by side), the device's new entry page had not
    // shown its first question after 30 s (it takes about 1 s); not seen in ten runs since on a loaded machine. The
    // failed attempt is printed, with what the device's page showed (offline-steps.ts addInspection), to find why.
    retry: 1,
  }, async () => {
    onTestFailed(({ task }) => {
      console.error(`A failed attempt: ${task.result?.errors?.map((e) => e.message).join('\n')}`);
    });
    const tag = `Offline three pages ${Date.now()}`;
    let d = await signedInDevice();
    await d.context.setOffline(true);
    const photos = await Promise.all([1, 2, 3, 4, 5].map((seed) => cameraPhoto(seed, 200)));
    await addInspection(d.page, platform.url, {
      inspectedBy: tag,
      hotWork: true,
      photos,
      signature: true,
      submit: true,
    });
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    expect(await syncStateOf(d.page, tag)).toBe('Pending');
    // No blocking spinner on the offline pages.
    expect(await d.page.getByText(LOST).count()).toBe(0);
    await d.page.reload();
    expect(await syncStateOf(d.page, tag)).toBe('Pending');
    // The browser restarts on the same profile, still with no network: the page and the entry are there.
    await d.context.close();
    d = await device({ dir: d.dir, offline: true });
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    expect(await syncStateOf(d.page, tag)).toBe('Pending');
    expect(await serverEntriesNaming(platform.url, cookie, tag)).toEqual([]);
    // The connection returns with no offline page open, and the user opens a page of the logged-in shell: the entry
    // syncs by itself from there.
    await d.page.goto('about:blank');
    await d.context.setOffline(false);
    await d.page.goto(`${platform.url}/projects`);
    await entriesOnServer(tag, 1, d.page);
    // The commands of one batch are applied one transaction each: the entry is read once the device says Synced
    // (its create can be visible before its submit).
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    await expect.poll(() => syncStateOf(d.page, tag), { timeout: 60_000 }).toBe('Synced');
    const [entry] = await entriesOnServer(tag, 1);
    expect(entry.isDraft).toBeFalsy();
    expect(entry.offlineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answersOf(entry, 8)).toEqual(['HW-OFF-1']);
    const files = answersOf(entry, 11);
    expect(files).toHaveLength(5);
    for (const file of files) expect(typeof (await serverFile(platform.url, cookie, file))).not.toBe('number');
    const [signature] = answersOf(entry, 14);
    expect(signature).toMatch(/signature\.png$/);
    expect(typeof (await serverFile(platform.url, cookie, signature))).not.toBe('number');
    const folder = files[0].slice(0, files[0].lastIndexOf('/'));
    const listed = (await callApi(
      platform.url,
      cookie,
      'GET',
      `/api/files/getFiles?folder=${encodeURIComponent(folder)}`,
    )) as unknown[];
    expect(listed).toHaveLength(5);
    await d.context.close();
  });

  it('two devices change different questions of one entry offline: both kept; the same question: one conflict, both values shown, the choice audited', {
    retry: 1,
  }, async () => {
    const tag = `Two devices ${Date.now()}`;
    const entryNumber = await submitOnline(platform.url, cookie, inspectionAnswers(tag));
    const a = await signedInDevice();
    const b = await signedInDevice();
    const edit = `${platform.url}${offlineEdit(entryNumber)}`;
    async function change(page: Page, label: string, value: string) {
      await openUntilShown(page, edit, page.getByLabel(label));
      await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('textbox', { name: 'Findings' }).waitFor();
      const at = page.url();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((url) => url.href !== at);
    }
    // Different questions: the area on A, the temperature on B.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await change(a.page, 'Area inspected *', 'Level 2 slab');
    await change(b.page, 'Air temperature', '4');
    await a.context.setOffline(false);
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entryNumber), 17), { timeout: 60_000 })
      .toEqual(['Level 2 slab']);
    await b.context.setOffline(false);
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entryNumber), 4), { timeout: 60_000 })
      .toEqual([4]);
    const merged = await serverEntry(platform.url, cookie, entryNumber);
    expect(answersOf(merged, 17)).toEqual(['Level 2 slab']);
    expect(answersOf(merged, 1)).toEqual([tag]);
    await expect.poll(() => syncStateOf(b.page, tag), { timeout: 60_000 }).toBe('Synced');

    // The same question on both: A's reaches the server first, B's is a conflict shown with both values.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await change(a.page, 'Area inspected *', 'Stair core A');
    await change(b.page, 'Area inspected *', 'Stair core B');
    await a.context.setOffline(false);
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entryNumber), 17), { timeout: 60_000 })
      .toEqual(['Stair core A']);
    await b.context.setOffline(false);
    await b.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    await expect.poll(() => syncStateOf(b.page, tag), { timeout: 60_000 }).toBe('Conflict');
    expect(answersOf(await serverEntry(platform.url, cookie, entryNumber), 17)).toEqual(['Stair core A']);
    const row = b.page.getByRole('row', { name: new RegExp(tag) });
    await row
      .getByRole('button', { name: 'Resolve conflict' })
      .or(row.getByRole('link', { name: 'Resolve conflict' }))
      .click();
    const dialog = b.page.getByRole('dialog', { name: 'Resolve conflicts' });
    await dialog.getByTestId('conflict-mine').getByText('Stair core B').waitFor();
    await dialog.getByTestId('conflict-theirs').getByText('Stair core A').waitFor();
    await dialog.getByRole('radio', { name: "Keep this device's value" }).check();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entryNumber), 17), { timeout: 60_000 })
      .toEqual(['Stair core B']);
    const audit = (await callApi(
      platform.url,
      cookie,
      'GET',
      `/api/projects/${PROJECT_ID}/forms/${FORM_AREA}/${FORM_ID}/audit/${entryNumber}`,
    )) as Array<{ kind: string; questionId: number; mine: unknown; theirs: unknown; chosen: unknown }>;
    const resolved = audit.filter((item) => item.kind === 'conflictResolved');
    expect(resolved).toHaveLength(1);
    expect(resolved[0].questionId).toBe(17);
    expect(JSON.stringify(resolved[0].mine)).toContain('Stair core B');
    expect(JSON.stringify(resolved[0].theirs)).toContain('Stair core A');
    expect(resolved[0].chosen).toBe('mine');
    await a.context.close();
    await b.context.close();
  });

  it('a form republished while a draft is offline: the draft syncs and submits against its own version', async () => {
    const tag = `Own version ${Date.now()}`;
    const d = await signedInDevice();
    const before = (await callApi(platform.url, admin, 'GET', `/api/settings/forms/${FORM_AREA}/${FORM_ID}`)) as {
      version: number;
    };
    await d.context.setOffline(true);
    await addInspection(d.page, platform.url, {
      inspectedBy: tag,
      hotWork: false,
      photos: [],
      signature: false,
      submit: false,
    });
    // Meanwhile the form gets a new required question and is published again.
    const def = (await callApi(platform.url, admin, 'GET', `/api/settings/forms/${FORM_AREA}/${FORM_ID}`)) as Record<
      string,
      unknown
    > & { pages: Array<{ questions: unknown[] }> };
    const {
      id,
      clientId,
      status,
      version,
      publishedAt,
      created,
      createdBy,
      createdById,
      modifiedBy,
      modifiedById,
      ...input
    } = def;
    input.pages[0].questions.push({ id: 90, label: 'Weather', type: 'Text', extendedType: 'Normal', required: true });
    await callApi(platform.url, admin, 'PUT', `/api/settings/forms/${FORM_AREA}/${FORM_ID}`, input);
    await callApi(platform.url, admin, 'PUT', `/api/settings/forms/publish/${FORM_AREA}/${FORM_ID}`);
    await d.context.setOffline(false);
    const [draft] = await entriesOnServer(tag, 1);
    expect(draft.isDraft).toBe(true);
    expect(draft.formVersion).toBe(before.version);
    // The device has the server's acknowledgement (the entry's number) once its register says Synced.
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    await expect.poll(() => syncStateOf(d.page, tag), { timeout: 60_000 }).toBe('Synced');
    // Continued on the device and submitted: against its own version (no 'Weather' asked).
    // A draft opens on the page it was left on (the second): back to the first.
    await openUntilShown(
      d.page,
      `${platform.url}${offlineEdit(draft.entryNumber)}`,
      d.page.getByRole('button', { name: 'Previous' }),
    );
    await d.page.getByRole('button', { name: 'Previous' }).click();
    await d.page.getByLabel('Inspected by').waitFor();
    expect(await d.page.getByLabel('Weather').count()).toBe(0);
    await d.page.getByRole('button', { name: 'Next' }).click();
    const at = d.page.url();
    await d.page.getByRole('button', { name: 'Submit' }).click();
    await d.page.waitForURL((url) => url.href !== at);
    await expect
      .poll(async () => (await serverEntry(platform.url, cookie, draft.entryNumber)).isDraft, { timeout: 60_000 })
      .toBe(false);
    expect((await serverEntry(platform.url, cookie, draft.entryNumber)).formVersion).toBe(before.version);
    await d.context.close();
  });

  it('a session that expires while offline loses nothing: sync pauses, the user logs in, sync resumes', async () => {
    const tag = `Session lost ${Date.now()}`;
    const d = await signedInDevice();
    await d.context.setOffline(true);
    await addInspection(d.page, platform.url, {
      inspectedBy: tag,
      hotWork: false,
      photos: [await cameraPhoto(7, 100)],
      signature: false,
      submit: true,
    });
    // The server ends the device's session meanwhile.
    const session = (await d.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await fetch(`${platform.url}/logout`, { method: 'POST', headers: { Cookie: session } });
    await d.context.setOffline(false);
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    await d.page
      .getByRole('link', { name: 'Log in to sync' })
      .or(d.page.getByRole('button', { name: 'Log in to sync' }))
      .click();
    await d.page.waitForURL(/\/login/);
    await d.page.getByLabel('E-mail').fill(USER);
    await d.page.getByLabel('Password').fill(DEMO_PASSWORD);
    await d.page.getByRole('button', { name: 'LOGIN' }).click();
    const [entry] = await entriesOnServer(tag, 1, d.page);
    // The batch's commands are applied one transaction each: the entry can be visible before the command that
    // gives it its photo (as in the three-page test above), so the photo is waited for, not read once.
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entry.entryNumber), 11).length, {
        timeout: 60_000,
      })
      .toBe(1);
    await d.context.close();
  });

  it('with every request sent twice (the test hook) nothing doubles; a tab killed mid-upload resumes from the last acknowledged byte', {
    retry: 1,
  }, async () => {
    // A retried attempt's failure is not printed by vitest when the retry passes: printed here, for the log.
    onTestFailed(({ task }) => {
      console.error(`A failed attempt: ${task.result?.errors?.map((e) => e.message).join('\n')}`);
    });
    const tag = `Twice ${Date.now()}`;
    const d = await signedInDevice();
    await d.page.evaluate(() => localStorage.setItem('siteforms.test.repeatRequests', '1'));
    await d.context.setOffline(true);
    await addInspection(d.page, platform.url, {
      inspectedBy: tag,
      hotWork: false,
      photos: [await cameraPhoto(11, 300), await cameraPhoto(12, 300)],
      signature: false,
      submit: true,
    });
    await d.context.setOffline(false);
    const [entry] = await entriesOnServer(tag, 1);
    // The entry can be on the server before the commands that give it its photos (one transaction each), every
    // request twice: 60 s, as for the session test's photo (the file's 30 s may pass on a busy machine).
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, entry.entryNumber), 11).length, {
        timeout: 60_000,
      })
      .toBe(2);
    const files = answersOf(await serverEntry(platform.url, cookie, entry.entryNumber), 11);
    const folder = files[0].slice(0, files[0].lastIndexOf('/'));
    const listed = (await callApi(
      platform.url,
      cookie,
      'GET',
      `/api/files/getFiles?folder=${encodeURIComponent(folder)}`,
    )) as unknown[];
    expect(listed).toHaveLength(2);
    await d.page.evaluate(() => localStorage.removeItem('siteforms.test.repeatRequests'));

    // A photo uploading over a slow link when the tab is killed: a new tab resumes it where the server stopped.
    // The photo (compressed on the device to under 1 MB) goes in chunks of 64 KiB (the test hook; one PATCH of
    // 1 MiB by default). Chromium's emulated link does not hold an upload to its rate: a request's body goes to the
    // sockets' buffers in a burst, and a whole photo in one PATCH could reach the server after its tab was killed (the
    // new tab then rightly made a new upload). In chunks, at most the chunk on its way arrives after the kill.
    const killed = `Killed tab ${Date.now()}`;
    const CHUNK = 64 * 1024;
    await d.page.evaluate((bytes) => localStorage.setItem('siteforms.test.uploadChunkBytes', String(bytes)), CHUNK);
    await d.context.setOffline(true);
    await addInspection(d.page, platform.url, {
      inspectedBy: killed,
      hotWork: false,
      photos: [await cameraPhoto(13, 900)],
      signature: false,
      submit: true,
    });
    await d.page.goto(`${platform.url}${OFFLINE_REGISTER}`);
    // The connection returns slow, on this page only (the context's setOffline(false) would lift the throttle too).
    const cdp = await d.context.newCDPSession(d.page);
    await cdp.send('Network.enable');
    const patching = d.page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/offline/uploads/'));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: 64 * 1024,
      uploadThroughput: 16 * 1024,
    });
    // The tab is killed once the server's file of the upload holds a chunk (api/offline/uploads.ts: the tus
    // FileStore in the data folder's offline-uploads/): the photo's other chunks are still to come.
    const uploadId = new URL((await patching).url()).pathname.split('/').pop() ?? '';
    const received = path.join(platform.dataDir, 'offline-uploads', uploadId);
    await expect
      .poll(() => (existsSync(received) ? statSync(received).size : 0), { interval: 10, timeout: 60_000 })
      .toBeGreaterThanOrEqual(CHUNK);
    await d.page.close({ runBeforeUnload: false });
    // The server notices the cut connection and releases the upload's lock (a HEAD meanwhile is 423) before a tab
    // opens again, as when a user reopens the app.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await d.context.setOffline(false);
    const tab = await d.context.newPage();
    const created: string[] = [];
    const resumedAt: number[] = [];
    // The resume's answers (HEAD: the offset, 423 while the server still holds the cut upload, 404 when it has none),
    // shown when a new upload was made instead: a failure on a busy machine can then be read.
    const answers: string[] = [];
    tab.on('request', (r) => {
      if (!r.url().includes('/api/offline/uploads')) return;
      if (r.method() === 'POST') created.push(r.url());
      if (r.method() === 'PATCH') resumedAt.push(Number(r.headers()['upload-offset'] ?? 0));
    });
    tab.on('response', (r) => {
      if (r.url().includes('/api/offline/uploads'))
        answers.push(`${r.request().method()} ${r.status()} ${r.headers()['upload-offset'] ?? ''}`.trim());
    });
    await tab.goto(`${platform.url}/qa/access?return=${encodeURIComponent(OFFLINE_REGISTER)}`);
    const [resumed] = await entriesOnServer(killed, 1);
    // The entry can be on the server before the command that gives it its photo (one transaction each, as above): its
    // photo is waited for, not read once (read once, it was missing in a fresh-clone run of the twentieth session).
    await expect
      .poll(async () => answersOf(await serverEntry(platform.url, cookie, resumed.entryNumber), 11).length, {
        timeout: 60_000,
      })
      .toBe(1);
    expect(created, answers.join(', ')).toEqual([]);
    expect(resumedAt.length).toBeGreaterThan(0);
    expect(resumedAt[0]).toBeGreaterThan(0);
    await d.context.close();
  });

  it('syncs a small batch made offline (the benchmark at CI size): every entry and photo once', async () => {
    const d = await signedInDevice();
    const run = await runSyncScenario(d.page, platform.url, cookie, {
      entries: 2,
      photoKiB: 200,
      link: null,
      tag: `Batch ${Date.now()}`,
    });
    expect(run.serverEntries).toBe(2);
    expect(run.serverPhotos).toBe(4);
    expect(run.storedPhotos).toBe(4);
    await d.context.close();
    expect(violations).toEqual([]);
  });
});
