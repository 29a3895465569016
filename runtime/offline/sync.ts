/**
 * The sync runner (issue 26 §3, §4, §6; contract-26 §5; docs/offline.md "Sync"): sends what the device holds once the
 * network allows, never blocking the page. A round uploads the pending files first (tus, resumable: a file's upload
 * URL is kept, so a killed tab resumes from the last acknowledged chunk), then the outbox in `seq` order in batches of
 * at most 100 commands (POST /api/projects/updateQaOfflineInfo/commands), then refreshes bundles older than 15
 * minutes. Rounds start on the `online` event, on a queued change, every 60 s while something waits, and on
 * `syncNow()`; one tab at a time (Web Locks). A failure (network, 5xx) backs off from 2 s doubling to 5 min with
 * jitter; a 401 pauses ('session') with nothing dropped until a login (the API client's `siteforms:session` event).
 */

import { message } from '../../engine/messages/catalogue';
import type { FormDefinition, OfflineCommandResult, OfflineCommandsRequest } from '../../engine/types/generated';
import { ApiError } from '../api/client';
import { refreshBundle, staleBundles } from './bundles';
import {
  currentDb,
  deviceId,
  type LocalEntry,
  type LocalFile,
  lastSession,
  type OfflineDb,
  type OutboxItem,
} from './db';
import { bundleOf, conflictsWithLater, formOf, whenQueued } from './entries';
import { repeatRequests, request, uploadChunkBytes } from './http';
import { getOfflineState, patchOfflineState, refreshCounts, setServerReachable } from './state';

/** The batch call's path (contract-26 §2 projects.offlineCommands). */
export const COMMANDS_PATH = '/api/projects/updateQaOfflineInfo/commands';
/** At most this many commands per batch (offline-commands-request.schema.json). */
export const BATCH_SIZE = 100;
/** The first wait after a failed round (ms); it doubles up to BACKOFF_MAX_MS. */
export const BACKOFF_START_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** A round every this often while something waits (ms). */
export const TIMER_MS = 60_000;
/** A bundle older than this is downloaded again while online (ms). */
export const BUNDLE_MAX_AGE_MS = 15 * 60_000;

/** The tus uploader's signature (off-files: runtime/offline/tus-upload.ts, contract-26 §6). */
export type OfflineUploader = (
  file: { blob: Blob; fileId: string; projectId: number; formArea: string; folder: string; name: string; type: string },
  options: {
    onProgress?(sent: number, total: number): void;
    previousUrl?: string;
    onUrl?(url: string): void;
    chunkSize?: number;
    signal?: AbortSignal;
    repeatRequests?: boolean;
  },
) => Promise<{ file: string }>;

// The uploader module is off-files' part: found by a glob so that this module builds before and after it lands.
const tusModules = import.meta.glob<{ uploadOfflineFile: OfflineUploader }>('./tus-upload.ts');
let uploader: OfflineUploader | null = null;

/** Replaces the file uploader (tests); null: runtime/offline/tus-upload.ts. */
export function setOfflineUploader(replacement: OfflineUploader | null): void {
  uploader = replacement;
}

async function theUploader(): Promise<OfflineUploader> {
  if (uploader) return uploader;
  const load = tusModules['./tus-upload.ts'];
  if (!load) throw new ApiError(0, 'common.serverError', message('common.serverError'));
  return (await load()).uploadOfflineFile;
}

let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let intervalTimer: ReturnType<typeof setInterval> | null = null;
let running: Promise<void> | null = null;
let started = false;

