/**
 * The file store of the API (issue "The form runtime" §6): bytes by key, with their content type, size
 * and time. Keys are `<clientId>/<folder path>/<file name>`: the tenant is the first segment, so one
 * client can never name another's file (api/files/paths.ts builds every key).
 *
 * Three implementations behind one port, held to the same contract (blob-store.test.ts):
 * - directoryBlobStore: files under DATA_DIR/files (the embedded default), metadata in a sidecar
 *   `<name>.meta.json`; written to a temporary name and renamed, so a crash never leaves half a file;
 * - gridFsBlobStore: MongoDB GridFS (bucket `files`), the key as the GridFS file name;
 * - memoryBlobStore: for in-process tests and the in-memory store.
 */
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, GridFSBucket } from 'mongodb';

/** What the store knows of a file. */
export interface StoredFile {
  key: string;
  /** The last segment of the key. */
  name: string;
  size: number;
  contentType: string;
  /** ISO time of the write. */
  modified: string;
}

export interface BlobStore {
  /** Writes (or replaces) a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /** The file and its bytes, or null. */
  get(key: string): Promise<{ info: StoredFile; bytes: Buffer } | null>;
  /** The file's information without its bytes, or null. */
  info(key: string): Promise<StoredFile | null>;
  /** Deletes a file; false when there was none. */
  delete(key: string): Promise<boolean>;
  /**
   * The files directly in a folder (`prefix` ends with '/'), by name; with `recursive`, also those of its
   * sub-folders, by key (a folder's files before its sub-folders' in each folder's name order).
   */
  list(prefix: string, recursive?: boolean): Promise<StoredFile[]>;
  /** Deletes every file under a folder, sub-folders included; returns how many. */
  deleteFolder(prefix: string): Promise<number>;
}

const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const byName = (a: StoredFile, b: StoredFile) => a.name.localeCompare(b.name);
const folderOfKey = (key: string) => key.slice(0, key.lastIndexOf('/'));
/** Folder by folder (a folder's files before its sub-folders'), then by name. */
const byKey = (a: StoredFile, b: StoredFile) =>
  folderOfKey(a.key).localeCompare(folderOfKey(b.key)) || a.name.localeCompare(b.name);

/** Files in memory. */
export function memoryBlobStore(): BlobStore {
  const files = new Map<string, { info: StoredFile; bytes: Buffer }>();
  return {
    async put(key, bytes, contentType) {
      const info = { key, name: nameOf(key), size: bytes.byteLength, contentType, modified: new Date().toISOString() };
      files.set(key, { info, bytes: Buffer.from(bytes) });
      return info;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async info(key) {
      return files.get(key)?.info ?? null;
    },
    async delete(key) {
      return files.delete(key);
    },
    async list(prefix, recursive = false) {
      return [...files.values()]
        .map((f) => f.info)
        .filter((f) => f.key.startsWith(prefix) && (recursive || !f.key.slice(prefix.length).includes('/')))
        .sort(recursive ? byKey : byName);
    },
    async deleteFolder(prefix) {
      let count = 0;
      for (const key of [...files.keys()]) if (key.startsWith(prefix) && files.delete(key)) count++;
      return count;
    },
  };
}

const META = '.meta.json';

/** Files under a directory (DATA_DIR/files). */
export function directoryBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const readInfo = async (key: string): Promise<StoredFile | null> => {
    try {
      return JSON.parse(await readFile(`${fileOf(key)}${META}`, 'utf8')) as StoredFile;
    } catch {
      return null;
    }
  };
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const info = { key, name: nameOf(key), size: bytes.byteLength, contentType, modified: new Date().toISOString() };
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      await writeFile(`${file}${META}.tmp`, JSON.stringify(info));
      await rename(`${file}${META}.tmp`, `${file}${META}`);
      return info;
    },
    async get(key) {
      const info = await readInfo(key);
      if (!info) return null;
      try {
        return { info, bytes: await readFile(fileOf(key)) };
      } catch {
        return null;
      }
    },
    info: readInfo,
    async delete(key) {
      const info = await readInfo(key);
      await rm(fileOf(key), { force: true });
      await rm(`${fileOf(key)}${META}`, { force: true });
      return info !== null;
    },
    async list(prefix, recursive = false) {
      const dir = fileOf(prefix.replace(/\/$/, ''));
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return [];
      }
      const infos = await Promise.all(
        entries
          .filter((e) => e.isFile() && e.name.endsWith(META))
          .map((e) => readInfo(`${prefix}${e.name.slice(0, -META.length)}`)),
      );
      const here = infos.filter((i): i is StoredFile => i !== null).sort(recursive ? byKey : byName);
      if (!recursive) return here;
      const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
      const below = await Promise.all(folders.map((name) => this.list(`${prefix}${name}/`, true)));
      return [...here, ...below.flat()].sort(byKey);
    },
    async deleteFolder(prefix) {
      const dir = fileOf(prefix.replace(/\/$/, ''));
      let count = 0;
      const walk = async (d: string): Promise<void> => {
        let entries: string[];
        try {
          entries = await readdir(d);
        } catch {
          return;
        }
        for (const entry of entries) {
          const full = path.join(d, entry);
          if ((await stat(full)).isDirectory()) await walk(full);
          else if (entry.endsWith(META)) count++;
        }
      };
      await walk(dir);
      await rm(dir, { recursive: true, force: true });
      return count;
    },
  };
}

