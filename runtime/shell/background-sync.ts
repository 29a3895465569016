/**
 * The offline sync on every page of the logged-in shell (issue 26 §3: "Sync runs by itself when the connection
 * returns ... and on a timer"; docs/offline.md "Sync"). The offline pages start the sync runner with their banner;
 * without this, entries made offline waited until the user opened an offline page again. When this device keeps an
 * offline database for the signed-in user in their client (looked up by name, `indexedDB.databases()`, without
 * loading Dexie), the offline code is loaded and its runner started (once per page; one tab at a time syncs).
 */
import { useEffect } from 'react';
import { databaseName } from '../offline/names';

/**
 * Starts the sync runner when the device holds offline data of `userId` in `clientId`.
 * @returns true when it was started (or already running), false when there is nothing on this device to sync
 */
export async function startSyncIfOfflineData(userId: number, clientId: number | null): Promise<boolean> {
  if (clientId === null) return false;
  const databases = (await globalThis.indexedDB?.databases?.().catch(() => [])) ?? [];
  if (!databases.some((db) => db.name === databaseName(userId, clientId))) return false;
  const { startSync } = await import('../offline');
  startSync();
  return true;
}

/** The logged-in shell's hook: see startSyncIfOfflineData. */
export function useBackgroundSync(userId: number, clientId: number | null): void {
  useEffect(() => {
    void startSyncIfOfflineData(userId, clientId).catch(() => undefined);
  }, [userId, clientId]);
}
