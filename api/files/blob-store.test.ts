/**
 * The file store's contract (contract.md §B), for each implementation (GridFS too when MONGODB_URI is set):
 * files, versions, streams in and out, metadata, copy and move of files and folders, empty folders.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GridFSBucket, MongoClient } from 'mongodb';
import { AppError } from '../../engine/errors';
import { type BlobStore, directoryBlobStore, gridFsBlobStore, memoryBlobStore } from './blob-store';
import { FOLDER_INDEX } from './blob-support';
import { flushDirectoryIndexes, forgetDirectoryListings } from './directory-blob-store';

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const uri = process.env.MONGODB_URI;
let client: MongoClient | undefined;
afterAll(async () => client?.close());

const implementations: Array<[string, () => Promise<BlobStore>]> = [
  ['memory', async () => memoryBlobStore()],
  ['directory', async () => directoryBlobStore(mkdtempSync(path.join(dir, 'store-')))],
];
if (uri) {
  /** Each store on a database of its own, dropped afterwards. */
  const databases: string[] = [];
  afterAll(async () => {
    for (const name of databases) await client?.db(name).dropDatabase();
  });
  implementations.push([
    'gridfs',
    async () => {
      client ??= await new MongoClient(uri).connect();
      const name = `siteforms_files_${Date.now()}_${databases.length}`;
      databases.push(name);
      return gridFsBlobStore(client.db(name), GridFSBucket);
    },
  ]);
}

describe.each(implementations)('%s file store', (_name, open) => {
  it('keeps, replaces, lists, deletes files and folders', async () => {
    const store = await open();
    const bytes = new TextEncoder().encode('hello');
    await store.put('1/a/one.txt', bytes, 'text/plain');
    await store.put('1/a/two.txt', bytes, 'text/plain');
    await store.put('1/a/sub/three.txt', bytes, 'text/plain');
    await store.put('2/a/other.txt', bytes, 'text/plain');
    await store.put('1/a/one.txt', new TextEncoder().encode('hello again'), 'text/plain');
    const got = await store.get('1/a/one.txt');
    expect(got?.bytes.toString()).toBe('hello again');
    expect(got?.info).toMatchObject({ key: '1/a/one.txt', name: 'one.txt', size: 11, contentType: 'text/plain' });
    expect((await store.list('1/a/')).map((f) => f.name)).toEqual(['one.txt', 'two.txt']);
    await store.put('1/a/sub/deeper/four.txt', bytes, 'text/plain');
    await store.put('1/ab/not-in-a.txt', bytes, 'text/plain');
    expect((await store.list('1/a/', true)).map((f) => f.key)).toEqual([
      '1/a/one.txt',
      '1/a/two.txt',
      '1/a/sub/three.txt',
      '1/a/sub/deeper/four.txt',
    ]);
    expect(await store.delete('1/a/two.txt')).toBe(true);
    expect(await store.delete('1/a/two.txt')).toBe(false);
    expect(await store.get('1/a/two.txt')).toBeNull();
    expect(await store.deleteFolder('1/a/')).toBe(3);
    expect(await store.list('1/a/')).toEqual([]);
    expect(await store.info('2/a/other.txt')).not.toBeNull();
  });
});

const text = (value: string) => new TextEncoder().encode(value);
async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield text(part);
}
/** A source that yields `parts` and then fails, as an upload cut off half way. */
async function* cutOff(...parts: string[]): AsyncGenerator<Uint8Array> {
  yield* chunks(...parts);
  throw new Error('connection reset');
}
async function readAll(stream: AsyncIterable<Uint8Array>): Promise<{ text: string; count: number }> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return { text: Buffer.concat(parts).toString(), count: parts.length };
}
const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? `${error.status} ${error.messageId}` : String(error)),
  );

