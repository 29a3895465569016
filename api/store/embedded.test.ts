import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runStoreContract } from './contract';
import { type Durability, type EmbeddedStore, openEmbeddedStore, TransactionTimeoutError } from './embedded';
import type { EmbeddedCollection } from './embedded-collection';
import { openStore } from './open';
import { type Doc, DuplicateKeyError } from './port';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'siteforms-store-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

runStoreContract('embedded, in memory', () => openStore({ dataDir: ':memory:' }));
runStoreContract('embedded, data directory', async () => openStore({ dataDir: await tempDir() }));

async function openDir(dir: string, durability: Durability = 'fsync'): Promise<EmbeddedStore> {
  const store = await openEmbeddedStore(dir, { durability });
  await store.ensureIndexes();
  return store;
}

describe('embedded store', () => {
  it('openStore without mongodbUri opens the embedded store with indexes applied', async () => {
    const store = await openStore({ dataDir: ':memory:' });
    expect(store.kind).toBe('embedded');
    await store.collection('clients').insertOne({ id: 'c1' });
    await expect(store.collection('clients').insertOne({ id: 'c1' })).rejects.toBeInstanceOf(DuplicateKeyError);
    const clients = store.collection('clients');
    await store.close();
    expect(() => store.collection('clients')).toThrow('closed');
    await expect(clients.find({})).rejects.toThrow('closed');
  });

  it("opens in-memory copies of a store's image: documents, indexes, files, each copy apart from the others", async () => {
    const source = await openEmbeddedStore(':memory:');
    await source.ensureIndexes();
    await source.collection('clients').insertOne({ id: 'c1', name: 'Corrib' });
    await source.files.put('c1/docs/a.txt', Buffer.from('first'), 'text/plain');
    await source.files.put('c1/docs/a.txt', Buffer.from('second'), 'text/plain', { keepVersion: true });
    await source.files.createFolder('c1/empty/');
    const image = await source.image();
    await source.collection('clients').insertOne({ id: 'c2' });
    await source.close();

    const one = await openEmbeddedStore(':memory:', { image });
    const two = await openEmbeddedStore(':memory:', { image });
    await one.ensureIndexes();
    // What the image held, and not what the source wrote after it.
    expect(await one.collection('clients').find({})).toMatchObject([{ id: 'c1', name: 'Corrib' }]);
    expect((await one.files.get('c1/docs/a.txt'))?.bytes.toString()).toBe('second');
    expect(await one.files.versions('c1/docs/a.txt')).toHaveLength(2);
    expect(await one.files.folders('c1/')).toEqual(['docs', 'empty']);
    // Its unique index came with it.
    await expect(one.collection('clients').insertOne({ id: 'c1' })).rejects.toBeInstanceOf(DuplicateKeyError);
    // A copy's writes stay in it.
    await one.collection('clients').updateOne({ id: 'c1' }, { $set: { name: 'Changed' } });
    await one.files.delete('c1/docs/a.txt');
    expect(await two.collection('clients').findOne({ id: 'c1' })).toMatchObject({ name: 'Corrib' });
    expect((await two.files.get('c1/docs/a.txt'))?.bytes.toString()).toBe('second');
    const three = await openEmbeddedStore(':memory:', { image });
    expect(await three.collection('clients').findOne({ id: 'c1' })).toMatchObject({ name: 'Corrib' });
    await Promise.all([one.close(), two.close(), three.close()]);

    // A store on disk has no image, and opens from none.
    const dir = await tempDir();
    await expect(openEmbeddedStore(dir, { image })).rejects.toThrow(/in-memory store only/);
    const onDisk = await openDir(dir);
    await expect(onDisk.image()).rejects.toThrow(/Only an in-memory store/);
    await onDisk.close();
  });

  it('persists inserts, updates, deletes, counters, dates and indexes across close and reopen', async () => {
    const dir = await tempDir();
    const first = await openDir(dir);
    const projects = first.collection('projects');
    const when = new Date('2025-03-04T05:06:07.008Z');
    const kept = await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', startDate: when, tags: ['a'] });
    await projects.insertMany([
      { id: 'p2', clientId: 'c1', type: 'site' },
      { id: 'p3', clientId: 'c1', type: 'site' },
    ]);
    await projects.updateOne({ id: 'p1' }, { $set: { name: 'Kept' }, $push: { tags: 'b' } });
    await projects.deleteOne({ id: 'p2' });
    const counters = first.collection<{ name: string; value: number }>('counters');
    for (let i = 0; i < 3; i += 1) {
      await counters.findOneAndUpdate({ name: 'n' }, { $inc: { value: 1 } }, { upsert: true });
    }
    await first.close();

    const second = await openDir(dir);
    const reopened = second.collection('projects');
    expect(await reopened.findOne({ id: 'p1' })).toEqual({ ...kept, name: 'Kept', tags: ['a', 'b'] });
    expect(((await reopened.findOne({ id: 'p1' }))!.startDate as Date).getTime()).toBe(when.getTime());
    expect((await reopened.find({}, { sort: { id: 1 } })).map((p) => p.id)).toEqual(['p1', 'p3']);
    expect((await second.collection('counters').findOne({ name: 'n' }))?.value).toBe(3);
    await expect(reopened.insertOne({ id: 'p3', clientId: 'c1', type: 'site' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    await second.close();
  });

  it('refuses a second open of the same directory in this process until the first is closed', async () => {
    const dir = await tempDir();
    const store = await openDir(dir);
    await expect(openEmbeddedStore(dir)).rejects.toThrow('already open in this process');
    await store.close();
    const again = await openDir(dir);
    await again.close();
  });

  it('waits for, then refuses, a directory locked by a live process; takes over a dead one', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'store.lock'), `${process.ppid}\n`);
    await expect(openEmbeddedStore(dir, { lockTimeoutMs: 300 })).rejects.toThrow(`in use by process ${process.ppid}`);
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    await writeFile(path.join(dir, 'store.lock'), `${dead.pid}\n`);
    const store = await openEmbeddedStore(dir);
    expect((await readFile(path.join(dir, 'store.lock'), 'utf8')).trim()).toBe(String(process.pid));
    await store.close();
  });

  it('purges expired sessions on ensureIndexes and purgeExpired, keeping live ones and non-dates', async () => {
    const dir = await tempDir();
    const store = await openDir(dir);
    const sessions = store.collection('sessions');
    await sessions.insertMany([
      { sid: 'old', expiresAt: new Date(Date.now() - 1000) },
      { sid: 'live', expiresAt: new Date(Date.now() + 3_600_000) },
      { sid: 'no-date', expiresAt: 'tomorrow' },
    ]);
    expect(await store.purgeExpired()).toBe(1);
    await sessions.insertOne({ sid: 'soon', expiresAt: new Date(Date.now() + 50) });
    await store.close();
    await new Promise((resolve) => setTimeout(resolve, 80));
    const reopened = await openDir(dir);
    const left = await reopened.collection('sessions').find({}, { sort: { sid: 1 } });
    expect(left.map((s) => s.sid)).toEqual(['live', 'no-date']);
    await reopened.close();
  });

  it('imports a data directory of the earlier nedb store once, keeping the newest line of each document', async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, 'clients.db'),
      [
        '{"_id":"a","id":"c1","name":"Old","since":{"$$date":1700000000000}}',
        '{"_id":"b","id":"c2","name":"Gone"}',
        '{"$$indexCreated":{"fieldName":"id","unique":true}}',
        '{"_id":"a","id":"c1","name":"New","since":{"$$date":1700000000000}}',
        '{"$$deleted":true,"_id":"b"}',
        '{"_id":"torn","id":"c3","na',
      ].join('\n'),
    );
    const store = await openDir(dir);
    const clients = await store.collection('clients').find({});
    expect(clients).toEqual([{ _id: 'a', id: 'c1', name: 'New', since: new Date(1700000000000) }]);
    await store.close();
    expect(await readdir(path.join(dir, 'nedb-imported'))).toEqual(['clients.db']);
    expect((await readdir(dir)).includes('clients.db')).toBe(false);
    const again = await openDir(dir);
    expect(await again.collection('clients').countDocuments({})).toBe(1);
    await again.close();
  });

  it('copies committed writes into the database file from the checkpoint thread, not inside COMMIT', async () => {
    const dir = await tempDir();
    const store = await openEmbeddedStore(dir, { checkpointIntervalMs: 50 });
    await store.ensureIndexes();
    const file = path.join(dir, 'store.sqlite');
    const before = (await stat(file)).size;
    const projects = store.collection('projects');
    for (let i = 0; i < 20; i += 1)
      await projects.insertMany(
        Array.from({ length: 20 }, (_, j) => ({
          id: `p${i}-${j}`,
          clientId: 'c1',
          type: 'site',
          text: 'x'.repeat(500),
        })),
      );
    // Far below SQLite's own checkpoint threshold of the store (10,000 pages): only the thread copies them.
    await expect.poll(async () => (await stat(file)).size, { timeout: 5000 }).toBeGreaterThan(before + 100_000);
    expect(await projects.countDocuments({})).toBe(400);
    await store.close();
  });

  it('insertAfterUpdates keeps nothing, the counters included, when the insert fails', async () => {
    const store = await openDir(await tempDir());
    await store.collection('projects').insertOne({ id: 'taken', clientId: 'c1', type: 'site' });
    const next = { collection: 'counters' as const, filter: { name: 'n' }, update: { $inc: { value: 1 } } };
    await store.insertAfterUpdates('projects', [{ ...next, options: { upsert: true } }], () => ({ id: 'p1' }));
    await expect(
      store.insertAfterUpdates('projects', [next], () => ({ id: 'taken', clientId: 'c1', type: 'x' })),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect((await store.collection('counters').findOne({ name: 'n' }))?.value).toBe(1);
    await store.close();
  });

  it('acknowledges concurrent writes together (one group commit) and rolls back only the failing one', async () => {
    const store = await openDir(await tempDir());
    const clients = store.collection('clients');
    const results = await Promise.allSettled([
      clients.insertOne({ id: 'x1' }),
      clients.insertOne({ id: 'x1' }),
      clients.insertOne({ id: 'x2' }),
      clients.updateOne({ id: 'x2' }, { $set: { name: 'Two' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    expect((await clients.find({}, { sort: { id: 1 } })).map((c) => [c.id, c.name])).toEqual([
      ['x1', undefined],
      ['x2', 'Two'],
    ]);
    await store.close();
  });

  it('pages, sorts and filters a wildcard-indexed subtree with the same answers as a full scan', async () => {
    const store = await openStore({ dataDir: ':memory:' });
    const entries = store.collection('formEntries');
    const words = ['beta', 'Alpha', '10', '9', 'gamma', ''];
    await entries.insertMany(
      Array.from({ length: 60 }, (_, i) => ({
        id: i + 1,
        clientId: 1,
        projectId: 1 + (i % 2),
        formId: 1,
        entryNumber: i + 1,
        registerRow: { sortKeys: { q_1: `${words[i % words.length]}${i % 5}` }, text: { q_1: `w${i}` } },
      })),
    );
    const filter = { clientId: 1, projectId: 1, formId: 1, 'registerRow.sortKeys.q_1': { $gt: '' } };
    const sorted = await entries.find(filter, {
      sort: { 'registerRow.sortKeys.q_1': -1, entryNumber: 1 },
      skip: 3,
      limit: 7,
    });
    const all = (await entries.find({ clientId: 1, projectId: 1, formId: 1 }))
      .filter((e) => (e.registerRow as { sortKeys: { q_1: string } }).sortKeys.q_1 > '')
      .sort((a, b) => {
        const ka = (a.registerRow as { sortKeys: { q_1: string } }).sortKeys.q_1;
        const kb = (b.registerRow as { sortKeys: { q_1: string } }).sortKeys.q_1;
        return ka === kb ? (a.entryNumber as number) - (b.entryNumber as number) : ka < kb ? 1 : -1;
      });
    expect(sorted.map((e) => e.id)).toEqual(all.slice(3, 10).map((e) => e.id));
    const explained = (entries as unknown as EmbeddedCollection<Doc>).explain(filter, {
      sort: { 'registerRow.sortKeys.q_1': -1 },
      limit: 10,
    });
    expect(explained).toMatchObject({ residual: false, jsSort: false });
    // The side table is clustered by its key (scope, path, value, rid): its primary key is the index.
    expect(explained.plan.join('\n')).toContain('SEARCH s USING PRIMARY KEY (scope=? AND path=?');
    expect(explained.plan.join('\n')).not.toContain('TEMP B-TREE');
    const regex = { clientId: 1, projectId: 2, formId: 1, 'registerRow.text.q_1': { $regex: '^w1', $options: 'i' } };
    expect((await entries.find(regex, { sort: { entryNumber: 1 } })).map((e) => e.id)).toEqual([2, 12, 14, 16, 18, 20]);
    expect(await entries.countDocuments(regex)).toBe(6);
    // An update moves the entry in the index; a delete removes it.
    await entries.updateOne({ id: 2 }, { $set: { 'registerRow.text.q_1': 'none' } });
    await entries.deleteOne({ id: 12 });
    expect((await entries.find(regex, { sort: { entryNumber: 1 } })).map((e) => e.id)).toEqual([14, 16, 18, 20]);
    await expect(
      entries.insertOne({
        id: 99,
        clientId: 1,
        projectId: 1,
        formId: 1,
        entryNumber: 99,
        registerRow: { text: { q_1: ['a'] } },
      }),
    ).rejects.toThrow(TypeError);
    await store.close();
  });

  it('matches a literal case-insensitive $regex on an indexed field in SQL, as JavaScript does', async () => {
    const store = await openStore({ dataDir: ':memory:' });
    const names = store.collection<Doc>('lookupValues');
    await names.createIndex({ name: 1 }, { name: 'lookupValues_name_test' });
    const values = [
      'Seán Doyle',
      'SEAN DOYLE',
      '100% safe',
      '100 safe',
      'a_b',
      'axb',
      'A\\B',
      'Kelvin \u212a',
      'mixed Case',
    ];
    await names.insertMany([...values.map((name, i) => ({ id: i, name })), { id: 99, name: 5 }]);
    for (const source of ['sean', 'seán', 'doyle', '100%', '0 s', 'a_b', 'a\\\\b', 'k', 'CASE', '5']) {
      const filter = { name: { $regex: source, $options: 'i' } };
      const re = new RegExp(source, 'i');
      const expected = values.flatMap((name, i) => (re.test(name) ? [i] : []));
      expect(
        (await names.find(filter, { sort: { id: 1 } })).map((d) => d.id),
        source,
      ).toEqual(expected);
      expect((names as unknown as EmbeddedCollection<Doc>).explain(filter).residual, source).toBe(false);
    }
    await store.close();
  });

  it('a transaction: other writes wait for it; a rolled-back write leaves no stale findOne answer in memory', async () => {
    const store = await openStore({ dataDir: ':memory:' });
    const projects = store.collection<Doc>('projects');
    await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', name: 'Committed' });
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      store.withTransaction(async (tx) => {
        await tx.collection('projects').updateOne({ id: 'p1' }, { $set: { name: 'Rolled back' } });
        // In memory the store's own reads see the open transaction (one connection), and keep the answer...
        expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Rolled back');
        outside = projects.insertOne({ id: 'p2', clientId: 'c1', type: 'site' }).then(() => order.push('outside'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await tx.collection('projects').countDocuments({ id: 'p2' })).toBe(0);
        order.push('transaction');
        throw new Error('half way');
      }),
    ).rejects.toThrow('half way');
    await outside;
    expect(order).toEqual(['transaction', 'outside']);
    // ...which the end of the transaction forgets.
    expect((await projects.findOne({ id: 'p1' }))?.name).toBe('Committed');
    expect(await projects.countDocuments({})).toBe(2);
    await store.close();
  });

  it('rolls back a transaction that runs past its time limit (a write through the store inside it waits)', async () => {
    const store = await openEmbeddedStore(':memory:', { transactionTimeoutMs: 50 });
    await store.ensureIndexes();
    const projects = store.collection<Doc>('projects');
    let late: Promise<unknown> = Promise.resolve();
    await expect(
      store.withTransaction(async (tx) => {
        await tx.collection('projects').insertOne({ id: 'inside', clientId: 'c1', type: 'site' });
        // The mistake the limit guards against: a write through the store, awaited inside the transaction.
        late = projects.insertOne({ id: 'outside', clientId: 'c1', type: 'site' });
        await late;
        await tx.collection('projects').insertOne({ id: 'never', clientId: 'c1', type: 'site' });
      }),
    ).rejects.toBeInstanceOf(TransactionTimeoutError);
    await late;
    expect((await projects.find({})).map((p) => p.id)).toEqual(['outside']);
    await store.close();
  });

  it("a transaction in a data directory is one group commit: the store's reads meanwhile see what is committed", async () => {
    const store = await openDir(await tempDir());
    const projects = store.collection<Doc>('projects');
    await projects.insertOne({ id: 'p1', clientId: 'c1', type: 'site', name: 'Committed' });
    const seen = await store.withTransaction(async (tx) => {
      await tx.collection('projects').updateOne({ id: 'p1' }, { $set: { name: 'New' } });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const outside = await projects.findOne({ id: 'p1' });
      const inside = await tx.collection('projects').findOne({ id: 'p1' });
      return [outside?.name, inside?.name];
    });
    expect(seen).toEqual(['Committed', 'New']);
    // The answer kept while the transaction ran is forgotten at its end.
    expect((await projects.findOne({ id: 'p1' }))?.name).toBe('New');
    await store.close();
  });

  it('answers a repeated findOne from its recent answers, never older than the last write of the collection', async () => {
    const store = await openStore({ dataDir: ':memory:' });
    const projects = store.collection('projects');
    expect(await projects.findOne({ id: 7, clientId: 1 })).toBeNull();
    await projects.insertOne({ id: 7, clientId: 1, name: 'a', tags: ['x'] });
    // A "none" kept from before the insert is not answered again.
    const first = await projects.findOne({ id: 7, clientId: 1 });
    expect(first).toMatchObject({ name: 'a' });
    // Each answer is the caller's own copy.
    (first as unknown as { tags: string[] }).tags.push('changed');
    expect(await projects.findOne({ id: 7, clientId: 1 })).toMatchObject({ tags: ['x'] });
    await projects.updateOne({ id: 7 }, { $set: { name: 'b' } });
    expect(await projects.findOne({ id: 7, clientId: 1 })).toMatchObject({ name: 'b' });
    expect(await projects.findOne({ id: 7, clientId: 1 }, { projection: { name: 1 } })).toEqual({
      _id: first?._id,
      name: 'b',
    });
    // A refused write changes nothing, and the next answer still shows the stored document.
    await expect(projects.insertOne({ id: 7, clientId: 1, name: 'dup' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await projects.findOne({ id: 7, clientId: 1 })).toMatchObject({ name: 'b' });
    await projects.findOneAndUpdate({ id: 7 }, { $set: { name: 'c' } });
    expect(await projects.findOne({ id: 7, clientId: 1 })).toMatchObject({ name: 'c' });
    await projects.deleteMany({ clientId: 1 });
    expect(await projects.findOne({ id: 7, clientId: 1 })).toBeNull();
    // Another collection's writes do not touch this one's answers, nor the other way round.
    await projects.insertOne({ id: 8, clientId: 1, name: 'd' });
    expect(await projects.findOne({ id: 8, clientId: 1 })).toMatchObject({ name: 'd' });
    await store.collection('clients').insertOne({ id: 8, name: 'client' });
    expect(await projects.findOne({ id: 8, clientId: 1 })).toMatchObject({ name: 'd' });
    await store.close();
  });

  it('moves a side table of the first layout (a rowid table and its index) into the clustered one on open', async () => {
    const dir = await tempDir();
    const first = await openDir(dir);
    const entries = first.collection('formEntries');
    await entries.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        id: i + 1,
        clientId: 1,
        projectId: 1,
        formId: 1,
        entryNumber: i + 1,
        registerRow: { sortKeys: { q_1: `k${(i * 7) % 30}` }, text: { q_1: `w${i}` } },
      })),
    );
    const filter = { clientId: 1, projectId: 1, formId: 1, 'registerRow.sortKeys.q_1': { $gt: '' } };
    const options = { sort: { 'registerRow.sortKeys.q_1': 1 as const }, skip: 2, limit: 5 };
    const expected = (await entries.find(filter, options)).map((e) => e.id);
    await first.close();
    // The table as the store of before 2026-11-25 made it.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(dir, 'store.sqlite'));
    const side = 'w:formEntries:formEntries_registerRow';
    db.exec(`ALTER TABLE "${side}" RENAME TO "old"`);
    db.exec(`DROP INDEX "ix:formEntries:formEntries_registerRow:rid"`);
    db.exec(
      `CREATE TABLE "${side}" (rid INTEGER NOT NULL, scope INTEGER NOT NULL, path TEXT NOT NULL, value TEXT NOT NULL)`,
    );
    db.exec(
      `INSERT INTO "${side}" (rid, scope, path, value) SELECT rid, scope, path, COALESCE(text, value) FROM "old"`,
    );
    // Its index's record knew no match-only paths either.
    const spec = JSON.parse(
      (db.prepare('SELECT spec FROM _indexes WHERE name = ?').get('formEntries_registerRow') as { spec: string }).spec,
    );
    delete spec.matchOnlyPaths;
    db.prepare('UPDATE _indexes SET spec = ? WHERE name = ?').run(JSON.stringify(spec), 'formEntries_registerRow');
    db.exec(`DROP TABLE "old"`);
    db.exec(`CREATE INDEX "ix:formEntries:formEntries_registerRow" ON "${side}" (scope, path, value)`);
    db.exec(`CREATE INDEX "ix:formEntries:formEntries_registerRow:rid" ON "${side}" (rid, path)`);
    const rows = (db.prepare(`SELECT COUNT(*) AS n FROM "${side}"`).get() as { n: number }).n;
    db.close();

    const second = await openDir(dir);
    const reopened = second.collection('formEntries');
    expect((await reopened.find(filter, options)).map((e) => e.id)).toEqual(expected);
    const plan = (reopened as unknown as EmbeddedCollection<Doc>).explain(filter, options).plan.join('\n');
    expect(plan).toContain('SEARCH s USING PRIMARY KEY (scope=? AND path=?');
    // The filter texts (a match-only path of the index, api/store/indexes.ts) moved to `text` on ensureIndexes.
    const text = { clientId: 1, projectId: 1, formId: 1, 'registerRow.text.q_1': { $regex: 'w1' } };
    expect((await reopened.find(text, { sort: { entryNumber: 1 } })).map((e) => e.id)).toEqual([
      2, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    await reopened.deleteOne({ id: expected[0] });
    expect((await reopened.find(filter, options)).map((e) => e.id)).not.toContain(expected[0]);
    await second.close();
    const check = new Database(path.join(dir, 'store.sqlite'));
    const table = check.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(side) as { sql: string };
    expect(table.sql).toMatch(/WITHOUT ROWID/);
    // Every row came across (less the deleted entry's two).
    expect((check.prepare(`SELECT COUNT(*) AS n FROM "${side}"`).get() as { n: number }).n).toBe(rows - 2);
    const kept = check.prepare(`SELECT path, value, text FROM "${side}" WHERE rid = 2 ORDER BY path`).all();
    expect(kept).toEqual([
      { path: 'registerRow.sortKeys.q_1', value: 'ck7', text: null },
      { path: 'registerRow.text.q_1', value: '', text: 'cw1' },
    ]);
    check.close();
  });

  it('gives a clustered side table of before match-only paths its text column on open', async () => {
    const dir = await tempDir();
    const first = await openDir(dir);
    await first.collection('formEntries').insertMany(
      Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        clientId: 1,
        projectId: 1,
        formId: 1,
        entryNumber: i + 1,
        registerRow: { sortKeys: { q_1: `k${i}` }, text: { q_1: `w${i}` } },
      })),
    );
    await first.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(dir, 'store.sqlite'));
    const side = 'w:formEntries:formEntries_registerRow';
    db.exec(`CREATE TABLE "old" AS SELECT scope, path, COALESCE(text, value) AS value, rid FROM "${side}"`);
    db.exec(`DROP TABLE "${side}"`);
    db.exec(
      `CREATE TABLE "${side}" (scope INTEGER NOT NULL, path TEXT NOT NULL, value TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (scope, path, value, rid)) WITHOUT ROWID`,
    );
    db.exec(`CREATE INDEX "ix:formEntries:formEntries_registerRow:rid" ON "${side}" (rid, path)`);
    db.exec(`INSERT INTO "${side}" SELECT scope, path, value, rid FROM "old"`);
    db.exec(`DROP TABLE "old"`);
    const spec = JSON.parse(
      (db.prepare('SELECT spec FROM _indexes WHERE name = ?').get('formEntries_registerRow') as { spec: string }).spec,
    );
    delete spec.matchOnlyPaths;
    db.prepare('UPDATE _indexes SET spec = ? WHERE name = ?').run(JSON.stringify(spec), 'formEntries_registerRow');
    db.close();
    const second = await openDir(dir);
    const entries = second.collection('formEntries');
    const text = { clientId: 1, projectId: 1, formId: 1, 'registerRow.text.q_1': { $regex: 'w1' } };
    expect((await entries.find(text, { sort: { entryNumber: 1 } })).map((e) => e.id)).toEqual([2, 11, 12]);
    const sorted = await entries.find(
      { clientId: 1, projectId: 1, formId: 1, 'registerRow.sortKeys.q_1': { $gt: '' } },
      { sort: { 'registerRow.sortKeys.q_1': -1 }, limit: 3 },
    );
    expect(sorted.map((e) => e.id)).toEqual([10, 9, 8]);
    await second.close();
  });

  it('keeps the rows of match-only paths in document order, and answers their filters and sorts as a full scan does', async () => {
    const dir = await tempDir();
    const store = await openDir(dir);
    const docs = store.collection('projects');
    await docs.createIndex({ clientId: 1, 'w.$**': 1 }, { name: 'projects_w' });
    const words = ['beta', 'Alpha', '10', '9', 'gamma', 'delta', 'alphabet'];
    await docs.insertMany(
      Array.from({ length: 40 }, (_, i) => ({
        id: 1000 + i,
        clientId: 1 + (i % 2),
        w: { sort: `${words[i % words.length]}${i % 3}`, text: { a: `${words[(i * 3) % words.length]} ${i}` } },
      })),
    );
    type W = { id: number; w: { sort: string; text: { a: string } } };
    const all = (await docs.find({ clientId: 1 })) as unknown as W[];
    const reference = (test: (d: W) => boolean) =>
      all
        .filter(test)
        .map((d) => d.id)
        .sort((a, b) => a - b);
    const ids = async (filter: Record<string, unknown>) =>
      ((await docs.find(filter, { sort: { id: 1 } })) as unknown as W[]).map((d) => d.id);
    const check = async () => {
      expect(await ids({ clientId: 1, 'w.text.a': { $regex: 'alpha' } })).toEqual(
        reference((d) => d.w.text.a.includes('alpha')),
      );
      expect(await ids({ clientId: 1, 'w.text.a': { $gte: 'beta', $lt: 'delta' } })).toEqual(
        reference((d) => d.w.text.a >= 'beta' && d.w.text.a < 'delta'),
      );
      expect(await docs.countDocuments({ clientId: 1, 'w.text.a': { $regex: '^gamma' } })).toBe(
        reference((d) => d.w.text.a.startsWith('gamma')).length,
      );
      // Sorted by a match-only path: in memory, in the values' order.
      const sorted = (await docs.find(
        { clientId: 1, 'w.text.a': { $gt: '' } },
        { sort: { 'w.text.a': -1, id: 1 }, limit: 7 },
      )) as unknown as W[];
      const expected = [...all].sort((a, b) =>
        a.w.text.a === b.w.text.a ? a.id - b.id : a.w.text.a < b.w.text.a ? 1 : -1,
      );
      expect(sorted.map((d) => d.id)).toEqual(expected.slice(0, 7).map((d) => d.id));
      // An ordered path is still read in the index's order.
      const byIndex = (docs as unknown as EmbeddedCollection<Doc>).explain(
        { clientId: 1, 'w.sort': { $gt: '' } },
        { sort: { 'w.sort': 1 }, limit: 5 },
      );
      expect(byIndex).toMatchObject({ jsSort: false, residual: false });
    };
    await check();
    const rowsOf = () => {
      const side = new SQLite(path.join(dir, 'store.sqlite'), { readonly: true });
      try {
        return side
          .prepare('SELECT path, value = \'\' AS empty, text IS NOT NULL AS hasText FROM "w:projects:projects_w"')
          .all() as Array<{ path: string; empty: number; hasText: number }>;
      } finally {
        side.close();
      }
    };
    expect(rowsOf().every((r) => r.empty === 0 && r.hasText === 0)).toBe(true);
    // Asked for again with a match-only path: its rows move, the others stay, the answers do not change.
    await docs.createIndex({ clientId: 1, 'w.$**': 1 }, { name: 'projects_w', matchOnlyPaths: ['w.text'] });
    await store.compact();
    for (const row of rowsOf()) {
      expect({ path: row.path, moved: row.empty === 1 && row.hasText === 1 }).toEqual({
        path: row.path,
        moved: row.path.startsWith('w.text.'),
      });
    }
    await check();
    expect(
      (docs as unknown as EmbeddedCollection<Doc>).explain(
        { clientId: 1, 'w.text.a': { $gt: '' } },
        { sort: { 'w.text.a': 1 }, limit: 5 },
      ).jsSort,
    ).toBe(true);
    // New and changed documents are kept the same way; and the match-only path can be given up again.
    await docs.insertOne({ id: 2000, clientId: 1, w: { sort: 'zeta', text: { a: 'alpha new' } } });
    await docs.updateOne({ id: 1000 }, { $set: { 'w.text.a': 'alpha changed' } });
    all.push({ id: 2000, w: { sort: 'zeta', text: { a: 'alpha new' } } } as W);
    (all.find((d) => d.id === 1000) as W).w.text.a = 'alpha changed';
    await check();
    await store.close();
    const reopened = await openDir(dir);
    const again = reopened.collection('projects');
    expect(
      ((await again.find({ clientId: 1, 'w.text.a': { $regex: 'changed' } })) as unknown as W[]).map((d) => d.id),
    ).toEqual([1000]);
    await again.createIndex({ clientId: 1, 'w.$**': 1 }, { name: 'projects_w' });
    await reopened.compact();
    await reopened.close();
    expect(rowsOf().every((r) => r.empty === 0 && r.hasText === 0)).toBe(true);
  });

  describe.each(['fsync', 'process'] as const)('durability %s: SIGKILL', (durability) => {
    it('every acknowledged write is found after the writing process is killed', { timeout: 60_000 }, async () => {
      const dir = await tempDir();
      const ackedNumbers: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const acked = await runAndKill(dir, durability, 60);
        expect(acked.length).toBeGreaterThan(0);
        ackedNumbers.push(...acked.map((a) => a.n));
        const lastCounter = acked[acked.length - 1].value;

        const store = await openDir(dir, durability);
        const projects = store.collection('projects');
        const stored = await projects.find({ type: 'kill-test', acked: true }, { projection: { n: 1 } });
        const storedNumbers = new Set(stored.map((p) => p.n));
        for (const n of ackedNumbers) expect(storedNumbers.has(n), `k${n} acknowledged but lost`).toBe(true);
        const counter = await store.collection('counters').findOne({ name: 'kill-test' });
        // The kill may land after the counter write and before the acknowledgement line: at most one more.
        expect(counter?.value).toBeGreaterThanOrEqual(lastCounter);
        expect(counter?.value).toBeLessThanOrEqual(lastCounter + 1);
        await store.close();
      }
    });
  });

  /** Runs durability-child.ts on `dir` until it has acknowledged `count` rounds, SIGKILLs it, returns the acks. */
  async function runAndKill(dir: string, durability: Durability, count: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/store/durability-child.ts', dir, durability], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: Array<{ n: number; value: number }> = [];
    let stderr = '';
    let buffer = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^acked (\d+) (\d+)$/.exec(line);
        if (!match) continue;
        acked.push({ n: Number(match[1]), value: Number(match[2]) });
        if (acked.length >= count) child.kill('SIGKILL');
      }
    });
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    if (exit.signal !== 'SIGKILL') throw new Error(`child ended by itself (${exit.code}): ${stderr}`);
    return acked;
  }
});
