/**
 * The drawing register calls (issue 23 item 4; administration-data.md §3 "Drawing register item", §7 "Drawing
 * register (api/projects/{projectId}/sitework/drawingregister)", §9 'AllDrawings.zip'; form-configuration.md §3, §7;
 * contract.md §D; docs/documents.md "The drawing register"). Every call is the project's site work access (the
 * catalogue's `can` with section sitework: view reads, edit writes), tenant and project scoped: an item or a file of
 * another project or client is simply not found. Store logic and rows: api/drawing-register/items.ts.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { AppError } from '../../../engine/errors';
import type { DrawingRegisterItem } from '../../../engine/types/generated';
import { validateSchema } from '../../../engine/validation/ajv';
import {
  type Attachment,
  type AttachmentType,
  byNameThenNewest,
  checkLookups,
  enabledLookups,
  filePath,
  filesOf,
  type ItemDoc,
  items,
  nameKeyOf,
  newestFirst,
  parseFileUrl,
  type RegisterRow,
  rowOf,
  zipFolderOf,
} from '../../drawing-register/items';
import { checkFileName, MAX_FILE_BYTES, sniffType } from '../../files/paths';
import { nextSequence } from '../../ids';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { actorOf, auditFields, modifiedFields, withoutStoreKey } from '../../resources/documents';
import { inTransaction } from '../../resources/transaction';

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

/** The project's item `id`, or 404 drawingRegister.notFound. */
async function itemOf(context: OperationContext, projectId: number, id: number): Promise<ItemDoc> {
  const found = await items(context.store).findOne({ clientId: tenant(context), projectId, id });
  if (!found) throw new AppError(404, 'drawingRegister.notFound');
  return found;
}

/** Writes an item after checking it against its entity schema (400 validation.invalidBody otherwise). */
async function write(context: OperationContext, item: DrawingRegisterItem, replace: ItemDoc | null): Promise<void> {
  const { _id, ...fields } = item as ItemDoc;
  const result = validateSchema('drawing-register-item', fields);
  if (!result.ok)
    throw new AppError(400, 'validation.invalidBody', { details: result.details[0]?.message ?? '' }, result.details);
  if (!replace) {
    await items(context.store).insertOne(fields as ItemDoc);
    return;
  }
  // Fields the item no longer has (a description cleared) are removed from the stored one.
  const gone = Object.keys(replace).filter((key) => key !== '_id' && !(key in fields));
  await items(context.store).updateOne(
    { _id: replace._id },
    gone.length > 0 ? { $set: fields, $unset: Object.fromEntries(gone.map((key) => [key, ''])) } : { $set: fields },
  );
}

/**
 * GET /api/projects/{projectId}/sitework/drawingregister[?all=true][&name=]: the Current revision of each drawing by
 * name; with all=true every revision (by name, newest revision first); with name= only that drawing's (the revisions
 * view of one drawing).
 */
export const list: NamedOperation<'drawingRegister.list'> = async (context) => {
  const all = context.http.req.query('all') === 'true';
  const name = context.http.req.query('name');
  const found = await items(context.store).find({
    clientId: tenant(context),
    projectId: context.params.projectId,
    ...(all ? {} : { status: 'Current' }),
    ...(name ? { nameKey: nameKeyOf(name) } : {}),
  });
  return found.sort(byNameThenNewest).map(rowOf);
};

/** The fields of the body an item takes (the body's schema has checked each). */
const EDITABLE = [
  'name',
  'revision',
  'description',
  'notes',
  'dateTimeIssued',
  'type',
  'source',
  'structuredRefs',
  'elements',
  'levels',
  'elevations',
  'cores',
  'packages',
  'drawingRegisterStatus',
] as const;

/**
 * POST .../save: a new drawing, a new revision of a drawing (the body's name is a drawing's: it becomes Current and
 * the drawing's Current revision Superseded, in one transaction), or with `id` the changes of that item. Answers
 * the item's id (an integer: its entry number).
 * @throws AppError 404 drawingRegister.notFound (an id not of the project), 409 drawingRegister.revisionExists (the
 *   drawing has that revision), 409 drawingRegister.nameTaken / drawingRegister.renameRevisions (an edit's new name),
 *   400 drawingRegister.lookupNotEnabled / drawingRegister.lookupValue
 */
