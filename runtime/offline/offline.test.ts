/**
 * The device side of offline (issue 26; contract-26 §3-§6): the outbox and its ids, the offline router's answers
 * through the API client's seam, files waiting to sync surviving the upload-on-unload rule, a full device losing
 * nothing, and the sync runner against a fake of the batch call that follows the contract (applied, conflict and
 * its resolution, refused, skipped, a 401 pausing and resuming, the repeat hook).
 */
import 'fake-indexeddb/auto';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, callOperation, fileUrl, routeCallsOffline, thumbnailUrl } from '../api/client';
import { refreshBundle } from './bundles';
import { currentDb } from './db';
import { setOfflineFetch } from './http';
import {
  createOfflineRouter,
  downloadUnsynced,
  getOfflineState,
  localEntries,
  offlineProjects,
  releaseProject,
  requestPersistence,
  resolveConflicts,
  retryCommand,
  retryFile,
  setImageCompressor,
  storageInfo,
  syncNow,
  takeProjectOffline,
} from './index';
import { backoffMs, PARALLEL_UPLOADS, setOfflineUploader, stopSync } from './sync';
import { fakeServer, putBundle, signInFreshUser, testBundle, testForm, text } from './test-support';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const params = { projectId: 1, formArea: 'quality-assurance' };

function pageSave(answers: unknown[], entryNumber?: number, page = 2) {
  return callOperation<{ entryNumber: number }>('entries.submit', {
    params,
    query: { isFromPaging: 'true', activePageOrder: String(page) },
    body: { formId: 7, ...(entryNumber === undefined ? {} : { entryNumber }), answers },
  });
}

function submit(answers: unknown[], entryNumber?: number) {
  return callOperation<{ entryNumber: number; isDraft: boolean }>('entries.submit', {
    params,
    body: { formId: 7, ...(entryNumber === undefined ? {} : { entryNumber }), answers },
  });
}

async function outbox() {
  return currentDb().outbox.orderBy('seq').toArray();
}

function upload(folder: string, ...files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('uploads[]', file, file.name);
  return callOperation<Array<{ file: string; url: string; size: number }>>('files.upload', {
    query: { folder },
    body: form,
  });
}

let server: ReturnType<typeof fakeServer>;
const uploads: string[] = [];

beforeEach(async () => {
  signInFreshUser();
  await putBundle();
  routeCallsOffline(createOfflineRouter(1));
  server = fakeServer();
  setOfflineFetch(server.fetch);
  uploads.length = 0;
  setOfflineUploader(async (file) => {
    if (server.down) throw new ApiError(0, 'common.serverError', 'down');
    uploads.push(`${file.folder}/${file.name}`);
    return { file: `${file.folder}/${file.name}` };
  });
  setImageCompressor(async (file) => new Blob([new Uint8Array(1000)], { type: file.type }));
});

afterEach(() => {
  routeCallsOffline(null);
  setOfflineFetch(null);
  setOfflineUploader(null);
  setImageCompressor(null);
  stopSync();
});

