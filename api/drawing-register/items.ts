/**
 * The drawing register's store logic (issue 23 item 4; administration-data.md §3 "Drawing register item", §7
 * "Drawing register"; form-configuration.md §3 "File entry and drawing register row"; docs/documents.md "The drawing
 * register"): items of collection `drawingRegisterItems` (schemas/entities/drawing-register-item.schema.json), the
 * register rows the API answers, the project's enabled lookups, and where an item's files live.
 *
 * A drawing is every item of a project with the same name (compared by `nameKey`: lower case, spaces collapsed);
 * its latest registered revision is Current, the earlier ones Superseded. Files are the client's files at
 * `projects/{projectId}/drawing-register/{itemId}/{fileName}` (contract.md §A), written with the file store's
 * put/get; an item's `attachments` say which is the primary file and which are secondary.
 */
import { AppError } from '../../engine/errors';
import type { DrawingRegisterItem, ProjectLookupValue } from '../../engine/types/generated';
import type { Store } from '../store/port';

/** An item's attachment (one file). */
export type Attachment = DrawingRegisterItem['attachments'][number];
/** PrimaryFile or SecondaryFile. */
export type AttachmentType = Attachment['type'];

/** A file of an item as the API answers it (form-configuration.md §3: fileUrl, fileName; with its type). */
export interface RegisterFile {
  fileUrl: string;
  fileName: string;
  type: AttachmentType;
}

/** A register row (form-configuration.md §3 "Drawing register row"; contract.md §D). */
export interface RegisterRow {
  id: number;
  name: string;
  revision: string;
  description: string;
  type: string;
  source: string;
  structuredRefs: string[];
  elements: string[];
  levels: string[];
  elevations: string[];
  cores: string[];
  packages: string[];
  drawingRegisterStatus: string;
  notes: string;
  lastUpdatedByFullName: string;
  lastUpdateDate: string;
  status: 'Current' | 'Superseded';
  dateTimeIssued: string;
  primaryFile: { fileUrl: string; fileName: string } | null;
  secondaryFiles: Array<{ fileUrl: string; fileName: string }>;
  /** The primary file's URL and name ('' without one): the data table's link fields, so the Name opens the drawing. */
  fileUrl: string;
  fileName: string;
  /** The names of the secondary files, for the register's secondary files column and its search. */
  secondaryFileNames: string;
  revisions?: RegisterRow[];
}

/** The lookup fields of an item and the project lookup type each takes its values from. */
export const LOOKUP_FIELDS = {
  structuredRefs: 'StructureReference',
  elements: 'Element',
  levels: 'Level',
  elevations: 'Elevation',
  cores: 'Core',
  packages: 'Package',
} as const satisfies Record<string, ProjectLookupValue['type']>;

/** The single-valued lookup field: the drawing status. */
export const STATUS_LOOKUP = { field: 'drawingRegisterStatus', type: 'DrawingStatus' } as const;

export type LookupField = keyof typeof LOOKUP_FIELDS;

/** A stored item (with the store's key). */
export type ItemDoc = DrawingRegisterItem & { [key: string]: unknown };

export function items(store: Store) {
  return store.collection<ItemDoc>('drawingRegisterItems');
}

