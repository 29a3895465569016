/**
 * The DMS calls (administration-data.md §7 "DMS (base api/projects/{projectId}/dms)"; issue 23 item 2; contract.md
 * §C; docs/documents.md "DMS calls"): listing, search, download (streamed; one version with ?versionId=), upload
 * (streamed through busboy, duplicates by `onDuplicate`, sub-paths for Upload Folder), folders, URL files, folder
 * zips (streamed), rename / move / copy of files and folders (across the client's projects by URL), delete, labels,
 * replace (a new revision), versions, the file history, and shared-folder links (a `shared-folder` secure link; the
 * bysecuritycode calls read the shared folder without login, and nothing outside it).
 *
 * Every path is relative to the project's document root (api/dms/paths.ts, which refuses traversal with 400 before
 * anything is touched); every access is decided by the path's base folder (api/dms/access.ts: 403 dms.permission);
 * every change is recorded in the file's history (api/dms/history.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../engine/errors';
import { message } from '../../../engine/messages/catalogue';
import type { Client, Project, SecureLink } from '../../../engine/types/generated';
import { baseFolders, isBaseFolder, mayAccessBase, requireDmsAccess, requireProject } from '../../dms/access';
import { fileResponse } from '../../dms/download';
import { type DmsAction, type DmsHistoryEvent, folderHistoryId, historyOf, recordHistory } from '../../dms/history';
import { byFolderThenName, type DmsMeta, type DmsNode, fileNode, folderNode, revisionOf } from '../../dms/nodes';
import {
  checkName,
  dmsFileKey,
  dmsFolderPrefix,
  documentRoot,
  joinPath,
  nameOf,
  nextFreeName,
  parentOf,
  pathOfUrl,
  relativeOfKey,
  relativePath,
} from '../../dms/paths';
import { receiveUpload, type StagedFile } from '../../dms/upload';
import { zipResponse } from '../../dms/zip';
import type { BlobStore, StoredFile } from '../../files/blob-store';
import { checkLink, issueLink } from '../../links/secure-links';
import { checkTokenAttempts, recordTokenFailure } from '../../links/token-attempts';
import { clientAddress } from '../../middleware/security';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { checkCodeAttempts, recordCodeFailure, returnOfCode, subcontractingCollections } from '../subcontracting';

/** The multipart fields an upload's files may come in: the DMS's `files`, and the file calls' `uploads[]` (the
 * file upload field pointed at the DMS base, administration-data.md §7 "File upload field"). */
const UPLOAD_FIELDS = ['files', 'files[]', 'uploads', 'uploads[]'] as const;

/** The most nodes a search answers. */
export const MAX_SEARCH_RESULTS = 1000;

/** The signed-in scope of a DMS call: the tenant and the project (checked to be the tenant's; 0 = company). */
interface Scope {
  clientId: number;
  projectId: number;
  files: BlobStore;
  by: string;
}

async function scopeOf(context: OperationContext, projectId: number): Promise<Scope> {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  await requireProject(context, projectId);
  return {
    clientId: context.clientId,
    projectId,
    files: context.store.files,
    by: context.user?.fullName ?? '',
  };
}

/** The project id of the path (`integer`, minimum 0). */
function projectOf(context: OperationContext): number {
  return (context.params as { projectId: number }).projectId;
}

const query = (context: OperationContext, name: string) => context.http.req.query(name);

function event(
  scope: Pick<Scope, 'clientId' | 'projectId' | 'by'>,
  fileId: string,
  path: string,
  action: DmsAction,
  at: string,
  extra: { from?: string; to?: string } = {},
): DmsHistoryEvent {
  return { clientId: scope.clientId, projectId: scope.projectId, fileId, path, action, by: scope.by, at, ...extra };
}

/** The stable id of a stored file (its path for a file stored before the DMS kept ids, e.g. the demo seed's). */
function fileIdOf(info: StoredFile): string {
  return info.meta?.fileId ?? `key:${info.key}`;
}

/** Whether a folder exists (a base folder always does: it is created on demand). */
async function folderExists(scope: Scope, path: string): Promise<boolean> {
  if (isBaseFolder(scope.projectId, path)) return true;
  const names = await scope.files.folders(dmsFolderPrefix(scope.clientId, scope.projectId, parentOf(path)));
  return names.includes(nameOf(path));
}

async function requireFolder(scope: Scope, path: string): Promise<void> {
  if (!(await folderExists(scope, path))) throw new AppError(404, 'dms.notFound');
}

async function requireFile(scope: Scope, path: string): Promise<StoredFile> {
  const info = await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, path));
  if (!info) throw new AppError(404, 'dms.notFound');
  return info;
}

/**
 * Refuses a path a file and a folder would share (the directory store keeps both as real entries of one folder):
 * an ancestor of `path` that is a file, or `path` itself as the other kind.
 * @throws AppError 409 dms.nameClash
 */
