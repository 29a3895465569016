/**
 * The offline state the sync banner shows (contract-26 §5): a small store with listeners and a React hook. The sync
 * runner and the outbox update it; `refreshCounts` reads the counts from the signed-in database.
 */
import { useSyncExternalStore } from 'react';
import { currentDb, lastSession } from './db';

/** What the sync banner shows (contract-26 §5). */
export interface OfflineState {
  /** navigator.onLine as last heard. */
  online: boolean;
  /** A sync round is under way (in this tab). */
  running: boolean;
  /** 'session': the server answered 401; nothing is dropped, sync resumes after a login. */
  paused: null | 'session';
  /** Commands waiting to be sent (queued or sent, not refused). */
  queued: number;
  /** Entries in conflict, waiting for the user's choice. */
  conflicts: number;
  /** Commands and files the server refused. */
  refused: number;
  /** Files not uploaded yet. */
  filesPending: number;
  /** The last round that reached the server (ISO date-time). */
  lastSyncAt?: string;
  /** The last round's failure, in catalogue words. */
  lastError?: string;
}

let state: OfflineState = {
  online: globalThis.navigator?.onLine ?? true,
  running: false,
  paused: null,
  queued: 0,
  conflicts: 0,
  refused: 0,
  filesPending: 0,
};

const listeners = new Set<(state: OfflineState) => void>();

/**
 * Whether the last sync round reached the server. navigator.onLine says only that the device has a network (a
 * site's Wi-Fi with no internet behind it, or a captive portal, says true), so a round that failed for the network
 * marks the server unreachable until a round gets through or the browser reports the connection back.
 */
let reachable = true;

/** Records whether a sync round reached the server (runtime/offline/sync.ts); the state's `online` follows. */
export function setServerReachable(ok: boolean): void {
  reachable = ok;
  patchOfflineState({ online: (globalThis.navigator?.onLine ?? true) && ok });
}

/**
 * The current state (a new object after each change); `online` follows the browser's navigator.onLine and whether
 * the last sync round reached the server.
 */
export function getOfflineState(): OfflineState {
  const online = (globalThis.navigator?.onLine ?? true) && reachable;
  // The browser's word, even before the sync runner listens (a page opened with no network).
  if (online !== state.online) state = { ...state, online };
  return state;
}

// The connection's changes reach the listeners whether or not the page's sync runner has started.
globalThis.addEventListener?.('online', () => {
  reachable = true;
  patchOfflineState({ online: true });
});
globalThis.addEventListener?.('offline', () => patchOfflineState({ online: false }));

/** Changes the state and tells the listeners. */
export function patchOfflineState(change: Partial<OfflineState>): void {
  const next = { ...state, ...change };
  if ((Object.keys(next) as Array<keyof OfflineState>).every((key) => next[key] === state[key])) return;
  state = next;
  for (const listener of listeners) listener(state);
}

/** Hears every change of the state; returns the function that stops it. */
export function subscribeOffline(listener: (state: OfflineState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The state in a React component (re-renders on each change). */
export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribeOffline, getOfflineState, getOfflineState);
}

/** Reads the counts (queued, conflicts, refused, files pending) from the signed-in database into the state. */
export async function refreshCounts(): Promise<void> {
  if (!lastSession()) return;
  const db = currentDb();
  const [queued, refusedCommands, conflicts, filesPending, refusedFiles] = await Promise.all([
    db.outbox.where('state').anyOf('queued', 'sent').count(),
    db.outbox.where('state').equals('refused').count(),
    db.entries.where('syncState').equals('conflict').count(),
    db.files.where('state').anyOf('pending', 'uploading').count(),
    db.files.where('state').equals('failed').count(),
  ]);
  patchOfflineState({ queued, conflicts, refused: refusedCommands + refusedFiles, filesPending });
}
