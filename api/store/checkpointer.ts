import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the checkpoint thread needs. */
interface CheckpointerData {
  /** better-sqlite3's entry point, resolved here (the worker's plain-JavaScript require has no base path). */
  sqlite: string;
  /** The database file. */
  file: string;
  /** How often to look for committed writes to checkpoint (ms). */
  intervalMs: number;
  /** Commits since the last checkpoint, counted by the writer (Int32Array over it, slot 0). */
  commits: SharedArrayBuffer;
}

/** The thread's code (plain JavaScript, so it needs no TypeScript loader and no bundling). */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const commits = new Int32Array(workerData.commits);
// A connection of its own to the same database (write-ahead log mode is recorded in the file). A PASSIVE
// checkpoint never waits for the writer or for readers: it copies what it can and leaves the rest for next time.
const db = new Database(workerData.file, { timeout: 0 });
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  if (Atomics.exchange(commits, 0, 0) === 0) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.stack) || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** The checkpoint thread of an embedded store (docs/store.md "Durability"). */
export interface Checkpointer {
  /** Tells the thread that a group was committed (an atomic add on shared memory). */
  committed(): void;
  /** Stops the thread and closes its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a thread that checkpoints the database `file` every `intervalMs` (default 500 ms) after commits: it
 * copies the write-ahead log into the database file with its own connection (`wal_checkpoint(PASSIVE)`,
 * `synchronous=NORMAL`: the log is synced before it is copied, the database file after), so neither the copying
 * nor those two syncs stop the event loop, as SQLite's automatic checkpoint inside a COMMIT did (about 25 ms
 * every few dozen groups while the disk was shared). The thread does not keep the process alive.
 * `onError` receives a checkpoint's failure; `onExit` is called if the thread ends before `stop()` (the caller then
 * lets SQLite checkpoint inside COMMITs again).
 */
export function startCheckpointer(
  file: string,
  options: { intervalMs?: number; onError: (error: unknown) => void; onExit: () => void },
): Checkpointer {
  const commits = new SharedArrayBuffer(4);
  const counter = new Int32Array(commits);
  const data: CheckpointerData = {
    sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
    file,
    intervalMs: options.intervalMs ?? 500,
    commits,
  };
  const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: data });
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!stopping) options.onExit();
      resolve();
    });
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError(new Error(`checkpoint failed: ${message.error}`));
  });
  worker.on('error', (error) => options.onError(error));
  return {
    committed() {
      Atomics.add(counter, 0, 1);
    },
    async stop() {
      stopping = true;
      // Referenced again, so that the process waits for the thread's exit it is awaiting.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