describe('the outbox', () => {
  it('queues createEntry, coalesces page saves not yet sent, then a submit, with UUIDv7 ids chained per entry', async () => {
    const first = await pageSave([text(1, 'Level 2 slab')], undefined, 2);
    expect(first.entryNumber).toBe(-1);
    await pageSave([text(1, 'Level 2 slab'), text(2, 'grid C')], -1, 2);
    let items = await outbox();
    expect(items.map((i) => i.kind)).toEqual(['createEntry']);
    expect(items[0].command.answers.map((a) => a.answers[0])).toEqual(['Level 2 slab', 'grid C']);
    expect(items[0].command).toMatchObject({ submit: false, baseVersion: 0, formVersion: 1, activePageOrder: 2 });

    // Sent once (a batch left unanswered): the next page save is a command of its own, never merged into it.
    await currentDb().outbox.update(items[0].seq as number, { attempts: 1 });
    await pageSave([text(1, 'Level 2 slab'), text(2, 'grid D')], -1, 2);
    const done = await submit([text(1, 'Level 2 slab'), text(2, 'grid D'), text(4, 'A. Byrne')], -1);
    expect(done).toMatchObject({ entryNumber: -1, isDraft: false });
    items = await outbox();
    expect(items.map((i) => i.kind)).toEqual(['createEntry', 'savePage', 'submit']);
    for (const item of items) {
      expect(item.commandId).toMatch(UUID_V7);
      expect(item.command.commandId).toBe(item.commandId);
      expect(item.command.entryId).toBe(items[0].entryId);
    }
    expect(items[0].entryId).toMatch(UUID_V7);
    // Each starts where the one before leaves the entry: no conflict with itself when applied in order.
    expect(items.map((i) => i.command.baseVersion)).toEqual([0, 1, 2]);
    expect(items[1].command.base).toEqual(items[0].command.answers);
    expect(items[2].command.base).toEqual(items[1].command.answers);
    const [entry] = await localEntries(1);
    expect(entry).toMatchObject({ localNumber: -1, version: 0, isDraft: false, syncState: 'pending' });
  });

  it('refuses a page save of a submitted entry, and a save of an entry it does not hold', async () => {
    await submit([text(1, 'Level 2 slab'), text(4, 'A. Byrne')]);
    await expect(pageSave([text(1, 'x')], -1)).rejects.toMatchObject({
      status: 409,
      messageId: 'entries.submittedPageSave',
    });
    await expect(pageSave([text(1, 'x')], -9)).rejects.toMatchObject({ status: 404, messageId: 'notFound.entry' });
  });

  it('keeps the form version an entry was started on when the form is republished', async () => {
    await pageSave([text(1, 'Level 2 slab')]);
    await putBundle({ forms: [testForm(2)], formVersions: [testForm(1)] });
    await submit([text(1, 'Level 2 slab'), text(4, 'A. Byrne')], -1);
    expect((await outbox()).map((i) => i.command.formVersion)).toEqual([1, 1]);
    const fresh = await pageSave([text(1, 'Roof')]);
    const items = await outbox();
    expect(items.at(-1)?.command.formVersion).toBe(2);
    expect(fresh.entryNumber).toBe(-2);
  });
});

