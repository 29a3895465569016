import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A sync that resolves when the test says so, recording how many appends each call could cover. */
function controlledSync(commit: () => GroupCommit) {
  const calls: Array<{ sawAppended: number; finish: (error?: Error) => void }> = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      const appended = (commit() as unknown as { appended: number }).appended;
      calls.push({ sawAppended: appended, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, sync };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('does not sync when nothing was appended', async () => {
    let syncs = 0;
    const commit = new GroupCommit(async () => {
      syncs += 1;
    });
    await commit.flush();
    expect(syncs).toBe(0);
    expect(commit.clean).toBe(true);
  });

  it('syncs once for appends flushed together', async () => {
    let syncs = 0;
    const commit = new GroupCommit(async () => {
      syncs += 1;
    });
    for (let i = 0; i < 10; i += 1) commit.noteAppend();
    await Promise.all(Array.from({ length: 10 }, () => commit.flush()));
    expect(syncs).toBe(1);
    expect(commit.clean).toBe(true);
  });

  it('an append made during an fsync waits for the next fsync', async () => {
    let commit: GroupCommit;
    const { calls, sync } = controlledSync(() => commit);
    commit = new GroupCommit(sync);
    commit.noteAppend();
    let firstDone = false;
    const first = commit.flush().then(() => {
      firstDone = true;
    });
    await tick();
    expect(calls).toHaveLength(1);
    commit.noteAppend();
    let secondDone = false;
    const second = commit.flush().then(() => {
      secondDone = true;
    });
    calls[0].finish();
    await first;
    await tick();
    expect(firstDone).toBe(true);
    expect(secondDone).toBe(false);
    expect(calls).toHaveLength(2);
    calls[1].finish();
    await second;
    expect(secondDone).toBe(true);
  });

  it('a failed fsync rejects its flush, and the next flush syncs again', async () => {
    let commit: GroupCommit;
    const { calls, sync } = controlledSync(() => commit);
    commit = new GroupCommit(sync);
    commit.noteAppend();
    const failing = commit.flush();
    await tick();
    calls[0].finish(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    expect(commit.clean).toBe(false);
    const retry = commit.flush();
    await tick();
    calls[1].finish();
    await retry;
    expect(commit.clean).toBe(true);
  });
});
