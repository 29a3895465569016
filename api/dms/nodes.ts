/**
 * DMS nodes (administration-data.md §3 "DMS node"; contract.md §C): what the listing calls answer for a folder or a
 * file of a project's documents, built from the file store's information and the metadata the DMS keeps with each
 * file's current version (api/files/blob-store.ts StoredFile.meta):
 * - `label`: the file's label (update-label), else its name;
 * - `addedBy`, `modifiedBy`: full names; `createdDate`: ISO time of the first upload;
 * - `fileId`: a stable id kept across renames, moves and revisions, which keys the file's history (api/dms/history.ts);
 * - `revision`: 1, then +1 with each new revision (so a listing needs no version read per file);
 * - `hidden`, `isUrl`: 'true' or absent.
 */
import type { StoredFile } from '../files/blob-store';
import { downloadUrl } from './paths';

/** A DMS node as the calls answer it: its one definition is schemas/api/dms-node.schema.json. */
export type { DmsNode } from '../../engine/types/generated';

import type { DmsNode } from '../../engine/types/generated';

/** The metadata the DMS keeps with a file (all values text, as the store keeps them). */
export interface DmsMeta {
  label?: string;
  addedBy?: string;
  modifiedBy?: string;
  createdDate?: string;
  fileId?: string;
  revision?: string;
  hidden?: string;
  isUrl?: string;
  [key: string]: string | undefined;
}

/** The image types the browser shows as thumbnails (the sharp thumbnails read them). */
const IMAGE = /^image\/(jpeg|png|gif|webp|tiff|heic|avif)$/;

/** The revision number of a file's current version (1 for a file with no recorded revision). */
export function revisionOf(info: StoredFile): number {
  const value = Number(info.meta?.revision);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** The node of a file at relative `path` of project `projectId`. */
export function fileNode(projectId: number, path: string, info: StoredFile): DmsNode {
  const meta = (info.meta ?? {}) as DmsMeta;
  return {
    label: meta.label || info.name,
    type: IMAGE.test(info.contentType) ? 'Image' : 'File',
    path,
    url: downloadUrl(projectId, path),
    fileName: info.name,
    size: info.size,
    contentType: info.contentType,
    modifiedBy: meta.modifiedBy ?? meta.addedBy ?? '',
    addedBy: meta.addedBy ?? '',
    modifiedDate: info.modified,
    createdDate: meta.createdDate ?? info.modified,
    revisionNumber: revisionOf(info),
    hidden: meta.hidden === 'true',
    isUrl: meta.isUrl === 'true' || info.name.toLowerCase().endsWith('.url'),
  };
}

/** The node of a folder at relative `path`. */
export function folderNode(path: string): DmsNode {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    label: name,
    type: 'Folder',
    path,
    url: '',
    fileName: name,
    size: 0,
    contentType: '',
    modifiedBy: '',
    addedBy: '',
    modifiedDate: '',
    createdDate: '',
    revisionNumber: 0,
    hidden: false,
    isUrl: false,
  };
}

/** Folders first (by name), then files (by name), as the browser lists them (§4 "DMS browser"). */
export function byFolderThenName(a: DmsNode, b: DmsNode): number {
  const folder = (a.type === 'Folder' ? 0 : 1) - (b.type === 'Folder' ? 0 : 1);
  return folder || a.fileName.localeCompare(b.fileName, undefined, { numeric: true, sensitivity: 'base' });
}