export const save: NamedOperation<'drawingRegister.save'> = inTransaction(async (context) => {
  const clientId = tenant(context);
  const { projectId } = context.params;
  const body = context.body;
  const given = body.name.trim().replace(/\s+/g, ' ');
  const revision = body.revision.trim();
  const nameKey = nameKeyOf(given);
  const current = body.id !== undefined ? await itemOf(context, projectId, body.id) : null;
  checkLookups(body, await enabledLookups(context.store, clientId, projectId), current);
  const revisions = await items(context.store).find({ clientId, projectId, nameKey });
  // A new revision keeps the drawing's name as first registered (GA-101, not ga-101).
  const name = !current && revisions.length > 0 ? [...revisions].sort(newestFirst)[0].name : given;
  const actor = actorOf(context.user);
  const taken = revisions.find((r) => r.revision.toLowerCase() === revision.toLowerCase() && r.id !== current?.id);
  if (taken) throw new AppError(409, 'drawingRegister.revisionExists', { name: taken.name, revision: taken.revision });
  const fields: Record<string, unknown> = {};
  for (const field of EDITABLE) if (body[field] !== undefined) fields[field] = body[field];
  fields.name = name;
  fields.revision = revision;
  if (current) {
    if (current.nameKey !== nameKey) {
      // A rename moves one item to another name: only a drawing of one revision, onto a name no drawing has.
      if (revisions.length > 0) throw new AppError(409, 'drawingRegister.nameTaken', { name });
      const siblings = await items(context.store).countDocuments({ clientId, projectId, nameKey: current.nameKey });
      if (siblings > 1) throw new AppError(409, 'drawingRegister.renameRevisions', { name: current.name });
    }
    const kept = Object.fromEntries(
      Object.entries(withoutStoreKey(current)).filter(([key]) => !(EDITABLE as readonly string[]).includes(key)),
    );
    const changed = {
      ...kept,
      ...fields,
      nameKey,
      ...auditFields(current, actor, context.now),
    } as DrawingRegisterItem;
    await write(context, changed, current);
    return changed.id;
  }
  // A new revision supersedes the drawing's Current one; the first of a name is Current too.
  const id = await nextSequence(context.store, 'drawingRegisterItems');
  const item = {
    ...fields,
    name,
    revision,
    id,
    clientId,
    projectId,
    nameKey,
    status: 'Current',
    attachments: [],
    ...(body.aggregateId ? { aggregateId: body.aggregateId } : {}),
    ...auditFields(null, actor, context.now),
  } as DrawingRegisterItem;
  await items(context.store).updateMany(
    { clientId, projectId, nameKey, status: 'Current' },
    { $set: { status: 'Superseded' } },
  );
  await write(context, item, null);
  return id;
});

/** The multipart files of the request (field `files`, repeatable; `file` and `uploads[]` are taken too). */
async function requestFiles(context: OperationContext): Promise<File[]> {
  const type = (context.http.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  const form = await context.http.req.formData();
  // Blob-like entries (not `instanceof File`: a test environment may bring a File class of its own).
  return ['files', 'file', 'uploads[]', 'uploads']
    .flatMap((field) => form.getAll(field))
    .filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f);
}

/** A positive integer query parameter, or 400 validation.badParam naming it. */
function queryId(context: OperationContext, name: string): number {
  const raw = context.http.req.query(name) ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError(400, 'validation.badParam', { name, value: raw });
  return Number(raw);
}

/**
 * PUT .../upload?id=&type=PrimaryFile|SecondaryFile (multipart `files`): a primary file replaces the item's primary
 * file (one file only); secondary files are added, one of a name the item has replacing it. Every file is checked
 * (name, 10 MB, type from its bytes) before any is stored. Answers the item's files.
 * @throws AppError 400 drawingRegister.fileType, files.noFiles, drawingRegister.onePrimaryFile, files.badName;
 *   409 drawingRegister.fileOtherType (a name the item has as the other type); 413 files.tooLarge; 415
 */
