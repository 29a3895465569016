/**
 * The file calls (issue "The form runtime" §6; form-configuration.md §7 "File upload field",
 * "Thumbnails"): list, upload, download and delete files of the client's folders, and image thumbnails.
 * Every key is built by api/files/paths.ts from the tenant, so another client's file is simply not there
 * (404); a file's type is read from its bytes.
 */
import sharp from 'sharp';
import { AppError } from '../../../engine/errors';
import { can } from '../../../engine/rules/access';
import { dmsKeyOfUrl } from '../../dms/access';
import type { StoredFile } from '../../files/blob-store';
import {
  checkFileName,
  fileKey,
  folderKey,
  isFormDocumentPath,
  MAX_FILE_BYTES,
  publicPath,
  sniffType,
} from '../../files/paths';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';

/** A file as the API answers it. */
export function view(info: StoredFile) {
  const file = publicPath(info.key);
  return {
    name: info.name,
    file,
    url: `/api/files/download?file=${encodeURIComponent(file)}`,
    size: info.size,
    contentType: info.contentType,
    modified: info.modified,
  };
}

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

/**
 * Refuses a change under the forms' reference documents (`forms/…`) by anyone but a settings administrator:
 * the form document calls are for administrators, and the general file calls must not be a way around them.
 * @throws AppError 403 auth.forbidden
 */
export function requireAdminForFormFiles(context: OperationContext, path: string): void {
  if (!isFormDocumentPath(path)) return;
  const user = context.user;
  if (!user || !can(accessSubject(user, context.clientId), 'admin', { area: 'settings' }))
    throw new AppError(403, 'auth.forbidden');
}

/** GET /api/files/getFiles?folder=[&recursive=true]: a folder's files, with `recursive` its sub-folders' too. */
export const list: NamedOperation<'files.list'> = async (context) => {
  const prefix = folderKey(tenant(context), context.http.req.query('folder') ?? '');
  const recursive = context.http.req.query('recursive') === 'true';
  return (await context.store.files.list(prefix, recursive)).map(view);
};

/** POST /api/files/upload?folder= (multipart, uploads[]): 201 with the stored files. */
export const upload: NamedOperation<'files.upload'> = async (context) => {
  const folder = context.http.req.query('folder') ?? '';
  requireAdminForFormFiles(context, folder);
  return uploadInto(context, folder);
};

/**
 * Stores the multipart files (uploads[]) of the request in `folder` of the tenant: every file checked (name,
 * 10 MB, type read from its bytes) before any is stored. 201 with the stored files.
 * @throws AppError 415 not multipart, 400 files.noFiles, 413 files.tooLarge, 400 for a bad name or folder
 */
export async function uploadInto(context: OperationContext, folder: string): Promise<Response> {
  const prefix = folderKey(tenant(context), folder);
  const type = (context.http.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  const form = await context.http.req.formData();
  // Blob-like entries (not `instanceof File`: a test environment may bring a File class of its own).
  const files = [...form.getAll('uploads[]'), ...form.getAll('uploads')].filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
  );
  if (files.length === 0) throw new AppError(400, 'files.noFiles');
  // Every file is checked before any is stored: a refused upload stores nothing.
  const checked: Array<{ key: string; bytes: Uint8Array; contentType: string }> = [];
  for (const file of files) {
    const name = checkFileName(file.name);
    if (file.size > MAX_FILE_BYTES)
      throw new AppError(413, 'files.tooLarge', { name, limit: MAX_FILE_BYTES / 1024 / 1024 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    checked.push({ key: `${prefix}${name}`, bytes, contentType: await sniffType(bytes) });
  }
  const stored = [];
  for (const file of checked) stored.push(view(await context.store.files.put(file.key, file.bytes, file.contentType)));
  return context.http.json(stored, 201);
}

/** GET /api/files/download?file=: the bytes, shown inline for images and PDFs, else as a download. */
export const download: NamedOperation<'files.download'> = async (context) => {
  const found = await context.store.files.get(fileKey(tenant(context), context.http.req.query('file')));
  if (!found) throw new AppError(404, 'files.notFound');
  const inline = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(found.info.contentType);
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      'Content-Type': found.info.contentType,
      'Content-Length': String(found.info.size),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(found.info.name)}`,
      'Cache-Control': 'private, no-store',
    },
  });
};

/** DELETE /api/files/delete?file= : 204, 404 when there is no such file. */
export const remove: NamedOperation<'files.delete'> = async (context) => {
  requireAdminForFormFiles(context, context.http.req.query('file') ?? '');
  const deleted = await context.store.files.delete(fileKey(tenant(context), context.http.req.query('file')));
  if (!deleted) throw new AppError(404, 'files.notFound');
  return context.http.body(null, 204);
};

/**
 * DELETE /api/files/folder?folder= : 204 (an unsaved new entry's files: administration-data.md §4 "Upload on page
 * unload"). Files an offline page uploaded (meta `offline`, api/offline/uploads.ts) stay, with their folder: their
 * entry reaches the server by a later sync command (issue 26 §4), and a tab of the same entry left online must not
 * delete them.
 */
export const removeFolder: NamedOperation<'files.deleteFolder'> = async (context) => {
  requireAdminForFormFiles(context, context.http.req.query('folder') ?? '');
  const prefix = folderKey(tenant(context), context.http.req.query('folder') ?? '');
  const files = await context.store.files.list(prefix, true);
  if (!files.some((file) => file.meta?.offline === 'true')) {
    await context.store.files.deleteFolder(prefix);
  } else {
    for (const file of files) if (file.meta?.offline !== 'true') await context.store.files.delete(file.key);
  }
  return context.http.body(null, 204);
};

/** A cached thumbnail of an image file within width × height (height absent: by width). */
async function thumbnail(context: OperationContext, width: number, height: number | undefined): Promise<Response> {
  const clientId = tenant(context);
  const file = context.http.req.query('file');
  // A DMS node's url (the file browser's thumbnails) is checked by the DMS's own path and access rules.
  const key = (await dmsKeyOfUrl(context, file)) ?? fileKey(clientId, file);
  const cacheKey = `${clientId}/.thumbnails/${width}x${height ?? 0}/${publicPath(key).replace(/\//g, '~')}.webp`;
  const original = await context.store.files.info(key);
  if (!original) throw new AppError(404, 'files.notFound');
  let cached = await context.store.files.get(cacheKey);
  if (!cached || cached.info.modified < original.modified) {
    if (!original.contentType.startsWith('image/')) throw new AppError(415, 'files.notAnImage');
    const source = await context.store.files.get(key);
    if (!source) throw new AppError(404, 'files.notFound');
    const bytes = await sharp(source.bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await context.store.files.put(cacheKey, bytes, 'image/webp');
    cached = { info: { ...original, contentType: 'image/webp', size: bytes.byteLength }, bytes };
  }
  return new Response(new Uint8Array(cached.bytes), {
    headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=300' },
  });
}

/** GET /api/thumbnail/{width}/{height}?file= (each 1 to 2000: the catalogue's params). */
export const sized: NamedOperation<'thumbnails.sized'> = (context) =>
  thumbnail(context, context.params.width, context.params.height);

/** GET /api/thumbnail/{width}?file= (a client-relative path, or a DMS node's download url) */
export const byWidth: NamedOperation<'thumbnails.width'> = (context) =>
  thumbnail(context, context.params.width, undefined);
