/**
 * The sync action (shell-access-navigation.md §2.4 "A sync action goes to /qa/access"; issue 26 §3 "on the Sync
 * action (`/qa/access` re-checks access first)"): the page /qa/access (../pages/SyncActionPage) re-checks the session
 * (auth.isLoggedIn), runs the device's sync (runtime/offline `syncNow()`, contract §5), then returns to `?return=` (a
 * path of this site under /offline only) or /offline, with a toast saying how it ended. A lost session goes to the
 * login page, which comes back here after the login: nothing on the device is deleted, and sync resumes. With no
 * connection it returns at once: the device keeps everything and its sync runner sends it when the connection comes.
 */
import type { MessageId } from '../../engine/messages/catalogue';
import { ApiError, callOperation } from '../api/client';
import { isOfflinePath } from './offline-paths';

/** The path of the sync action. */
export const SYNC_ACTION_PATH = '/qa/access';

/** Where the action goes when `?return=` is missing or not an offline page. */
export const SYNC_DEFAULT_RETURN = '/offline';

/** What the action needs of the device's sync runner (runtime/offline/index.ts, contract §5). */
export interface SyncRunner {
  syncNow(): Promise<void>;
  getOfflineState?(): SyncStateLike | Promise<SyncStateLike>;
}

/** The part of the runner's OfflineState the action reads. */
export interface SyncStateLike {
  paused?: null | 'session';
  conflicts?: number;
  lastError?: string;
}

/** Where the action ends: a path, and the id of the toast to show there (none for the login page). */
export interface SyncOutcome {
  to: string;
  flashMessageId?: MessageId;
}

/**
 * The path `?return=` names when it is an offline page of this site (`/offline`, `/offline/...`, with its query),
 * else /offline: the action never sends anyone elsewhere (an open redirect), nor back to itself.
 */
export function syncReturnPath(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return SYNC_DEFAULT_RETURN;
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return SYNC_DEFAULT_RETURN;
  }
  if (url.origin !== 'http://site.invalid' || !isOfflinePath(url.pathname) || url.pathname.startsWith('/qa/'))
    return SYNC_DEFAULT_RETURN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, coming back to the sync action (and from there to `target`) after the login. */
export function loginThenSync(target: string): string {
  const again = `${SYNC_ACTION_PATH}?return=${encodeURIComponent(target)}`;
  return `/login?returnUrl=${encodeURIComponent(again)}`;
}

/**
 * The device's sync runner (runtime/offline), loaded on demand: the first page's bundle does not carry it. Found by
 * the build (a glob of one file) rather than named by an import, so that this part builds and runs before the runner
 * has landed (then the action only re-checks the session); null without it.
 */
const runnerModules = import.meta.glob<SyncRunner>('../offline/index.ts');

/** Loads the sync runner; null when the build has none. */
export async function loadSyncRunner(): Promise<SyncRunner | null> {
  const load = Object.values(runnerModules)[0];
  return load ? load() : null;
}

/**
 * Runs the action for the query `search` of /qa/access.
 * @param loadRunner the sync runner's loader (tests give their own)
 * @param online the browser's idea of the connection (`navigator.onLine`)
 * @returns where to go next and the toast to show there; never throws (a failure is a toast: nothing is lost)
 */
export async function runSyncAction(
  search: URLSearchParams,
  loadRunner: () => Promise<SyncRunner | null> = loadSyncRunner,
  online: boolean = globalThis.navigator?.onLine ?? true,
): Promise<SyncOutcome> {
  const target = syncReturnPath(search.get('return'));
  if (!online) return { to: target, flashMessageId: 'offlineShell.noConnection' };
  try {
    await callOperation('auth.isLoggedIn');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { to: loginThenSync(target) };
    return { to: target, flashMessageId: 'offlineShell.noConnection' };
  }
  try {
    const runner = await loadRunner();
    if (!runner) return { to: target, flashMessageId: 'offlineShell.synced' };
    await runner.syncNow();
    const state = await runner.getOfflineState?.();
    // The session ended between the check and the sync (the runner paused, nothing dropped): log in, come back.
    if (state?.paused === 'session') return { to: loginThenSync(target) };
    if (state?.lastError) return { to: target, flashMessageId: 'offlineShell.syncFailed' };
    if (state?.conflicts) return { to: target, flashMessageId: 'offlineShell.syncedWithConflicts' };
    return { to: target, flashMessageId: 'offlineShell.synced' };
  } catch {
    return { to: target, flashMessageId: 'offlineShell.syncFailed' };
  }
}