/** Files in MongoDB GridFS (bucket `files`); the key is the GridFS file name. */
export function gridFsBlobStore(
  db: Db,
  Bucket: new (db: Db, options: { bucketName: string }) => GridFSBucket,
): BlobStore {
  const bucket = new Bucket(db, { bucketName: 'files' });
  const toInfo = (doc: {
    filename: string;
    length: number;
    uploadDate: Date;
    metadata?: { contentType?: string };
  }) => ({
    key: doc.filename,
    name: nameOf(doc.filename),
    size: doc.length,
    contentType: doc.metadata?.contentType ?? 'application/octet-stream',
    modified: doc.uploadDate.toISOString(),
  });
  const find = async (key: string) =>
    (await bucket.find({ filename: key }).sort({ uploadDate: -1 }).toArray())[0] ?? null;
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    async put(key, bytes, contentType) {
      const old = await bucket.find({ filename: key }).toArray();
      await new Promise<void>((resolve, reject) => {
        const stream = bucket.openUploadStream(key, { metadata: { contentType } });
        stream.once('finish', () => resolve());
        stream.once('error', reject);
        stream.end(Buffer.from(bytes));
      });
      for (const doc of old) await bucket.delete(doc._id);
      const doc = await find(key);
      return toInfo(doc as never);
    },
    async get(key) {
      const doc = await find(key);
      if (!doc) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(doc._id)) chunks.push(chunk as Buffer);
      return { info: toInfo(doc as never), bytes: Buffer.concat(chunks) };
    },
    async info(key) {
      const doc = await find(key);
      return doc ? toInfo(doc as never) : null;
    },
    async delete(key) {
      const docs = await bucket.find({ filename: key }).toArray();
      for (const doc of docs) await bucket.delete(doc._id);
      return docs.length > 0;
    },
    async list(prefix, recursive = false) {
      const pattern = `^${escapeRegExp(prefix)}${recursive ? '.+' : '[^/]+'}$`;
      const docs = await bucket.find({ filename: { $regex: pattern } }).toArray();
      return docs.map((d) => toInfo(d as never)).sort(recursive ? byKey : byName);
    },
    async deleteFolder(prefix) {
      const docs = await bucket.find({ filename: { $regex: `^${escapeRegExp(prefix)}` } }).toArray();
      for (const doc of docs) await bucket.delete(doc._id);
      return docs.length;
    },
  };
}
