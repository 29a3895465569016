/**
 * The first screens' worker thread (api/http/first-screen-worker.ts), with render modules written here: what the
 * module draws comes back; a render too slow, a module that fails and a worker that exits give none, and the next page
 * is drawn again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT } from '../engine/rules/first-viewport';
import { firstScreenWorker } from './http/first-screen-worker';

const dir = mkdtempSync(path.join(tmpdir(), 'first-screen-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A render module whose renderFirstScreen runs `body` (with url, answers, nonce, viewport in scope). */
function renderModule(name: string, body: string): string {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, `export async function renderFirstScreen(url, answers, nonce, viewport) { ${body} }\n`);
  return pathToFileURL(file).href;
}

describe('firstScreenWorker', () => {
  it("draws each page in the worker from what the server's thread gives it", async () => {
    const worker = firstScreenWorker(
      renderModule(
        'echo',
        "return { styles: '<style nonce=\"' + nonce + '\"></style>', html: url + ' ' + Object.keys(answers).join() + ' ' + viewport.width + ' ' + (typeof window) };",
      ),
    );
    try {
      const screens = await Promise.all(
        ['/a', '/b'].map((page) =>
          worker.render(
            `http://x${page}`,
            { 'GET /api/x': { status: 200, type: '', body: '' } },
            'n1',
            DESKTOP_VIEWPORT,
          ),
        ),
      );
      expect(screens).toEqual([
        { styles: '<style nonce="n1"></style>', html: 'http://x/a GET /api/x 1280 undefined' },
        { styles: '<style nonce="n1"></style>', html: 'http://x/b GET /api/x 1280 undefined' },
      ]);
    } finally {
      await worker.close();
    }
  });

  it('gives up a render that takes too long, and one that throws', async () => {
    const slow = firstScreenWorker(
      renderModule('slow', 'await new Promise((r) => setTimeout(r, 500)); return { styles: "", html: "late" };'),
      {
        timeoutMs: 100,
      },
    );
    const failing = firstScreenWorker(renderModule('failing', 'throw new Error("no")'));
    try {
      expect(await slow.render('http://x/', {}, 'n', DESKTOP_VIEWPORT)).toBeUndefined();
      expect(await failing.render('http://x/', {}, 'n', DESKTOP_VIEWPORT)).toBeUndefined();
    } finally {
      await slow.close();
      await failing.close();
    }
  });

  it('sends pages beyond those waiting without a screen, and starts a worker again after one exited', async () => {
    const exiting = firstScreenWorker(
      renderModule(
        'exiting',
        'if (url.endsWith("/exit")) process.exit(1); await new Promise((r) => setTimeout(r, 50)); return { styles: "", html: url };',
      ),
      { maxWaiting: 2 },
    );
    try {
      const three = await Promise.all(
        ['/1', '/2', '/3'].map((page) => exiting.render(`http://x${page}`, {}, 'n', DESKTOP_VIEWPORT)),
      );
      expect(three.map((screen) => screen?.html)).toEqual(['http://x/1', 'http://x/2', undefined]);
      expect(await exiting.render('http://x/exit', {}, 'n', DESKTOP_VIEWPORT)).toBeUndefined();
      expect((await exiting.render('http://x/after', {}, 'n', DESKTOP_VIEWPORT))?.html).toBe('http://x/after');
    } finally {
      await exiting.close();
    }
  });
});
