/**
 * The file store of the API (issue "The form runtime" §6; issue 23 "Documents": versions, streams, folders,
 * copy and move; contract.md §B): bytes by key, with their content type, size, time and metadata. Keys are
 * `<clientId>/<folder path>/<file name>`: the tenant is the first segment, so one client can never name
 * another's file (api/files/paths.ts builds every key; the stores refuse the reserved names of
 * blob-support.ts isReservedName with 400 files.badName).
 *
 * Three implementations behind one port, held to the same contract (blob-store.test.ts):
 * - directoryBlobStore (directory-blob-store.ts): files under DATA_DIR/files (the embedded default);
 * - gridFsBlobStore (gridfs-blob-store.ts): MongoDB GridFS (bucket `files`), one GridFS file per version;
 * - memoryBlobStore: for in-process tests and the in-memory store.
 *
 * Versions: every write makes a new current version with a new `versionId` (a UUID v7: ids sort in time
 * order). `put` without `keepVersion` drops the bytes it replaces (entries' files rely on that); with it (and
 * `copy` with it, `move`/`moveFolder` onto an existing name, `putStream` with it) the replaced bytes stay as an
 * older version. Versions already kept stay until the file is deleted.
 *
 * Folders: a folder exists while a file lies below it or it was created (`createFolder`) and not deleted; a
 * folder emptied by `delete` or `move` stays (as a directory would). `list` and `folders` never show the
 * stores' own entries (versions, sidecars, folder markers).
 */
import { AppError } from '../../engine/errors';
import {
  ancestorsOf,
  asPrefix,
  byKey,
  byName,
  checkKey,
  checkPrefix,
  limited,
  nameClash,
  nameOf,
  newestFirst,
  newVersionId,
  tooLarge,
} from './blob-support';

/** What the store knows of a file (of its current version, or of the version asked for). */
export interface StoredFile {
  key: string;
  /** The last segment of the key. */
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /** ISO time of the write of this version. */
  modified: string;
  /** Free metadata kept with this version (DMS: label, addedBy, modifiedBy, createdDate, hidden, isUrl). */
  meta?: Record<string, string>;
  /** This version's id (a UUID v7). Files written before versions existed get one derived from `modified`. */
  versionId?: string;
}

/** One version of a file (`versions(key)`). */
export interface FileVersion {
  versionId: string;
  size: number;
  contentType: string;
  /** ISO time of the write of this version. */
  modified: string;
  meta?: Record<string, string>;
}

/** How a write goes. */
export interface PutOptions {
  /** The new version's metadata (not merged with the replaced one's: pass what it keeps). */
  meta?: Record<string, string>;
  /** The replaced bytes stay as an older version (without it they are dropped). */
  keepVersion?: boolean;
  /** Largest size, bytes: a larger file is refused with 413 files.tooLarge and nothing is written. */
  maxBytes?: number;
}

/**
 * The file store port. Folder prefixes end with '/' ('1/projects/7/documents/'); the folder calls also accept
 * one without it. Keys are trusted to come from api/files/paths.ts; a reserved name gives 400 files.badName.
 */
