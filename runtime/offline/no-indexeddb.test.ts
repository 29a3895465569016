/**
 * The sync runner on a browser without IndexedDB (a private window, a policy; issue 26): starting it with a last
 * session stored must not leave an unhandled rejection (it failed a whole test run once, from the offline page that
 * sync-action.test.ts returns to); the round says what went wrong in the sync state instead. This file runs in the
 * shared jsdom project, whose window has no IndexedDB (the files of the device's store add fake-indexeddb and run
 * isolated, vitest.config.ts DOM_ISOLATED).
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LAST_SESSION_KEY } from './db';
import { getOfflineState } from './state';
import { startSync, stopSync } from './sync';

describe('the sync runner without IndexedDB', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  afterEach(() => {
    stopSync();
    process.off('unhandledRejection', onRejection);
    localStorage.removeItem(LAST_SESSION_KEY);
  });

  it('starts without an unhandled rejection and reports the failed round in its state', async () => {
    expect(globalThis.indexedDB).toBeUndefined();
    process.on('unhandledRejection', onRejection);
    localStorage.setItem(LAST_SESSION_KEY, JSON.stringify({ userId: 1, clientId: 1 }));
    startSync();
    await waitFor(() => expect(getOfflineState().lastError).toBeTruthy());
    // A rejection left unhandled is reported after the microtasks of its turn: give it a turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rejections).toEqual([]);
  });
});
