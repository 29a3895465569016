import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type LogSync, WriteQueue } from './write-queue';

/** A log sync the test completes by hand: `calls` counts fsyncs started, `finish(error?)` ends the oldest. */
function manualSync() {
  const waiting: Array<(error: Error | null) => void> = [];
  let calls = 0;
  const sync: LogSync = (done) => {
    calls += 1;
    waiting.push(done);
  };
  return {
    sync,
    calls: () => calls,
    finish: (error: Error | null = null) => waiting.shift()!(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function database() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (v INTEGER)');
  return db;
}

describe('WriteQueue with a log sync (docs/store.md "Durability")', () => {
  it('acknowledges a group only after an fsync that started after its COMMIT', async () => {
    const db = database();
    const log = manualSync();
    const queue = new WriteQueue(db, { sync: log.sync });
    let acknowledged = false;
    const first = queue
      .run(() => db.prepare('INSERT INTO t VALUES (1)').run())
      .then(() => {
        acknowledged = true;
      });
    await tick();
    // Committed (visible on the connection), not yet acknowledged.
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    expect(log.calls()).toBe(1);
    expect(acknowledged).toBe(false);
    log.finish();
    await first;
    expect(acknowledged).toBe(true);
  });

  it('holds the writes handed over during an fsync, then commits them as one group and fsyncs again', async () => {
    const db = database();
    const log = manualSync();
    const queue = new WriteQueue(db, { sync: log.sync });
    const done: number[] = [];
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    const write = (v: number) =>
      queue
        .run(() => db.prepare('INSERT INTO t VALUES (?)').run(v))
        .then(() => {
          done.push(v);
        });
    const first = write(1);
    await tick();
    const second = write(2);
    await tick();
    const third = write(3);
    await tick();
    // The first group is being fsynced: the next writes wait, uncommitted.
    expect(count()).toBe(1);
    expect(log.calls()).toBe(1);
    log.finish();
    await first;
    expect(done).toEqual([1]);
    await tick();
    // Both committed in one group, under one fsync.
    expect(count()).toBe(3);
    expect(log.calls()).toBe(2);
    const drained = queue.drain();
    log.finish();
    await Promise.all([second, third, drained]);
    expect(done).toEqual([1, 2, 3]);
    expect(log.calls()).toBe(2);
  });

  it('rejects the writes of a failed fsync, and every later write', async () => {
    const db = database();
    const log = manualSync();
    const queue = new WriteQueue(db, { sync: log.sync });
    const first = queue.run(() => 1);
    await tick();
    log.finish(new Error('EIO'));
    await expect(first).rejects.toThrow('EIO');
    await expect(queue.run(() => 2)).rejects.toThrow('EIO');
  });

  it('without a log sync, acknowledges at the COMMIT', async () => {
    const queue = new WriteQueue(database());
    await expect(queue.run(() => 'value')).resolves.toBe('value');
  });

  it('runs a transaction as one entry of a group: the writes handed over meanwhile wait; one COMMIT, one fsync', async () => {
    const db = database();
    const log = manualSync();
    let groupsEnded = 0;
    const queue = new WriteQueue(db, { sync: log.sync, transactionsEnded: () => (groupsEnded += 1) });
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    const insert = (v: number) => () => db.prepare('INSERT INTO t VALUES (?)').run(v);
    let release: () => void = () => undefined;
    const before = queue.run(insert(1));
    const transaction = queue.transaction(async () => {
      insert(2)();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      insert(3)();
      return 'body';
    });
    await tick();
    const during = queue.run(insert(4));
    await tick();
    // The body is waiting: its group is open, the write handed over meanwhile waits for the next group.
    expect(db.inTransaction).toBe(true);
    expect(log.calls()).toBe(0);
    release();
    await tick();
    expect(groupsEnded).toBe(1);
    expect(log.calls()).toBe(1);
    expect(count()).toBe(3);
    log.finish();
    await expect(transaction).resolves.toBe('body');
    await before;
    await tick();
    expect(count()).toBe(4);
    log.finish();
    await during;
    expect(log.calls()).toBe(2);
  });

  it('rolls back a transaction whose body rejects, alone: the rest of its group is kept', async () => {
    const db = database();
    const queue = new WriteQueue(db);
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    const first = queue.run(() => db.prepare('INSERT INTO t VALUES (1)').run());
    const failed = queue.transaction(async () => {
      db.prepare('INSERT INTO t VALUES (2)').run();
      await tick();
      throw new Error('body failed');
    });
    const after = queue.run(() => db.prepare('INSERT INTO t VALUES (3)').run());
    await expect(failed).rejects.toThrow('body failed');
    await Promise.all([first, after]);
    expect(db.prepare('SELECT v FROM t ORDER BY v').pluck().all()).toEqual([1, 3]);
    expect(count()).toBe(2);
  });
});
