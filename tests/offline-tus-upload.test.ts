/**
 * The device's uploader (runtime/offline/tus-upload.ts, contract-26 §6) against the real app on a port (issue 26
 * §4, "Bad input and faults"): tus-js-client over HTTP as in a browser, but with Node's HTTP stack. A 3 MB JPEG cut
 * off after its first chunk resumes from the URL and arrives whole, once; the repeat hook keeps one file; another
 * user's upload URL is 404 to them; a disallowed type and a too large file are refused and nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../api/files/paths';
import { type Harness, makeHarness } from '../api/test/harness';
import { ApiError } from '../runtime/api/client';
import { type OfflineUploadFile, uploadOfflineFile } from '../runtime/offline/tus-upload';

let h: Harness;
let server: ServerType;
let endpoint: string;
let user: string;
let admin: string;

beforeAll(async () => {
  h = await makeHarness();
  [user, admin] = await Promise.all([h.login('user@demo.local'), h.login('admin@demo.local')]);
  await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/offline/uploads`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** 3 MB with a JPEG's signature (the type is read from the first bytes) and random content. */
function jpegBytes(size = 3 * 1000 * 1000): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

let count = 0;
function offlineFile(bytes: Uint8Array, name = 'site photo.jpg', type = 'image/jpeg'): OfflineUploadFile {
  count += 1;
  return {
    blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type }),
    fileId: `0190f5a2-7c3e-7d4b-8a1f-${String(count).padStart(12, '0')}`,
    projectId: 1,
    formArea: 'quality-assurance',
    folder: `files/tus${count}k`,
    name,
    type,
  };
}

async function stored(file: OfflineUploadFile) {
  const list = await h.store.files.list(`1/${file.folder}/`, true);
  const found = await h.store.files.get(`1/${file.folder}/${file.name}`);
  return { count: list.length, bytes: found?.bytes, meta: found?.info.meta };
}

/** Uploads until the first chunk is acknowledged, then aborts (a killed tab); the upload URL. */
async function interruptedUpload(file: OfflineUploadFile, cookie: string): Promise<{ url: string; sent: number }> {
  const controller = new AbortController();
  let url = '';
  let sent = 0;
  await uploadOfflineFile(file, {
    endpoint,
    headers: { Cookie: cookie },
    signal: controller.signal,
    onUrl: (u) => {
      url = u;
    },
    onProgress: (bytes) => {
      sent = bytes;
      if (bytes >= 1024 * 1024) controller.abort();
    },
  }).then(
    () => {
      throw new Error('the upload finished although it was aborted');
    },
    (error: Error) => expect(error.name).toBe('AbortError'),
  );
  return { url, sent };
}

async function head(url: string, cookie: string): Promise<Response> {
  return fetch(url, { method: 'HEAD', headers: { Cookie: cookie, 'Tus-Resumable': '1.0.0' } });
}

describe('uploadOfflineFile against the app on a port', () => {
  it('resumes a 3 MB JPEG cut off after its first chunk from the last acknowledged byte, and stores it once', async () => {
    const bytes = jpegBytes();
    const file = offlineFile(bytes);
    const { url, sent } = await interruptedUpload(file, user);
    expect(url).toMatch(/\/api\/offline\/uploads\/[0-9a-f]{32}$/);
    expect(sent).toBe(1024 * 1024);
    const offset = Number((await head(url, user)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect((await stored(file)).count).toBe(0);

    const progress: number[] = [];
    const urls: string[] = [];
    const result = await uploadOfflineFile(file, {
      endpoint,
      headers: { Cookie: user },
      previousUrl: url,
      onUrl: (u) => urls.push(u),
      onProgress: (s) => progress.push(s),
    });
    expect(result).toEqual({ file: `${file.folder}/site photo.jpg` });
    // The same upload went on: its first acknowledged chunk ends past what the first attempt had sent.
    expect(urls).toEqual([url]);
    expect(progress[0]).toBeGreaterThan(offset);
    expect(progress.at(-1)).toBe(bytes.length);
    const after = await stored(file);
    expect(after.count).toBe(1);
    expect(Buffer.compare(after.bytes as Buffer, Buffer.from(bytes))).toBe(0);
    expect(after.meta).toMatchObject({ offline: 'true', fileId: file.fileId });
    // The finished upload is gone: a later resume from its URL would start a new one.
    expect((await head(url, user)).status).toBe(404);
  });

  it('keeps one file when every request is sent twice (the repeat hook), and a second upload of it too', async () => {
    const bytes = jpegBytes(2_500_000);
    const file = offlineFile(bytes);
    expect(await uploadOfflineFile(file, { endpoint, headers: { Cookie: user }, repeatRequests: true })).toEqual({
      file: `${file.folder}/site photo.jpg`,
    });
    await uploadOfflineFile(file, { endpoint, headers: { Cookie: user }, repeatRequests: true });
    const after = await stored(file);
    expect(after.count).toBe(1);
    expect(Buffer.compare(after.bytes as Buffer, Buffer.from(bytes))).toBe(0);
    expect(await h.store.files.versions(`1/${file.folder}/site photo.jpg`)).toHaveLength(1);
  });

  it("answers 404 to another user for an upload's URL, and their resume from it leaves the owner's upload alone", async () => {
    const bytes = jpegBytes(2_200_000);
    const file = offlineFile(bytes);
    const { url } = await interruptedUpload(file, user);
    const offset = (await head(url, user)).headers.get('upload-offset');
    expect((await head(url, admin)).status).toBe(404);
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        Cookie: admin,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(10),
    });
    expect(patch.status).toBe(404);
    // The other user's uploader, handed the URL, starts an upload of its own.
    const urls: string[] = [];
    await uploadOfflineFile(file, {
      endpoint,
      headers: { Cookie: admin },
      previousUrl: url,
      onUrl: (u) => urls.push(u),
    });
    expect(urls).toHaveLength(1);
    expect(urls[0]).not.toBe(url);
    expect((await head(url, user)).headers.get('upload-offset')).toBe(offset);
  });

  it('refuses a type that is not allowed with the catalogue message, storing nothing', async () => {
    const exe = new Uint8Array(1_500_000);
    exe.set([0x4d, 0x5a]); // 'MZ': a Windows executable
    const file = offlineFile(exe, 'photo.jpg');
    const error = await uploadOfflineFile(file, { endpoint, headers: { Cookie: user } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).messageId).toBe('files.typeNotAllowed');
    expect((await stored(file)).count).toBe(0);
  });

  it('refuses a file over 10 MiB with 413 and the large-file message before any byte is sent', async () => {
    const file = offlineFile(jpegBytes(MAX_FILE_BYTES + 1), 'big.jpg');
    const progress: number[] = [];
    const error = await uploadOfflineFile(file, {
      endpoint,
      headers: { Cookie: user },
      onProgress: (s) => progress.push(s),
    }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe('The file big.jpg is larger than 10 MB.');
    expect(progress).toEqual([]);
    expect((await stored(file)).count).toBe(0);
  });

  it('answers 401 without a session, so the sync runner pauses and keeps the file', async () => {
    const file = offlineFile(jpegBytes(1000));
    const error = await uploadOfflineFile(file, { endpoint }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect((await stored(file)).count).toBe(0);
  });
});