export const upload: NamedOperation<'drawingRegister.upload'> = async (context) => {
  const { projectId } = context.params;
  const id = queryId(context, 'id');
  const type = context.http.req.query('type');
  if (type !== 'PrimaryFile' && type !== 'SecondaryFile') throw new AppError(400, 'drawingRegister.fileType');
  const item = await itemOf(context, projectId, id);
  const files = await requestFiles(context);
  if (files.length === 0) throw new AppError(400, 'files.noFiles');
  if (type === 'PrimaryFile' && files.length > 1) throw new AppError(400, 'drawingRegister.onePrimaryFile');
  const actor = actorOf(context.user);
  const checked: Array<{ attachment: Attachment; bytes: Uint8Array }> = [];
  for (const file of files) {
    const fileName = checkFileName(file.name);
    if (file.size > MAX_FILE_BYTES)
      throw new AppError(413, 'files.tooLarge', { name: fileName, limit: MAX_FILE_BYTES / 1024 / 1024 });
    const other = item.attachments.find((a) => a.fileName === fileName && a.type !== type);
    if (other) throw new AppError(409, 'drawingRegister.fileOtherType', { name: fileName });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = await sniffType(bytes);
    const attachment = {
      type: type as AttachmentType,
      fileName,
      size: bytes.byteLength,
      contentType,
      uploaded: context.now.toISOString(),
      uploadedBy: actor.fullName,
    };
    checked.push({ attachment, bytes });
  }
  const clientKey = (path: string) => `${tenant(context)}/${path}`;
  // The bytes first, then the item naming them (the store's transaction does not cover files).
  for (const { attachment, bytes } of checked)
    await context.store.files.put(
      clientKey(filePath(projectId, id, attachment.fileName)),
      bytes,
      attachment.contentType,
    );
  const names = new Set(checked.map((c) => c.attachment.fileName));
  const replaced = item.attachments.filter((a) => a.type === 'PrimaryFile' && type === 'PrimaryFile');
  const kept = item.attachments.filter((a) => !names.has(a.fileName) && !replaced.includes(a));
  const changed = {
    ...withoutStoreKey(item),
    attachments: [...kept, ...checked.map((c) => c.attachment)],
    ...modifiedFields(actor, context.now),
  } as DrawingRegisterItem;
  await write(context, changed, item);
  for (const old of replaced)
    if (!names.has(old.fileName)) await context.store.files.delete(clientKey(filePath(projectId, id, old.fileName)));
  return filesOf(changed);
};

/** GET .../primaryFiles/{id}: the item's primary file, [] or one. */
export const primaryFiles: NamedOperation<'drawingRegister.primaryFiles'> = async (context) =>
  filesOf(await itemOf(context, context.params.projectId, context.params.id), 'PrimaryFile');

/** GET .../secondaryFiles/{id}: the item's secondary files by name. */
export const secondaryFiles: NamedOperation<'drawingRegister.secondaryFiles'> = async (context) =>
  filesOf(await itemOf(context, context.params.projectId, context.params.id), 'SecondaryFile');

/** GET .../getAllFiles/{id}: the primary file, then the secondary files. */
export const getAllFiles: NamedOperation<'drawingRegister.getAllFiles'> = async (context) =>
  filesOf(await itemOf(context, context.params.projectId, context.params.id));

/**
 * DELETE .../file/delete { url }: removes the file from its item and the store. 204.
 * @throws AppError 400 drawingRegister.badUrl, 404 drawingRegister.notFound / files.notFound
 */
