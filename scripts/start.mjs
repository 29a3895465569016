#!/usr/bin/env node
/**
 * `npm start`: builds the front end when dist/ is missing or older than its sources, then runs
 * api/server.ts (API + front end on one port). Signals are passed on so Ctrl+C stops cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['runtime', 'engine', 'schemas', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
const sourceTime = Math.max(
  ...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the front end...');
  // Always a production build, whatever NODE_ENV the caller runs under (a test runner sets 'test', which
  // would give React's development build: several times slower, and not what users get).
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
