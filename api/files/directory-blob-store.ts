/**
 * The file store in a directory (DATA_DIR/files; the embedded default), contract.md §B (api/files/blob-store.ts).
 *
 * Layout under the root, for a key `1/projects/7/documents/Vault/GA-101.pdf`:
 * - `1/projects/7/documents/Vault/GA-101.pdf`: the current version's bytes;
 * - `…/Vault/GA-101.pdf.meta.json`: its sidecar, the StoredFile as JSON (with meta and versionId);
 * - `…/Vault/.versions/GA-101.pdf/<versionId>` and `<versionId>.meta.json`: each older version's bytes and
 *   information (list() and folders() never show `.versions`);
 * - `.incoming/<uuid>`: a file being written; renamed into place when complete (same file system, so the rename
 *   is atomic), removed when its source fails or passes its limit;
 * - a folder is a real directory, so an empty one exists until deleted.
 *
 * Writes to one key are serialised in this process (one server owns DATA_DIR). A crash between a file's bytes
 * and its sidecar (two renames) can leave the old information beside the new bytes, or a moved file's sidecar
 * behind; the bytes are never lost. A moveFolder onto a new name is one rename; onto an existing folder it
 * moves file by file: a failure half-way leaves the files moved so far in the target, the rest in the source
 * (nothing lost; the same move again finishes it).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../engine/errors';
import type { BlobStore, FileVersion, PutOptions, StoredFile } from './blob-store';
import {
  asPrefix,
  byKey,
  byName,
  checkKey,
  checkPrefix,
  FOLDER_BATCH,
  FOLDER_INDEX,
  inBatches,
  legacyVersionId,
  limited,
  META_SUFFIX,
  nameClash,
  nameOf,
  newestFirst,
  newVersionId,
  tooLarge,
  VERSIONS_DIR,
} from './blob-support';

const INCOMING = '.incoming';
const CLASHES = new Set(['EISDIR', 'ENOTDIR', 'EEXIST']);
const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Serialises async work per key (in this process): each key's work runs after the previous one settled. */
function keyLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const one = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
  /** Several keys, taken in sorted order so two callers never wait for each other. */
  return <T>(keys: string[], work: () => Promise<T>): Promise<T> =>
    [...new Set(keys)].sort().reduceRight<() => Promise<T>>((inner, key) => () => one(key, inner), work)();
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * A folder's listing kept for speed (issue 23: a 5,000-file folder lists in under 200 ms; reading 5,000 sidecars
 * takes about a second). The sidecars stay the truth; the listing lives in this process's memory and in the
 * folder's `.folder-index.json`, written shortly after the folder's changes settle. The rule that keeps the file
 * true across a crash: the first change to a folder after the file was written deletes it BEFORE touching any
 * sidecar, and it is written again only from memory when no change is under way; so a folder's index on disk
 * is either absent (the next list reads the sidecars and writes it) or matches its sidecars. One process owns
 * DATA_DIR (docs/store.md "Single process"), so memory is never behind the disk.
 */
interface FolderState {
  /** The current files by name, when loaded. */
  files: Map<string, StoredFile> | null;
  /** Whether `.folder-index.json` is on disk: false only when this process deleted it. */
  onDisk: boolean;
  /** Bumped at the start and at the end of every change. */
  generation: number;
  /** Changes under way. */
  active: number;
  /** Serialises deleting and writing the index file. */
  lock: Promise<unknown>;
  timer?: NodeJS.Timeout;
}

/** The clearing of each root's `.incoming` at the first write of this process. */
const clearedIncoming = new Map<string, Promise<unknown>>();

/** Folders' states of every directory store of this process, by absolute folder path. */
const folderStates = new Map<string, FolderState>();
/** Listings in memory at most (files, all folders together): about 0.5 KB each. */
const MAX_LISTED = 50_000;
/** Delay after a folder's last change before its index file is written, ms. */
const FLUSH_DELAY_MS = 250;
const SIDECAR_BATCH = 256;

