/**
 * File keys and what may be stored (issue "The form runtime" §6; docs/security.md "Files"): every key is
 * `<clientId>/<folder>/<name>` built here from the tenant and a checked folder and name, so no input can
 * reach another client's files or leave the store; the type of a file is read from its bytes (file-type),
 * never from its name.
 */
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../engine/errors';

/** Largest file, bytes (10 MiB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Largest upload request, bytes (several files at once). */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

/** The content types a file may have, as read from its bytes; plain text when it has no signature. */
export const ALLOWED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/x-cfb',
  'application/zip',
  'text/plain',
]);

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9 _().,'&+-]{0,99}$/;

/** A folder path: up to 12 segments of letters, digits and common punctuation; no '..', no empty segment. */
export function checkFolder(folder: string | undefined): string {
  const segments = (folder ?? '').split('/').filter((s) => s !== '');
  if (segments.length === 0 || segments.length > 12 || !segments.every((s) => SEGMENT.test(s)))
    throw new AppError(400, 'files.badFolder');
  return segments.join('/');
}

/** A file name: one segment as above, with an extension allowed. */
export function checkFileName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!/^[A-Za-z0-9][A-Za-z0-9 _().,'&+-]{0,150}(\.[A-Za-z0-9]{1,10})?$/.test(trimmed))
    throw new AppError(400, 'files.badName');
  return trimmed;
}

/** The key of a folder of a client (ends with '/'). */
export function folderKey(clientId: number, folder: string): string {
  return `${clientId}/${checkFolder(folder)}/`;
}

/** The key of a file given as `<folder>/<name>` (the `file` parameter of the calls). */
export function fileKey(clientId: number, file: string | undefined): string {
  const value = file ?? '';
  const slash = value.lastIndexOf('/');
  if (slash <= 0) throw new AppError(400, 'files.badFolder');
  return `${folderKey(clientId, value.slice(0, slash))}${checkFileName(value.slice(slash + 1))}`;
}

/** The client-relative path of a key ('12/entries/4/photo.jpg' → 'entries/4/photo.jpg'). */
export function publicPath(key: string): string {
  return key.slice(key.indexOf('/') + 1);
}

/**
 * The content type of a file from its bytes, or 415 files.typeNotAllowed. Bytes with no signature are
 * plain text when they decode as UTF-8 without control characters.
 */
export async function sniffType(bytes: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  let type = found?.mime as string | undefined;
  if (!type) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      if (!/[\u0000-\u0008\u000E-\u001F]/.test(text)) type = 'text/plain';
    } catch {
      type = undefined;
    }
  }
  if (!type || !ALLOWED_TYPES.has(type)) throw new AppError(415, 'files.typeNotAllowed');
  return type;
}

/**
 * True for a client-relative path (folder or file) among the forms' reference documents (`forms/…`, see
 * api/operations/forms.ts formDocumentsFolder), which only administrators change.
 */
export function isFormDocumentPath(path: string): boolean {
  return path.split('/').filter((s) => s !== '')[0] === 'forms';
}

/**
 * The store key of a client-relative path ('projects/1/documents/Vault/GA.pdf' → '1/projects/1/documents/Vault/GA.pdf';
 * a folder's path ends with '/'): the one place the tenant becomes the key's first segment for callers that check
 * their own paths (the DMS, api/dms/paths.ts, whose names are wider than checkFolder's).
 */
export function clientKey(clientId: number, path: string): string {
  if (!Number.isInteger(clientId) || clientId <= 0) throw new AppError(400, 'files.badFolder');
  return `${clientId}/${path}`;
}
