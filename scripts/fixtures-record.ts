/**
 * `npm run fixtures:record`: starts the real server (API only) on a free port of 127.0.0.1 with a fresh
 * temporary DATA_DIR and the demo seed, runs the scripted journeys of fixtures/msw/recording.ts over
 * HTTP, and writes fixtures/recorded/<journey>.json. docs/testing.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../api/server';
import { recordJourneys } from '../fixtures/msw/recording';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'siteforms-record-'));
const running = await startServer({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DIST_DIR: path.join(dataDir, 'no-dist'),
});
try {
  const origin = `http://127.0.0.1:${running.port}`;
  const recordings = await recordJourneys((p, init) => fetch(`${origin}${p}`, init));
  for (const recording of recordings) {
    const file = path.join(root, 'fixtures', 'recorded', `${recording.journey}.json`);
    writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
    console.log(`fixtures:record: ${recording.pairs.length} calls -> ${path.relative(root, file)}`);
  }
} finally {
  await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
