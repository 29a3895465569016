/**
 * Page weight (issue "Performance at scale" §5): the API compresses its larger answers for clients that take
 * it, and the server sends the build's pre-compressed copies of the front end's files.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress';
import { COMPRESS_THRESHOLD_BYTES } from './app';
import { startServer } from './server';
import { makeHarness } from './test/harness';

describe('compression', () => {
  it('gzips a large API answer when asked to, and leaves it plain otherwise', async () => {
    const h = await makeHarness();
    const plain = await h.app.request('/api/openapi.json');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const zipped = await h.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
  });

  it('sends an answer under the threshold as it is, even to a client that takes gzip', async () => {
    const h = await makeHarness();
    const cookie = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie });
    const form = await h.app.request('/api/settings/forms/quality-assurance/1', {
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' },
    });
    expect(form.headers.get('Content-Encoding')).toBeNull();
    const text = await form.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(text.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(Number(form.headers.get('Content-Length'))).toBe(Buffer.byteLength(text));
  });

  describe('the built front end', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-dist-'));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
      writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
      writeFileSync(path.join(dir, 'dist', 'assets', 'app-abc123.js'), script);
      writeFileSync(path.join(dir, 'dist', 'assets', 'tiny-abc123.js'), 'export {};\n');
      writeFileSync(path.join(dir, 'dist', 'sw.js'), 'self.skipWaiting();\n');
      const written = precompressDir(path.join(dir, 'dist'));
      expect(written.map((w) => path.basename(w.file))).toEqual(['app-abc123.js']);
      server = await startServer({ PORT: '0', DATA_DIR: path.join(dir, 'data'), DIST_DIR: path.join(dir, 'dist') });
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const get = (file: string, encoding: string) =>
      fetch(`http://127.0.0.1:${server.port}/assets/${file}`, { headers: { 'Accept-Encoding': encoding } });

    it('sends the brotli copy to a browser that takes brotli, gzip to one that takes gzip, the file to others', async () => {
      const br = await get('app-abc123.js', 'gzip, deflate, br');
      expect(br.headers.get('Content-Encoding')).toBe('br');
      expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(br.headers.get('Content-Type')).toMatch(/javascript/);
      // fetch decodes the body: it is the script itself
      expect(await br.text()).toBe(script);
      const gz = await get('app-abc123.js', 'gzip');
      expect(gz.headers.get('Content-Encoding')).toBe('gzip');
      expect(await gz.text()).toBe(script);
      const none = await get('app-abc123.js', 'identity');
      expect(none.headers.get('Content-Encoding')).toBeNull();
      expect(await none.text()).toBe(script);
      const tiny = await get('tiny-abc123.js', 'br');
      expect(tiny.headers.get('Content-Encoding')).toBeNull();
    });

    it('answers a file of another build 404, not with the app shell cached for a year', async () => {
      const gone = await get('app-old999.js', 'br');
      expect(gone.status).toBe(404);
      expect(gone.headers.get('Content-Type')).not.toMatch(/html/);
      expect(gone.headers.get('Cache-Control')).toBe('no-store');
      // A page's path still gets the app shell.
      const page = await fetch(`http://127.0.0.1:${server.port}/projects/1`);
      expect(page.status).toBe(200);
      expect(page.headers.get('Content-Type')).toMatch(/html/);
    });

    it('sends the service worker as a script that the browser asks for again on every visit (issue 26)', async () => {
      const sw = await fetch(`http://127.0.0.1:${server.port}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('Content-Type')).toMatch(/javascript/);
      expect(sw.headers.get('Cache-Control')).toBe('no-cache');
      expect(await sw.text()).toBe('self.skipWaiting();\n');
    });

    it('writes copies that decompress to the file', () => {
      const base = path.join(dir, 'dist', 'assets', 'app-abc123.js');
      expect(brotliDecompressSync(readFileSync(`${base}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${base}.gz`)).toString()).toBe(script);
    });
  });
});