/** The wait after `failures` failed rounds in a row: 2 s doubling to 5 min, times 0.8-1.2 (jitter). */
export function backoffMs(count: number, random = Math.random()): number {
  const base = Math.min(BACKOFF_START_MS * 2 ** Math.max(0, count - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

async function withLock(round: () => Promise<void>): Promise<void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return round();
  await locks.request('siteforms-offline-sync', { ifAvailable: true }, async (lock) => {
    // Another tab holds it: that tab syncs.
    if (lock) await round();
  });
}

function problemOf(error: unknown): { messageId: string; message: string; status?: number } {
  if (error instanceof ApiError) return { messageId: error.messageId, message: error.message, status: error.status };
  return { messageId: 'common.serverError', message: message('common.serverError') };
}

/** Progress is written to the database every this many bytes (the photos page reads it). */
const PROGRESS_STEP_BYTES = 256 * 1024;

/**
 * Files uploaded at the same time. Each upload is a POST and a PATCH a MiB, each waiting a round trip: one at a time,
 * the link idles between them (on a 400 ms link, 100 photos spent 87 s of a 329 s sync waiting, ratio 1.36 to the
 * raw upload time); a few at once keep it busy. Browsers allow six connections a host; the API keeps the rest.
 */
export const PARALLEL_UPLOADS = 3;

/**
 * Uploads the pending files of saved entries, oldest first, PARALLEL_UPLOADS at a time (a file no saved entry names
 * yet waits: an entry left unsaved deletes its files, and they must not reach the server). A refusal marks the file
 * failed; a network failure, a 5xx or a lost session ends the round with the file pending (its upload URL kept: the
 * next round resumes it) once the uploads already started have ended, and no further file starts.
 */
async function uploadFiles(db: OfflineDb): Promise<void> {
  const waiting = (await db.files.where('state').anyOf('pending', 'uploading').toArray())
    .filter((f) => f.entryId !== undefined)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  if (waiting.length === 0) return;
  const upload = await theUploader();
  let next = 0;
  let ended: { error: unknown } | null = null;
  const lane = async () => {
    while (!ended && next < waiting.length) {
      const file = waiting[next];
      next += 1;
      try {
        await uploadFile(db, upload, file);
      } catch (error) {
        ended ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, waiting.length) }, lane));
  if (ended) throw (ended as { error: unknown }).error;
}

/** One file's upload (or resumption); throws only what ends the round (network, 401, 5xx). */
async function uploadFile(db: OfflineDb, upload: OfflineUploader, file: LocalFile): Promise<void> {
  await db.files.update(file.fileId, { state: 'uploading' });
  let written = file.bytesSent;
  try {
    await upload(
      {
        blob: file.blob,
        fileId: file.fileId,
        projectId: file.projectId,
        formArea: file.formArea,
        folder: file.folder,
        name: file.name,
        type: file.type,
      },
      {
        previousUrl: file.uploadUrl,
        onUrl: (url) => void db.files.update(file.fileId, { uploadUrl: url }),
        onProgress: (sent) => {
          if (sent - written < PROGRESS_STEP_BYTES) return;
          written = sent;
          void db.files.update(file.fileId, { bytesSent: sent });
        },
        repeatRequests: repeatRequests(),
        chunkSize: uploadChunkBytes(),
      },
    );
    await db.files.update(file.fileId, { state: 'uploaded', bytesSent: file.size, error: undefined });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 0 || status === 401 || status >= 500) {
      await db.files.update(file.fileId, { state: 'pending' });
      throw error;
    }
    await db.files.update(file.fileId, { state: 'failed', error: problemOf(error) } as Partial<LocalFile>);
  }
}

/** The queued commands that may go now, in seq order: none of an entry in conflict or with a refused command. */
async function sendable(db: OfflineDb): Promise<OutboxItem[]> {
  const blocked = new Set(
    (await db.entries.where('syncState').anyOf('conflict', 'refused').toArray()).map((e) => e.entryId),
  );
  for (const item of await db.outbox.where('state').equals('refused').toArray()) blocked.add(item.entryId);
  const items = await db.outbox.orderBy('seq').toArray();
  return items.filter((i) => i.state === 'queued' && !blocked.has(i.entryId)).slice(0, BATCH_SIZE);
}