export const deleteFile: NamedOperation<'drawingRegister.deleteFile'> = async (context) => {
  const { projectId } = context.params;
  const { itemId, fileName } = parseFileUrl(projectId, context.body.url);
  const item = await itemOf(context, projectId, itemId);
  if (!item.attachments.some((a) => a.fileName === fileName)) throw new AppError(404, 'files.notFound');
  const changed = {
    ...withoutStoreKey(item),
    attachments: item.attachments.filter((a) => a.fileName !== fileName),
    ...modifiedFields(actorOf(context.user), context.now),
  } as DrawingRegisterItem;
  await write(context, changed, item);
  await context.store.files.delete(`${tenant(context)}/${filePath(projectId, itemId, fileName)}`);
  return context.http.body(null, 204);
};

/** GET .../aggregateId: a new UUID, as text. */
export const aggregateId: NamedOperation<'drawingRegister.aggregateId'> = async (context) =>
  context.http.text(randomUUID());

/** GET .../byEntryNumber/{n}: the item whose entry number (id) is n, as a row. */
export const byEntryNumber: NamedOperation<'drawingRegister.byEntryNumber'> = async (context) =>
  rowOf(await itemOf(context, context.params.projectId, context.params.n));

/**
 * GET .../byName/{name}: the drawing's Current revision as a row, with `revisions` (every revision's row, newest
 * first, the Current one first). 404 when the project has no drawing of that name.
 */
export const byName: NamedOperation<'drawingRegister.byName'> = async (context) => {
  const found = await items(context.store).find({
    clientId: tenant(context),
    projectId: context.params.projectId,
    nameKey: nameKeyOf(context.params.name),
  });
  if (found.length === 0) throw new AppError(404, 'drawingRegister.notFound');
  const revisions = found.sort(newestFirst).map(rowOf);
  const current = revisions.find((r) => r.status === 'Current') ?? revisions[0];
  return { ...current, revisions } satisfies RegisterRow;
};

/** GET .../download?url=: a file of any revision; PDFs and images inline, anything else as an attachment. */
export const download: NamedOperation<'drawingRegister.download'> = async (context) => {
  const { projectId } = context.params;
  const { itemId, fileName } = parseFileUrl(projectId, context.http.req.query('url') ?? '');
  const item = await itemOf(context, projectId, itemId);
  if (!item.attachments.some((a) => a.fileName === fileName)) throw new AppError(404, 'files.notFound');
  const found = await context.store.files.get(`${tenant(context)}/${filePath(projectId, itemId, fileName)}`);
  if (!found) throw new AppError(404, 'files.notFound');
  const inline = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(found.info.contentType);
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      'Content-Type': found.info.contentType,
      'Content-Length': String(found.info.size),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });
};

/**
 * GET .../allDrawings: 'AllDrawings.zip' (administration-data.md §9), the primary and secondary files of every
 * Current revision, one folder per drawing ('{name} rev {revision}/{fileName}'), streamed: the zip is written as
 * the response is read, one file read at a time.
 */
export const allDrawings: NamedOperation<'drawingRegister.allDrawings'> = async (context) => {
  const clientId = tenant(context);
  const { projectId } = context.params;
  const current = (await items(context.store).find({ clientId, projectId, status: 'Current' })).sort(byNameThenNewest);
  const files = context.store.files;
  const archive = new ZipArchive({ store: true });
  (async () => {
    try {
      for (const item of current)
        for (const attachment of [...item.attachments].sort((a, b) => a.type.localeCompare(b.type))) {
          const found = await files.get(`${clientId}/${filePath(projectId, item.id, attachment.fileName)}`);
          if (!found) continue;
          const entry = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
          archive.append(found.bytes, { name: `${zipFolderOf(item)}/${attachment.fileName}` });
          await entry;
        }
      await archive.finalize();
    } catch (error) {
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  const stream = Readable.toWeb(archive as unknown as Readable) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="AllDrawings.zip"`,
      'Cache-Control': 'private, no-store',
    },
  });
};

/** GET .../lookups: the project's enabled lookups with their Active values ({ type: [names] }). */
export const lookups: NamedOperation<'drawingRegister.lookups'> = async (context) =>
  enabledLookups(context.store, tenant(context), context.params.projectId);
