/**
 * The sync action /qa/access (shell-access-navigation.md §2.4; issue 26 §3) over the real API (MSW): it re-checks
 * the session first (a lost one goes to the login page and comes back here, nothing run or deleted), runs the device's
 * sync once, and returns only to an offline page of this site, with the toast of how the sync ended.
 * The offline page it returns to opens the device's database: an IndexedDB stands in (fake-indexeddb), so the file
 * runs isolated (vitest.config.ts DOM_ISOLATED); without one, Dexie's MissingAPIError came as an unhandled rejection.
 */
import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { loginThenSync, runSyncAction, type SyncRunner, syncReturnPath } from './sync-action';

/** A fake sync runner counting its runs and ending in `state`. */
function runner(state: Awaited<ReturnType<NonNullable<SyncRunner['getOfflineState']>>> = {}, fails = false) {
  const calls = { sync: 0 };
  const fake: SyncRunner = {
    async syncNow() {
      calls.sync += 1;
      if (fails) throw new Error('network');
    },
    getOfflineState: () => state,
  };
  return { calls, load: async () => fake };
}

const query = (value: string) => new URLSearchParams({ return: value });

describe('the sync action /qa/access', () => {
  it('returns only to an offline page of this site, else to /offline', () => {
    expect(syncReturnPath('/offline/1/qa')).toBe('/offline/1/qa');
    expect(syncReturnPath('/offline/1/qa?form=5#top')).toBe('/offline/1/qa?form=5#top');
    expect(syncReturnPath('/offline')).toBe('/offline');
    for (const bad of [null, '', 'offline/1/qa', '//evil.example/offline', 'https://evil.example/offline', '/home']) {
      expect(syncReturnPath(bad)).toBe('/offline');
    }
    expect(syncReturnPath('/\\evil.example/offline')).toBe('/offline');
    expect(syncReturnPath('/qa/access?return=/offline')).toBe('/offline');
    expect(syncReturnPath('/offline/../home')).toBe('/offline');
  });

  it('sends a lost session to the login page, which comes back to the action, and runs nothing', async () => {
    const fake = runner();
    const outcome = await runSyncAction(query('/offline/1/photos'), fake.load, true);
    expect(outcome).toEqual({ to: loginThenSync('/offline/1/photos') });
    expect(outcome.to).toBe('/login?returnUrl=%2Fqa%2Faccess%3Freturn%3D%252Foffline%252F1%252Fphotos');
    expect(fake.calls.sync).toBe(0);
  });

  it('with no connection returns at once, saying everything stays on the device', async () => {
    await mockApi.logIn('user@demo.local');
    const fake = runner();
    expect(await runSyncAction(query('/offline/1/qa'), fake.load, false)).toEqual({
      to: '/offline/1/qa',
      flashMessageId: 'offlineShell.noConnection',
    });
    expect(fake.calls.sync).toBe(0);
  });

  it('with a session runs the sync once and says how it ended', async () => {
    await mockApi.logIn('user@demo.local');
    const done = runner();
    expect(await runSyncAction(query('/offline/1/qa'), done.load, true)).toEqual({
      to: '/offline/1/qa',
      flashMessageId: 'offlineShell.synced',
    });
    expect(done.calls.sync).toBe(1);
    const conflicts = runner({ conflicts: 2 });
    expect((await runSyncAction(query('/offline/1/qa'), conflicts.load, true)).flashMessageId).toBe(
      'offlineShell.syncedWithConflicts',
    );
    const failed = runner({ lastError: 'Server error' });
    expect((await runSyncAction(query('/offline/1/qa'), failed.load, true)).flashMessageId).toBe(
      'offlineShell.syncFailed',
    );
    const thrown = runner({}, true);
    expect(await runSyncAction(new URLSearchParams(), thrown.load, true)).toEqual({
      to: '/offline',
      flashMessageId: 'offlineShell.syncFailed',
    });
    // The session ended during the sync: the runner paused, nothing dropped; log in and come back.
    const paused = runner({ paused: 'session' });
    expect(await runSyncAction(query('/offline/1/qa'), paused.load, true)).toEqual({
      to: loginThenSync('/offline/1/qa'),
    });
  });

  it('is a page of the route table: it returns to the offline page it was sent from', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/qa/access?return=%2Foffline%2F1%2Fqa');
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline/1/qa'), { timeout: 5000 });
  });

  it('signed out, the page goes to the login page with its way back', async () => {
    const { router } = renderApp('/qa/access?return=%2Foffline');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/qa/access?return=%2Foffline')}`);
  });
});
