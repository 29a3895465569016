/**
 * The tus uploads of the offline pages (issue 26 §4; contract-26 §2 "tus", "tus metadata"), in process: the
 * checks at creation, ownership of an upload id, the stored file at completion (type from the bytes, meta
 * offline, one file however often it is written) and files.deleteFolder leaving offline files.
 */

import { readdir } from 'node:fs/promises';
import { Metadata } from '@tus/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { type Harness, makeHarness } from '../test/harness';
import { createOfflineUploads } from './uploads';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(200_000, 7),
  Buffer.from([0xff, 0xd9]),
]);
/** A Windows executable's signature: a type no upload may have. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 0x90)]);

let h: Harness;
let user: string;
let admin: string;
let viewer: string;

beforeAll(async () => {
  h = await makeHarness();
  [user, admin, viewer] = await Promise.all([
    h.login('user@demo.local'),
    h.login('admin@demo.local'),
    h.login('view@demo.local'),
  ]);
  await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
});

let fileCount = 0;
/** Metadata of a photo of a new offline entry of project 1 (a fresh folder per call unless given). */
function photoMetadata(overrides: Record<string, string> = {}): Record<string, string> {
  fileCount += 1;
  return {
    projectId: '1',
    formArea: 'quality-assurance',
    folder: `files/off${fileCount}x`,
    filename: 'photo 1.jpg',
    filetype: 'image/jpeg',
    fileId: `0190f5a2-7c3e-7d4b-8a1f-${String(fileCount).padStart(12, '0')}`,
    ...overrides,
  };
}

function tus(method: string, path: string, cookie: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return h.app.request(path, {
    method,
    // A request made in process carries no Content-Length of its own; the wire does.
    headers: {
      Cookie: cookie,
      'Tus-Resumable': '1.0.0',
      ...(body ? { 'Content-Length': String(body.byteLength) } : {}),
      ...headers,
    },
    body: body ? new Uint8Array(body) : undefined,
  });
}

async function create(cookie: string, meta: Record<string, string>, length: number): Promise<Response> {
  return tus('POST', '/api/offline/uploads', cookie, {
    'Upload-Length': String(length),
    'Upload-Metadata': Metadata.stringify(meta),
  });
}

async function patch(
  cookie: string,
  url: string,
  offset: number,
  bytes: Uint8Array,
  extra: Record<string, string> = {},
) {
  return tus(
    'PATCH',
    url,
    cookie,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...extra },
    bytes,
  );
}

/** Creates an upload and sends `bytes` in two chunks; the last answer. */
async function uploadWhole(cookie: string, meta: Record<string, string>, bytes: Buffer): Promise<Response> {
  const created = await create(cookie, meta, bytes.length);
  expect(created.status).toBe(201);
  const url = created.headers.get('location') as string;
  const half = Math.floor(bytes.length / 2);
  const first = await patch(cookie, url, 0, bytes.subarray(0, half));
  expect(first.status).toBe(204);
  expect(first.headers.get('upload-offset')).toBe(String(half));
  return patch(cookie, url, half, bytes.subarray(half));
}

describe('creating an upload', () => {
  it('answers 201 with the upload URL under /api/offline/uploads for an Edit user of the project', async () => {
    const res = await create(user, photoMetadata(), JPEG.length);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/api\/offline\/uploads\/[0-9a-f]{32}$/);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
  });

  it('refuses without a session (401) and changes nothing', async () => {
    const res = await h.app.request('/api/offline/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': Metadata.stringify(photoMetadata()),
      },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a view-only user of the project (403) and another client’s project (404)', async () => {
    const viewed = await create(viewer, photoMetadata(), JPEG.length);
    expect(viewed.status).toBe(403);
    expect((await viewed.json()).messageId).toBe('auth.forbidden');
    const foreign = await create(admin, photoMetadata({ projectId: '5' }), JPEG.length);
    expect(foreign.status).toBe(404);
  });

  it('refuses missing or bad metadata, another form area, bad folders and names (400)', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ projectId: 'x' }, 'offlineFiles.badMetadata'],
      [{ fileId: 'not-a-uuid' }, 'offlineFiles.badMetadata'],
      [{ formArea: 'projects' }, 'offlineFiles.badFormArea'],
      [{ folder: '../etc' }, 'files.badFolder'],
      [{ filename: 'a/b.jpg' }, 'files.badName'],
    ];
    for (const [override, messageId] of cases) {
      const res = await create(user, photoMetadata(override), 100);
      expect(res.status, messageId).toBe(400);
      expect((await res.json()).messageId).toBe(messageId);
    }
    const noMetadata = await tus('POST', '/api/offline/uploads', user, { 'Upload-Length': '100' });
    expect(noMetadata.status).toBe(400);
    const noLength = await tus('POST', '/api/offline/uploads', user, {
      'Upload-Metadata': Metadata.stringify(photoMetadata()),
    });
    expect((await noLength.json()).messageId).toBe('offlineFiles.badLength');
  });

  it('refuses a file over 10 MiB with 413 and the large-file message', async () => {
    const res = await create(user, photoMetadata({ filename: 'big.jpg' }), 10 * 1024 * 1024 + 1);
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.messageId).toBe('files.tooLarge');
    expect(body.message).toBe('The file big.jpg is larger than 10 MB.');
  });

  it('refuses the forms’ reference documents folder to everyone but administrators (403)', async () => {
    const res = await create(user, photoMetadata({ folder: 'forms/5' }), 100);
    expect(res.status).toBe(403);
  });
});

