/**
 * The device side of offline on site (issue 26; contract-26 §3-§6; docs/offline.md "On the device", "Sync"): what
 * the offline screens and the shell use. Every call acts on the signed-in user's database (offline: the last
 * signed-in user's; runtime/offline/db.ts). Loaded lazily: nothing of it is on the first page.
 *
 * - State for the sync banner: getOfflineState, subscribeOffline, useOfflineState (runtime/offline/state.ts).
 * - Sync: startSync (once per page; the offline layout or the shell calls it), syncNow (runtime/offline/sync.ts).
 * - Projects: takeProjectOffline, releaseProject, refreshBundle, offlineProjects (runtime/offline/bundles.ts).
 * - Entries and files: localEntries, localFiles, retryFile, retryCommand, resolveConflicts.
 * - Storage: downloadUnsynced, storageInfo, requestPersistence (runtime/offline/unsynced.ts).
 * - The offline router: createOfflineRouter(projectId), installed with routeCallsOffline (runtime/api/client.ts).
 */
import { useEffect } from 'react';
import type { StoredBundle } from './db';
import { currentDb } from './db';
import { type OfflineState, subscribeOffline as subscribe, useOfflineState as useStateOfPage } from './state';
import { startSync } from './sync';

export type { OfflineRouter } from '../api/client';
export { type OfflineProject, offlineProjects, refreshBundle, releaseProject, takeProjectOffline } from './bundles';
export type { LastSession, LocalEntry, LocalFile, OfflineProblem, OutboxItem, StoredBundle, SyncState } from './db';
export { deviceId, lastSession } from './db';
export { type ConflictChoice, localEntries, resolveConflicts, retryCommand } from './entries';
export { localFiles, retryFile, setImageCompressor } from './files';
export { createOfflineRouter } from './router';
export { getOfflineState, type OfflineState } from './state';
export { startSync, syncNow } from './sync';

/**
 * The offline state in a React component (re-renders on each change); the first component that shows it starts the
 * sync runner of the page (startSync: once per page).
 */
export function useOfflineState(): OfflineState {
  useEffect(() => startSync(), []);
  return useStateOfPage();
}
export { downloadUnsynced, requestPersistence, storageInfo } from './unsynced';

/**
 * Hears every change of the offline state; returns the function that stops it. The first listener starts the sync
 * runner of the page (startSync: once per page), so the banner that shows the state also gets it synced.
 */
export function subscribeOffline(listener: (state: OfflineState) => void): () => void {
  startSync();
  return subscribe(listener);
}

/** The bundle the device keeps for a project (its forms, project users, last entries), or undefined. */
export async function offlineBundle(projectId: number): Promise<StoredBundle | undefined> {
  return currentDb().bundles.get(projectId);
}
