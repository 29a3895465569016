/**
 * Runs the platform as a user does (`node scripts/start.mjs`, which builds the front end when it is
 * stale) on a free port with a given DATA_DIR, for end-to-end tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Starts the server and waits until it answers (up to `timeoutMs`, default 5 minutes incl. a build). */
export async function startPlatform(
  dataDir: string,
  port: number,
  timeoutMs = 300_000,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    // Form pages always come with their first screen (not only while the busy test machine's server is idle enough,
    // api/http/loop-load.ts): the same page in every run.
    env: { FIRST_SCREEN_MAX_LOAD: '1', ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a stuck server (a grandchild) can be killed with it.
    detached: true,
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/authorization/isLoggedIn`, { method: 'POST' });
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error(`server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
