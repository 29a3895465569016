/**
 * Files on the device (issue 26 §2, §4; contract-26 §3, §4, §6): what the file upload, signature and markup widgets
 * store under the offline router. Images are compressed on capture (browser-image-compression: at most 1920 px, about
 * 1 MB, JPEG quality 0.8, in a web worker) and every file is kept as a Blob in the `files` table until the sync
 * runner has uploaded it (tus) to the very `<folder>/<name>` the answers name. Object URLs stand in for the file
 * URLs while a file is only on the device.
 */
import { v7 } from 'uuid';
import { currentDb, guardQuota, type LocalFile } from './db';
import { namedPaths, refusal } from './entries';
import { request } from './http';
import { refreshCounts } from './state';

/** The server's limit of one file (api/files/paths.ts MAX_FILE_BYTES): 10 MiB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Image types compressed on the device. */
const COMPRESSED = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Makes an image smaller before it is stored (replaceable in tests: jsdom has no canvas). */
export type ImageCompressor = (file: File) => Promise<Blob>;

/**
 * The real compressor: browser-image-compression, loaded when the first photo is taken. It compresses on the page
 * (an OffscreenCanvas where the browser has one), not in its web worker: the library starts its worker from a blob:
 * URL, which the site's Content-Security-Policy refuses (no worker-src blob:; docs/decisions.md "Offline"), and a
 * refused worker is a console error on every photo before the library falls back to the page anyway.
 */
const browserCompressor: ImageCompressor = async (file) => {
  const { default: compress } = await import('browser-image-compression');
  return compress(file, { maxSizeMB: 1, maxWidthOrHeight: 1920, initialQuality: 0.8, useWebWorker: false });
};

let compressor: ImageCompressor = browserCompressor;

/** Replaces the image compressor (tests); null: browser-image-compression. */
export function setImageCompressor(replacement: ImageCompressor | null): void {
  compressor = replacement ?? browserCompressor;
}

/** A file as the file calls answer it. */
export interface FileView {
  name: string;
  file: string;
  url: string;
  size: number;
  contentType: string;
  modified: string;
}

const urls = new Map<string, { url: string; blob: Blob }>();

/** An object URL of a file kept on the device (made once per file and Blob). */
export function objectUrl(file: LocalFile): string {
  const known = urls.get(file.path);
  if (known && known.blob === file.blob) return known.url;
  if (known) URL.revokeObjectURL(known.url);
  const url = URL.createObjectURL(file.blob);
  urls.set(file.path, { url, blob: file.blob });
  return url;
}

/** The object URL already made for a file path on the device, or null (contract-26 §4 `fileUrl`). */
export function knownObjectUrl(path: string): string | null {
  return urls.get(path)?.url ?? null;
}

/** Makes object URLs for the files of a project, so that `fileUrl` answers them at once. */
export async function warmObjectUrls(projectId: number): Promise<void> {
  for (const file of await currentDb().files.where('projectId').equals(projectId).toArray()) objectUrl(file);
}

function view(file: LocalFile): FileView {
  return {
    name: file.name,
    file: file.path,
    url: objectUrl(file),
    size: file.size,
    contentType: file.type,
    modified: file.createdAt,
  };
}

function checkedFolder(folder: string): string {
  const trimmed = folder.replace(/^\/+|\/+$/g, '');
  if (trimmed === '' || trimmed.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw refusal(400, 'validation.badParam', { value: folder, name: 'folder' });
  return trimmed;
}

function checkedName(name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
    throw refusal(400, 'validation.badParam', { value: name, name: 'name' });
  return name;
}

/**
 * files.upload under the router: every file of the multipart body (uploads[]) compressed when it is an image, then
 * all stored in one transaction (a file of the same path replaces the earlier one, as on the server).
 * @returns the stored files as the upload call answers them (URLs: object URLs)
 * @throws ApiError 400 files.noFiles; 413 files.tooLarge (over 10 MiB after compression); 507 offline.storageFull
 *   (nothing of this upload kept, nothing saved before lost)
 */
export async function storeUploads(
  projectId: number,
  formArea: LocalFile['formArea'],
  folder: string,
  body: unknown,
  now = new Date(),
): Promise<FileView[]> {
  const where = checkedFolder(folder);
  const form = body instanceof FormData ? body : null;
  const chosen = (form ? [...form.getAll('uploads[]'), ...form.getAll('uploads')] : []).filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
  );
  if (chosen.length === 0) throw refusal(400, 'files.noFiles');
  const prepared: LocalFile[] = [];
  for (const file of chosen) {
    const name = checkedName(file.name);
    let blob: Blob = file;
    if (COMPRESSED.has(file.type)) {
      try {
        blob = await compressor(file);
      } catch {
        // An image the compressor cannot read is kept as it is (the server reads its type from the bytes).
        blob = file;
      }
    }
    if (blob.size > MAX_FILE_BYTES) throw refusal(413, 'files.tooLarge', { name, limit: MAX_FILE_BYTES / 1024 / 1024 });
    prepared.push({
      fileId: v7(),
      projectId,
      formArea,
      folder: where,
      name,
      path: `${where}/${name}`,
      blob,
      size: blob.size,
      type: blob.type || file.type || 'application/octet-stream',
      state: 'pending',
      bytesSent: 0,
      createdAt: now.toISOString(),
    });
  }
  const db = currentDb();
  await guardQuota(() =>
    db.transaction('rw', db.files, async () => {
      for (const file of prepared) {
        await db.files.where('path').equals(file.path).delete();
        await db.files.add(file);
      }
    }),
  );
  await refreshCounts();
  return prepared.map(view);
}