async function requireNoClash(scope: Scope, path: string, kind: 'file' | 'folder'): Promise<void> {
  const segments = path.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const ancestor = segments.slice(0, depth).join('/');
    if (await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, ancestor)))
      throw new AppError(409, 'dms.nameClash', { name: nameOf(ancestor) });
  }
  const clash =
    kind === 'file'
      ? !isBaseFolder(scope.projectId, path) && (await folderExists(scope, path))
      : Boolean(await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, path)));
  if (clash) throw new AppError(409, 'dms.nameClash', { name: nameOf(path) });
}

/** The nodes of a folder: sub-folders, then files, each by name. */
async function folderNodes(scope: Scope, folder: string, includeHidden = true): Promise<DmsNode[]> {
  const prefix = dmsFolderPrefix(scope.clientId, scope.projectId, folder);
  const [folders, files] = await Promise.all([scope.files.folders(prefix), scope.files.list(prefix)]);
  const nodes = [
    ...folders.filter((name) => !name.startsWith('.')).map((name) => folderNode(joinPath(folder, name))),
    ...files
      .filter((info) => includeHidden || info.meta?.hidden !== 'true')
      .map((info) => fileNode(scope.projectId, joinPath(folder, info.name), info)),
  ];
  return nodes.sort(byFolderThenName);
}

/** The root's nodes: the base folders the user may read. */
function rootNodes(context: OperationContext, projectId: number): DmsNode[] {
  return baseFolders(projectId)
    .filter((base) => mayAccessBase(context, projectId, base, 'read'))
    .map((base) => folderNode(base));
}

/** GET /getall/?folder=F: the nodes of F (the root: the readable base folders). */
export const getAll: NamedOperation<'dms.getAll'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(query(context, 'folder'));
  requireDmsAccess(context, scope.projectId, folder, 'read');
  if (folder === '') return rootNodes(context, scope.projectId);
  await requireFolder(scope, folder);
  return folderNodes(scope, folder);
};

function fileEntry(node: DmsNode) {
  return {
    fileName: node.fileName,
    url: node.url,
    file: node.path,
    date: node.modifiedDate,
    hidden: node.hidden,
    size: node.size,
    label: node.label,
  };
}

/** GET /getFiles?folder=F: the files of F (the file upload field's list). */
export const getFiles: NamedOperation<'dms.getFiles'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(query(context, 'folder'), false);
  requireDmsAccess(context, scope.projectId, folder, 'read');
  return (await folderNodes(scope, folder)).filter((n) => n.type !== 'Folder').map(fileEntry);
};

/** GET /getFilesAndSubFolders?folder=F: `{ folders: [{ folderName, relativeFilePath }], files }`. */
export const getFilesAndSubFolders: NamedOperation<'dms.getFilesAndSubFolders'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(query(context, 'folder'));
  requireDmsAccess(context, scope.projectId, folder, 'read');
  const nodes = folder === '' ? rootNodes(context, scope.projectId) : await folderNodes(scope, folder);
  return {
    folders: nodes
      .filter((n) => n.type === 'Folder')
      .map((n) => ({ folderName: n.fileName, relativeFilePath: n.path })),
    files: nodes.filter((n) => n.type !== 'Folder').map(fileEntry),
  };
};

/** Every folder below `folder` (breadth first), relative paths. */
async function foldersBelow(scope: Scope, folder: string, limit: number): Promise<string[]> {
  const found: string[] = [];
  const queue = [folder];
  while (queue.length > 0 && found.length < limit) {
    const current = queue.shift() as string;
    const names = await scope.files.folders(dmsFolderPrefix(scope.clientId, scope.projectId, current));
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const path = joinPath(current, name);
      found.push(path);
      queue.push(path);
    }
  }
  return found;
}

/**
 * GET /search/{text}?folder=F: the folders and files below F (sub-folders too) whose name or label contains the
 * text, case-insensitive; folders first. At the root: below each base folder the user may read.
 * @throws AppError 400 dms.searchEmpty for a blank text
 */
export const search: NamedOperation<'dms.search'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const text = context.params.text.trim().toLowerCase();
  if (text === '') throw new AppError(400, 'dms.searchEmpty');
  const folder = relativePath(query(context, 'folder'));
  requireDmsAccess(context, scope.projectId, folder, 'read');
  const roots =
    folder === ''
      ? baseFolders(scope.projectId).filter((base) => mayAccessBase(context, scope.projectId, base, 'read'))
      : [folder];
  const nodes: DmsNode[] = [];
  for (const root of roots) {
    if (folder === '' && root.toLowerCase().includes(text)) nodes.push(folderNode(root));
    for (const path of await foldersBelow(scope, root, MAX_SEARCH_RESULTS))
      if (nameOf(path).toLowerCase().includes(text)) nodes.push(folderNode(path));
    const files = await scope.files.list(dmsFolderPrefix(scope.clientId, scope.projectId, root), true);
    for (const info of files) {
      const label = info.meta?.label ?? '';
      if (info.name.toLowerCase().includes(text) || label.toLowerCase().includes(text))
        nodes.push(fileNode(scope.projectId, relativeOfKey(scope.clientId, scope.projectId, info.key), info));
    }
  }
  return nodes.sort(byFolderThenName).slice(0, MAX_SEARCH_RESULTS);
};

