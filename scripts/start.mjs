#!/usr/bin/env node
/**
 * `npm start`: builds the front end when dist/ is missing or older than its sources (and the server's render of a
 * form page's first screen, dist-render/), then runs
 * api/server.ts (API + front end on one port), bundled into dist-server/server.mjs when its sources changed.
 * Signals are passed on so Ctrl+C stops cleanly. With `--prepare` it only builds what is stale and exits (the
 * browser tests' global set-up, runtime/e2e/global-setup.ts, so that test files starting servers side by side never
 * build at the same time).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBundle, SERVER_NODE_OPTIONS, sourcesTime } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

const sources = ['runtime', 'designer', 'engine', 'schemas', 'vite.config.ts', 'package-lock.json'].map((p) =>
  path.join(root, p),
);
const sourceTime = sourcesTime(sources);
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

// The server's render of a form page's first screen (vite.render.config.ts: runtime/server/render.tsx into
// dist-render/render.js), from the same sources as the front end.
const renderFile = path.join(root, 'dist-render', 'render.js');
if (
  !existsSync(renderFile) ||
  statSync(renderFile).mtimeMs < Math.max(sourceTime, sourcesTime([path.join(root, 'vite.render.config.ts')]))
) {
  console.log('Building the first-screen render...');
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.render.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as one bundled file (scripts/server-bundle.mjs), rebuilt when its sources changed.
const serverFile = await ensureServerBundle(root);
if (process.argv.includes('--prepare')) process.exit(0);
const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverFile], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