/** What one command's result does to the device's entry and outbox (inside the caller's transaction). */
async function applyResult(db: OfflineDb, item: OutboxItem, result: OfflineCommandResult | undefined): Promise<void> {
  const seq = item.seq as number;
  const entry = await db.entries.get(item.entryId);
  if (!result || result.status === 'skipped') {
    await db.outbox.update(seq, { state: 'queued' });
    if (entry?.syncState === 'syncing') await db.entries.update(entry.entryId, { syncState: 'pending' });
    return;
  }
  if (result.status === 'refused') {
    const error = {
      messageId: result.error?.messageId ?? 'common.serverError',
      message: result.error?.message ?? message('common.serverError'),
      status: result.error?.status,
    };
    await db.outbox.update(seq, { state: 'refused', error });
    if (entry) await db.entries.update(entry.entryId, { syncState: 'refused', error });
    return;
  }
  if (result.status === 'conflict') {
    await db.outbox.update(seq, { state: 'queued' });
    if (!entry) return;
    const serverAnswers = result.answers ?? [];
    const base = item.command.base ?? [];
    let form: FormDefinition | undefined;
    try {
      form = formOf(await bundleOf(db, entry.projectId), entry.formId, entry.formVersion);
    } catch {
      form = undefined;
    }
    await db.entries.put({
      ...entry,
      syncState: 'conflict',
      conflicts: conflictsWithLater(form, entry, base, serverAnswers, result.conflicts ?? []),
      serverAnswers,
      serverVersion: result.version ?? entry.version,
      conflictBase: base,
      ...(result.entryNumber === undefined ? {} : { entryNumber: result.entryNumber }),
    });
    return;
  }
  // Applied (now, or before: a repeat answers the stored result).
  await db.outbox.delete(seq);
  if (!entry) return;
  const later = (await db.outbox.where('entryId').equals(entry.entryId).count()) > 0;
  const answers = result.answers ?? item.command.answers;
  const next: LocalEntry = {
    ...entry,
    entryNumber: result.entryNumber ?? entry.entryNumber,
    version: result.version ?? entry.version + 1,
    base: answers,
  };
  if (!later) {
    next.answers = answers;
    if (result.isDraft !== undefined) next.isDraft = result.isDraft;
    next.syncState = 'synced';
    delete next.error;
  } else next.syncState = 'pending';
  await db.entries.put(next);
}

/** Sends the outbox in batches until nothing sendable is left (or a batch moved nothing). */
async function sendCommands(db: OfflineDb): Promise<void> {
  for (;;) {
    const batch = await sendable(db);
    if (batch.length === 0) return;
    await db.transaction('rw', [db.outbox, db.entries], async () => {
      for (const item of batch)
        await db.outbox.update(item.seq as number, { state: 'sent', attempts: item.attempts + 1 });
      await db.entries
        .where('entryId')
        .anyOf([...new Set(batch.map((i) => i.entryId))])
        .modify((e) => {
          if (e.syncState === 'pending') e.syncState = 'syncing';
        });
    });
    const body: OfflineCommandsRequest = { deviceId: deviceId(), commands: batch.map((i) => i.command) };
    let results: OfflineCommandResult[];
    try {
      ({
        body: { results },
      } = await request<{ results: OfflineCommandResult[] }>('POST', COMMANDS_PATH, {
        body,
        repeat: repeatRequests(),
        timeoutMs: 120_000,
      }));
    } catch (error) {
      // Not answered: all of it goes again (the server applies a command once however often it is sent).
      await db.transaction('rw', [db.outbox, db.entries], async () => {
        for (const item of batch) await applyResult(db, item, undefined);
      });
      throw error;
    }
    const byId = new Map((results ?? []).map((r) => [r.commandId, r]));
    await db.transaction('rw', [db.outbox, db.entries, db.bundles], async () => {
      for (const item of batch) await applyResult(db, item, byId.get(item.commandId));
    });
    // Only skipped (or unanswered) commands: the next batch would be the same one.
    if (batch.every((i) => (byId.get(i.commandId)?.status ?? 'skipped') === 'skipped')) return;
  }
}

/** Downloads again the bundles older than 15 minutes (failures other than a lost session wait for the next round). */
async function refreshStaleBundles(maxAgeMs = BUNDLE_MAX_AGE_MS): Promise<void> {
  for (const projectId of await staleBundles(maxAgeMs)) {
    try {
      await refreshBundle(projectId);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 0)) throw error;
    }
  }
}

/** No round of this page has got through yet. */
let firstRound = true;