/** GET /download?path=P[&versionId=V]: the file's bytes (or one version's), streamed. */
export const download: NamedOperation<'dms.download'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = relativePath(query(context, 'path'), false);
  requireDmsAccess(context, scope.projectId, path, 'read');
  const versionId = query(context, 'versionId');
  const opened = await scope.files.open(
    dmsFileKey(scope.clientId, scope.projectId, path),
    versionId ? { versionId } : undefined,
  );
  if (!opened) throw new AppError(404, 'dms.notFound');
  return fileResponse(opened.info, opened.stream);
};

/** GET /versions?path=P: `[{ versionId, lastModified, modifiedBy, size, revisionNumber }]`, newest first. */
export const versions: NamedOperation<'dms.versions'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = relativePath(query(context, 'path'), false);
  requireDmsAccess(context, scope.projectId, path, 'read');
  await requireFile(scope, path);
  const list = await scope.files.versions(dmsFileKey(scope.clientId, scope.projectId, path));
  return list.map((version, index) => {
    const meta = (version.meta ?? {}) as DmsMeta;
    const recorded = Number(meta.revision);
    return {
      versionId: version.versionId,
      lastModified: version.modified,
      modifiedBy: meta.modifiedBy ?? meta.addedBy ?? '',
      size: version.size,
      revisionNumber: Number.isInteger(recorded) && recorded > 0 ? recorded : list.length - index,
    };
  });
};

/**
 * GET /history?path=P: the file's events newest first, followed across renames by its stable id; for a path no
 * file has now, the events of the file that last had it (a deleted file), else of the folder.
 */
export const history: NamedOperation<'dms.history'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = relativePath(query(context, 'path'), false);
  requireDmsAccess(context, scope.projectId, path, 'read');
  const info = await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, path));
  let fileId = info ? fileIdOf(info) : undefined;
  if (!fileId) {
    const last = await context.store
      .collection<DmsHistoryEvent>('dmsHistory')
      .find(
        { clientId: scope.clientId, projectId: scope.projectId, path, fileId: { $ne: folderHistoryId(path) } },
        { sort: { at: -1 }, limit: 1 },
      );
    fileId = last[0]?.fileId ?? folderHistoryId(path);
  }
  return historyOf(context.store, scope.clientId, fileId);
};

/** GET /getAggregateId: a new UUID, as text. */
export const aggregateId: NamedOperation<'dms.aggregateId'> = async (context) => context.http.text(randomUUID());

/** The metadata of a new file added by the scope's user now. */
function newMeta(scope: Scope, at: string, extra: DmsMeta = {}): Record<string, string> {
  const meta: DmsMeta = {
    addedBy: scope.by,
    modifiedBy: scope.by,
    createdDate: at,
    fileId: randomUUID(),
    revision: '1',
  };
  return Object.fromEntries(Object.entries({ ...meta, ...extra }).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/**
 * Makes `source` (a staged upload, or another file) the new current version of the existing file at `target`,
 * keeping the old bytes as a version; the file keeps its id, its adder, its creation date and its label.
 */
async function replaceWith(scope: Scope, source: string, target: StoredFile): Promise<StoredFile> {
  const copied = await scope.files.copy(source, target.key, { keepVersion: true });
  if (!copied) throw new AppError(404, 'dms.notFound');
  const old = (target.meta ?? {}) as DmsMeta;
  const keep: Record<string, string> = {
    fileId: fileIdOf(target),
    addedBy: old.addedBy ?? '',
    createdDate: old.createdDate ?? target.modified,
    label: old.label ?? '',
    hidden: old.hidden ?? '',
    modifiedBy: scope.by,
    revision: String(revisionOf(target) + 1),
  };
  return (await scope.files.setMeta(target.key, keep)) ?? copied;
}

/** A 409 answer naming the duplicates (contract.md §C: `{ messageId, message, duplicates }`). */
function duplicatesAnswer(context: OperationContext, duplicates: string[]): Response {
  return context.http.json({ messageId: 'dms.duplicates', message: message('dms.duplicates'), duplicates }, 409);
}

/** The relative name of an uploaded file below the upload's folder (Upload Folder's sub-path kept). */
function uploadedName(name: string): string {
  if (name.includes('\\')) throw new AppError(400, 'dms.badPath');
  return relativePath(name, false);
}

/**
 * POST ?folder=F (multipart `files`, repeatable; `onDuplicate` separate | replace): stores the files in F, each name
 * may carry a sub-path (Upload Folder), `.ignore` files skipped. Without onDuplicate an existing name is 409 naming
 * the duplicates; `separate` names the new file 'name (1).ext'; `replace` adds a revision, refused 409
 * dms.tooManyDuplicates when more than one file already exists. → 201 nodes.
 */
export const upload: NamedOperation<'dms.upload'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(query(context, 'folder'), false);
  requireDmsAccess(context, scope.projectId, folder, 'write');
  const at = context.now.toISOString();
  const received = await receiveUpload(context, scope.clientId, UPLOAD_FIELDS, newMeta(scope, at));
  try {
    const onDuplicate = received.fields.onDuplicate ?? query(context, 'onDuplicate') ?? '';
    if (onDuplicate !== '' && onDuplicate !== 'separate' && onDuplicate !== 'replace')
      throw new AppError(400, 'dms.badDuplicateChoice');
    const planned: Array<{ staged: StagedFile; path: string; existing: StoredFile | null }> = [];
    for (const staged of received.files) {
      const path = joinPath(folder, uploadedName(staged.name));
      await requireNoClash(scope, path, 'file');
      const existing = await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, path));
      planned.push({ staged, path, existing });
    }
    const duplicates = planned.filter((p) => p.existing).map((p) => p.staged.name);
    if (duplicates.length > 0 && onDuplicate === '') return duplicatesAnswer(context, duplicates);
    if (duplicates.length > 1 && onDuplicate === 'replace') throw new AppError(409, 'dms.tooManyDuplicates');
    const nodes: DmsNode[] = [];
    const events: DmsHistoryEvent[] = [];
    for (const { staged, path, existing } of planned) {
      let finalPath = path;
      let stored: StoredFile | null;
      if (existing && onDuplicate === 'replace') {
        stored = await replaceWith(scope, staged.key, existing);
        events.push(event(scope, fileIdOf(existing), path, 'replace', at));
      } else {
        // Taken now: by the file found at planning, or by an earlier file of this same request.
        const taken = existing ?? (await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, path)));
        if (taken) {
          const parent = parentOf(path);
          const name = await nextFreeName(nameOf(path), async (candidate) =>
            Boolean(await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, joinPath(parent, candidate)))),
          );
          finalPath = joinPath(parent, name);
        }
        stored = await scope.files.move(staged.key, dmsFileKey(scope.clientId, scope.projectId, finalPath));
        if (stored) events.push(event(scope, fileIdOf(stored), finalPath, 'upload', at));
      }
      if (stored) nodes.push(fileNode(scope.projectId, finalPath, stored));
    }
    await recordHistory(context.store, events);
    return context.http.json(nodes, 201);
  } finally {
    await received.discard();
  }
};

