/**
 * What the three file stores (api/files/blob-store.ts) share: sorting, version ids, the size limit of a stream,
 * folder prefixes. Internal to api/files/.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../engine/errors';
import type { StoredFile } from './blob-store';

export const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
export const folderOfKey = (key: string) => key.slice(0, key.lastIndexOf('/'));
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
/** Folder by folder (a folder's files before its sub-folders'), then by name. */
export const byKey = (a: StoredFile, b: StoredFile) =>
  folderOfKey(a.key).localeCompare(folderOfKey(b.key)) || a.name.localeCompare(b.name);

/** A folder prefix ends with '/' ('' stays '': the store's root). */
export const asPrefix = (prefix: string) => (prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`);

/** Every folder prefix that holds `key` ('1/a/b.txt' → ['1/', '1/a/']). */
export function ancestorsOf(key: string): string[] {
  const out: string[] = [];
  for (let i = key.indexOf('/'); i >= 0; i = key.indexOf('/', i + 1)) out.push(key.slice(0, i + 1));
  return out;
}

let lastMs = 0;
let counter = 0;

/** A UUID version 7 from a time and a sequence (RFC 9562 §5.7): its text sorts in time order. */
function uuid7(ms: number, sequence: number, random: Buffer): string {
  const hex = ms.toString(16).padStart(12, '0').slice(-12);
  const a = (0x7000 | (sequence & 0xfff)).toString(16);
  const b = ((0x8000 | (random.readUInt16BE(0) & 0x3fff)) >>> 0).toString(16);
  const c = random.subarray(2, 8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${a}-${b}-${c}`;
}

/**
 * A new version id: a UUID version 7, so that ids sort in the order they were made (also within one
 * millisecond, up to 4,096 per millisecond, in this process). The stores order a file's older versions by it.
 */
export function newVersionId(): string {
  let now = Date.now();
  if (now <= lastMs) {
    counter++;
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
    now = lastMs;
  } else {
    lastMs = now;
    counter = 0;
  }
  return uuid7(now, counter, randomBytes(8));
}

/**
 * The version id of a file written before versions existed (no id recorded): a UUID version 7 of its write
 * time with no random part, so it is the same at every read.
 */
export function legacyVersionId(modified: string): string {
  return uuid7(Date.parse(modified) || 0, 0, Buffer.alloc(8));
}

/** 413 files.tooLarge for a file of `key` over `maxBytes`. */
export function tooLarge(key: string, maxBytes: number): AppError {
  return new AppError(413, 'files.tooLarge', {
    name: nameOf(key),
    limit: Math.round((maxBytes / 1048576) * 100) / 100,
  });
}

/**
 * Passes the chunks of `source` through, as Uint8Array, and throws files.tooLarge as soon as more than
 * `maxBytes` went by (before the chunk that passes it is written).
 */
export async function* limited(
  key: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number | undefined,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.byteLength;
    if (maxBytes !== undefined && total > maxBytes) throw tooLarge(key, maxBytes);
    yield bytes;
  }
}

/** Older versions newest first (version ids sort in time order). */
export const newestFirst = (a: { versionId: string }, b: { versionId: string }) =>
  a.versionId < b.versionId ? 1 : a.versionId > b.versionId ? -1 : 0;

/** File names the directory store keeps for itself: a folder's versions, a file's sidecar, a folder's index. */
export const VERSIONS_DIR = '.versions';
export const META_SUFFIX = '.meta.json';
export const FOLDER_INDEX = '.folder-index.json';

/**
 * True for a name (one segment) no file or folder may have, in any store (so the three keep one contract):
 * '.' and '..', `.versions`, `.folder-index.json` and names ending `.meta.json`.
 */
export function isReservedName(segment: string): boolean {
  return (
    segment === '.' ||
    segment === '..' ||
    segment === VERSIONS_DIR ||
    segment === FOLDER_INDEX ||
    segment.endsWith(META_SUFFIX)
  );
}

/**
 * Refuses a key the stores cannot hold safely (defence in depth: api/files/paths.ts builds the keys): an
 * empty segment, a reserved name, a NUL or a backslash; a first segment starting with '.' (the directory
 * store's own files live there). 400 files.badName.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (
    segments.some((s) => s === '' || isReservedName(s) || s.includes('\0') || s.includes('\\')) ||
    segments[0].startsWith('.')
  )
    throw new AppError(400, 'files.badName');
  return key;
}

/** Refuses a folder prefix as checkKey refuses a key; '' (the root) passes. Returns it ending with '/'. */
export function checkPrefix(prefix: string): string {
  const p = asPrefix(prefix);
  if (p !== '') checkKey(p.slice(0, -1));
  return p;
}

/** Files copied or moved at once by copyFolder and moveFolder (a folder of thousands would take long one by one). */
export const FOLDER_BATCH = 16;

/** Runs `work` on every item, `size` at a time; the number of truthy results. */
export async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<number> {
  let count = 0;
  for (let i = 0; i < items.length; i += size)
    for (const result of await Promise.all(items.slice(i, i + size).map(work))) if (result) count++;
  return count;
}

/** 409 files.nameClash: a file where a folder is, or a folder where a file is (`key` names the one in the way). */
export function nameClash(key: string): AppError {
  return new AppError(409, 'files.nameClash', { name: nameOf(key.replace(/\/$/, '')) });
}