function stateOf(dir: string): FolderState {
  let state = folderStates.get(dir);
  if (state) {
    // Most recently used last, so that evict() drops the oldest listings.
    folderStates.delete(dir);
  } else state = { files: null, onDisk: true, generation: 0, active: 0, lock: Promise.resolve() };
  folderStates.set(dir, state);
  return state;
}

function underFolderLock<T>(state: FolderState, work: () => Promise<T>): Promise<T> {
  const run = state.lock.then(work, work);
  state.lock = run.catch(() => undefined);
  return run;
}

/** Drops the oldest listings while more than MAX_LISTED files are in memory. */
function evict(): void {
  let total = 0;
  for (const state of folderStates.values()) total += state.files?.size ?? 0;
  for (const state of folderStates.values()) {
    if (total <= MAX_LISTED) return;
    if (state.files && state.active === 0) {
      total -= state.files.size;
      state.files = null;
    }
  }
}

/** Forgets the states of a folder and of every folder below it (after a rename or a removal of the tree). */
function forgetBelow(dir: string): void {
  for (const [key, state] of folderStates)
    if (key === dir || key.startsWith(`${dir}${path.sep}`)) {
      clearTimeout(state.timer);
      folderStates.delete(key);
    }
}

/**
 * Forgets every folder listing held in memory (the next list reads each folder's index file or sidecars), as
 * a restart would. For benchmarks and tests.
 */
export function forgetDirectoryListings(): void {
  for (const state of folderStates.values()) clearTimeout(state.timer);
  folderStates.clear();
}

/** Writes now every folder index file whose folder has settled (before a shutdown; for benchmarks and tests). */
export async function flushDirectoryIndexes(): Promise<void> {
  await Promise.all(
    [...folderStates].map(([dir, state]) => {
      clearTimeout(state.timer);
      return writeIndex(dir, state);
    }),
  );
}