export interface BlobStore {
  /**
   * Writes (or replaces) a file as a new current version. Without options it replaces WITHOUT keeping a
   * version. @throws AppError 413 files.tooLarge (over `maxBytes`: nothing written), 400 files.badName.
   */
  put(key: string, bytes: Uint8Array, contentType: string, options?: PutOptions): Promise<StoredFile>;
  /**
   * Streams bytes in, never holding the file whole (the memory store excepted): written under a temporary
   * name and put in place when complete, so a source that throws (an upload cut off) or passes `maxBytes`
   * (AppError 413 files.tooLarge) leaves no file and no version, and the previous file as it was. The source's
   * error is thrown on.
   */
  putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    contentType: string,
    options?: PutOptions,
  ): Promise<StoredFile>;
  /** The file (its current version, or the version `versionId`) and its bytes, or null. */
  get(key: string, options?: { versionId?: string }): Promise<{ info: StoredFile; bytes: Buffer } | null>;
  /** Streams a file (or one version) out in chunks; never holds it whole (the memory store excepted); or null. */
  open(
    key: string,
    options?: { versionId?: string },
  ): Promise<{ info: StoredFile; stream: AsyncIterable<Uint8Array> } | null>;
  /** The file's current information without its bytes, or null. */
  info(key: string): Promise<StoredFile | null>;
  /** Merges `meta` into the current version's metadata (no new version); the new information, or null. */
  setMeta(key: string, meta: Record<string, string>): Promise<StoredFile | null>;
  /** Every version of a file, newest first, the current one first; [] when there is no file. */
  versions(key: string): Promise<FileVersion[]>;
  /** Deletes a file with every version; false when there was none. Its folder stays. */
  delete(key: string): Promise<boolean>;
  /**
   * The files directly in a folder (`prefix` ends with '/'), by name, with their metadata; with `recursive`,
   * also those of its sub-folders, by key (a folder's files before its sub-folders' in each folder's name order).
   */
  list(prefix: string, recursive?: boolean): Promise<StoredFile[]>;
  /**
   * Copies a file's current version and its metadata to `to` (a new version there, written now); an existing
   * `to` is replaced, kept as a version with `keepVersion`. Null when `from` is missing.
   */
  copy(from: string, to: string, options?: { keepVersion?: boolean }): Promise<StoredFile | null>;
  /**
   * Moves a file with all its versions to `to`. Onto an existing file: the moved one becomes current and the
   * existing one's versions (its current one included) stay as older versions. Null when `from` is missing.
   */
  move(from: string, to: string): Promise<StoredFile | null>;
  /**
   * Copies every file below a folder (current versions with their metadata; sub-folders, empty ones too) to
   * `toPrefix`, merging into what is there (a same name: replaced, keeping a version). Returns how many files.
   */
  copyFolder(fromPrefix: string, toPrefix: string): Promise<number>;
  /**
   * Moves a folder (every file with its versions, sub-folders, empty ones too) to `toPrefix`; onto an existing
   * folder it merges (a same name: the moved file replaces, keeping a version). Returns how many files.
   * @throws AppError 400 files.badFolder when `toPrefix` is `fromPrefix` or inside it.
   */
  moveFolder(fromPrefix: string, toPrefix: string): Promise<number>;
  /** Creates a folder (with its parents); an empty folder exists until deleted. */
  createFolder(prefix: string): Promise<void>;
  /** The names of a folder's direct sub-folders (empty ones too), sorted by name. */
  folders(prefix: string): Promise<string[]>;
  /** Deletes a folder: every file below (all versions), sub-folders, empty ones too; returns how many files. */
  deleteFolder(prefix: string): Promise<number>;
}

interface MemoryVersion {
  info: StoredFile;
  bytes: Buffer;
}

const copyInfo = (info: StoredFile): StoredFile => (info.meta ? { ...info, meta: { ...info.meta } } : { ...info });
const toVersion = ({ versionId, size, contentType, modified, meta }: StoredFile): FileVersion =>
  meta
    ? { versionId: versionId ?? '', size, contentType, modified, meta: { ...meta } }
    : { versionId: versionId ?? '', size, contentType, modified };

/**
 * The contents of a memory file store, to start other memory stores with (`memoryBlobStore(image)`): every file
 * with its versions, and the folders created. Opaque to callers; a copy, so later writes to either side stay apart.
 */
export interface MemoryBlobImage {
  readonly files: ReadonlyArray<readonly [string, { current: MemoryVersion; older: MemoryVersion[] }]>;
  readonly markers: readonly string[];
}