/**
 * PUT /replace (multipart `file` and `originalUrl`, also accepted in the query): the file becomes a new revision of
 * the file at originalUrl (a node's path or url), the old bytes kept as a version. → the node.
 */
export const replace: NamedOperation<'dms.replace'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const early = query(context, 'originalUrl');
  // Asked before the bytes are read when the URL comes in the query; asked again below either way.
  if (early) requireDmsAccess(context, scope.projectId, pathOfUrl(scope.projectId, early), 'write');
  const at = context.now.toISOString();
  const received = await receiveUpload(context, scope.clientId, ['file'], newMeta(scope, at));
  try {
    const path = pathOfUrl(scope.projectId, received.fields.originalUrl ?? early);
    requireDmsAccess(context, scope.projectId, path, 'write');
    if (received.files.length !== 1) throw new AppError(400, 'dms.oneFile');
    const existing = await requireFile(scope, path);
    const stored = await replaceWith(scope, received.files[0].key, existing);
    await recordHistory(context.store, [event(scope, fileIdOf(existing), path, 'replace', at)]);
    return fileNode(scope.projectId, path, stored);
  } finally {
    await received.discard();
  }
};

/**
 * POST /createDirectory { path }: creates the folder (a clash: 'New Folder (1)', 'New Folder (2)'...), as text the
 * created path. A base folder is created on demand; nothing else at the root.
 */
export const createDirectory: NamedOperation<'dms.createDirectory'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const asked = relativePath(context.body.path, false);
  requireDmsAccess(context, scope.projectId, asked, 'write');
  const parent = parentOf(asked);
  await requireNoClash(scope, parent === '' ? asked : parent, 'folder');
  let path = asked;
  if (!isBaseFolder(scope.projectId, asked)) {
    const name = checkName(nameOf(asked));
    const prefix = dmsFolderPrefix(scope.clientId, scope.projectId, parent);
    const [folders, files] = await Promise.all([scope.files.folders(prefix), scope.files.list(prefix)]);
    const taken = new Set([...folders, ...files.map((f) => f.name)]);
    path = joinPath(parent, await nextFreeName(name, async (candidate) => taken.has(candidate), false));
  }
  await scope.files.createFolder(dmsFolderPrefix(scope.clientId, scope.projectId, path));
  const at = context.now.toISOString();
  await recordHistory(context.store, [event(scope, folderHistoryId(path), path, 'createFolder', at)]);
  return context.http.text(path);
};

/** The name of a URL file as the spec's Add URL rule makes it: http(s):// stripped, slashes to spaces, '.url'. */
export function urlFileName(url: string, filename?: string): string {
  let name = (filename ?? '').trim();
  if (name === '') {
    name = url
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/[/\\]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    name = name.slice(0, 150).trim();
  }
  if (!/\.url$/i.test(name)) name = `${name}.url`;
  return checkName(name);
}

