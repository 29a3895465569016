/** The file store's contract, for each implementation (GridFS too when MONGODB_URI is set). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GridFSBucket, MongoClient } from 'mongodb';
import { type BlobStore, directoryBlobStore, gridFsBlobStore, memoryBlobStore } from './blob-store';

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
  implementations.push([
    'gridfs',
    async () => {
      client ??= await new MongoClient(uri).connect();
      const db = client.db(`siteforms_files_${Date.now()}`);
      return gridFsBlobStore(db, GridFSBucket);
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