/** A file store in memory, which can give an image of its contents. */
export interface MemoryBlobStore extends BlobStore {
  /** A copy of every file (all versions, metadata, bytes) and folder, for `memoryBlobStore(image)`. */
  image(): MemoryBlobImage;
}

const copyVersion = (v: MemoryVersion): MemoryVersion => ({ info: copyInfo(v.info), bytes: Buffer.from(v.bytes) });
const copyFile = (file: { current: MemoryVersion; older: MemoryVersion[] }) => ({
  current: copyVersion(file.current),
  older: file.older.map(copyVersion),
});

/**
 * Files in memory (the in-memory store and in-process tests); streams are one chunk. Starts empty, or with a copy
 * of `image` (an image of another memory store: EmbeddedStore.image, the API tests' seeded stores).
 */
export function memoryBlobStore(image?: MemoryBlobImage): MemoryBlobStore {
  /** key → its current version and the older ones, newest first. */
  const files = new Map<string, { current: MemoryVersion; older: MemoryVersion[] }>(
    image?.files.map(([key, file]) => [key, copyFile(file)]),
  );
  /** Folder prefixes created or emptied (a folder with a file below needs none). */
  const markers = new Set<string>(image?.markers);
  const rekey = (v: MemoryVersion, key: string): MemoryVersion => ({
    info: { ...v.info, key, name: nameOf(key) },
    bytes: v.bytes,
  });
  const keepFolderOf = (key: string) => {
    const parent = key.slice(0, key.lastIndexOf('/') + 1);
    if (parent !== '') markers.add(parent);
  };
  /** Refuses a file at `key` where a folder is, or below a file (409 files.nameClash). */
  const checkRoom = (key: string) => {
    const below = `${key}/`;
    for (const path of [...files.keys(), ...markers]) if (path.startsWith(below)) throw nameClash(key);
    checkFolderRoom(key.slice(0, key.lastIndexOf('/') + 1));
  };
  /** Refuses a folder (a prefix) where a file is or below one. */
  const checkFolderRoom = (prefix: string) => {
    for (const folder of ancestorsOf(prefix)) if (files.has(folder.slice(0, -1))) throw nameClash(folder);
  };
  const find = (key: string, versionId?: string) => {
    const file = files.get(key);
    if (!file) return null;
    if (versionId === undefined || file.current.info.versionId === versionId) return file.current;
    return file.older.find((v) => v.info.versionId === versionId) ?? null;
  };
  const store: MemoryBlobStore = {
    image: () => ({ files: [...files].map(([key, file]) => [key, copyFile(file)] as const), markers: [...markers] }),
    async put(key, bytes, contentType, options = {}) {
      checkKey(key);
      checkRoom(key);
      if (options.maxBytes !== undefined && bytes.byteLength > options.maxBytes) throw tooLarge(key, options.maxBytes);
      const info: StoredFile = {
        key,
        name: nameOf(key),
        size: bytes.byteLength,
        contentType,
        modified: new Date().toISOString(),
        versionId: newVersionId(),
      };
      if (options.meta) info.meta = { ...options.meta };
      const existing = files.get(key);
      const older = existing ? (options.keepVersion ? [existing.current, ...existing.older] : existing.older) : [];
      files.set(key, { current: { info, bytes: Buffer.from(bytes) }, older });
      return copyInfo(info);
    },
    async putStream(key, source, contentType, options = {}) {
      checkKey(key);
      const chunks: Uint8Array[] = [];
      for await (const chunk of limited(key, source, options.maxBytes)) chunks.push(chunk);
      return store.put(key, Buffer.concat(chunks), contentType, options);
    },
    async get(key, options = {}) {
      const found = find(key, options.versionId);
      return found ? { info: copyInfo(found.info), bytes: found.bytes } : null;
    },
    async open(key, options = {}) {
      const found = find(key, options.versionId);
      if (!found) return null;
      const bytes = found.bytes;
      return {
        info: copyInfo(found.info),
        stream: (async function* () {
          yield bytes;
        })(),
      };
    },
    async info(key) {
      const found = files.get(key);
      return found ? copyInfo(found.current.info) : null;
    },
    async setMeta(key, meta) {
      const found = files.get(key);
      if (!found) return null;
      found.current.info.meta = { ...found.current.info.meta, ...meta };
      return copyInfo(found.current.info);
    },
    async versions(key) {
      const found = files.get(key);
      return found ? [found.current, ...found.older].map((v) => toVersion(v.info)) : [];
    },
    async delete(key) {
      const deleted = files.delete(key);
      if (deleted) keepFolderOf(key);
      return deleted;
    },
    async list(prefix, recursive = false) {
      return [...files.values()]
        .map((f) => f.current.info)
        .filter((f) => f.key.startsWith(prefix) && (recursive || !f.key.slice(prefix.length).includes('/')))
        .sort(recursive ? byKey : byName)
        .map(copyInfo);
    },
    async copy(from, to, options = {}) {
      const found = files.get(from);
      if (!found) return null;
      const { bytes, info } = found.current;
      return store.put(to, bytes, info.contentType, { meta: info.meta, keepVersion: options.keepVersion });
    },
    async move(from, to) {
      checkKey(to);
      const source = files.get(from);
      if (!source) return null;
      if (from === to) return copyInfo(source.current.info);
      checkRoom(to);
      const target = files.get(to);
      const older = target
        ? [target.current, ...target.older, ...source.older].sort((a, b) =>
            newestFirst(a.info as FileVersion, b.info as FileVersion),
          )
        : source.older;
      files.set(to, { current: rekey(source.current, to), older: older.map((v) => rekey(v, to)) });
      files.delete(from);
      keepFolderOf(from);
      return copyInfo(files.get(to)?.current.info as StoredFile);
    },
    async copyFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      checkFolderRoom(to);
      const keys = [...files.keys()].filter((k) => k.startsWith(from));
      const folders = [...markers].filter((m) => m.startsWith(from));
      for (const key of keys) await store.copy(key, `${to}${key.slice(from.length)}`, { keepVersion: true });
      for (const marker of folders) markers.add(`${to}${marker.slice(from.length)}`);
      markers.add(to);
      return keys.length;
    },
    async moveFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      if (to.startsWith(from)) throw new AppError(400, 'files.badFolder');
      checkFolderRoom(to);
      const keys = [...files.keys()].filter((k) => k.startsWith(from));
      const folders = [...markers].filter((m) => m.startsWith(from));
      for (const key of keys) await store.move(key, `${to}${key.slice(from.length)}`);
      for (const marker of folders) {
        markers.delete(marker);
        markers.add(`${to}${marker.slice(from.length)}`);
      }
      for (const marker of [...markers]) if (marker.startsWith(from)) markers.delete(marker);
      markers.add(to);
      keepFolderOf(from.slice(0, -1));
      return keys.length;
    },
    async createFolder(prefix) {
      const p = checkPrefix(prefix);
      checkFolderRoom(p);
      markers.add(p);
    },
    async folders(prefix) {
      const p = asPrefix(prefix);
      const names = new Set<string>();
      for (const path of [...files.keys(), ...markers]) {
        if (!path.startsWith(p)) continue;
        const slash = path.indexOf('/', p.length);
        if (slash > p.length) names.add(path.slice(p.length, slash));
      }
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    async deleteFolder(prefix) {
      const p = asPrefix(prefix);
      let count = 0;
      for (const key of [...files.keys()]) if (key.startsWith(p) && files.delete(key)) count++;
      for (const marker of [...markers]) if (marker.startsWith(p)) markers.delete(marker);
      if (p !== '') keepFolderOf(p.slice(0, -1));
      return count;
    },
  };
  return store;
}

export { directoryBlobStore } from './directory-blob-store';

export { gridFsBlobStore } from './gridfs-blob-store';
