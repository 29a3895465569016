/**
 * The DMS's paths and names (issue 23 "Bad input and faults"; contract.md §A; administration-data.md §5 "DMS";
 * docs/documents.md "DMS calls"): every `folder` / `path` parameter of a DMS call is relative to the document root
 * of a project (`projects/{projectId}/documents`) or of the client's company documents (projectId 0: `documents`),
 * '/'-separated, with no leading or trailing '/'. This module is the one place such a path becomes a store key
 * (through api/files/paths.ts clientKey, so the tenant is always the key's first segment).
 *
 * Refused with 400 before anything is read or written:
 * - '..' or '.' segments, a leading '/' (an absolute path), an empty segment ('a//b'), a backslash, a drive
 *   letter ('C:'), NUL or any other control character, an encoded slash or backslash left after the one decoding
 *   the query string had ('%2F', '%5C'): `dms.badPath`;
 * - a segment starting with '.' (the file store's own names: temporary files, sidecars, version folders) or ending
 *   with '.meta.json' or '.tmp', over 200 characters, a path over 1,000 characters or 30 segments: `dms.badPath`;
 * - '/' inside a file or folder NAME field (newFileName, filename, a new folder's last segment): the spec's text
 *   (`dms.slashNotAllowed`).
 *
 * Wider than the file upload field's names (api/files/paths.ts checkFileName): real document names carry '#', '[',
 * '@', accents and other letters, so a segment may hold any printable character but '/', '\' and the refusals above
 * (docs/decisions.md "DMS names").
 */
import { AppError } from '../../engine/errors';
import { clientKey } from '../files/paths';

/** The longest segment (file or folder name), characters. */
export const MAX_SEGMENT_LENGTH = 200;
/** The longest relative path, characters. */
export const MAX_PATH_LENGTH = 1000;
/** The deepest relative path, segments. */
export const MAX_DEPTH = 30;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

function badPath(): never {
  throw new AppError(400, 'dms.badPath');
}

/** Refuses a segment that is not a plain name (see the module comment). */
function checkSegment(segment: string): string {
  if (segment === '' || segment === '.' || segment === '..') badPath();
  if (segment.length > MAX_SEGMENT_LENGTH || segment.startsWith('.')) badPath();
  if (segment !== segment.trim()) badPath();
  if (/\.meta\.json$|\.tmp$/i.test(segment)) badPath();
  if (/^[A-Za-z]:$/.test(segment)) badPath();
  return segment;
}

/**
 * A relative DMS path as the calls take it: '' (the root) or segments joined by '/'. One trailing '/' is
 * tolerated (a folder as a browser may write it); everything else of the module comment is 400.
 * @param value the query or body value (already decoded once)
 * @param allowRoot whether '' (the document root) is acceptable (listing only)
 * @throws AppError 400 dms.badPath
 */
export function relativePath(value: string | null | undefined, allowRoot = true): string {
  const text = value ?? '';
  if (text.length > MAX_PATH_LENGTH || CONTROL.test(text) || text.includes('\\')) badPath();
  if (/%(2f|5c|00|2e)/i.test(text)) badPath();
  if (text.startsWith('/')) badPath();
  const trimmed = text.endsWith('/') ? text.slice(0, -1) : text;
  if (trimmed === '') {
    if (!allowRoot) badPath();
    return '';
  }
  const segments = trimmed.split('/');
  if (segments.length > MAX_DEPTH) badPath();
  return segments.map(checkSegment).join('/');
}

/**
 * A file or folder NAME given on its own (newFileName, a URL file's name, a new folder's name): one segment.
 * @throws AppError 400 dms.slashNotAllowed for '/' (the spec's text), dms.badPath for the other refusals
 */
export function checkName(value: string): string {
  const name = value.trim();
  if (name.includes('/')) throw new AppError(400, 'dms.slashNotAllowed');
  if (CONTROL.test(name) || name.includes('\\') || /%(2f|5c)/i.test(name)) badPath();
  return checkSegment(name);
}

/** The client-relative root of the documents of a project (projectId 0: the company documents). */
export function documentRoot(projectId: number): string {
  return projectId === 0 ? 'documents' : `projects/${projectId}/documents`;
}

/** The store key of a relative FILE path of a project's documents. */
export function dmsFileKey(clientId: number, projectId: number, path: string): string {
  if (path === '') badPath();
  return clientKey(clientId, `${documentRoot(projectId)}/${path}`);
}

/** The store prefix (ends with '/') of a relative FOLDER path ('' the root). */
export function dmsFolderPrefix(clientId: number, projectId: number, path: string): string {
  return clientKey(clientId, `${documentRoot(projectId)}/${path === '' ? '' : `${path}/`}`);
}

/** The relative path of a store key below a project's document root (the inverse of dmsFileKey). */
export function relativeOfKey(clientId: number, projectId: number, key: string): string {
  const root = dmsFolderPrefix(clientId, projectId, '');
  return key.startsWith(root) ? key.slice(root.length) : key;
}

/** The folder part of a relative path ('' at the root). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last segment of a relative path. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins a folder and a name ('' folder: the name alone). */
export function joinPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** The download URL of a file of a project's documents (a DMS node's `url`). */
export function downloadUrl(projectId: number, path: string): string {
  return `/api/projects/${projectId}/dms/download?path=${encodeURIComponent(path)}`;
}

/**
 * The relative path named by a node's `path` or its `url` (the `url` of the delete, label and replace calls may be
 * either): a download URL of THIS project gives its `path` parameter; any other URL is 400.
 * @throws AppError 400 dms.badPath
 */
export function pathOfUrl(projectId: number, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text.startsWith('/api/') || /^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text, 'http://localhost');
    } catch {
      return badPath();
    }
    const expected = `/api/projects/${projectId}/dms/download`;
    if (url.pathname !== expected && url.pathname !== `/api/projects/${projectId}/dms/bysecuritycode`) badPath();
    return relativePath(url.searchParams.get('path'), false);
  }
  return relativePath(text, false);
}

/**
 * The next free name in a folder for `name` ('name (1).ext', 'name (2).ext'... as the spec's Yes of the duplicate
 * prompt; 'New Folder (1)' for a folder).
 * @param taken whether a name is taken (case-sensitive, as the store's keys)
 * @param isFile false for a folder (the '(n)' goes at the end)
 */
export async function nextFreeName(
  name: string,
  taken: (candidate: string) => Promise<boolean>,
  isFile = true,
): Promise<string> {
  if (!(await taken(name))) return name;
  // A folder has no extension: 'v1.2' becomes 'v1.2 (1)'.
  const dot = isFile ? name.lastIndexOf('.') : -1;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; n < 10_000; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new AppError(409, 'dms.tooManyDuplicates');
}