describe('finishing an upload', () => {
  it('stores the bytes at <folder>/<filename> with meta offline, answers Upload-File and forgets the upload', async () => {
    const meta = photoMetadata();
    const created = await create(user, meta, JPEG.length);
    const url = created.headers.get('location') as string;
    const half = 100_000;
    expect((await patch(user, url, 0, JPEG.subarray(0, half))).status).toBe(204);
    const head = await tus('HEAD', url, user);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(JPEG.length));
    const last = await patch(user, url, half, JPEG.subarray(half));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-file')).toBe(`${meta.folder}/photo 1.jpg`);
    const stored = await h.store.files.get(`1/${meta.folder}/photo 1.jpg`);
    expect(stored?.info.contentType).toBe('image/jpeg');
    expect(stored?.info.meta).toMatchObject({ offline: 'true', fileId: meta.fileId });
    expect(Buffer.compare(stored?.bytes as Buffer, JPEG)).toBe(0);
    // A repeat of the last chunk finds no upload: nothing changes.
    const repeated = await patch(user, url, half, JPEG.subarray(half));
    expect(repeated.status).toBe(404);
    expect((await tus('HEAD', url, user)).status).toBe(404);
    expect(await h.store.files.list(`1/${meta.folder}/`)).toHaveLength(1);
  });

  it('tells a request that overtakes the last chunk’s answer to retry (423) while the file is stored', async () => {
    const meta = photoMetadata();
    const created = await create(user, meta, JPEG.length);
    const url = created.headers.get('location') as string;
    const files = h.store.files;
    const putStream = files.putStream;
    let reached: () => void = () => undefined;
    let release: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    files.putStream = async (...args) => {
      reached();
      await gate;
      return putStream.apply(files, args);
    };
    try {
      const last = patch(user, url, 0, JPEG);
      await storing;
      const overtaking = await tus('HEAD', url, user);
      expect(overtaking.status).toBe(423);
      release();
      expect((await last).status).toBe(204);
    } finally {
      files.putStream = putStream;
    }
    expect((await tus('HEAD', url, user)).status).toBe(404);
    expect(await h.store.files.list(`1/${meta.folder}/`)).toHaveLength(1);
  });

  it('keeps one file when the same file is uploaded twice (a resume after a lost answer)', async () => {
    const meta = photoMetadata();
    expect((await uploadWhole(user, meta, JPEG)).status).toBe(204);
    expect((await uploadWhole(user, meta, JPEG)).status).toBe(204);
    const files = await h.store.files.list(`1/${meta.folder}/`);
    expect(files).toHaveLength(1);
    expect(await h.store.files.versions(`1/${meta.folder}/photo 1.jpg`)).toHaveLength(1);
  });

  it('refuses a type that is not allowed (415) and keeps nothing', async () => {
    const meta = photoMetadata({ filename: 'setup.jpg' });
    const created = await create(user, meta, EXE.length);
    const url = created.headers.get('location') as string;
    const res = await patch(user, url, 0, EXE);
    expect(res.status).toBe(415);
    expect((await res.json()).messageId).toBe('files.typeNotAllowed');
    expect(await h.store.files.list(`1/${meta.folder}/`)).toHaveLength(0);
    expect((await tus('HEAD', url, user)).status).toBe(404);
  });

  it('refuses a chunk past the upload’s length and a wrong offset (409), storing nothing', async () => {
    const meta = photoMetadata();
    const created = await create(user, meta, 100);
    const url = created.headers.get('location') as string;
    expect((await patch(user, url, 50, JPEG.subarray(0, 10))).status).toBe(409);
    expect((await patch(user, url, 0, JPEG.subarray(0, 150))).status).toBeGreaterThanOrEqual(400);
    expect(await h.store.files.list(`1/${meta.folder}/`)).toHaveLength(0);
  });
});