describe('the offline router', () => {
  it('answers the form from the bundle (an older version by ?version=) and refuses one it does not hold', async () => {
    await putBundle({ forms: [testForm(2)], formVersions: [testForm(1)] });
    const form = await callOperation<{ version: number }>('forms.getForProject', { params: { ...params, id: 7 } });
    expect(form.version).toBe(2);
    const old = await callOperation<{ version: number }>('forms.getForProject', {
      params: { ...params, id: 7 },
      query: { version: '1' },
    });
    expect(old.version).toBe(1);
    await expect(callOperation('forms.getForProject', { params: { ...params, id: 8 } })).rejects.toMatchObject({
      status: 404,
      messageId: 'offline.formNotOffline',
    });
  });

  it('answers a register page with the online rows and each entry sync state, and one entry by its number', async () => {
    await putBundle({
      entries: [
        {
          id: 40,
          clientId: 1,
          projectId: 1,
          formId: 7,
          formArea: 'quality-assurance',
          formVersion: 1,
          version: 3,
          entryNumber: 4,
          globalEntryNumber: 4,
          date: '2026-11-20T09:00:00.000Z',
          enteredBy: 'Office User',
          answers: [text(1, 'Basement'), text(4, 'B. Kelly')],
        },
      ],
    });
    // A download copies the bundle's entries in (synced); an unchanged bundle is not sent again (304).
    const { projectId: _p, downloadedAt: _d, ...bundle } = (await currentDb().bundles.get(1))!;
    server.bundle = { ...bundle, bundleVersion: 'b2' };
    await refreshBundle(1);
    await refreshBundle(1);
    expect((await currentDb().bundles.get(1))?.bundleVersion).toBe('b2');
    const made = await pageSave([text(1, 'Level 2 slab'), text(2, 'grid C')]);
    expect(made.entryNumber).toBeLessThan(0);
    const page = await callOperation<{ items: Array<Record<string, unknown>>; totalRecords: number; drafts: number }>(
      'entries.getall',
      { params: { ...params, formId: 7 }, body: { pageIndex: 0, pageSize: 10 } },
    );
    expect(page.totalRecords).toBe(2);
    expect(page.drafts).toBe(1);
    expect(page.items[0]).toMatchObject({
      entryNumber: made.entryNumber,
      status: 'Draft',
      q_1: 'Level 2 slab',
      q_2: 'grid C',
      syncState: 'pending',
    });
    expect(page.items[1]).toMatchObject({
      entryNumber: 4,
      status: 'Submitted',
      q_1: 'Basement',
      enteredBy: 'Office User',
      syncState: 'synced',
    });
    const filtered = await callOperation<{ totalRecords: number }>('entries.getall', {
      params: { ...params, formId: 7 },
      body: { pageIndex: 0, pageSize: 10, filters: [{ id: 'status', value: 'Submitted' }] },
    });
    expect(filtered.totalRecords).toBe(1);
    const local = await callOperation<{ answers: unknown[]; isDraft: boolean; activePageOrder: number }>(
      'entries.get',
      {
        params: { ...params, formId: 7, entryNumber: made.entryNumber },
      },
    );
    expect(local).toMatchObject({ isDraft: true, activePageOrder: 2 });
    const bundled = await callOperation<{ version: number }>('entries.get', {
      params: { ...params, formId: 7, entryNumber: 4 },
    });
    expect(bundled.version).toBe(3);
    const users = await callOperation<unknown[]>('projects.users', { params: { id: 1 } });
    expect(users).toEqual([{ id: 2, fullName: 'Site User' }]);
  });

  it('keeps photos compressed on the device with object URLs, and deleteFolder keeps files waiting to sync', async () => {
    URL.createObjectURL = (() => {
      let n = 0;
      return () => `blob:local/${++n}`;
    })();
    URL.revokeObjectURL = () => undefined;
    const photo = new File([new Uint8Array(5_000_000)], 'slab.jpg', { type: 'image/jpeg' });
    const [stored] = await upload('files/abc12345', photo);
    expect(stored).toMatchObject({ file: 'files/abc12345/slab.jpg', size: 1000 });
    expect(stored.url).toMatch(/^blob:local\//);
    expect(fileUrl('files/abc12345/slab.jpg')).toBe(stored.url);
    expect(thumbnailUrl('files/abc12345/slab.jpg', 80, 80)).toBe(stored.url);
    expect(fileUrl('files/other/x.pdf')).toBe('/api/files/download?file=files%2Fother%2Fx.pdf');
    await upload('files/zz999999', new File(['%PDF-1.4'], 'left.pdf', { type: 'application/pdf' }));

    // Saved by a page save: the file is the entry's, and the unload rule of its folder leaves it.
    await pageSave([text(1, 'Level 2 slab'), { questionId: 3, answers: ['files/abc12345/slab.jpg'] }]);
    await callOperation('files.deleteFolder', { query: { folder: 'files/abc12345' } });
    await callOperation('files.deleteFolder', { query: { folder: 'files/zz999999' } });
    const files = await currentDb().files.toArray();
    expect(files.map((f) => f.path)).toEqual(['files/abc12345/slab.jpg']);
    expect(files[0]).toMatchObject({ state: 'pending', entryId: (await localEntries(1))[0].entryId });
    const listed = await callOperation<Array<{ file: string }>>('files.list', { query: { folder: 'files/abc12345' } });
    expect(listed.map((f) => f.file)).toEqual(['files/abc12345/slab.jpg']);
  });

  it('refuses a file over 10 MiB after compression, and a full device loses nothing saved before', async () => {
    setImageCompressor(null);
    await expect(
      upload('files/big00001', new File([new Uint8Array(11 * 1024 * 1024)], 'scan.pdf')),
    ).rejects.toMatchObject({
      status: 413,
      messageId: 'files.tooLarge',
    });
    await pageSave([text(1, 'Level 2 slab')]);
    const db = currentDb();
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    db.outbox.hook('creating', full);
    try {
      const error = await submit([text(1, 'Level 2 slab'), text(4, 'A. Byrne')], -1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 507, messageId: 'offline.storageFull' });
      expect((error as Error).message).toBe(
        'There is not enough space on this device to save this. Nothing saved before is lost: free some space, or sync, and try again.',
      );
    } finally {
      db.outbox.hook('creating').unsubscribe(full);
    }
    // A photo on a full device: refused with the same text, no part of the upload kept.
    db.files.hook('creating', full);
    try {
      await expect(
        upload(
          'files/full0001',
          new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
          new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
        ),
      ).rejects.toMatchObject({ status: 507, messageId: 'offline.storageFull' });
    } finally {
      db.files.hook('creating').unsubscribe(full);
    }
    expect(await db.files.count()).toBe(0);
    // The submit was rolled back whole: the draft and its command are as they were.
    const [entry] = await localEntries(1);
    expect(entry).toMatchObject({ isDraft: true, answers: [{ questionId: 1, answers: ['Level 2 slab'] }] });
    expect((await outbox()).map((i) => i.kind)).toEqual(['createEntry']);
  });

  it('discards a draft made on the device with its files, and refuses a synced one with no connection', async () => {
    URL.createObjectURL = () => 'blob:x';
    await upload('files/d1111111', new File(['a'], 'a.png', { type: 'image/png' }));
    await pageSave([text(1, 'Level 2 slab'), { questionId: 3, answers: ['files/d1111111/a.png'] }]);
    await callOperation('entries.discard', { params: { ...params, formId: 7, entryNumber: -1 } });
    expect(await localEntries(1)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await currentDb().files.count()).toBe(0);

    await pageSave([text(1, 'Roof')]);
    await syncNow();
    const [synced] = await localEntries(1);
    expect(synced).toMatchObject({ entryNumber: 1, syncState: 'synced' });
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      await expect(
        callOperation('entries.discard', { params: { ...params, formId: 7, entryNumber: 1 } }),
      ).rejects.toMatchObject({ messageId: 'offline.notOffline' });
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });
});