/** The server's files of a folder when there is a connection (an entry's files uploaded online), else none. */
async function serverFiles(folder: string): Promise<FileView[]> {
  if (globalThis.navigator?.onLine === false) return [];
  try {
    const { body } = await request<FileView[]>('GET', `/api/files/getFiles?folder=${encodeURIComponent(folder)}`, {
      timeoutMs: 3_000,
    });
    return Array.isArray(body) ? body : [];
  } catch {
    return [];
  }
}

function typeOfName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
    pdf: 'application/pdf',
  };
  return types[ext] ?? 'application/octet-stream';
}

/**
 * files.list under the router: the folder's files on the device, the server's (when reachable), and the files the
 * saved answers on the device name there (a synced entry's files, offline): a list that never drops a file an answer
 * holds (the widget writes the list back into its answer).
 */
export async function listFolder(folder: string): Promise<FileView[]> {
  const where = checkedFolder(folder);
  const db = currentDb();
  const local = (await db.files.where('folder').equals(where).toArray()).map(view);
  const found = new Map(local.map((f) => [f.file, f]));
  for (const file of await serverFiles(where)) if (!found.has(file.file)) found.set(file.file, file);
  for (const path of await namedPaths(db))
    if (path.startsWith(`${where}/`) && !path.slice(where.length + 1).includes('/') && !found.has(path)) {
      const name = path.slice(where.length + 1);
      found.set(path, {
        name,
        file: path,
        url: `/api/files/download?file=${encodeURIComponent(path)}`,
        size: 0,
        contentType: typeOfName(name),
        modified: '',
      });
    }
  return [...found.values()];
}

/**
 * files.delete under the router: a file on the device is deleted there; a file already on the server is deleted
 * there when there is a connection.
 * @throws ApiError 503 offline.notOffline (a server file with no connection); 404 files.notFound
 */
export async function deleteFile(path: string): Promise<void> {
  const db = currentDb();
  const local = await db.files.where('path').equals(path).first();
  if (local) {
    await db.files.delete(local.fileId);
    const known = urls.get(path);
    if (known) URL.revokeObjectURL(known.url);
    urls.delete(path);
    await refreshCounts();
    if (local.state !== 'uploaded') return;
  }
  if (globalThis.navigator?.onLine === false) {
    if (local) return;
    throw refusal(503, 'offline.notOffline');
  }
  try {
    await request('DELETE', `/api/files/delete?file=${encodeURIComponent(path)}`);
  } catch (error) {
    if (!local) throw error;
  }
}

/**
 * files.deleteFolder under the router (the upload-on-unload rule of a new entry left unsaved): deletes the folder's
 * files on the device that no saved entry and no queued command names; files waiting to sync are never deleted.
 * @returns how many files were deleted
 */
export async function deleteFolder(folder: string): Promise<number> {
  const where = checkedFolder(folder);
  const db = currentDb();
  const deleted = await db.transaction('rw', [db.files, db.entries, db.outbox], async () => {
    const named = await namedPaths(db);
    const loose = (await db.files.where('folder').equals(where).toArray()).filter(
      (f) => !named.has(f.path) && f.entryId === undefined,
    );
    await db.files.bulkDelete(loose.map((f) => f.fileId));
    return loose.length;
  });
  await refreshCounts();
  return deleted;
}

/** The files of a project on the device, newest first (the photos page). */
export async function localFiles(projectId: number): Promise<LocalFile[]> {
  const files = await currentDb().files.where('projectId').equals(projectId).toArray();
  return files.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Uploads a failed file again at the next sync round. */
export async function retryFile(fileId: string): Promise<void> {
  const db = currentDb();
  await db.files.update(fileId, { state: 'pending', error: undefined });
  await refreshCounts();
}