describe.each(implementations)('%s file store: versions, streams, folders (contract.md §B)', (name, open) => {
  it('keeps the replaced bytes as a version only when asked, newest first, each readable by its id', async () => {
    const store = await open();
    const first = await store.put('1/d/plan.pdf', text('one'), 'application/pdf', { meta: { label: 'Plan A' } });
    expect(first.versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.meta).toEqual({ label: 'Plan A' });
    const second = await store.put('1/d/plan.pdf', text('two!'), 'application/pdf', {
      keepVersion: true,
      meta: { label: 'Plan B' },
    });
    const third = await store.put('1/d/plan.pdf', text('three'), 'text/plain', { keepVersion: true });
    const versions = await store.versions('1/d/plan.pdf');
    expect(versions.map((v) => v.versionId)).toEqual([third.versionId, second.versionId, first.versionId]);
    expect(versions.map((v) => v.size)).toEqual([5, 4, 3]);
    expect(versions[2]).toMatchObject({ contentType: 'application/pdf', meta: { label: 'Plan A' } });
    expect((await store.info('1/d/plan.pdf'))?.versionId).toBe(third.versionId);

    const old = await store.get('1/d/plan.pdf', { versionId: first.versionId });
    expect(old?.bytes.toString()).toBe('one');
    expect(old?.info).toMatchObject({
      key: '1/d/plan.pdf',
      size: 3,
      versionId: first.versionId,
      meta: { label: 'Plan A' },
    });
    const opened = await store.open('1/d/plan.pdf', { versionId: second.versionId });
    expect(opened?.info.meta).toEqual({ label: 'Plan B' });
    expect((await readAll(opened?.stream ?? chunks())).text).toBe('two!');
    expect(await store.get('1/d/plan.pdf', { versionId: '00000000-0000-7000-8000-000000000000' })).toBeNull();
    expect(await store.open('1/d/none.pdf')).toBeNull();
    expect(await store.versions('1/d/none.pdf')).toEqual([]);

    // A plain put replaces the current bytes without keeping them; the versions kept before stay.
    const fourth = await store.put('1/d/plan.pdf', text('four'), 'text/plain');
    expect((await store.versions('1/d/plan.pdf')).map((v) => v.versionId)).toEqual([
      fourth.versionId,
      second.versionId,
      first.versionId,
    ]);
    expect((await store.list('1/d/')).map((f) => f.name)).toEqual(['plan.pdf']);
    expect(await store.folders('1/d/')).toEqual([]);
    expect(await store.delete('1/d/plan.pdf')).toBe(true);
    expect(await store.versions('1/d/plan.pdf')).toEqual([]);
    expect(await store.get('1/d/plan.pdf', { versionId: first.versionId })).toBeNull();
    // A new file of the same name starts a new history.
    await store.put('1/d/plan.pdf', text('again'), 'text/plain', { keepVersion: true });
    expect(await store.versions('1/d/plan.pdf')).toHaveLength(1);
  });

  it('keeps metadata with the current version; setMeta merges and leaves older versions as they were', async () => {
    const store = await open();
    await store.put('1/m/a.txt', text('a'), 'text/plain', { meta: { label: 'A', hidden: 'false' } });
    await store.put('1/m/a.txt', text('aa'), 'text/plain', {
      meta: { label: 'A2', addedBy: 'Ann' },
      keepVersion: true,
    });
    const merged = await store.setMeta('1/m/a.txt', { hidden: 'true', label: 'A3' });
    expect(merged?.meta).toEqual({ label: 'A3', addedBy: 'Ann', hidden: 'true' });
    expect((await store.list('1/m/'))[0].meta).toEqual({ label: 'A3', addedBy: 'Ann', hidden: 'true' });
    expect((await store.list('1/', true))[0].meta).toEqual({ label: 'A3', addedBy: 'Ann', hidden: 'true' });
    expect((await store.versions('1/m/a.txt')).map((v) => v.meta)).toEqual([
      { label: 'A3', addedBy: 'Ann', hidden: 'true' },
      { label: 'A', hidden: 'false' },
    ]);
    expect(await store.setMeta('1/m/none.txt', { label: 'x' })).toBeNull();
    // A returned object is a copy: changing it changes nothing stored.
    const info = await store.info('1/m/a.txt');
    if (info?.meta) info.meta.label = 'changed';
    expect((await store.info('1/m/a.txt'))?.meta?.label).toBe('A3');
  });

  it('streams a file in and out', async () => {
    const store = await open();
    const stored = await store.putStream('1/s/big.bin', chunks('ab', 'cd', 'ef'), 'application/octet-stream', {
      meta: { label: 'Big' },
      maxBytes: 6,
    });
    expect(stored).toMatchObject({ key: '1/s/big.bin', name: 'big.bin', size: 6, meta: { label: 'Big' } });
    expect((await store.get('1/s/big.bin'))?.bytes.toString()).toBe('abcdef');
    await store.putStream('1/s/big.bin', chunks('xyz'), 'text/plain', { keepVersion: true });
    expect((await store.versions('1/s/big.bin')).map((v) => v.size)).toEqual([3, 6]);

    const megabyte = Buffer.alloc(1024 * 1024, 7);
    await store.put('1/s/mega.bin', megabyte, 'application/octet-stream');
    const opened = await store.open('1/s/mega.bin');
    expect(opened?.info.size).toBe(megabyte.length);
    const parts: Buffer[] = [];
    for await (const part of opened?.stream ?? chunks()) parts.push(Buffer.from(part));
    expect(Buffer.concat(parts).equals(megabyte)).toBe(true);
    // Out of the disk or the database a file comes in chunks, never as one buffer.
    if (name !== 'memory') expect(parts.length).toBeGreaterThan(1);
  });

  it('an upload cut off or over its limit leaves no file, no version and the previous file as it was', async () => {
    const store = await open();
    expect(await statusOf(store.putStream('1/c/new.txt', cutOff('half'), 'text/plain'))).toBe(
      'Error: connection reset',
    );
    expect(await store.info('1/c/new.txt')).toBeNull();
    expect(await store.list('1/c/', true)).toEqual([]);

    const before = await store.put('1/c/kept.txt', text('kept'), 'text/plain', { meta: { label: 'Kept' } });
    expect(
      await statusOf(store.putStream('1/c/kept.txt', cutOff('new', 'bytes'), 'text/plain', { keepVersion: true })),
    ).toBe('Error: connection reset');
    expect(
      await statusOf(
        store.putStream('1/c/kept.txt', chunks('12345', '6'), 'text/plain', { keepVersion: true, maxBytes: 5 }),
      ),
    ).toBe('413 files.tooLarge');
    expect(await statusOf(store.put('1/c/kept.txt', text('123456'), 'text/plain', { maxBytes: 5 }))).toBe(
      '413 files.tooLarge',
    );
    expect((await store.get('1/c/kept.txt'))?.bytes.toString()).toBe('kept');
    expect(await store.versions('1/c/kept.txt')).toEqual([
      {
        versionId: before.versionId,
        size: 4,
        contentType: 'text/plain',
        modified: before.modified,
        meta: { label: 'Kept' },
      },
    ]);
    expect((await store.list('1/c/', true)).map((f) => f.key)).toEqual(['1/c/kept.txt']);
    expect(await store.folders('1/c/')).toEqual([]);
  });

  it('copies and moves a file, a move taking its versions along', async () => {
    const store = await open();
    const v1 = await store.put('1/f/a.txt', text('a1'), 'text/plain', { meta: { label: 'A' } });
    const v2 = await store.put('1/f/a.txt', text('a2'), 'text/plain', { meta: { label: 'A' }, keepVersion: true });

    const copied = await store.copy('1/f/a.txt', '1/g/a-copy.txt');
    expect(copied).toMatchObject({ key: '1/g/a-copy.txt', name: 'a-copy.txt', size: 2, meta: { label: 'A' } });
    expect((await store.get('1/g/a-copy.txt'))?.bytes.toString()).toBe('a2');
    expect(await store.versions('1/g/a-copy.txt')).toHaveLength(1);
    await store.copy('1/f/a.txt', '1/g/a-copy.txt', { keepVersion: true });
    expect(await store.versions('1/g/a-copy.txt')).toHaveLength(2);
    await store.copy('1/f/a.txt', '1/g/a-copy.txt');
    expect(await store.versions('1/g/a-copy.txt')).toHaveLength(2);
    expect(await store.copy('1/f/none.txt', '1/g/x.txt')).toBeNull();

    const moved = await store.move('1/f/a.txt', '1/h/b.txt');
    expect(moved).toMatchObject({ key: '1/h/b.txt', name: 'b.txt', versionId: v2.versionId, meta: { label: 'A' } });
    expect(await store.info('1/f/a.txt')).toBeNull();
    expect(await store.versions('1/f/a.txt')).toEqual([]);
    expect((await store.versions('1/h/b.txt')).map((v) => v.versionId)).toEqual([v2.versionId, v1.versionId]);
    expect((await store.get('1/h/b.txt', { versionId: v1.versionId }))?.bytes.toString()).toBe('a1');
    // The emptied folder stays, as a directory would.
    expect(await store.folders('1/')).toEqual(['f', 'g', 'h']);
    expect(await store.move('1/f/a.txt', '1/h/c.txt')).toBeNull();

    // Onto an existing name: the moved file is current, the replaced one's history stays as older versions.
    const other = await store.put('1/h/c.txt', text('c1'), 'text/plain');
    const movedOnto = await store.move('1/h/b.txt', '1/h/c.txt');
    expect(movedOnto?.versionId).toBe(v2.versionId);
    expect((await store.get('1/h/c.txt'))?.bytes.toString()).toBe('a2');
    expect((await store.versions('1/h/c.txt')).map((v) => v.versionId)).toEqual([
      v2.versionId,
      other.versionId,
      v1.versionId,
    ]);
    expect((await store.list('1/h/')).map((f) => f.name)).toEqual(['c.txt']);
  });

  it('creates, lists, copies, moves (merging) and deletes folders, empty ones too', async () => {
    const store = await open();
    await store.createFolder('1/p/Vault/Empty');
    await store.createFolder('1/p/Vault/Structural/GA/');
    await store.put('1/p/Vault/Structural/S-100.pdf', text('s100'), 'application/pdf', { meta: { label: 'S' } });
    await store.put('1/p/Vault/Structural/GA/GA-101.pdf', text('ga101'), 'application/pdf');
    await store.put('1/p/Vault/Architectural/A-1.pdf', text('a1'), 'application/pdf');
    await store.put('1/p/Vault/top.txt', text('top'), 'text/plain');
    expect(await store.folders('1/p/Vault/')).toEqual(['Architectural', 'Empty', 'Structural']);
    expect(await store.folders('1/p/Vault')).toEqual(['Architectural', 'Empty', 'Structural']);
    expect(await store.folders('1/p/Vault/Empty/')).toEqual([]);
    expect(await store.folders('1/p/')).toEqual(['Vault']);
    expect((await store.list('1/p/Vault/')).map((f) => f.name)).toEqual(['top.txt']);
    expect((await store.list('1/p/Vault/Empty/')).map((f) => f.name)).toEqual([]);
    expect((await store.list('1/p/', true)).map((f) => f.key)).toEqual([
      '1/p/Vault/top.txt',
      '1/p/Vault/Architectural/A-1.pdf',
      '1/p/Vault/Structural/S-100.pdf',
      '1/p/Vault/Structural/GA/GA-101.pdf',
    ]);

    expect(await store.copyFolder('1/p/Vault/Structural/', '1/p/Vault/Copy')).toBe(2);
    expect(await store.folders('1/p/Vault/Copy/')).toEqual(['GA']);
    expect((await store.get('1/p/Vault/Copy/GA/GA-101.pdf'))?.bytes.toString()).toBe('ga101');
    expect((await store.info('1/p/Vault/Copy/S-100.pdf'))?.meta).toEqual({ label: 'S' });
    expect((await store.get('1/p/Vault/Structural/S-100.pdf'))?.bytes.toString()).toBe('s100');
    await store.createFolder('1/p/Vault/Structural/Only/Empty');
    expect(await store.copyFolder('1/p/Vault/Structural', '1/p/Vault/Copy/')).toBe(2);
    expect(await store.versions('1/p/Vault/Copy/S-100.pdf')).toHaveLength(2);
    expect(await store.folders('1/p/Vault/Copy/Only')).toEqual(['Empty']);

    // Moving onto an existing folder merges; a same name keeps the replaced file as a version.
    await store.put('1/p/Vault/Architectural/S-100.pdf', text('arch s100'), 'application/pdf');
    expect(await store.moveFolder('1/p/Vault/Architectural/', '1/p/Vault/Structural/')).toBe(2);
    expect(await store.folders('1/p/Vault/')).toEqual(['Copy', 'Empty', 'Structural']);
    expect((await store.get('1/p/Vault/Structural/S-100.pdf'))?.bytes.toString()).toBe('arch s100');
    expect((await store.versions('1/p/Vault/Structural/S-100.pdf')).map((v) => v.size)).toEqual([9, 4]);
    expect((await store.list('1/p/Vault/Structural/')).map((f) => f.name)).toEqual(['A-1.pdf', 'S-100.pdf']);
    expect(await store.moveFolder('1/p/Vault/Empty', '1/p/Vault/Structural/Empty2')).toBe(0);
    expect(await store.folders('1/p/Vault/Structural')).toEqual(['Empty2', 'GA', 'Only']);
    expect(await store.folders('1/p/Vault/')).toEqual(['Copy', 'Structural']);
    expect(await statusOf(store.moveFolder('1/p/Vault/Structural/', '1/p/Vault/Structural/GA/'))).toBe(
      '400 files.badFolder',
    );
    expect(await statusOf(store.moveFolder('1/p/Vault/Structural', '1/p/Vault/Structural'))).toBe(
      '400 files.badFolder',
    );

    // The last file deleted, its folder stays; deleteFolder removes files, versions and empty folders.
    expect(await store.delete('1/p/Vault/top.txt')).toBe(true);
    expect(await store.folders('1/p/')).toEqual(['Vault']);
    expect(await store.deleteFolder('1/p/Vault/Structural/')).toBe(3);
    expect(await store.folders('1/p/Vault/')).toEqual(['Copy']);
    expect(await store.versions('1/p/Vault/Structural/S-100.pdf')).toEqual([]);
    expect(await store.deleteFolder('1/p/Vault/Copy')).toBe(2);
    expect(await store.folders('1/p/Vault/')).toEqual([]);
    expect(await store.folders('1/p/')).toEqual(['Vault']);
    expect(await store.list('1/p/', true)).toEqual([]);
  });

  it('keeps every version of writes to one name at once, and lists a folder written at once whole', async () => {
    const store = await open();
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.putStream('1/r/same.txt', chunks(`v${i}`), 'text/plain', { keepVersion: true, meta: { n: `${i}` } }),
      ),
    );
    const versions = await store.versions('1/r/same.txt');
    expect(versions).toHaveLength(12);
    expect(new Set(versions.map((v) => v.versionId))).toEqual(new Set(written.map((w) => w.versionId)));
    const current = await store.get('1/r/same.txt');
    expect(current?.bytes.toString()).toBe(`v${current?.info.meta?.n}`);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.put(`1/r/many/f${i}.txt`, text(`${i}`), 'text/plain')),
    );
    await Promise.all([store.delete('1/r/many/f0.txt'), store.setMeta('1/r/many/f1.txt', { label: 'one' })]);
    const listed = await store.list('1/r/many/');
    expect(listed).toHaveLength(39);
    expect(listed.find((f) => f.name === 'f1.txt')?.meta).toEqual({ label: 'one' });
  });

  it('refuses a file where a folder is and a folder where a file is (409 files.nameClash), changing nothing', async () => {
    const store = await open();
    await store.put('1/n/x/y.txt', text('y'), 'text/plain');
    await store.createFolder('1/n/Empty');
    const clash = '409 files.nameClash';
    expect(await statusOf(store.put('1/n/x', text('x'), 'text/plain'))).toBe(clash);
    expect(await statusOf(store.putStream('1/n/Empty', chunks('e'), 'text/plain'))).toBe(clash);
    expect(await statusOf(store.put('1/n/x/y.txt/z.txt', text('z'), 'text/plain'))).toBe(clash);
    expect(await statusOf(store.createFolder('1/n/x/y.txt'))).toBe(clash);
    expect(await statusOf(store.createFolder('1/n/x/y.txt/sub'))).toBe(clash);
    expect(await statusOf(store.move('1/n/x/y.txt', '1/n/Empty'))).toBe(clash);
    expect(await statusOf(store.copy('1/n/x/y.txt', '1/n/x'))).toBe(clash);
    expect(await statusOf(store.moveFolder('1/n/Empty', '1/n/x/y.txt'))).toBe(clash);
    expect(await statusOf(store.copyFolder('1/n/Empty', '1/n/x/y.txt/sub'))).toBe(clash);
    expect((await store.list('1/n/', true)).map((f) => f.key)).toEqual(['1/n/x/y.txt']);
    expect((await store.get('1/n/x/y.txt'))?.bytes.toString()).toBe('y');
    expect(await store.folders('1/n/')).toEqual(['Empty', 'x']);
  });

  it("refuses the store's reserved names", async () => {
    const store = await open();
    for (const key of [
      '1/a/.versions/x.txt',
      '1/a/x.meta.json',
      '1/a/../b.txt',
      '1//b.txt',
      '.tmp/x',
      '1/a/.folder-index.json',
    ])
      expect(await statusOf(store.put(key, text('x'), 'text/plain')), key).toBe('400 files.badName');
    expect(await statusOf(store.createFolder('1/a/.versions'))).toBe('400 files.badName');
    expect(await store.list('1/', true)).toEqual([]);
  });
});

