/**
 * The file store in MongoDB GridFS (bucket `files`), contract.md §B (api/files/blob-store.ts): the production
 * path with MONGODB_URI.
 *
 * - One GridFS file per version, all with the key as `filename`; `metadata` holds `contentType`, `versionId`
 *   (a UUID v7), `current` (false for an older version; a file written before versions existed has none and is
 *   current) and `meta` (the DMS's label, addedBy...). Should two versions both say current (a crash between
 *   two updates), the newest `versionId` is the current one.
 * - A file is uploaded under a staging name `.incoming/<uuid>` (no key starts with '.') and renamed to its key
 *   when complete; a source that fails or passes its limit aborts the upload (its chunks are deleted), so no
 *   file and no version appear.
 * - Folders: a collection `files.folders` of markers `{ _id: '<prefix>/' }` for folders created, or emptied by a
 *   delete or a move; a folder with a file below needs none. `folders()` groups the files' names in the server.
 * - Indexes: `{ filename: 1, uploadDate: 1 }` on `files.files` (GridFS's own, made here too so that listing a
 *   folder, an anchored prefix regex on filename, never scans the bucket); markers are found by `_id`.
 * - move renames a file's documents with one updateMany; moveFolder moves file by file: a failure half-way leaves
 *   the files moved so far in the target and the rest in the source (nothing lost; the same move finishes it).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, GridFSBucket, GridFSFile, ObjectId } from 'mongodb';
import { AppError } from '../../engine/errors';
import type { BlobStore, FileVersion, PutOptions, StoredFile } from './blob-store';
import {
  ancestorsOf,
  byKey,
  byName,
  checkKey,
  checkPrefix,
  FOLDER_BATCH,
  inBatches,
  legacyVersionId,
  limited,
  nameClash,
  nameOf,
  newestFirst,
  newVersionId,
  tooLarge,
} from './blob-support';

interface FileMetadata {
  contentType?: string;
  versionId?: string;
  current?: boolean;
  meta?: Record<string, string>;
}
type FileDoc = GridFSFile & { metadata?: FileMetadata };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const versionIdOf = (doc: FileDoc) => doc.metadata?.versionId ?? legacyVersionId(doc.uploadDate.toISOString());
const isCurrent = (doc: FileDoc) => doc.metadata?.current !== false;
/** The current version among a key's documents (the newest that says current; else the newest). */
function currentOf(docs: FileDoc[]): FileDoc | null {
  const pick = (list: FileDoc[]) =>
    list.reduce<FileDoc | null>((best, d) => (!best || versionIdOf(d) > versionIdOf(best) ? d : best), null);
  return pick(docs.filter(isCurrent)) ?? pick(docs);
}
const toInfo = (doc: FileDoc, key = doc.filename): StoredFile => {
  const info: StoredFile = {
    key,
    name: nameOf(key),
    size: doc.length,
    contentType: doc.metadata?.contentType ?? 'application/octet-stream',
    modified: doc.uploadDate.toISOString(),
    versionId: versionIdOf(doc),
  };
  if (doc.metadata?.meta) info.meta = { ...doc.metadata.meta };
  return info;
};
const toVersion = (doc: FileDoc): FileVersion => {
  const { versionId, size, contentType, modified, meta } = toInfo(doc);
  return meta
    ? { versionId: versionId as string, size, contentType, modified, meta }
    : { versionId: versionId as string, size, contentType, modified };
};
const parentOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/** Files in MongoDB GridFS (bucket `files`); the key is the GridFS file name. */
export function gridFsBlobStore(
  db: Db,
  Bucket: new (db: Db, options: { bucketName: string }) => GridFSBucket,
): BlobStore {
  const bucket = new Bucket(db, { bucketName: 'files' });
  const filesCollection = db.collection<FileDoc>('files.files');
  const chunks = db.collection('files.chunks');
  const markers = db.collection<{ _id: string }>('files.folders');
  let indexed: Promise<unknown> | undefined;
  let swept = false;
  const ensureIndexes = () => {
    indexed ??= Promise.all([
      filesCollection.createIndex({ filename: 1, uploadDate: 1 }),
      chunks.createIndex({ files_id: 1, n: 1 }, { unique: true }),
    ]).catch((error) => {
      indexed = undefined;
      throw error;
    });
    // Once a process: uploads finished but never renamed to their key (a crash between the two) a day ago or
    // more; other API instances may be uploading now, so only old ones go.
    if (!swept) {
      swept = true;
      void sweepStaging();
    }
    return indexed;
  };
  const sweepStaging = () =>
    filesCollection
      .find({ filename: { $regex: '^\\.incoming/' }, uploadDate: { $lt: new Date(Date.now() - 86_400_000) } })
      .toArray()
      .then(async (left) => {
        for (const doc of left) await remove(doc._id);
      })
      .catch(() => undefined);
  const docsOf = (key: string) => filesCollection.find({ filename: key }).toArray() as Promise<FileDoc[]>;
  const locate = async (key: string, versionId?: string): Promise<FileDoc | null> => {
    const docs = await docsOf(key);
    if (versionId === undefined) return currentOf(docs);
    return docs.find((d) => versionIdOf(d) === versionId) ?? null;
  };
  const keepFolderOf = async (key: string) => {
    const parent = parentOf(key);
    if (parent !== '') await markers.updateOne({ _id: parent }, { $set: { _id: parent } }, { upsert: true });
  };
  /** Refuses a folder (a prefix) where a file is or below one (409 files.nameClash). */
  const checkFolderRoom = async (prefix: string) => {
    const above = ancestorsOf(prefix).map((folder) => folder.slice(0, -1));
    if (above.length === 0) return;
    const file = await filesCollection.findOne({ filename: { $in: above } }, { projection: { filename: 1 } });
    if (file) throw nameClash(file.filename);
  };
  /** Refuses a file at `key` where a folder is (a file or a marker below it), or below a file. */
  const checkRoom = async (key: string) => {
    const below = { $regex: `^${escapeRegExp(key)}/` };
    if (
      (await filesCollection.findOne({ filename: below }, { projection: { _id: 1 } })) ||
      (await markers.findOne({ _id: below }))
    )
      throw nameClash(key);
    await checkFolderRoom(key.slice(0, key.lastIndexOf('/') + 1));
  };
  /** Makes the current documents of `key` older versions (recording a version id where there was none). */
  const demote = async (docs: FileDoc[]) => {
    for (const doc of docs.filter(isCurrent))
      await filesCollection.updateOne(
        { _id: doc._id },
        { $set: { 'metadata.current': false, 'metadata.versionId': versionIdOf(doc) } },
      );
  };
  /** Uploads a source under a staging name; aborted (its chunks deleted) when the source fails. */
  const upload = async (
    key: string,
    source: AsyncIterable<Uint8Array>,
    metadata: FileMetadata,
    maxBytes: number | undefined,
  ): Promise<ObjectId> => {
    await ensureIndexes();
    const stream = bucket.openUploadStream(`.incoming/${randomUUID()}`, { metadata });
    try {
      await pipeline(Readable.from(limited(key, source, maxBytes)), stream);
      return stream.id;
    } catch (error) {
      await stream.abort().catch(() => undefined);
      await chunks.deleteMany({ files_id: stream.id });
      await filesCollection.deleteOne({ _id: stream.id });
      throw error;
    }
  };
  /** Deletes one GridFS file (a version); one already gone (a concurrent delete) is no error. */
  const remove = async (id: ObjectId) => {
    try {
      await bucket.delete(id);
    } catch (error) {
      if (!/not found/i.test((error as Error).message)) throw error;
    }
  };
  /**
   * Renames an uploaded staging file to `key` as its current version, then keeps (`keepVersion`) or deletes the
   * current versions it replaces: those with an older id, read after the rename, so that of two writes at once the
   * later one always replaces the earlier one.
   */
  const commit = async (key: string, id: ObjectId, keepVersion: boolean | undefined): Promise<StoredFile> => {
    await filesCollection.updateOne({ _id: id }, { $set: { filename: key, 'metadata.current': true } });
    const docs = await docsOf(key);
    const mine = docs.find((d) => d._id.equals(id));
    if (!mine) throw new Error(`The upload of ${key} vanished`);
    const replaced = docs.filter((d) => isCurrent(d) && versionIdOf(d) < versionIdOf(mine));
    if (keepVersion) await demote(replaced);
    else for (const doc of replaced) await remove(doc._id);
    return toInfo(mine);
  };
  const write = async (key: string, source: AsyncIterable<Uint8Array>, contentType: string, options: PutOptions) => {
    checkKey(key);
    await checkRoom(key);
    const metadata: FileMetadata = { contentType, versionId: newVersionId(), current: false };
    if (options.meta) metadata.meta = { ...options.meta };
    const id = await upload(key, source, metadata, options.maxBytes);
    return commit(key, id, options.keepVersion);
  };
  const readAll = async (id: ObjectId) => {
    const parts: Buffer[] = [];
    for await (const part of bucket.openDownloadStream(id)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };
  /** The current documents below a prefix (one per key), with an anchored regex the filename index serves. */
  const currentBelow = async (prefix: string, recursive: boolean): Promise<FileDoc[]> => {
    const pattern = `^${escapeRegExp(prefix)}${recursive ? '.+' : '[^/]+'}$`;
    const docs = (await filesCollection
      .find({ filename: { $regex: pattern }, 'metadata.current': { $ne: false } })
      .toArray()) as FileDoc[];
    const byFile = new Map<string, FileDoc>();
    for (const doc of docs) {
      if (doc.filename.startsWith('.')) continue;
      const seen = byFile.get(doc.filename);
      if (!seen || versionIdOf(doc) > versionIdOf(seen)) byFile.set(doc.filename, doc);
    }
    return [...byFile.values()];
  };

  const store: BlobStore = {
    async put(key, bytes, contentType, options = {}) {
      checkKey(key);
      if (options.maxBytes !== undefined && bytes.byteLength > options.maxBytes) throw tooLarge(key, options.maxBytes);
      return write(
        key,
        (async function* () {
          yield bytes;
        })(),
        contentType,
        options,
      );
    },
    async putStream(key, source, contentType, options = {}) {
      return write(key, source, contentType, options);
    },
    async get(key, options = {}) {
      const doc = await locate(key, options.versionId);
      if (!doc) return null;
      return { info: toInfo(doc, key), bytes: await readAll(doc._id) };
    },
    async open(key, options = {}) {
      const doc = await locate(key, options.versionId);
      if (!doc) return null;
      return { info: toInfo(doc, key), stream: bucket.openDownloadStream(doc._id) };
    },
    async info(key) {
      const doc = await locate(key);
      return doc ? toInfo(doc, key) : null;
    },
    async setMeta(key, meta) {
      const doc = await locate(key);
      if (!doc) return null;
      const merged = { ...doc.metadata?.meta, ...meta };
      await filesCollection.updateOne({ _id: doc._id }, { $set: { 'metadata.meta': merged } });
      return toInfo({ ...doc, metadata: { ...doc.metadata, meta: merged } }, key);
    },
    async versions(key) {
      const docs = await docsOf(key);
      const current = currentOf(docs);
      if (!current) return [];
      return [
        toVersion(current),
        ...docs
          .filter((d) => !d._id.equals(current._id))
          .map(toVersion)
          .sort(newestFirst),
      ];
    },
    async delete(key) {
      const docs = await docsOf(key);
      for (const doc of docs) await remove(doc._id);
      if (docs.length > 0) await keepFolderOf(key);
      return docs.length > 0;
    },
    async list(prefix, recursive = false) {
      return (await currentBelow(prefix, recursive)).map((d) => toInfo(d)).sort(recursive ? byKey : byName);
    },
    async copy(from, to, options = {}) {
      checkKey(to);
      const doc = await locate(from);
      if (!doc) return null;
      return write(to, bucket.openDownloadStream(doc._id), toInfo(doc).contentType, {
        meta: doc.metadata?.meta,
        keepVersion: options.keepVersion,
      });
    },
    async move(from, to) {
      checkKey(to);
      const docs = await docsOf(from);
      const source = currentOf(docs);
      if (!source) return null;
      if (from === to) return toInfo(source, to);
      await checkRoom(to);
      await demote(await docsOf(to));
      // The source's older documents first, its current one last: until then the source stays whole.
      for (const doc of docs.filter((d) => !d._id.equals(source._id)))
        await filesCollection.updateOne(
          { _id: doc._id },
          { $set: { filename: to, 'metadata.current': false, 'metadata.versionId': versionIdOf(doc) } },
        );
      await filesCollection.updateOne(
        { _id: source._id },
        { $set: { filename: to, 'metadata.current': true, 'metadata.versionId': versionIdOf(source) } },
      );
      await keepFolderOf(from);
      return toInfo(source, to);
    },
    async copyFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      await checkFolderRoom(to);
      const docs = await currentBelow(from, true);
      const folders = await markers.find({ _id: { $regex: `^${escapeRegExp(from)}` } }).toArray();
      for (const marker of [...folders.map((m) => `${to}${m._id.slice(from.length)}`), to])
        await markers.updateOne({ _id: marker }, { $set: { _id: marker } }, { upsert: true });
      return inBatches(docs, FOLDER_BATCH, (doc) =>
        store.copy(doc.filename, `${to}${doc.filename.slice(from.length)}`, { keepVersion: true }),
      );
    },
    async moveFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      if (to.startsWith(from)) throw new AppError(400, 'files.badFolder');
      await checkFolderRoom(to);
      const docs = await currentBelow(from, true);
      const folders = await markers.find({ _id: { $regex: `^${escapeRegExp(from)}` } }).toArray();
      for (const marker of [...folders.map((m) => `${to}${m._id.slice(from.length)}`), to])
        await markers.updateOne({ _id: marker }, { $set: { _id: marker } }, { upsert: true });
      const count = await inBatches(docs, FOLDER_BATCH, (doc) =>
        store.move(doc.filename, `${to}${doc.filename.slice(from.length)}`),
      );
      await markers.deleteMany({ _id: { $regex: `^${escapeRegExp(from)}` } });
      await keepFolderOf(from.slice(0, -1));
      return count;
    },
    async createFolder(prefix) {
      const p = checkPrefix(prefix);
      await checkFolderRoom(p);
      await markers.updateOne({ _id: p }, { $set: { _id: p } }, { upsert: true });
    },
    async folders(prefix) {
      const p = checkPrefix(prefix);
      const below = `^${escapeRegExp(p)}([^/]+)/`;
      const names = new Set<string>();
      const files = (await filesCollection
        .aggregate<{ _id: string | null }>([
          { $match: { filename: { $regex: below } } },
          { $project: { found: { $regexFind: { input: '$filename', regex: below } } } },
          { $group: { _id: { $arrayElemAt: ['$found.captures', 0] } } },
        ])
        .toArray()) as { _id: string | null }[];
      for (const f of files) if (f._id && !(p === '' && f._id.startsWith('.'))) names.add(f._id);
      for (const m of await markers.find({ _id: { $regex: below } }).toArray())
        names.add(m._id.slice(p.length, m._id.indexOf('/', p.length)));
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    async deleteFolder(prefix) {
      const p = checkPrefix(prefix);
      const docs = (await filesCollection
        .find({ filename: { $regex: `^${escapeRegExp(p)}` } }, { projection: { _id: 1, filename: 1 } })
        .toArray()) as Pick<FileDoc, '_id' | 'filename'>[];
      const keys = new Set<string>();
      for (const doc of docs) {
        if (doc.filename.startsWith('.')) continue;
        keys.add(doc.filename);
        await remove(doc._id);
      }
      await markers.deleteMany({ _id: { $regex: `^${escapeRegExp(p)}` } });
      if (p !== '') await keepFolderOf(p.slice(0, -1));
      return keys.size;
    },
  };
  return store;
}
