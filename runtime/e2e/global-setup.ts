/**
 * The browser tests' global set-up (vitest.config.ts, project e2e): builds the front end and the server bundle once,
 * when stale (`node scripts/start.mjs --prepare`), before any test file starts its platform. The e2e files then run
 * beside the jsdom and node files (two at a time in all) instead of one after another at the end of the run, and
 * two of them starting at once never build the same dist/ together.
 * @throws Error with the build's output when it fails
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function prepare(): void {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--prepare'], {
    cwd: root,
    encoding: 'utf8',
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`building the platform failed:\n${result.stdout}\n${result.stderr}`);
}