/** What makes two names one drawing: lower case, spaces collapsed, trimmed. */
export function nameKeyOf(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The client-relative folder of an item's files. */
export function itemFolder(projectId: number, itemId: number): string {
  return `projects/${projectId}/drawing-register/${itemId}`;
}

/** The client-relative path of a file of an item. */
export function filePath(projectId: number, itemId: number, fileName: string): string {
  return `${itemFolder(projectId, itemId)}/${fileName}`;
}

/** The download URL of a file of an item (the register's `fileUrl`). */
export function fileUrlOf(projectId: number, itemId: number, fileName: string): string {
  return `/api/projects/${projectId}/sitework/drawingregister/download?url=${encodeURIComponent(filePath(projectId, itemId, fileName))}`;
}

/**
 * The item and file a `url` names: a fileUrl of the register's download call or a client-relative path, of this
 * project's register. Anything else (another project, '..', another folder, a malformed address) is 400.
 * @throws AppError 400 drawingRegister.badUrl
 */
export function parseFileUrl(projectId: number, url: string): { itemId: number; fileName: string } {
  let path = url.trim();
  const query = /[?&]url=([^&]*)/.exec(path);
  if (path.startsWith('/api/') || path.startsWith('http')) {
    if (!query) throw new AppError(400, 'drawingRegister.badUrl');
    try {
      path = decodeURIComponent(query[1]);
    } catch {
      throw new AppError(400, 'drawingRegister.badUrl');
    }
  }
  const match = /^projects\/(\d{1,9})\/drawing-register\/(\d{1,9})\/([^/\\]+)$/.exec(path);
  if (!match || Number(match[1]) !== projectId || match[3] === '.' || match[3] === '..')
    throw new AppError(400, 'drawingRegister.badUrl');
  return { itemId: Number(match[2]), fileName: match[3] };
}

const fileOf = (projectId: number, itemId: number, a: Attachment): RegisterFile => ({
  fileUrl: fileUrlOf(projectId, itemId, a.fileName),
  fileName: a.fileName,
  type: a.type,
});

/** The item's files: the primary file first, then the secondary files by name. */
export function filesOf(item: DrawingRegisterItem, type?: AttachmentType): RegisterFile[] {
  return [...item.attachments]
    .filter((a) => type === undefined || a.type === type)
    .sort((a, b) => (a.type === b.type ? a.fileName.localeCompare(b.fileName) : a.type === 'PrimaryFile' ? -1 : 1))
    .map((a) => fileOf(item.projectId, item.id, a));
}

/** The register row of an item. */
export function rowOf(item: DrawingRegisterItem): RegisterRow {
  const primary = filesOf(item, 'PrimaryFile')[0];
  const secondary = filesOf(item, 'SecondaryFile').map(({ fileUrl, fileName }) => ({ fileUrl, fileName }));
  return {
    id: item.id,
    name: item.name,
    revision: item.revision,
    description: item.description ?? '',
    type: item.type ?? '',
    source: item.source ?? '',
    structuredRefs: item.structuredRefs ?? [],
    elements: item.elements ?? [],
    levels: item.levels ?? [],
    elevations: item.elevations ?? [],
    cores: item.cores ?? [],
    packages: item.packages ?? [],
    drawingRegisterStatus: item.drawingRegisterStatus ?? '',
    notes: item.notes ?? '',
    lastUpdatedByFullName: item.modifiedBy ?? '',
    lastUpdateDate: item.modified ?? '',
    status: item.status,
    dateTimeIssued: item.dateTimeIssued ?? '',
    primaryFile: primary ? { fileUrl: primary.fileUrl, fileName: primary.fileName } : null,
    secondaryFiles: secondary,
    fileUrl: primary?.fileUrl ?? '',
    fileName: primary?.fileName ?? '',
    secondaryFileNames: secondary.map((f) => f.fileName).join(', '),
  };
}

/** Newest registered first (ids grow with each save of a new item). */
export const newestFirst = (a: DrawingRegisterItem, b: DrawingRegisterItem) => b.id - a.id;

/** By name (as people read drawing numbers: GA-2 before GA-10), then newest revision first. */
export function byNameThenNewest(a: DrawingRegisterItem, b: DrawingRegisterItem): number {
  return a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }) || newestFirst(a, b);
}

/**
 * The project's enabled lookups for drawings: each project lookup type with at least one Active value (a project
 * enables a lookup by giving it values on its lookup values page; docs/decisions.md "The drawing register"), with
 * its Active values' names by name.
 */
export async function enabledLookups(
  store: Store,
  clientId: number,
  projectId: number,
): Promise<Partial<Record<ProjectLookupValue['type'], string[]>>> {
  const values = await store
    .collection<ProjectLookupValue & { [key: string]: unknown }>('projectLookupValues')
    .find({ clientId, projectId, status: 'Active' });
  const found: Partial<Record<ProjectLookupValue['type'], string[]>> = {};
  for (const value of values) {
    const names = found[value.type] ?? [];
    names.push(value.name);
    found[value.type] = names;
  }
  for (const names of Object.values(found)) names?.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return found;
}

/**
 * Refuses a lookup value the project does not offer: a field given values while its lookup is not enabled, or a
 * value that is no Active value of it. A value the stored item already holds stays accepted (a value deactivated
 * since is kept, not forced out by an unrelated change).
 * @throws AppError 400 drawingRegister.lookupNotEnabled, drawingRegister.lookupValue
 */
export function checkLookups(
  body: Partial<Record<LookupField | 'drawingRegisterStatus', unknown>>,
  lookups: Partial<Record<ProjectLookupValue['type'], string[]>>,
  current: DrawingRegisterItem | null,
): void {
  const check = (field: string, type: ProjectLookupValue['type'], values: string[], held: string[]) => {
    const offered = lookups[type];
    for (const value of values) {
      if (held.includes(value)) continue;
      if (!offered) throw new AppError(400, 'drawingRegister.lookupNotEnabled', { field, type });
      if (!offered.includes(value)) throw new AppError(400, 'drawingRegister.lookupValue', { value, type });
    }
  };
  for (const [field, type] of Object.entries(LOOKUP_FIELDS) as Array<[LookupField, ProjectLookupValue['type']]>) {
    const values = body[field];
    if (Array.isArray(values)) check(field, type, values as string[], current?.[field] ?? []);
  }
  const status = body.drawingRegisterStatus;
  if (typeof status === 'string' && status !== '')
    check(
      STATUS_LOOKUP.field,
      STATUS_LOOKUP.type,
      [status],
      current?.drawingRegisterStatus ? [current.drawingRegisterStatus] : [],
    );
}

/**
 * A zip entry's folder name for a drawing revision: '{name} rev {revision}', with the characters no file system
 * takes replaced by '-'.
 */
export function zipFolderOf(item: DrawingRegisterItem): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those replaced
  return `${item.name} rev ${item.revision}`.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').trim();
}
