/**
 * The file browser's rules that need no screen (administration-data.md §3 "DMS node", §4 "DMS browser", §5 "DMS",
 * §9; issue 23 item 1): displayed names, sizes, dates, the breadcrumb collapse, the folder-first sort, the next
 * free name on a clash, the Add URL file name, and the DMS node shape of contract.md §C. Pure functions, tested in
 * ./dms-rules.test.ts.
 */

/** A DMS node (administration-data.md §3 "DMS node"): its one definition is schemas/api/dms-node.schema.json. */
export type { DmsNode } from '../../../engine/types/generated';

import type { DmsNode } from '../../../engine/types/generated';

/** A version of a file (GET /versions; contract.md §C), newest first. */
export interface DmsVersion {
  versionId: string;
  lastModified: string;
  modifiedBy: string;
  size: number;
  revisionNumber: number;
}

/** One line of a file's history (GET /history; issue 23 item 6), newest first. */
export interface DmsHistoryLine {
  action: 'upload' | 'replace' | 'rename' | 'move' | 'copy' | 'delete' | 'label' | 'createFolder';
  by: string;
  at: string;
  from?: string;
  to?: string;
}

/** The 37-character identifier prefix a stored name may carry (a UUID and '_', §3 "DMS node"). */
const ID_PREFIX = /^[0-9a-f-]{36}_/;

/** The name shown for a stored name: without the 37-character identifier prefix. */
export function displayName(fileName: string): string {
  return fileName.replace(ID_PREFIX, '');
}

/** The name a node is shown by: its label when it has one, else its stored name without the prefix. */
export function nodeTitle(node: Pick<DmsNode, 'label' | 'fileName' | 'path'>): string {
  const name = node.fileName || lastSegment(node.path);
  return displayName(name);
}

/** The last '/'-separated segment of a path ('' for ''). */
export function lastSegment(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? path : path.slice(at + 1);
}

/** The folder a path is in ('' for a top-level name). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

/** `folder` and `name` joined by '/' ('' folder: the name alone). */
export function joinPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people (§9: units B, KB, MB, GB, TB with a step of 1024): whole bytes, else one decimal when below
 * 10 of the unit ('1.5 MB', '12 MB', '1023 B').
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${SIZE_UNITS[unit]}`;
}

/** The DMS date format (§9: yyyy-MM-dd) of an ISO date-time, in local time; '' for none. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One item of the breadcrumb trail: a level's name and path, or the collapsed middle ('...', no path). */
export type Crumb = { name: string; path: string } | { collapsed: true };

/** The most levels shown whole (§9: breadcrumbs collapse above 4 levels). */
export const BREADCRUMB_LEVELS = 4;

/**
 * The breadcrumb trail from `root` (the browser's root path, e.g. 'Vault') to `folder` (a path at or below it):
 * every level while there are at most 4; above 4, the first level, '...', and the last two (§2: "More than 4 levels
 * collapses the middle to '...'").
 */
export function breadcrumbs(root: string, folder: string): Crumb[] {
  const below = folder === root ? '' : folder.slice(root.length).replace(/^\//, '');
  const levels: { name: string; path: string }[] = [{ name: root === '' ? '' : lastSegment(root), path: root }];
  let path = root;
  for (const name of below === '' ? [] : below.split('/')) {
    path = joinPath(path, name);
    levels.push({ name, path });
  }
  if (levels.length <= BREADCRUMB_LEVELS) return levels;
  return [levels[0], { collapsed: true }, ...levels.slice(-2)];
}

/**
 * The nodes sorted by name (§4: "Sorting toggles ascending/descending when the same column is chosen again. Folders
 * always list before files"): folders first in either direction, then files; names compared as people read them
 * (numbers by value, case ignored).
 */
export function sortNodes(nodes: readonly DmsNode[], direction: 'asc' | 'desc'): DmsNode[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return [...nodes].sort((a, b) => {
    const folderFirst = Number(b.type === 'Folder') - Number(a.type === 'Folder');
    if (folderFirst !== 0) return folderFirst;
    return sign * collator.compare(nodeTitle(a), nodeTitle(b));
  });
}

/**
 * The first free name for `wanted` among `taken` (§5: 'New Folder', then 'New Folder (1)'...; a file 'name (1).ext'):
 * `wanted` itself when free. Names are compared case-insensitively, as the stores on Windows-like file systems do.
 */
export function nextFreeName(wanted: string, taken: Iterable<string>, isFile = false): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  if (!used.has(wanted.toLowerCase())) return wanted;
  const dot = isFile ? wanted.lastIndexOf('.') : -1;
  const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
  const extension = dot > 0 ? wanted.slice(dot) : '';
  for (let n = 1; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** True when a file or folder name holds the one character §5 refuses: '/'. */
export function hasForbiddenCharacter(name: string): boolean {
  return name.includes('/');
}

/**
 * The name of the `.url` file an Add URL saves (§5: "strips http:// and https:// from the URL and replaces slashes
 * with spaces, then saves as a .url file"): the given name when there is one, else the URL so changed; '.url' added
 * when missing. Trailing slashes leave no trailing spaces.
 */
export function urlFileName(url: string, filename?: string): string {
  const given = filename?.trim() ?? '';
  const base =
    given !== ''
      ? given.replaceAll('/', ' ')
      : url
          .trim()
          .replace(/^https?:\/\//i, '')
          .replaceAll('/', ' ')
          .trim();
  return base.toLowerCase().endsWith('.url') ? base : `${base}.url`;
}

/** True for an address the Add URL form accepts: http(s) with a host. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** Files ending in .ignore are skipped on upload (§5). */
export function isIgnored(name: string): boolean {
  return name.toLowerCase().endsWith('.ignore');
}

/**
 * What the upload does with duplicates after the prompt (§5): Yes keeps the files separate ('name (1).ext');
 * No replaces, but only when exactly one duplicate exists, else the upload is refused ('Too many duplicates found').
 */
export function duplicateDecision(keepSeparate: boolean, duplicates: number): 'separate' | 'replace' | 'tooMany' {
  if (keepSeparate) return 'separate';
  return duplicates === 1 ? 'replace' : 'tooMany';
}
