import type Database from 'better-sqlite3';

/** A write whose failure keeps what it already wrote (MongoDB's ordered insertMany stopping at a duplicate). */
export class KeepWrites extends Error {
  constructor(readonly error: unknown) {
    super('keep writes');
  }
}

interface Pending {
  /** Synchronous SQLite work (a write of a collection). */
  task?: () => unknown;
  /** A transaction's body (Store.withTransaction): awaited while the group's SQLite transaction stays open. */
  body?: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A committed write waiting for the fsync of the log before it is acknowledged. */
interface Committed {
  pending: Pending;
  outcome: Outcome;
}

/**
 * Flushes the write-ahead log to stable storage (fsync of the -wal file, off the event loop) and calls `done`
 * once it is there, with the error when it could not be flushed.
 */
export type LogSync = (done: (error: Error | null) => void) => void;

/** Options of a WriteQueue. */
export interface WriteQueueOptions {
  /**
   * How the log reaches the disk before writes are acknowledged ('fsync' durability): called after each COMMIT,
   * never twice at once. Without it a write is acknowledged when its COMMIT returns.
   */
  sync?: LogSync;
  /** Called after each COMMIT (the checkpoint thread counts them). */
  committed?: () => void;
  /**
   * Called when a group that held a transaction has ended (committed or rolled back), before its writes are
   * acknowledged: what was read meanwhile may be older or newer than what is now stored (the store forgets
   * its recent findOne answers).
   */
  transactionsEnded?: () => void;
}

/**
 * Group commit of the embedded store (docs/store.md "Durability"): writes handed over in the same turn of the
 * event loop run one after the other in one SQLite transaction, each inside its own savepoint (a write that
 * throws is rolled back alone), and one COMMIT ends them all. Every write is atomic against every other (a
 * read-modify-write such as a counter's `$inc` never loses an update).
 *
 * With `options.sync` (the 'fsync' durability), the COMMIT only writes the log to the OS (`synchronous=NORMAL`)
 * and the group is acknowledged once an fsync of the log, started after its COMMIT, has returned. The fsync
 * runs in libuv's thread pool, so the event loop goes on meanwhile, and the writes handed over during it wait
 * for it to end, then run as the next group: waiting costs them nothing (acknowledging them needs the next
 * fsync anyway) and makes the groups larger under load, so that the pages every group rewrites (the ends of
 * the indexes, the register's side index) are written once for many writes. Without `sync` ('process'
 * durability, in memory) a group is committed in the next turn of the event loop and acknowledged when its
 * COMMIT returns.
 *
 * A transaction (`transaction(body)`, Store.withTransaction) is one entry of a group, in a savepoint of its own:
 * the group's SQLite transaction stays open while its asynchronous body runs (the writes it makes run at once,
 * on the same connection), and the writes handed over meanwhile wait for the next group, as during an fsync.
 * A body that rejects is rolled back to its savepoint and rejects alone; the group then goes on, and its COMMIT
 * and one fsync acknowledge the transaction with the other writes of the group. Transactions therefore run one
 * at a time, each seeing the writes committed before it.
 *
 * A task that throws `KeepWrites` rejects with the wrapped error but keeps its writes. When the COMMIT fails,
 * every write of its group rejects and nothing of it is kept. When an fsync fails, the writes it was to make
 * durable reject with its error, and so does every later write: what the disk holds is no longer known.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private scheduled: Promise<void> | null = null;
  /** A group whose transaction body is running (the next group waits for it). */
  private flushing: Promise<void> | null = null;
  /** The fsync under way, if any (the next group waits for it). */
  private syncing: Promise<void> | null = null;
  private syncFailure: Error | null = null;
  private readonly sync: LogSync | undefined;
  private readonly committed: (() => void) | undefined;
  private readonly transactionsEnded: (() => void) | undefined;
  // Prepared once: `exec` would compile the statement again on every write.
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    options: WriteQueueOptions = {},
  ) {
    this.sync = options.sync;
    this.committed = options.committed;
    this.transactionsEnded = options.transactionsEnded;
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.savepoint = db.prepare('SAVEPOINT w');
    this.release = db.prepare('RELEASE w');
    this.rollbackTo = db.prepare('ROLLBACK TO w');
  }

  /** Runs `task` (synchronous SQLite work) in the next group commit; resolves once that group is acknowledged. */
  run<R>(task: () => R): Promise<R> {
    if (this.syncFailure) return Promise.reject(this.syncFailure);
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ task, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Runs `body` as one entry of the next group commit, inside a savepoint of its own, while the group's SQLite
   * transaction stays open: `body` makes its writes synchronously on the connection (not through `run`, which
   * would wait for the next group). Resolves with its value once the group is acknowledged; when it rejects,
   * its writes are rolled back and the promise rejects with its error.
   */
  transaction<R>(body: () => Promise<R>): Promise<R> {
    if (this.syncFailure) return Promise.reject(this.syncFailure);
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ body, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Resolves once every write handed over so far is committed and acknowledged. */
  async drain(): Promise<void> {
    for (;;) {
      this.schedule();
      const next = this.scheduled ?? this.flushing ?? this.syncing;
      if (!next) return;
      await next;
    }
  }

  /**
   * The next group runs in the next turn of the event loop, unless an fsync or a transaction's body is under
   * way: then after it.
   */
  private schedule(): void {
    if (this.scheduled || this.flushing || this.syncing || this.pending.length === 0) return;
    this.scheduled = new Promise<void>((done) =>
      setImmediate(() => {
        this.flush();
        done();
      }),
    );
  }

  private flush(): void {
    this.scheduled = null;
    const batch = this.pending;
    this.pending = [];
    const outcomes: Outcome[] = [];
    let next = 0;
    try {
      this.begin.run();
      next = this.runTasks(batch, 0, outcomes);
    } catch (error) {
      this.abort(batch, error, false);
      return;
    }
    if (next === batch.length) this.finish(batch, outcomes, false);
    else this.flushing = this.flushWithTransactions(batch, next, outcomes);
  }

  /**
   * Runs the synchronous tasks of `batch` from `from` on, each in a savepoint, up to the first transaction;
   * returns the index where it stopped. Throws only when SQLite itself fails (a savepoint cannot be opened).
   */
  private runTasks(batch: Pending[], from: number, outcomes: Outcome[]): number {
    let i = from;
    for (; i < batch.length; i += 1) {
      const { task } = batch[i];
      if (!task) break;
      this.savepoint.run();
      try {
        outcomes.push({ ok: true, value: task() });
        this.release.run();
      } catch (error) {
        if (error instanceof KeepWrites) {
          this.release.run();
          outcomes.push({ ok: false, error: error.error });
        } else {
          this.rollbackTo.run();
          this.release.run();
          outcomes.push({ ok: false, error });
        }
      }
    }
    return i;
  }

  /** The rest of a group from its first transaction on: bodies awaited in their savepoints, tasks between. */
  private async flushWithTransactions(batch: Pending[], from: number, outcomes: Outcome[]): Promise<void> {
    let i = from;
    try {
      while (i < batch.length) {
        const { body } = batch[i];
        if (!body) {
          i = this.runTasks(batch, i, outcomes);
          continue;
        }
        this.savepoint.run();
        try {
          const value = await body();
          this.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          this.rollbackTo.run();
          this.release.run();
          outcomes.push({ ok: false, error });
        }
        i += 1;
      }
    } catch (error) {
      this.flushing = null;
      this.abort(batch, error, true);
      return;
    }
    this.flushing = null;
    this.finish(batch, outcomes, true);
  }

  /** Rolls the group back and rejects every write of it with `error`. */
  private abort(batch: Pending[], error: unknown, hadTransactions: boolean): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    if (hadTransactions) this.transactionsEnded?.();
    for (const { reject } of batch) reject(error);
    this.schedule();
  }

  /** Commits the group, then acknowledges it (after the log's fsync, with one). */
  private finish(batch: Pending[], outcomes: Outcome[], hadTransactions: boolean): void {
    try {
      this.commit.run();
    } catch (error) {
      this.abort(batch, error, hadTransactions);
      return;
    }
    if (hadTransactions) this.transactionsEnded?.();
    this.committed?.();
    const committed = batch.map((pending, i) => ({ pending, outcome: outcomes[i] }));
    if (!this.sync) {
      settle(committed);
      this.schedule();
      return;
    }
    this.syncing = this.flushLog(this.sync, committed);
  }

  /** fsyncs the log after the COMMIT of `group`, acknowledges the group, then lets the next group run. */
  private async flushLog(sync: LogSync, group: Committed[]): Promise<void> {
    const error = await new Promise<Error | null>((done) => sync(done));
    if (error && !this.syncFailure) this.syncFailure = error;
    if (this.syncFailure) for (const { pending } of group) pending.reject(this.syncFailure);
    else settle(group);
    this.syncing = null;
    this.schedule();
  }
}

function settle(committed: Committed[]): void {
  for (const { pending, outcome } of committed) {
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  }
}