/**
 * POST /createUrl { filename?, url, path }: saves an http(s) address as a `.url` file (Windows' Internet Shortcut
 * text) in folder `path`; a clash gets 'name (1).url'. → the node.
 * @throws AppError 400 dms.badUrl for another scheme or a malformed address
 */
export const createUrl: NamedOperation<'dms.createUrl'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(context.body.path, false);
  requireDmsAccess(context, scope.projectId, folder, 'write');
  let address: URL;
  try {
    address = new URL(context.body.url.trim());
  } catch {
    throw new AppError(400, 'dms.badUrl');
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') throw new AppError(400, 'dms.badUrl');
  const wanted = urlFileName(context.body.url, context.body.filename);
  await requireNoClash(scope, folder, 'folder');
  const name = await nextFreeName(
    wanted,
    async (candidate) =>
      Boolean(await scope.files.info(dmsFileKey(scope.clientId, scope.projectId, joinPath(folder, candidate)))) ||
      (await folderExists(scope, joinPath(folder, candidate))),
  );
  const path = joinPath(folder, name);
  const at = context.now.toISOString();
  const bytes = new TextEncoder().encode(`[InternetShortcut]\r\nURL=${address.href}\r\n`);
  const stored = await scope.files.put(dmsFileKey(scope.clientId, scope.projectId, path), bytes, 'text/plain', {
    meta: newMeta(scope, at, { isUrl: 'true' }),
  });
  await recordHistory(context.store, [event(scope, fileIdOf(stored), path, 'upload', at)]);
  return fileNode(scope.projectId, path, stored);
};

/** The zip's name: the given one ('.zip' added), else '{product}-{folder}.zip' (administration-data.md §9). */
function zipName(folder: string, filename?: string): string {
  const given = (filename ?? '').trim();
  if (given !== '') {
    const name = checkName(given);
    return /\.zip$/i.test(name) ? name : `${name}.zip`;
  }
  return `${message('mail.productName')}-${nameOf(folder)}.zip`;
}

async function folderZip(context: OperationContext, folderValue: string, filename?: string): Promise<Response> {
  const scope = await scopeOf(context, projectOf(context));
  const folder = relativePath(folderValue, false);
  requireDmsAccess(context, scope.projectId, folder, 'read');
  await requireFolder(scope, folder);
  const prefix = dmsFolderPrefix(scope.clientId, scope.projectId, folder);
  const files = await scope.files.list(prefix, true);
  return zipResponse(scope.files, prefix, files, zipName(folder, filename));
}

/** POST /downloadFolder { path, filename? }: the folder as a zip, streamed. */
export const downloadFolder: NamedOperation<'dms.downloadFolder'> = async (context) =>
  folderZip(context, context.body.path, context.body.filename);

/**
 * POST /downloadFolder/fullurl { url, filename? }: as downloadFolder, the folder given by its full client-relative
 * path ('projects/{id}/documents/Vault/GA') or a relative one.
 */
export const downloadFolderFullUrl: NamedOperation<'dms.downloadFolderFullUrl'> = async (context) => {
  const root = `${documentRoot(projectOf(context))}/`;
  const url = urlOf(context.body).trim();
  return folderZip(context, url.startsWith(root) ? url.slice(root.length) : url, context.body.filename);
};

/**
 * PUT /renameFolder { oldPath, newPath, isCopy, isReplace }: renames, moves (newPath: the folder's new path) or
 * copies a folder with everything below it. Onto an existing folder: 409 dms.folderExists (the merge warning), with
 * isReplace a merge (same names: the moved file replaces, keeping a version). A base folder cannot be renamed or
 * moved; a folder cannot go inside itself. → `{ path }`.
 */
export const renameFolder: NamedOperation<'dms.renameFolder'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const { isCopy = false, isReplace = false } = context.body;
  const from = relativePath(context.body.oldPath, false);
  const to = relativePath(context.body.newPath, false);
  if (from === to) return { path: to };
  checkName(nameOf(to));
  if ((isBaseFolder(scope.projectId, from) && !isCopy) || isBaseFolder(scope.projectId, to))
    throw new AppError(400, 'dms.baseFolderFixed');
  if (to.startsWith(`${from}/`)) throw new AppError(400, 'dms.intoItself');
  requireDmsAccess(context, scope.projectId, from, isCopy ? 'read' : 'write');
  requireDmsAccess(context, scope.projectId, to, 'write');
  await requireFolder(scope, from);
  await requireNoClash(scope, to, 'folder');
  if (!isReplace && (await folderExists(scope, to))) throw new AppError(409, 'dms.folderExists');
  const fromPrefix = dmsFolderPrefix(scope.clientId, scope.projectId, from);
  const toPrefix = dmsFolderPrefix(scope.clientId, scope.projectId, to);
  const moved = await scope.files.list(fromPrefix, true);
  if (isCopy) await scope.files.copyFolder(fromPrefix, toPrefix);
  else await scope.files.moveFolder(fromPrefix, toPrefix);
  const at = context.now.toISOString();
  const action: DmsAction = isCopy ? 'copy' : parentOf(from) === parentOf(to) ? 'rename' : 'move';
  const events: DmsHistoryEvent[] = [event(scope, folderHistoryId(to), to, action, at, { from, to })];
  for (const info of moved) {
    const below = info.key.slice(fromPrefix.length);
    const oldPath = joinPath(from, below);
    const newPath = joinPath(to, below);
    let fileId = fileIdOf(info);
    // A copy is a new file with a history of its own.
    if (isCopy) {
      fileId = randomUUID();
      await scope.files.setMeta(`${toPrefix}${below}`, { fileId });
    } else if (!info.meta?.fileId) {
      // A file without an id (the seed's) keeps the id its events were recorded under, now that its key changes.
      await scope.files.setMeta(`${toPrefix}${below}`, { fileId });
    }
    events.push(event(scope, fileId, newPath, action, at, { from: oldPath, to: newPath }));
  }
  await recordHistory(context.store, events);
  return { path: to };
};