describe("the directory store's folder index (a 5,000-file folder lists fast; docs/documents.md)", () => {
  const names = (files: { name: string; meta?: Record<string, string> }[]) =>
    files.map((f) => `${f.name}:${f.meta?.label ?? ''}`);

  it('is written once changes settle, deleted by the next change before any sidecar, and lists as the sidecars do', async () => {
    const root = mkdtempSync(path.join(dir, 'index-'));
    const store = directoryBlobStore(root);
    const folder = path.join(root, '1', 'Vault');
    for (let i = 0; i < 30; i++)
      await store.put(`1/Vault/f${String(i).padStart(2, '0')}.txt`, text(`${i}`), 'text/plain', {
        meta: { label: `L${i}` },
      });
    const listed = names(await store.list('1/Vault/'));
    expect(listed).toHaveLength(30);
    await flushDirectoryIndexes();
    expect(existsSync(path.join(folder, FOLDER_INDEX))).toBe(true);
    // Nothing of the store's own shows: not the index, not a version, not a sidecar.
    await store.put('1/Vault/f00.txt', text('again'), 'text/plain', { keepVersion: true, meta: { label: 'new' } });
    expect(existsSync(path.join(folder, FOLDER_INDEX))).toBe(false);
    expect((await store.list('1/Vault/')).map((f) => f.name)).not.toContain(FOLDER_INDEX);
    expect(await store.folders('1/Vault/')).toEqual([]);

    // A restart lists from the index file, the same as from the sidecars.
    await flushDirectoryIndexes();
    const afterChange = names(await store.list('1/Vault/'));
    expect(afterChange[0]).toBe('f00.txt:new');
    forgetDirectoryListings();
    expect(names(await store.list('1/Vault/'))).toEqual(afterChange);
    forgetDirectoryListings();
    rmSync(path.join(folder, FOLDER_INDEX));
    expect(names(await store.list('1/Vault/'))).toEqual(afterChange);

    // Every kind of change keeps the listing true, in memory and after a restart.
    await flushDirectoryIndexes();
    await store.setMeta('1/Vault/f01.txt', { label: 'relabelled' });
    await store.delete('1/Vault/f02.txt');
    await store.move('1/Vault/f03.txt', '1/Vault/Sub/f03.txt');
    await store.move('1/Vault/Sub/f03.txt', '1/Vault/g03.txt');
    await store.copy('1/Vault/f04.txt', '1/Vault/h04.txt');
    await store.putStream('1/Vault/s.txt', chunks('s'), 'text/plain');
    const live = names(await store.list('1/Vault/'));
    expect(live).toContain('f01.txt:relabelled');
    expect(live).not.toContain('f02.txt:L2');
    expect(live).toContain('g03.txt:L3');
    expect(live).toContain('h04.txt:L4');
    expect(live).toHaveLength(31);
    await flushDirectoryIndexes();
    forgetDirectoryListings();
    expect(names(await store.list('1/Vault/'))).toEqual(live);

    // A folder moved whole carries its index file, which holds names, not keys.
    await store.moveFolder('1/Vault/', '1/Moved/');
    expect((await store.list('1/Moved/'))[0].key).toBe('1/Moved/f00.txt');
    expect(names(await store.list('1/Moved/'))).toEqual(live);
    expect(await store.list('1/Vault/')).toEqual([]);
  });

  it('a change after a crash that left no index file is listed from the sidecars; a stale file never is', async () => {
    const root = mkdtempSync(path.join(dir, 'crash-'));
    const store = directoryBlobStore(root);
    await store.put('1/A/a.txt', text('a'), 'text/plain');
    await store.list('1/A/');
    await flushDirectoryIndexes();
    // A crash after the next change deleted the index file and wrote its sidecar: the index is gone.
    await store.put('1/A/b.txt', text('b'), 'text/plain');
    forgetDirectoryListings();
    expect(readdirSync(path.join(root, '1', 'A'))).not.toContain(FOLDER_INDEX);
    expect((await store.list('1/A/')).map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    // An unreadable index file is ignored and rewritten.
    await flushDirectoryIndexes();
    writeFileSync(path.join(root, '1', 'A', FOLDER_INDEX), '{ torn');
    forgetDirectoryListings();
    expect((await store.list('1/A/')).map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('removes the files a crash left half-written at its first write, and writes nothing there after', async () => {
    const root = mkdtempSync(path.join(dir, 'incoming-'));
    mkdirSync(path.join(root, '.incoming'));
    writeFileSync(path.join(root, '.incoming', 'left-by-a-crash'), 'half');
    const store = directoryBlobStore(root);
    await store.putStream('1/B/b.txt', chunks('b'), 'text/plain');
    expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);
    expect(await store.folders('')).toEqual(['1']);
    expect((await store.list('', true)).map((f) => f.key)).toEqual(['1/B/b.txt']);
  });
});