describe('whose upload it is', () => {
  it('answers 404 to another user of the client on HEAD, PATCH and DELETE, and lets its owner terminate it', async () => {
    const created = await create(user, photoMetadata(), JPEG.length);
    const url = created.headers.get('location') as string;
    expect((await tus('HEAD', url, admin)).status).toBe(404);
    expect((await patch(admin, url, 0, JPEG.subarray(0, 10))).status).toBe(404);
    expect((await tus('DELETE', url, admin)).status).toBe(404);
    expect((await tus('HEAD', url, user)).headers.get('upload-offset')).toBe('0');
    expect((await tus('DELETE', url, user)).status).toBe(204);
    expect((await tus('HEAD', url, user)).status).toBe(404);
  });

  it('answers 404 to a made-up or malformed upload id, and a GET of an upload URL is not a route', async () => {
    expect((await tus('HEAD', `/api/offline/uploads/${'0'.repeat(32)}`, user)).status).toBe(404);
    expect((await tus('HEAD', '/api/offline/uploads/..%2F..%2Fetc', user)).status).toBe(404);
    const created = await create(user, photoMetadata(), 10);
    const get = await h.app.request(created.headers.get('location') as string, { headers: { Cookie: user } });
    expect(get.status).toBe(404);
  });
});

describe('the request checks of the security middleware', () => {
  it('refuses a cross-site chunk (403) and a chunk that is not application/offset+octet-stream (415)', async () => {
    const created = await create(user, photoMetadata(), JPEG.length);
    const url = created.headers.get('location') as string;
    const crossSite = await patch(user, url, 0, JPEG.subarray(0, 10), { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const wrongType = await patch(user, url, 0, JPEG.subarray(0, 10), { 'Content-Type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect((await tus('HEAD', url, user)).headers.get('upload-offset')).toBe('0');
  });
});

describe('files.deleteFolder (the upload-on-unload rule)', () => {
  it('deletes a folder’s files but leaves those uploaded for an offline entry still to sync', async () => {
    const meta = photoMetadata();
    expect((await uploadWhole(user, meta, JPEG)).status).toBe(204);
    await h.store.files.put(`1/${meta.folder}/online.jpg`, JPEG, 'image/jpeg');
    const res = await h.call('DELETE', `/api/files/folder?folder=${encodeURIComponent(meta.folder)}`, {
      cookie: user,
    });
    expect(res.status).toBe(204);
    const left = await h.store.files.list(`1/${meta.folder}/`);
    expect(left.map((f) => f.name)).toEqual(['photo 1.jpg']);

    const plain = photoMetadata();
    await h.store.files.put(`1/${plain.folder}/online.jpg`, JPEG, 'image/jpeg');
    await h.call('DELETE', `/api/files/folder?folder=${encodeURIComponent(plain.folder)}`, { cookie: user });
    expect(await h.store.files.list(`1/${plain.folder}/`, true)).toHaveLength(0);
  });
});

describe('expiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes an unfinished upload 24 hours after its creation, not before', async () => {
    const uploads = createOfflineUploads();
    const app = createApp({ store: h.store, offlineUploads: uploads });
    const created = await app.request('/api/offline/uploads', {
      method: 'POST',
      headers: {
        Cookie: user,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(JPEG.length),
        'Upload-Metadata': Metadata.stringify(photoMetadata()),
      },
    });
    expect(created.status).toBe(201);
    const uploadId = (created.headers.get('location') as string).split('/').pop() as string;
    expect(await readdir(uploads.directory)).toContain(uploadId);
    expect(await uploads.cleanUp()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 23 * 3600_000);
    expect(await uploads.cleanUp()).toBe(0);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    expect(await uploads.cleanUp()).toBe(1);
    expect((await readdir(uploads.directory)).filter((name) => name.startsWith(uploadId))).toEqual([]);
    uploads.close();
  });
});
