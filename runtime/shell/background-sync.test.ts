import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOfflineDbs, openOfflineDb } from '../offline/db';
import { stopSync } from '../offline/sync';
import { startSyncIfOfflineData } from './background-sync';

afterEach(() => {
  stopSync();
  closeOfflineDbs();
});

describe('the offline sync on the logged-in pages (issue 26 §3)', () => {
  it('starts only when the device keeps an offline database of the user in their client', async () => {
    expect(await startSyncIfOfflineData(41, 7)).toBe(false);
    expect(await startSyncIfOfflineData(41, null)).toBe(false);
    // The device took a project offline for user 41 in client 7: their database exists.
    await openOfflineDb(41, 7).open();
    expect(await startSyncIfOfflineData(41, 7)).toBe(true);
    // Another user, or the same user in another client, has nothing here.
    expect(await startSyncIfOfflineData(42, 7)).toBe(false);
    expect(await startSyncIfOfflineData(41, 8)).toBe(false);
  });
});
