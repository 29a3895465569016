import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Directories this process holds, so that a lock file naming our own pid can be told stale (container restarts reuse pids). */
const heldHere = new Set<string>();

/**
 * Takes the single-writer lock of an embedded data directory: `<dataDir>/store.lock` holding the owner's
 * pid. The embedded store is single-process (its caches and group commit assume it owns the data), so a second
 * process writing the same directory would go wrong silently; this makes it fail instead.
 *
 * A lock whose pid is not running (the owner was killed) is taken over. While the owner is alive, waits up
 * to `timeoutMs` (a restarting dev server's old process may still be closing), then throws an Error naming
 * the pid. Opening the same directory twice in one process throws at once. Returns the release function.
 */
export async function lockDataDir(dataDir: string, timeoutMs = 5000): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  if (heldHere.has(dir)) throw new Error(`Data directory ${dir} is already open in this process`);
  const file = path.join(dir, 'store.lock');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      heldHere.add(dir);
      return async () => {
        heldHere.delete(dir);
        await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    const alive = Number.isInteger(owner) && owner !== process.pid && isRunning(owner);
    if (!alive) {
      await unlink(file).catch(() => undefined);
    } else if (Date.now() >= deadline) {
      throw new Error(
        `Data directory ${dir} is in use by process ${owner}; stop it, or delete ${file} if that process is not a site-forms server`,
      );
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