interface FileMove {
  sourceProjectId: number;
  from: string;
  folder: string;
  newFileName?: string;
  isCopy: boolean;
  isReplace: boolean;
  resetLabel?: boolean;
}

/** Moves or copies a file (see renameFile), possibly from another project of the client. */
async function moveFile(context: OperationContext, scope: Scope, move: FileMove): Promise<DmsNode> {
  const source: Scope = move.sourceProjectId === scope.projectId ? scope : await scopeOf(context, move.sourceProjectId);
  const name =
    move.newFileName !== undefined && move.newFileName.trim() !== '' ? checkName(move.newFileName) : nameOf(move.from);
  const to = joinPath(move.folder, name);
  requireDmsAccess(context, source.projectId, move.from, move.isCopy ? 'read' : 'write');
  requireDmsAccess(context, scope.projectId, to, 'write');
  const original = await requireFile(source, move.from);
  const toKey = dmsFileKey(scope.clientId, scope.projectId, to);
  const at = context.now.toISOString();
  if (original.key === toKey) return fileNode(scope.projectId, to, original);
  if (!isBaseFolder(scope.projectId, move.folder)) await requireFolder(scope, move.folder);
  await requireNoClash(scope, to, 'file');
  const existing = await scope.files.info(toKey);
  if (existing && !move.isReplace) throw new AppError(409, 'dms.fileExists');
  const events: DmsHistoryEvent[] = [];
  const sameFolder = move.sourceProjectId === scope.projectId && parentOf(move.from) === move.folder;
  const action: DmsAction = move.isCopy ? 'copy' : sameFolder ? 'rename' : 'move';
  let stored: StoredFile | null;
  if (existing) {
    stored = await replaceWith(scope, original.key, existing);
    events.push(event(scope, fileIdOf(existing), to, 'replace', at, { from: move.from, to }));
    if (!move.isCopy) {
      await source.files.delete(original.key);
      events.push(event(source, fileIdOf(original), move.from, action, at, { from: move.from, to }));
    }
  } else if (move.isCopy) {
    const copied = await scope.files.copy(original.key, toKey);
    if (!copied) throw new AppError(404, 'dms.notFound');
    const fileId = randomUUID();
    stored = await scope.files.setMeta(toKey, {
      fileId,
      addedBy: scope.by,
      modifiedBy: scope.by,
      createdDate: at,
      revision: '1',
    });
    events.push(event(scope, fileId, to, 'copy', at, { from: move.from, to }));
  } else {
    stored = await scope.files.move(original.key, toKey);
    if (!stored) throw new AppError(404, 'dms.notFound');
    // A file without an id (the seed's) keeps the id its events were recorded under, now that its key changes.
    if (!original.meta?.fileId) stored = (await scope.files.setMeta(toKey, { fileId: fileIdOf(original) })) ?? stored;
    events.push(event(scope, fileIdOf(original), to, action, at, { from: move.from, to }));
  }
  if (stored && move.resetLabel) stored = (await scope.files.setMeta(toKey, { label: '' })) ?? stored;
  await recordHistory(context.store, events);
  if (!stored) throw new AppError(404, 'dms.notFound');
  return fileNode(scope.projectId, to, stored);
}

/**
 * PUT /renameFile { oldPath, newPath (the target folder), isCopy, newFileName, isReplace }: renames, moves or copies
 * a file. Onto an existing name: 409 dms.fileExists, with isReplace a new revision of that file. → the node.
 */
export const renameFile: NamedOperation<'dms.renameFile'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const { body } = context;
  return moveFile(context, scope, {
    sourceProjectId: scope.projectId,
    from: relativePath(body.oldPath, false),
    folder: relativePath(body.newPath, false),
    newFileName: body.newFileName,
    isCopy: body.isCopy ?? false,
    isReplace: body.isReplace ?? false,
  });
};

/**
 * PUT /renameFileByUrl { oldUrl, newPath, isCopy, newFileName, oldPathProjectId, resetLabel }: as renameFile, the
 * file given by its url (or path) in project oldPathProjectId (default this one; another project of the client needs
 * access to both). → the node.
 */