/** One round: files, commands, stale bundles. */
async function round(): Promise<void> {
  if (!lastSession()) return;
  if (globalThis.navigator?.onLine === false) {
    patchOfflineState({ online: false });
    return;
  }
  const db = currentDb();
  patchOfflineState({ running: true, online: true });
  try {
    await uploadFiles(db);
    await sendCommands(db);
    // A page's first round asks for every bundle (a 304 when unchanged): it also tells whether the server is reachable.
    await refreshStaleBundles(firstRound ? 0 : BUNDLE_MAX_AGE_MS);
    firstRound = false;
    failures = 0;
    setServerReachable(true);
    patchOfflineState({ lastSyncAt: new Date().toISOString(), lastError: undefined, paused: null });
  } catch (error) {
    const problem = problemOf(error);
    if (problem.status === 0) setServerReachable(false);
    if (problem.status === 401) patchOfflineState({ paused: 'session', lastError: message('offline.sessionPaused') });
    else {
      failures += 1;
      patchOfflineState({ lastError: message('offline.syncFailed', { reason: problem.message }) });
      schedule(backoffMs(failures));
    }
  } finally {
    patchOfflineState({ running: false });
    await refreshCounts().catch(() => undefined);
  }
}

function schedule(delayMs: number): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void soonRound();
  }, delayMs);
}

/** A round the runner starts by itself: not while paused for a login, not while one is under way. */
async function soonRound(): Promise<void> {
  if (getOfflineState().paused === 'session') return;
  await runRound();
}

function runRound(): Promise<void> {
  running ??= withLock(round).finally(() => {
    running = null;
  });
  return running;
}

/**
 * Syncs now (the Sync action, /qa/access after its session check): a paused runner tries again, the backoff is
 * skipped. Resolves when the round is over (errors are in the state, never thrown).
 */
export async function syncNow(): Promise<void> {
  patchOfflineState({ paused: null });
  failures = 0;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (running) await running;
  await runRound();
}

/** The runner's listeners (startSync adds them, stopSync removes them). */
const onOnline = () => {
  patchOfflineState({ online: true });
  void soonRound();
};
const onOffline = () => patchOfflineState({ online: false });
const onSession = () => {
  // Told on every session check: a round only when a login ends a pause or something waits (the counts are re-read
  // first: another user's login opens their database).
  const wasPaused = getOfflineState().paused === 'session';
  patchOfflineState({ paused: null });
  void refreshCounts()
    .catch(() => undefined)
    .then(() => {
      const state = getOfflineState();
      if (wasPaused || state.queued + state.filesPending > 0) void soonRound();
    });
};

/**
 * Starts the runner once per page: listens to `online` / `offline`, to a login (`siteforms:session`), to changes
 * queued on the device, and runs a round every 60 s while something waits. Commands left 'sent' and files left
 * 'uploading' by a tab killed mid-round go again (the server applies each once; tus resumes).
 */
export function startSync(): void {
  if (started) return;
  started = true;
  whenQueued(() => schedule(0));
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  globalThis.addEventListener?.('siteforms:session', onSession);
  intervalTimer = setInterval(() => {
    const state = getOfflineState();
    if (state.queued + state.filesPending > 0) void soonRound();
    else if (lastSession() && globalThis.navigator?.onLine !== false)
      void staleBundles(BUNDLE_MAX_AGE_MS)
        .then((stale) => (stale.length > 0 ? soonRound() : undefined))
        .catch(() => undefined);
  }, TIMER_MS);
  // A browser without a usable IndexedDB (a private window, a policy) has nothing to put back: the round then reports
  // the store's failure in the sync state instead of an unhandled rejection.
  void recoverInterrupted()
    .catch(() => undefined)
    .then(() => soonRound());
}

/** Puts back what a killed tab left half done. */
async function recoverInterrupted(): Promise<void> {
  if (!lastSession()) return;
  const db = currentDb();
  await db.transaction('rw', [db.outbox, db.files, db.entries], async () => {
    await db.outbox.where('state').equals('sent').modify({ state: 'queued' });
    await db.files.where('state').equals('uploading').modify({ state: 'pending' });
    await db.entries.where('syncState').equals('syncing').modify({ syncState: 'pending' });
  });
  await refreshCounts();
}

/** Stops the runner's timers and listeners' effects (tests). */
export function stopSync(): void {
  if (retryTimer) clearTimeout(retryTimer);
  if (intervalTimer) clearInterval(intervalTimer);
  retryTimer = null;
  intervalTimer = null;
  started = false;
  failures = 0;
  whenQueued(() => undefined);
  globalThis.removeEventListener?.('online', onOnline);
  globalThis.removeEventListener?.('offline', onOffline);
  globalThis.removeEventListener?.('siteforms:session', onSession);
}