describe('the sync runner', () => {
  it('uploads the files, then applies the outbox once however often it is sent (the repeat hook)', async () => {
    localStorage.setItem('siteforms.test.repeatRequests', '1');
    URL.createObjectURL = () => 'blob:x';
    await upload('files/p0000001', new File(['a'], 'one.jpg', { type: 'image/jpeg' }));
    await pageSave([text(1, 'Level 2 slab'), { questionId: 3, answers: ['files/p0000001/one.jpg'] }]);
    await currentDb().outbox.toCollection().modify({ attempts: 1 });
    await pageSave(
      [text(1, 'Level 2 slab'), text(2, 'grid C'), { questionId: 3, answers: ['files/p0000001/one.jpg'] }],
      -1,
    );
    await submit(
      [
        text(1, 'Level 2 slab'),
        text(2, 'grid C'),
        text(4, 'A. Byrne'),
        { questionId: 3, answers: ['files/p0000001/one.jpg'] },
      ],
      -1,
    );
    await syncNow();
    localStorage.removeItem('siteforms.test.repeatRequests');
    expect(uploads).toEqual(['files/p0000001/one.jpg']);
    // Sent twice, applied once: one entry at version 3 (create, page save, submit).
    expect(server.requests).toHaveLength(2);
    expect(server.entries.size).toBe(1);
    const [onServer] = [...server.entries.values()];
    expect(onServer).toMatchObject({ version: 3, isDraft: false, entryNumber: 1 });
    expect(await outbox()).toHaveLength(0);
    const [entry] = await localEntries(1);
    expect(entry).toMatchObject({ entryNumber: 1, version: 3, syncState: 'synced', isDraft: false });
    expect(entry.base).toEqual(entry.answers);
    expect((await currentDb().files.toArray())[0].state).toBe('uploaded');
    expect(getOfflineState()).toMatchObject({ queued: 0, filesPending: 0, conflicts: 0, paused: null });
    expect(getOfflineState().lastSyncAt).toBeDefined();
  });

  it('uploads only files a saved entry names, and marks a refused one failed until retried', async () => {
    URL.createObjectURL = () => 'blob:x';
    await upload('files/q0000001', new File(['a'], 'kept.jpg', { type: 'image/jpeg' }));
    await upload('files/q0000001', new File(['b'], 'bad.exe', { type: 'application/octet-stream' }));
    await upload('files/q0000002', new File(['c'], 'loose.jpg', { type: 'image/jpeg' }));
    setOfflineUploader(async (file) => {
      if (file.name === 'bad.exe') throw new ApiError(415, 'files.typeNotAllowed', 'This type of file is not allowed.');
      uploads.push(file.name);
      return { file: `${file.folder}/${file.name}` };
    });
    await pageSave([
      text(1, 'Level 2 slab'),
      { questionId: 3, answers: ['files/q0000001/kept.jpg', 'files/q0000001/bad.exe'] },
    ]);
    await syncNow();
    expect(uploads).toEqual(['kept.jpg']);
    const byName = new Map((await currentDb().files.toArray()).map((f) => [f.name, f]));
    expect(byName.get('kept.jpg')?.state).toBe('uploaded');
    expect(byName.get('bad.exe')).toMatchObject({
      state: 'failed',
      error: { messageId: 'files.typeNotAllowed', status: 415 },
    });
    expect(byName.get('loose.jpg')?.state).toBe('pending');
    expect(getOfflineState().refused).toBe(1);
    // The entry's commands went on regardless.
    expect(await outbox()).toHaveLength(0);
    await retryFile(byName.get('bad.exe')?.fileId as string);
    expect((await currentDb().files.get(byName.get('bad.exe')?.fileId as string))?.state).toBe('pending');
  });

  it(`uploads ${PARALLEL_UPLOADS} files at a time; a lost network starts no further file and keeps the rest pending`, async () => {
    URL.createObjectURL = () => 'blob:x';
    const names = 'abcdefghijkl'.split('').map((n) => `${n}.jpg`);
    for (const name of names) await upload('files/r0000001', new File([name], name, { type: 'image/jpeg' }));
    let running = 0;
    let most = 0;
    const started: string[] = [];
    setOfflineUploader(async (file) => {
      const order = started.push(file.name);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      // The fourth file to start finds the network gone.
      if (order === 4) throw new ApiError(0, 'common.serverError', 'down');
      uploads.push(file.name);
      return { file: `${file.folder}/${file.name}` };
    });
    await pageSave([text(1, 'Level 2 slab'), { questionId: 3, answers: names.map((n) => `files/r0000001/${n}`) }]);
    await syncNow();
    expect(most).toBe(PARALLEL_UPLOADS);
    // The files already on their way finish; none starts after the failure; the commands wait for the next round.
    expect(started.length).toBeLessThan(names.length);
    const states = new Map((await currentDb().files.toArray()).map((f) => [f.name, f.state]));
    expect([...states.values()].filter((state) => state === 'uploaded')).toHaveLength(uploads.length);
    expect(states.get(started[3])).toBe('pending');
    expect(await outbox()).toHaveLength(1);
    setOfflineUploader(async (file) => {
      uploads.push(file.name);
      return { file: `${file.folder}/${file.name}` };
    });
    await syncNow();
    expect([...uploads].sort()).toEqual(names);
    expect(await outbox()).toHaveLength(0);
  });

  it('merges changes to different questions, shows a conflict on the same one, and sends the resolution', async () => {
    await pageSave([text(1, 'Level 2 slab'), text(2, 'grid C')]);
    await syncNow();
    const [entry] = await localEntries(1);
    // Another device changes the notes; this one changes the location: both stand.
    server.change(entry.entryId, [text(1, 'Level 2 slab'), text(2, 'grid D')]);
    await pageSave([text(1, 'Level 3 slab'), text(2, 'grid C')], 1);
    await syncNow();
    let [now] = await localEntries(1);
    expect(now.syncState).toBe('synced');
    expect(now.answers.map((a) => a.answers[0])).toEqual(['Level 3 slab', 'grid D']);

    // Both change the location: a conflict, nothing written, the later page save waits behind it.
    server.change(entry.entryId, [text(1, 'Level 4 slab'), text(2, 'grid D')]);
    await pageSave([text(1, 'Level 5 slab'), text(2, 'grid D')], 1);
    await pageSave([text(1, 'Level 5 slab'), text(2, 'grid D'), text(4, 'A. Byrne')], 1);
    await syncNow();
    [now] = await localEntries(1);
    expect(now.syncState).toBe('conflict');
    expect(now.conflicts).toEqual([
      expect.objectContaining({
        questionId: 1,
        unit: '',
        mine: { answers: ['Level 5 slab'] },
        theirs: { answers: ['Level 4 slab'] },
      }),
    ]);
    expect(server.entries.get(entry.entryId)?.answers[0]).toEqual(text(1, 'Level 4 slab'));
    expect(getOfflineState().conflicts).toBe(1);
    const page = await callOperation<{ items: Array<{ syncState: string }> }>('entries.getall', {
      params: { ...params, formId: 7 },
      body: {},
    });
    expect(page.items[0].syncState).toBe('conflict');

    await resolveConflicts(now.entryId, [{ questionId: 1, unit: '', chosen: 'theirs' }]);
    const [resolve] = await outbox();
    expect(resolve.command).toMatchObject({
      kind: 'resolve',
      baseVersion: server.entries.get(entry.entryId)?.version,
      submit: false,
      resolutions: [{ questionId: 1, unit: '', chosen: 'theirs', mine: { answers: ['Level 5 slab'] } }],
    });
    await syncNow();
    [now] = await localEntries(1);
    expect(now.syncState).toBe('synced');
    // The choice for the location, and the later page save's inspector, both kept.
    expect(server.entries.get(entry.entryId)?.answers.map((a) => a.answers[0])).toEqual([
      'Level 4 slab',
      'grid D',
      'A. Byrne',
    ]);
  });

  it('reports a refused command on its entry, goes on with the rest, and retries it on demand', async () => {
    server.refuse = (c) =>
      c.answers.some((a) => a.answers[0] === 'Tampered')
        ? { status: 404, messageId: 'notFound.project', message: 'The project was not found.' }
        : undefined;
    await pageSave([text(1, 'Tampered')]);
    await pageSave([text(1, 'Level 2 slab')]);
    await syncNow();
    const entries = await localEntries(1);
    const refused = entries.find((e) => e.answers[0].answers[0] === 'Tampered');
    const fine = entries.find((e) => e.answers[0].answers[0] === 'Level 2 slab');
    expect(refused).toMatchObject({ syncState: 'refused', error: { messageId: 'notFound.project', status: 404 } });
    expect(fine).toMatchObject({ syncState: 'synced', entryNumber: 1 });
    const [item] = await outbox();
    expect(item).toMatchObject({ state: 'refused', entryId: refused?.entryId });
    expect(getOfflineState().refused).toBe(1);
    server.refuse = () => undefined;
    await retryCommand(item.seq as number);
    await syncNow();
    expect((await localEntries(1)).every((e) => e.syncState === 'synced')).toBe(true);
  });

  it('pauses on a lost session with nothing dropped, and resumes after a login', async () => {
    await pageSave([text(1, 'Level 2 slab')]);
    server.session = false;
    await syncNow();
    expect(getOfflineState().paused).toBe('session');
    expect((await outbox()).map((i) => i.state)).toEqual(['queued']);
    expect((await localEntries(1))[0].syncState).toBe('pending');
    server.session = true;
    await syncNow();
    expect(getOfflineState().paused).toBeNull();
    expect(await outbox()).toHaveLength(0);
  });

  it('backs off on a lost network, keeping everything for the next round', async () => {
    await pageSave([text(1, 'Level 2 slab')]);
    server.down = true;
    await syncNow();
    expect(getOfflineState().lastError).toMatch(/^Sync failed/);
    expect((await outbox())[0]).toMatchObject({ state: 'queued', attempts: 1 });
    server.down = false;
    await syncNow();
    expect(await outbox()).toHaveLength(0);
  });

  it('takes a project offline (recorded on the server, bundle downloaded) and releases it once synced', async () => {
    await currentDb().bundles.clear();
    server.bundle = testBundle();
    await takeProjectOffline(1);
    expect(server.projectIds).toEqual([1]);
    expect(await offlineProjects()).toEqual([
      expect.objectContaining({ projectId: 1, code: 'CCE-2401', bundleVersion: 'b1', unsynced: 0 }),
    ]);
    await pageSave([text(1, 'Level 2 slab')]);
    expect((await offlineProjects())[0].unsynced).toBe(1);
    await syncNow();
    await releaseProject(1);
    expect(server.projectIds).toEqual([]);
    expect(await offlineProjects()).toEqual([]);
    expect(await localEntries(1)).toEqual([]);
  });

  it('waits 2 s doubling to 5 minutes between failed rounds, with jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 0.5))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(20, 0.5)).toBe(300_000);
    expect(backoffMs(1, 0)).toBe(1600);
    expect(backoffMs(1, 1)).toBe(2400);
  });

  it('tells the storage used and asks for persistent storage', async () => {
    const storage = {
      estimate: async () => ({ usage: 5_000_000, quota: 100_000_000 }),
      persisted: async () => false,
      persist: async () => true,
    };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    try {
      expect(await storageInfo()).toEqual({ usage: 5_000_000, quota: 100_000_000, persisted: false });
      expect(await requestPersistence()).toBe(true);
    } finally {
      Object.defineProperty(navigator, 'storage', { value: undefined, configurable: true });
    }
  });

  it('zips what is not synced, and refuses to release a project that has it', async () => {
    URL.createObjectURL = () => 'blob:x';
    await upload('files/z0000001', new File(['photo-bytes'], 'p.jpg', { type: 'image/jpeg' }));
    await pageSave([text(1, 'Level 2 slab'), { questionId: 3, answers: ['files/z0000001/p.jpg'] }]);
    const zip = unzipSync(new Uint8Array(await (await downloadUnsynced()).arrayBuffer()));
    // files/<path>: the path is the answers' own (files/<folder>/<name>).
    expect(Object.keys(zip).sort()).toEqual(['entries.json', 'files/files/z0000001/p.jpg', 'outbox.json']);
    expect(JSON.parse(new TextDecoder().decode(zip['outbox.json']))).toHaveLength(1);
    expect(zip['files/files/z0000001/p.jpg']).toHaveLength(1000);
    await expect(releaseProject(1)).rejects.toMatchObject({ status: 409, messageId: 'offline.unsyncedRelease' });
    expect(await currentDb().bundles.count()).toBe(1);
  });
});