async function writeIndex(dir: string, state: FolderState): Promise<void> {
  if (!state.files || state.active > 0 || state.onDisk) return;
  const seen = state.generation;
  const file = path.join(dir, FOLDER_INDEX);
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(
      temporary,
      JSON.stringify({ files: [...state.files.values()].map(({ key: _key, ...rest }) => rest) }),
    );
    await underFolderLock(state, async () => {
      // A change started or ended since the snapshot: the file would be behind; the change schedules another.
      if (state.generation !== seen || state.active > 0) throw new Error('changed');
      await rename(temporary, file);
      state.onDisk = true;
    });
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

function scheduleIndex(dir: string, state: FolderState): void {
  clearTimeout(state.timer);
  if (!state.files) return;
  state.timer = setTimeout(() => void writeIndex(dir, state), FLUSH_DELAY_MS);
  state.timer.unref?.();
}

/** Reads a folder's index file; null when absent or unreadable. */
async function readIndex(dir: string, prefix: string): Promise<Map<string, StoredFile> | null> {
  try {
    const { files } = JSON.parse(await readFile(path.join(dir, FOLDER_INDEX), 'utf8')) as {
      files: Omit<StoredFile, 'key'>[];
    };
    return new Map(files.map((f) => [f.name, { ...f, key: `${prefix}${f.name}` }]));
  } catch {
    return null;
  }
}

/** Files under a directory (DATA_DIR/files). */
export function directoryBlobStore(root: string): BlobStore {
  const locked = keyLocks();
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const dirOf = (prefix: string) => path.join(root, ...prefix.split('/').filter((s) => s !== ''));
  const versionsOf = (key: string) => path.join(path.dirname(fileOf(key)), VERSIONS_DIR, nameOf(key));
  const incoming = path.join(root, INCOMING);

  const withKey = (info: StoredFile, key: string): StoredFile => ({
    ...info,
    key,
    name: nameOf(key),
    versionId: info.versionId ?? legacyVersionId(info.modified),
  });
  const readJson = async (file: string): Promise<StoredFile | null> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as StoredFile;
    } catch {
      return null;
    }
  };
  const readInfo = async (key: string): Promise<StoredFile | null> => {
    const info = await readJson(`${fileOf(key)}${META_SUFFIX}`);
    return info && withKey(info, key);
  };
  /** Writes JSON through a temporary file and a rename, so a reader never sees half of it. */
  const writeJson = async (file: string, value: unknown) => {
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, file);
  };
  const newTemporary = async () => {
    // Files left half-written by a crash: removed before the first write of this process (which owns root).
    let cleared = clearedIncoming.get(incoming);
    if (!cleared) {
      cleared = rm(incoming, { recursive: true, force: true }).catch(() => undefined);
      clearedIncoming.set(incoming, cleared);
    }
    await cleared;
    await mkdir(incoming, { recursive: true });
    return path.join(incoming, randomUUID());
  };
  /** The information and the bytes' path of the current version or of `versionId`; null when none. */
  const locate = async (key: string, versionId?: string): Promise<{ info: StoredFile; file: string } | null> => {
    const current = await readInfo(key);
    if (!current) return null;
    if (versionId === undefined || versionId === current.versionId) return { info: current, file: fileOf(key) };
    if (!VERSION_ID.test(versionId)) return null;
    const file = path.join(versionsOf(key), versionId);
    const info = await readJson(`${file}${META_SUFFIX}`);
    return info ? { info: withKey(info, key), file } : null;
  };
  /** Keeps the current version of `key` (if any) as an older version; the current bytes stay in place. */
  const keepCurrent = async (key: string, current: StoredFile) => {
    const dir = versionsOf(key);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, current.versionId as string);
    await rm(file, { force: true });
    await link(fileOf(key), file).catch(() => copyFile(fileOf(key), file));
    await writeJson(`${file}${META_SUFFIX}`, current);
  };
  /** Puts a complete temporary file in place as the new current version of `key`. Call under the key's lock. */
  const commit = async (
    key: string,
    temporary: string,
    size: number,
    contentType: string,
    options: PutOptions,
  ): Promise<StoredFile> => {
    const info: StoredFile = {
      key,
      name: nameOf(key),
      size,
      contentType,
      modified: new Date().toISOString(),
      versionId: newVersionId(),
    };
    if (options.meta) info.meta = { ...options.meta };
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    return change([key], async () => {
      const current = options.keepVersion ? await readInfo(key) : null;
      if (current) await keepCurrent(key, current);
      await rename(temporary, file);
      await writeJson(`${file}${META_SUFFIX}`, info);
      return { result: info, updates: [{ key, info }] };
    });
  };
  const discard = (temporary: string) => rm(temporary, { force: true });

  /** A change of one file's listing entry: its new information, or null when it is gone. */
  type Update = { key: string; info: StoredFile | null };
  const folderDirOf = (key: string) => path.dirname(fileOf(key));
  /**
   * Runs a change of the files of the folders holding `keys` (see FolderState): loads each folder's listing from
   * its index file when it is on disk and not yet in memory, deletes the index file, then runs `work` and applies
   * its updates to the listings in memory. A failed change drops those listings (the next list reads the disk).
   */
  const change = async <T>(keys: string[], work: () => Promise<{ result: T; updates: Update[] }>): Promise<T> => {
    const folders = [...new Map(keys.map((k) => [folderDirOf(k), k.slice(0, k.lastIndexOf('/') + 1)])).entries()];
    const states = folders.map(([dir]) => stateOf(dir));
    for (const state of states) {
      state.active++;
      state.generation++;
    }
    try {
      for (const [i, [dir, prefix]] of folders.entries()) {
        const state = states[i];
        await underFolderLock(state, async () => {
          if (!state.onDisk) return;
          // The index on disk matches the sidecars (no change touched them since it was written): keep it in memory.
          state.files ??= await readIndex(dir, prefix);
          await rm(path.join(dir, FOLDER_INDEX), { force: true });
          state.onDisk = false;
        });
      }
      const { result, updates } = await work();
      for (const { key, info } of updates) {
        const files = folderStates.get(folderDirOf(key))?.files;
        if (!files) continue;
        if (info) files.set(info.name, info);
        else files.delete(nameOf(key));
      }
      return result;
    } catch (error) {
      for (const state of states) state.files = null;
      throw error;
    } finally {
      for (const [i, [dir]] of folders.entries()) {
        states[i].active--;
        states[i].generation++;
        scheduleIndex(dir, states[i]);
      }
      evict();
    }
  };
  /** A folder's sidecars, read in batches (synchronous reads in a batch are several times faster here). */
  const readSidecars = async (dir: string, prefix: string): Promise<Map<string, StoredFile> | null> => {
    let names: string[];
    try {
      names = (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile() && e.name.endsWith(META_SUFFIX))
        .map((e) => e.name);
    } catch {
      return null;
    }
    const files = new Map<string, StoredFile>();
    for (let i = 0; i < names.length; i += SIDECAR_BATCH) {
      for (const sidecar of names.slice(i, i + SIDECAR_BATCH)) {
        try {
          const name = sidecar.slice(0, -META_SUFFIX.length);
          files.set(
            name,
            withKey(JSON.parse(readFileSync(path.join(dir, sidecar), 'utf8')) as StoredFile, `${prefix}${name}`),
          );
        } catch {
          // A sidecar deleted or being replaced meanwhile: the file is not listed.
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return files;
  };
  /** The current files directly in a folder: from memory, else its index file, else its sidecars. */
  const listing = async (prefix: string): Promise<StoredFile[]> => {
    const dir = dirOf(prefix);
    const state = stateOf(dir);
    if (state.files) return [...state.files.values()];
    const seen = state.generation;
    const quiet = state.active === 0;
    let files = state.onDisk ? await readIndex(dir, prefix) : null;
    const fromIndex = files !== null;
    files ??= await readSidecars(dir, prefix);
    if (!files) {
      if (state.active === 0 && !state.files) folderStates.delete(dir);
      return [];
    }
    // Kept only when no change ran meanwhile (it might be missing from what was read).
    if (quiet && state.active === 0 && state.generation === seen && !state.files) {
      state.files = files;
      if (!fromIndex) {
        state.onDisk = false;
        scheduleIndex(dir, state);
      }
      evict();
    }
    return [...files.values()];
  };

  /** Every file key and every folder prefix below `prefix` (not `.versions`), depth first. */
  const walk = async (prefix: string): Promise<{ keys: string[]; folders: string[] }> => {
    const keys: string[] = [];
    const folders: string[] = [];
    const visit = async (p: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(dirOf(p), { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.isDirectory()) {
          if (entry.name === VERSIONS_DIR || (p === '' && entry.name === INCOMING)) continue;
          folders.push(`${p}${entry.name}/`);
          await visit(`${p}${entry.name}/`);
        } else if (entry.name.endsWith(META_SUFFIX)) {
          keys.push(`${p}${entry.name.slice(0, -META_SUFFIX.length)}`);
        }
      }
    };
    await visit(prefix);
    return { keys, folders };
  };

  const store: BlobStore = {
    async put(key, bytes, contentType, options = {}) {
      checkKey(key);
      if (options.maxBytes !== undefined && bytes.byteLength > options.maxBytes) throw tooLarge(key, options.maxBytes);
      const temporary = await newTemporary();
      try {
        await writeFile(temporary, bytes);
        return await locked([key], () => commit(key, temporary, bytes.byteLength, contentType, options));
      } finally {
        await discard(temporary);
      }
    },
    async putStream(key, source, contentType, options = {}) {
      checkKey(key);
      const temporary = await newTemporary();
      try {
        let size = 0;
        const counted = async function* () {
          for await (const chunk of limited(key, source, options.maxBytes)) {
            size += chunk.byteLength;
            yield chunk;
          }
        };
        await pipeline(Readable.from(counted()), createWriteStream(temporary));
        return await locked([key], () => commit(key, temporary, size, contentType, options));
      } finally {
        await discard(temporary);
      }
    },
    async get(key, options = {}) {
      const found = await locate(key, options.versionId);
      if (!found) return null;
      try {
        return { info: found.info, bytes: await readFile(found.file) };
      } catch {
        return null;
      }
    },
    async open(key, options = {}) {
      const found = await locate(key, options.versionId);
      if (!found) return null;
      // Opened now: a replace or a move after this reads on from the same bytes.
      const handle = await open(found.file, 'r').catch(() => null);
      if (!handle) return null;
      return { info: found.info, stream: handle.createReadStream() };
    },
    info: readInfo,
    async setMeta(key, meta) {
      return locked([key], () =>
        change([key], async () => {
          const info = await readInfo(key);
          if (!info) return { result: null, updates: [] };
          const next = { ...info, meta: { ...info.meta, ...meta } };
          await writeJson(`${fileOf(key)}${META_SUFFIX}`, next);
          return { result: next, updates: [{ key, info: next }] };
        }),
      );
    },
    async versions(key) {
      const current = await readInfo(key);
      if (!current) return [];
      let names: string[] = [];
      try {
        names = await readdir(versionsOf(key));
      } catch {
        names = [];
      }
      const older = await Promise.all(
        names
          .filter((n) => n.endsWith(META_SUFFIX) && VERSION_ID.test(n.slice(0, -META_SUFFIX.length)))
          .map((n) => readJson(path.join(versionsOf(key), n))),
      );
      const toVersion = ({ versionId, size, contentType, modified, meta }: StoredFile): FileVersion =>
        meta
          ? { versionId: versionId as string, size, contentType, modified, meta }
          : { versionId: versionId as string, size, contentType, modified };
      return [
        toVersion(current),
        ...older
          .filter((v): v is StoredFile => v !== null && v.versionId !== current.versionId)
          .map(toVersion)
          .sort(newestFirst),
      ];
    },
    async delete(key) {
      return locked([key], () =>
        change([key], async () => {
          const info = await readInfo(key);
          await rm(`${fileOf(key)}${META_SUFFIX}`, { force: true });
          await rm(fileOf(key), { force: true });
          await rm(versionsOf(key), { recursive: true, force: true });
          return { result: info !== null, updates: [{ key, info: null }] };
        }),
      );
    },
    async list(prefix, recursive = false) {
      const here = (await listing(prefix)).map((f) => (f.meta ? { ...f, meta: { ...f.meta } } : { ...f }));
      here.sort(recursive ? byKey : byName);
      if (!recursive) return here;
      let entries: Dirent[];
      try {
        entries = await readdir(dirOf(prefix), { withFileTypes: true });
      } catch {
        return here;
      }
      const folders = entries
        .filter((e) => e.isDirectory() && e.name !== VERSIONS_DIR && !(prefix === '' && e.name === INCOMING))
        .map((e) => e.name);
      const below = await Promise.all(folders.map((name) => store.list(`${prefix}${name}/`, true)));
      return [...here, ...below.flat()].sort(byKey);
    },
    async copy(from, to, options = {}) {
      checkKey(to);
      const found = await locate(from);
      if (!found) return null;
      const temporary = await newTemporary();
      try {
        await copyFile(found.file, temporary);
        return await locked([to], () =>
          commit(to, temporary, found.info.size, found.info.contentType, {
            meta: found.info.meta,
            keepVersion: options.keepVersion,
          }),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      } finally {
        await discard(temporary);
      }
    },
    async move(from, to) {
      checkKey(to);
      return locked([from, to], () =>
        change([from, to], async (): Promise<{ result: StoredFile | null; updates: Update[] }> => {
          const source = await readInfo(from);
          if (!source) return { result: null, updates: [] };
          if (from === to) return { result: source, updates: [] };
          const target = await readInfo(to);
          await mkdir(path.dirname(fileOf(to)), { recursive: true });
          if (target) await keepCurrent(to, target);
          // The older versions: the whole folder in one rename when the target has none, else one by one.
          const fromVersions = versionsOf(from);
          const toVersions = versionsOf(to);
          let names: string[] = [];
          try {
            names = await readdir(fromVersions);
          } catch {
            names = [];
          }
          if (names.length > 0) {
            if (!target) {
              await mkdir(path.dirname(toVersions), { recursive: true });
              await rm(toVersions, { recursive: true, force: true });
              await rename(fromVersions, toVersions);
            } else {
              for (const name of names) await rename(path.join(fromVersions, name), path.join(toVersions, name));
              await rm(fromVersions, { recursive: true, force: true });
            }
          }
          const moved = withKey(source, to);
          await rename(fileOf(from), fileOf(to));
          await writeJson(`${fileOf(to)}${META_SUFFIX}`, moved);
          await rm(`${fileOf(from)}${META_SUFFIX}`, { force: true });
          return {
            result: moved,
            updates: [
              { key: from, info: null },
              { key: to, info: moved },
            ],
          };
        }),
      );
    },
    async copyFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      const { keys, folders } = await walk(from);
      await mkdir(dirOf(to), { recursive: true });
      for (const folder of folders) await mkdir(dirOf(`${to}${folder.slice(from.length)}`), { recursive: true });
      return inBatches(keys, FOLDER_BATCH, (key) =>
        store.copy(key, `${to}${key.slice(from.length)}`, { keepVersion: true }),
      );
    },
    async moveFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      if (to.startsWith(from)) throw new AppError(400, 'files.badFolder');
      const { keys, folders } = await walk(from);
      const exists = await readdir(dirOf(to)).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // One atomic rename moves the whole tree, versions and empty folders included.
        await mkdir(path.dirname(dirOf(to)), { recursive: true });
        try {
          await rename(dirOf(from), dirOf(to));
        } catch (error) {
          if (isMissing(error)) return 0;
          throw error;
        } finally {
          // The index files moved along (they hold names, not keys); the listings in memory are dropped.
          forgetBelow(dirOf(from));
          forgetBelow(dirOf(to));
        }
        return keys.length;
      }
      for (const folder of folders) await mkdir(dirOf(`${to}${folder.slice(from.length)}`), { recursive: true });
      const count = await inBatches(keys, FOLDER_BATCH, (key) => store.move(key, `${to}${key.slice(from.length)}`));
      // What is left are emptied directories (and emptied `.versions`): nothing of the user's.
      const { keys: left } = await walk(from);
      if (left.length === 0) await rm(dirOf(from), { recursive: true, force: true });
      return count;
    },
    async createFolder(prefix) {
      const p = checkPrefix(prefix);
      await mkdir(dirOf(p), { recursive: true });
    },
    async folders(prefix) {
      const p = asPrefix(prefix);
      try {
        const entries = await readdir(dirOf(p), { withFileTypes: true });
        return entries
          .filter((e) => e.isDirectory() && e.name !== VERSIONS_DIR && !(p === '' && e.name === INCOMING))
          .map((e) => e.name)
          .sort((a, b) => a.localeCompare(b));
      } catch {
        return [];
      }
    },
    async deleteFolder(prefix) {
      const p = asPrefix(prefix);
      const { keys } = await walk(p);
      if (p === '') {
        for (const name of await readdir(root).catch(() => [] as string[]))
          await rm(path.join(root, name), { recursive: true, force: true });
      } else await rm(dirOf(p), { recursive: true, force: true });
      forgetBelow(dirOf(p));
      return keys.length;
    },
  };
  // A file where a folder is, or a folder where a file is, fails in the file system (EISDIR, ENOTDIR, EEXIST):
  // refused as 409 files.nameClash, as the other stores do.
  const target = {
    put: (key: string) => key,
    putStream: (key: string) => key,
    copy: (_from: string, to: string) => to,
    move: (_from: string, to: string) => to,
    copyFolder: (_from: string, to: string) => to,
    moveFolder: (_from: string, to: string) => to,
    createFolder: (prefix: string) => prefix,
  } as const;
  for (const [method, nameOfTarget] of Object.entries(target)) {
    const call = store[method as keyof typeof target] as (...args: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        if (CLASHES.has((error as NodeJS.ErrnoException)?.code ?? ''))
          throw nameClash((nameOfTarget as (...a: unknown[]) => string)(...args));
        throw error;
      }
    };
  }
  return store;
}
