import type Database from 'better-sqlite3';

/** A write whose failure keeps what it already wrote (MongoDB's ordered insertMany stopping at a duplicate). */
export class KeepWrites extends Error {
  constructor(readonly error: unknown) {
    super('keep writes');
  }
}

interface Pending {
  task: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit of the embedded store (docs/store.md "Durability"): writes handed over in the same turn of the
 * event loop run one after the other in one SQLite transaction, each inside its own savepoint (a write that
 * throws is rolled back alone), and all are acknowledged after the one COMMIT, which with
 * `synchronous=FULL` fsyncs the write-ahead log. Concurrent requests therefore share one fsync, and every
 * write is atomic against every other (a read-modify-write such as a counter's `$inc` never loses an update).
 *
 * A task that throws `KeepWrites` rejects with the wrapped error but keeps its writes.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private scheduled: Promise<void> | null = null;

  constructor(private readonly db: Database.Database) {}

  /** Runs `task` (synchronous SQLite work) in the next group commit; resolves after that commit. */
  run<R>(task: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ task, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled)
        this.scheduled = new Promise<void>((done) =>
          setImmediate(() => {
            this.flush();
            done();
          }),
        );
    });
  }

  /** Resolves once every write handed over so far is committed. */
  async drain(): Promise<void> {
    while (this.scheduled) await this.scheduled;
  }

  private flush(): void {
    this.scheduled = null;
    const batch = this.pending;
    this.pending = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const { task } of batch) {
        this.db.exec('SAVEPOINT w');
        try {
          outcomes.push({ ok: true, value: task() });
          this.db.exec('RELEASE w');
        } catch (error) {
          if (error instanceof KeepWrites) {
            this.db.exec('RELEASE w');
            outcomes.push({ ok: false, error: error.error });
          } else {
            this.db.exec('ROLLBACK TO w');
            this.db.exec('RELEASE w');
            outcomes.push({ ok: false, error });
          }
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    });
  }
}
