/**
 * Files and thumbnails (issue "The form runtime" §6): upload, list, download, delete; tenant scoping;
 * the type read from the bytes; size limits; sharp thumbnails, cached.
 */
import sharp from 'sharp';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let cookie: string;
let png: Buffer;

beforeAll(async () => {
  h = await makeHarness();
  cookie = await h.login('user@demo.local');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

function upload(folder: string, files: Array<{ name: string; bytes: Uint8Array; type?: string }>, as = cookie) {
  const form = new FormData();
  for (const file of files)
    form.append(
      'uploads[]',
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }),
    );
  return h.app.request(`/api/files/upload?folder=${encodeURIComponent(folder)}`, {
    method: 'POST',
    headers: { Cookie: as },
    body: form,
  });
}

describe('files', () => {
  it('uploads, lists, downloads and deletes, typed by content', async () => {
    const res = await upload('entries/5/photos', [
      { name: 'slab.png', bytes: png, type: 'image/png' },
      { name: 'notes.txt', bytes: new TextEncoder().encode('Pour at 9:00'), type: 'text/plain' },
    ]);
    expect(res.status).toBe(201);
    const listed = await (await h.call('GET', '/api/files/getFiles?folder=entries/5/photos', { cookie })).json();
    expect(listed.map((f: { name: string; contentType: string }) => [f.name, f.contentType])).toEqual([
      ['notes.txt', 'text/plain'],
      ['slab.png', 'image/png'],
    ]);
    const got = await h.call('GET', '/api/files/download?file=entries/5/photos/slab.png', { cookie });
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    expect((await h.call('DELETE', '/api/files/delete?file=entries/5/photos/notes.txt', { cookie })).status).toBe(204);
    expect((await h.call('DELETE', '/api/files/delete?file=entries/5/photos/notes.txt', { cookie })).status).toBe(404);
  });

  it("answers another client's file as not there", async () => {
    await upload('shared', [{ name: 'plan.png', bytes: png }]);
    const admin = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/2', { cookie: admin });
    expect((await h.call('GET', '/api/files/download?file=shared/plan.png', { cookie: admin })).status).toBe(404);
    expect(await (await h.call('GET', '/api/files/getFiles?folder=shared', { cookie: admin })).json()).toEqual([]);
  });

  it('refuses a type its bytes do not allow, whatever the name, and stores nothing of that upload', async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(60).fill(0)]);
    const res = await upload('checks', [
      { name: 'ok.png', bytes: png },
      { name: 'photo.png', bytes: elf, type: 'image/png' },
    ]);
    expect(res.status).toBe(415);
    expect(await (await h.call('GET', '/api/files/getFiles?folder=checks', { cookie })).json()).toEqual([]);
  });

  it('refuses bad folders and names, and files over 10 MB', async () => {
    expect((await upload('../other', [{ name: 'a.png', bytes: png }])).status).toBe(400);
    expect((await upload('ok', [{ name: '../a.png', bytes: png }])).status).toBe(400);
    expect((await h.call('GET', '/api/files/download?file=../../etc/passwd', { cookie })).status).toBe(400);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png.subarray(0, 64));
    expect((await upload('big', [{ name: 'big.png', bytes: big }])).status).toBe(413);
  });

  it('makes thumbnails within the size asked, and caches them', async () => {
    await upload('thumbs', [{ name: 'wide.png', bytes: png }]);
    const res = await h.call('GET', '/api/thumbnail/300?file=thumbs/wide.png', { cookie });
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 225]);
    const boxed = await h.call('GET', '/api/thumbnail/100/100?file=thumbs/wide.png', { cookie });
    expect((await sharp(Buffer.from(await boxed.arrayBuffer())).metadata()).width).toBe(100);
    expect(await h.store.files.list('1/.thumbnails/300x0/')).toHaveLength(1);
    await upload('thumbs', [{ name: 'notes.txt', bytes: new TextEncoder().encode('text') }]);
    expect((await h.call('GET', '/api/thumbnail/300?file=thumbs/notes.txt', { cookie })).status).toBe(415);
  });

  it('deletes a folder (an unsaved entry’s files)', async () => {
    await upload('drafts/abc', [{ name: 'one.png', bytes: png }]);
    expect((await h.call('DELETE', '/api/files/folder?folder=drafts/abc', { cookie })).status).toBe(204);
    expect(await (await h.call('GET', '/api/files/getFiles?folder=drafts/abc', { cookie })).json()).toEqual([]);
  });
});