export const renameFileByUrl: NamedOperation<'dms.renameFileByUrl'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const { body } = context;
  const sourceProjectId = body.oldPathProjectId ?? scope.projectId;
  return moveFile(context, scope, {
    sourceProjectId,
    from: pathOfUrl(sourceProjectId, body.oldUrl),
    folder: relativePath(body.newPath, false),
    newFileName: body.newFileName,
    isCopy: body.isCopy ?? false,
    isReplace: body.isReplace ?? false,
    resetLabel: body.resetLabel ?? false,
  });
};

/** The `url` of a delete body, or its `Url` (the file upload field sends that). */
function urlOf(body: { url?: string; Url?: string }): string {
  return body.url ?? body.Url ?? '';
}

/** DELETE /folder { url }: deletes a folder and everything below it. A base folder: 400 'Base folder cannot be deleted'. */
export const deleteFolder: NamedOperation<'dms.deleteFolder'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = pathOfUrl(scope.projectId, urlOf(context.body));
  if (isBaseFolder(scope.projectId, path)) throw new AppError(400, 'dms.baseFolder');
  requireDmsAccess(context, scope.projectId, path, 'write');
  await requireFolder(scope, path);
  const prefix = dmsFolderPrefix(scope.clientId, scope.projectId, path);
  const files = await scope.files.list(prefix, true);
  await scope.files.deleteFolder(prefix);
  const at = context.now.toISOString();
  await recordHistory(context.store, [
    event(scope, folderHistoryId(path), path, 'delete', at),
    ...files.map((info) => event(scope, fileIdOf(info), joinPath(path, info.key.slice(prefix.length)), 'delete', at)),
  ]);
  return context.http.body(null, 204);
};

/** DELETE /file { url }: deletes a file with every version. */
export const deleteFile: NamedOperation<'dms.deleteFile'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = pathOfUrl(scope.projectId, urlOf(context.body));
  requireDmsAccess(context, scope.projectId, path, 'write');
  const info = await requireFile(scope, path);
  await scope.files.delete(info.key);
  await recordHistory(context.store, [event(scope, fileIdOf(info), path, 'delete', context.now.toISOString())]);
  return context.http.body(null, 204);
};

/**
 * DELETE /fileSec?securityToken= { url } (public: the token decides): the security code of a package return deletes
 * one of the files its recipient uploaded with the return (subcontractors/returns/{id}/, issue 25 §3), named by its
 * path, url or name, while the return is not yet sent; nothing else (no DMS file). The code's limiter counts unknown
 * codes (429).
 * @throws AppError 404 subcontractorPackages.codeNotFound (unknown code or another project), 410 a return already
 *   sent, 404 files.notFound
 */
export const deleteFileSec: NamedOperation<'dms.deleteFileSec'> = async (context) => {
  const code = query(context, 'securityToken') ?? '';
  const address = clientAddress(context.http);
  await checkCodeAttempts(context.store, address, context.now);
  const found = await returnOfCode(context.store, code);
  if (!found || found.projectId !== projectOf(context)) {
    await recordCodeFailure(context.store, address, context.now);
    throw new AppError(404, 'subcontractorPackages.codeNotFound');
  }
  if (found.responseDate) throw new AppError(410, 'unauthorized.tokenExpired', { type: 'packages' });
  const url = urlOf(context.body).trim();
  const file = (found.files ?? []).find((f) => f.file === url || f.url === url || f.name === url);
  if (!file) throw new AppError(404, 'files.notFound');
  await context.store.files.delete(`${found.clientId}/${file.file}`);
  await subcontractingCollections(context.store).returns.updateOne(
    { _id: found._id },
    { $set: { files: (found.files ?? []).filter((f) => f !== file), modified: context.now.toISOString() } },
  );
  return context.http.body(null, 204);
};

/** POST /update-label { url, label }: sets (or, empty, clears) a file's label. → the node. */
export const updateLabel: NamedOperation<'dms.updateLabel'> = async (context) => {
  const scope = await scopeOf(context, projectOf(context));
  const path = pathOfUrl(scope.projectId, urlOf(context.body));
  requireDmsAccess(context, scope.projectId, path, 'write');
  const info = await requireFile(scope, path);
  const label = context.body.label.trim();
  const stored = (await scope.files.setMeta(info.key, { label })) ?? info;
  await recordHistory(context.store, [
    event(scope, fileIdOf(info), path, 'label', context.now.toISOString(), { from: info.meta?.label ?? '', to: label }),
  ]);
  return fileNode(scope.projectId, path, stored);
};

/**
 * GET /getSharedFolderLink/?folder=F (edit on F): a `shared-folder` secure link to F for 30 days, as text
 * `{origin}/shared-folder/{projectId}/{token}`. Only a project's folders are shared (projectId 0: 404).
 */
