/**
 * The device side against the real API (issue 26 §3, §5; contract-26 §2, §5): the mock API of the jsdom tests is the
 * real Hono app over the demo seed (runtime/test/mock-api.ts), so the sync runner's requests reach the server's batch
 * call and bundle as a browser's would. A project taken offline by a signed-in user, an entry made over page saves and
 * a submit, synced once however often it is sent; two devices changing different questions (both kept) and the same
 * question (a conflict, resolved and audited); a lost session pausing the queue, nothing lost.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer, FormEntry } from '../../engine/types/generated';
import { callOperation, routeCallsOffline } from '../api/client';
import { mockApi } from '../test/mock-api';
import { closeOfflineDbs, currentDb } from './db';
import {
  createOfflineRouter,
  getOfflineState,
  localEntries,
  resolveConflicts,
  syncNow,
  takeProjectOffline,
} from './index';
import { setOfflineUploader, stopSync } from './sync';

const params = { projectId: 1, formArea: 'quality-assurance' };
const page1: Answer[] = [
  { questionId: 1, answers: ['Level 2 slab'] },
  { questionId: 2, answers: ['2026-11-26'] },
  { questionId: 3, answers: ['C30/37'] },
  { questionId: 4, answers: ['Foundation'] },
  { questionId: 7, answers: [40] },
  { questionId: 10, answers: ['Formwork clean and sealed'] },
];
const page2: Answer[] = [
  { questionId: 11, answers: [true] },
  { questionId: 17, answers: ['A. Byrne'] },
];

function save(answers: Answer[], entryNumber?: number, draft = true) {
  return callOperation<FormEntry>('entries.submit', {
    params,
    query: draft ? { isFromPaging: 'true', activePageOrder: '2' } : {},
    body: { formId: 1, ...(entryNumber === undefined ? {} : { entryNumber }), answers },
  });
}

async function serverEntries() {
  return (await mockApi.entries()).filter((e) => e.projectId === 1 && e.formId === 1 && e.offlineId !== undefined);
}

beforeEach(async () => {
  closeOfflineDbs();
  indexedDB.deleteDatabase('siteforms-offline-u2-c1');
  await mockApi
    .store()
    .collection('projects')
    .updateOne({ clientId: 1, id: 1 }, { $set: { offlineAvailable: true } });
  await mockApi.logIn('user@demo.local', 1);
  // The session check every page makes keeps the last session: the device's database is the user's.
  await callOperation('auth.isLoggedIn');
  await takeProjectOffline(1);
  routeCallsOffline(createOfflineRouter(1));
  setOfflineUploader(async (file) => ({ file: `${file.folder}/${file.name}` }));
});

afterEach(() => {
  routeCallsOffline(null);
  setOfflineUploader(null);
  stopSync();
});

describe('sync against the API', () => {
  it('makes exactly one entry of page saves and a submit, however often the batch is sent', async () => {
    const bundle = await currentDb().bundles.get(1);
    expect(bundle?.forms.map((f) => f.id)).toContain(1);
    localStorage.setItem('siteforms.test.repeatRequests', '1');
    const made = await save(page1);
    await syncNow();
    await save([...page1, ...page2.slice(0, 1)], made.entryNumber);
    await save([...page1, ...page2], made.entryNumber, false);
    await syncNow();
    await syncNow();
    localStorage.removeItem('siteforms.test.repeatRequests');
    const stored = await serverEntries();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isDraft: false, version: 3 });
    expect(stored[0].answers.find((a) => a.questionId === 17)?.answers).toEqual(['A. Byrne']);
    const [entry] = await localEntries(1, 1).then((all) => all.filter((e) => e.localNumber === made.entryNumber));
    expect(entry).toMatchObject({ syncState: 'synced', entryNumber: stored[0].entryNumber, version: 3 });
    expect(getOfflineState()).toMatchObject({ queued: 0, paused: null });
  });

  it('keeps both sides changes of different questions, and audits the choice of a conflict', async () => {
    const made = await save(page1);
    await syncNow();
    const [stored] = await serverEntries();
    // Another device (online) changes the supplier: a page save of the draft through the ordinary submit.
    const change = async (answers: Answer[]) => {
      routeCallsOffline(null);
      try {
        await callOperation('entries.submit', {
          params,
          query: { isFromPaging: 'true', activePageOrder: '1' },
          body: { formId: 1, entryNumber: stored.entryNumber, answers },
        });
      } finally {
        routeCallsOffline(createOfflineRouter(1));
      }
    };
    await change([...page1, { questionId: 5, answers: ['Readymix Ltd'] }]);
    await save([...page1.slice(1), { questionId: 1, answers: ['Level 3 slab'] }], made.entryNumber);
    await syncNow();
    let [now] = (await localEntries(1, 1)).filter((e) => e.localNumber === made.entryNumber);
    expect(now.syncState).toBe('synced');
    const both = (await serverEntries())[0].answers;
    expect(both.find((a) => a.questionId === 1)?.answers).toEqual(['Level 3 slab']);
    expect(both.find((a) => a.questionId === 5)?.answers).toEqual(['Readymix Ltd']);

    // The same question on both sides: a conflict with both values; the user keeps theirs.
    await change([...both.filter((a) => a.questionId !== 1), { questionId: 1, answers: ['Level 4 slab'] }]);
    await save(
      [...both.filter((a) => a.questionId !== 1), { questionId: 1, answers: ['Level 5 slab'] }],
      made.entryNumber,
    );
    await syncNow();
    [now] = (await localEntries(1, 1)).filter((e) => e.localNumber === made.entryNumber);
    expect(now.syncState).toBe('conflict');
    expect(now.conflicts).toEqual([
      expect.objectContaining({
        questionId: 1,
        unit: '',
        mine: { answers: ['Level 5 slab'] },
        theirs: { answers: ['Level 4 slab'] },
      }),
    ]);
    await resolveConflicts(now.entryId, [{ questionId: 1, unit: '', chosen: 'theirs' }]);
    await syncNow();
    [now] = (await localEntries(1, 1)).filter((e) => e.localNumber === made.entryNumber);
    expect(now.syncState).toBe('synced');
    const [after] = await serverEntries();
    expect(after.answers.find((a) => a.questionId === 1)?.answers).toEqual(['Level 4 slab']);
    const audit = await callOperation<Array<Record<string, unknown>>>('entries.audit', {
      params: { ...params, formId: 1, entryNumber: after.entryNumber },
    });
    expect(audit[0]).toMatchObject({ kind: 'conflictResolved', questionId: 1, chosen: 'theirs' });
  });

  it('pauses when the session is gone, loses nothing, and resumes after a login', async () => {
    const made = await save(page1);
    await callOperation('auth.logout').catch(() => undefined);
    // The device keeps acting for its last user while offline pages are open (the logout above is the server's).
    localStorage.setItem(
      'siteforms.offline.lastSession',
      JSON.stringify({ userId: 2, clientId: 1, fullName: 'Site User', email: 'user@demo.local' }),
    );
    await syncNow();
    expect(getOfflineState().paused).toBe('session');
    expect(await serverEntries()).toHaveLength(0);
    expect(await currentDb().outbox.count()).toBe(1);
    await mockApi.logIn('user@demo.local', 1);
    await callOperation('auth.isLoggedIn');
    await syncNow();
    expect(getOfflineState().paused).toBeNull();
    expect(await serverEntries()).toHaveLength(1);
    expect((await localEntries(1, 1)).find((e) => e.localNumber === made.entryNumber)?.syncState).toBe('synced');
  });
});
