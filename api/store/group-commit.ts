/**
 * Group commit for an append-only file: `noteAppend()` after each append has returned, then `flush()`
 * before acknowledging the write. `flush()` resolves only once an fsync that *started after* every append
 * noted so far has completed, and concurrent callers share one fsync, so N concurrent writes cost about
 * two fsyncs instead of N. Implements the durability decision of docs/store.md (DESIGN.md "api/": the
 * embedded store's acknowledged writes survive a killed process and an OS crash).
 *
 * `sync` performs the fsync (e.g. open the file, `FileHandle.sync()`, close). If it rejects, `flush()`
 * rejects for every caller waiting on it, and the next `flush()` tries again.
 */
export class GroupCommit {
  private appended = 0;
  private synced = 0;
  private inflight: Promise<void> | null = null;

  constructor(private readonly sync: () => Promise<void>) {}

  /** Records that one append has reached the OS (its write call returned). */
  noteAppend(): void {
    this.appended += 1;
  }

  /** True when every noted append is covered by a completed fsync. */
  get clean(): boolean {
    return this.synced >= this.appended;
  }

  /** Resolves when every append noted before this call is on stable storage. */
  async flush(): Promise<void> {
    const target = this.appended;
    while (this.synced < target) {
      if (this.inflight) {
        // That fsync may have started before our append: wait for it, then look again.
        await this.inflight;
        continue;
      }
      const covers = this.appended;
      const run = this.sync().then(() => {
        this.synced = Math.max(this.synced, covers);
      });
      // Waiters only need to know it ended; the caller below sees the error.
      const settled: Promise<void> = run.then(
        () => undefined,
        () => undefined,
      );
      this.inflight = settled;
      void settled.then(() => {
        if (this.inflight === settled) this.inflight = null;
      });
      await run;
    }
  }
}