export const sharedFolderLink: NamedOperation<'dms.sharedFolderLink'> = async (context) => {
  const projectId = projectOf(context);
  if (projectId === 0) throw new AppError(404, 'notFound.project');
  const scope = await scopeOf(context, projectId);
  const folder = relativePath(query(context, 'folder'), false);
  requireDmsAccess(context, projectId, folder, 'write');
  await requireFolder(scope, folder);
  const { token } = await issueLink(
    context.store,
    {
      clientId: scope.clientId,
      kind: 'shared-folder',
      projectId,
      folder,
      createdById: context.user?.id,
      createdBy: scope.by,
    },
    context.now,
  );
  return context.http.text(`${publicOrigin(context.http)}/shared-folder/${projectId}/${token}`);
};

/**
 * The live shared-folder link of a token on the path's project (api/links/secure-links.ts checkLink logs the use),
 * behind the per-address limit of refused tokens.
 * @throws AppError 429 linkAccess.tooManyAttempts, 410 unauthorized.tokenExpired (every refusal alike)
 */
async function sharedLink(context: OperationContext, token: string): Promise<SecureLink & { folder: string }> {
  const address = clientAddress(context.http);
  await checkTokenAttempts(context.store, address, context.now);
  const projectId = projectOf(context);
  const { state, link } =
    projectId === 0
      ? { state: 'unknown' as const, link: null }
      : await checkLink(
          context.store,
          token,
          { kind: 'shared-folder', projectId },
          { address: address ?? 'unknown', action: context.name },
          context.now,
        );
  if (state !== 'valid' || !link || link.folder === undefined) {
    await recordTokenFailure(context.store, address, context.now);
    throw new AppError(410, 'unauthorized.tokenExpired', { type: 'folder' });
  }
  return { ...link, folder: relativePath(link.folder, false) };
}

/** Refuses a path outside the shared folder (the folder itself and what is below it are inside). */
function insideShared(shared: string, path: string): void {
  if (path !== shared && !path.startsWith(`${shared}/`)) throw new AppError(403, 'dms.permission');
}

/** GET /getSharedFolderPath/{token} (public): the shared folder's path, as text. */
export const sharedFolderPath: NamedOperation<'dms.sharedFolderPath'> = async (context) => {
  const link = await sharedLink(context, context.params.token);
  return context.http.text(link.folder);
};

/**
 * GET /bysecuritycode/{code}/about (public: the shared-folder token decides): what the signed-out shared folder page
 * shows around the folder (administration-data.md §2 "External shell": the company logo, the client name, a title):
 * `{ folder, projectName, client: { name, logoUrl?, primaryColour?, secondaryColour?, tertiaryColour? } }`. A bad
 * or expired token: 410, as every shared-folder call.
 */
export const sharedFolderAbout: NamedOperation<'dms.sharedFolderAbout'> = async (context) => {
  const link = await sharedLink(context, context.params.code);
  const [client, project] = await Promise.all([
    context.store.collection<Client>('clients').findOne({ id: link.clientId }),
    context.store.collection<Project>('projects').findOne({ id: link.projectId, clientId: link.clientId }),
  ]);
  if (!client || !project) throw new AppError(410, 'unauthorized.tokenExpired', { type: 'folder' });
  return {
    folder: link.folder,
    projectName: project.name,
    client: {
      name: client.name,
      logoUrl: client.logoUrl,
      primaryColour: client.primaryColour,
      secondaryColour: client.secondaryColour,
      tertiaryColour: client.tertiaryColour,
    },
  };
};

/**
 * GET /bysecuritycode/{code}?folder=F (public: the shared-folder token decides): the nodes of F (default: the shared
 * folder), which must be the shared folder or below it; hidden files are left out; each file's url is the
 * token's download.
 */
export const bySecurityCode: NamedOperation<'dms.bySecurityCode'> = async (context) => {
  const code = context.params.code;
  const link = await sharedLink(context, code);
  const asked = relativePath(query(context, 'folder'));
  const folder = asked === '' ? link.folder : asked;
  insideShared(link.folder, folder);
  const scope: Scope = { clientId: link.clientId, projectId: link.projectId, files: context.store.files, by: '' };
  if (!(await folderExists(scope, folder))) throw new AppError(404, 'dms.notFound');
  const nodes = await folderNodes(scope, folder, false);
  return nodes.map((node) =>
    node.type === 'Folder'
      ? node
      : {
          ...node,
          url: `/api/projects/${scope.projectId}/dms/bysecuritycode/${encodeURIComponent(code)}/download?path=${encodeURIComponent(node.path)}`,
        },
  );
};

/** GET /bysecuritycode/{code}/download?path=P (public): a file of the shared folder, streamed. */
export const bySecurityCodeDownload: NamedOperation<'dms.bySecurityCodeDownload'> = async (context) => {
  const link = await sharedLink(context, context.params.code);
  const path = relativePath(query(context, 'path'), false);
  if (!path.startsWith(`${link.folder}/`)) throw new AppError(403, 'dms.permission');
  const opened = await context.store.files.open(dmsFileKey(link.clientId, link.projectId, path));
  if (!opened || opened.info.meta?.hidden === 'true') throw new AppError(404, 'dms.notFound');
  return fileResponse(opened.info, opened.stream);
};
