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
import { createWriteStream, type Dirent } from 'node:fs';
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
  legacyVersionId,
  limited,
  META_SUFFIX,
  nameOf,
  newestFirst,
  newVersionId,
  tooLarge,
  VERSIONS_DIR,
} from './blob-support';

const INCOMING = '.incoming';
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
    const current = options.keepVersion ? await readInfo(key) : null;
    if (current) await keepCurrent(key, current);
    await rename(temporary, file);
    await writeJson(`${file}${META_SUFFIX}`, info);
    return info;
  };
  const discard = (temporary: string) => rm(temporary, { force: true });

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
      return locked([key], async () => {
        const info = await readInfo(key);
        if (!info) return null;
        const next = { ...info, meta: { ...info.meta, ...meta } };
        await writeJson(`${fileOf(key)}${META_SUFFIX}`, next);
        return next;
      });
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
      return locked([key], async () => {
        const info = await readInfo(key);
        await rm(`${fileOf(key)}${META_SUFFIX}`, { force: true });
        await rm(fileOf(key), { force: true });
        await rm(versionsOf(key), { recursive: true, force: true });
        return info !== null;
      });
    },
    async list(prefix, recursive = false) {
      let entries: Dirent[];
      try {
        entries = await readdir(dirOf(prefix), { withFileTypes: true });
      } catch {
        return [];
      }
      const infos = await Promise.all(
        entries
          .filter((e) => e.isFile() && e.name.endsWith(META_SUFFIX))
          .map((e) => readInfo(`${prefix}${e.name.slice(0, -META_SUFFIX.length)}`)),
      );
      const here = infos.filter((i): i is StoredFile => i !== null).sort(recursive ? byKey : byName);
      if (!recursive) return here;
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
      return locked([from, to], async () => {
        const source = await readInfo(from);
        if (!source) return null;
        if (from === to) return source;
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
        return moved;
      });
    },
    async copyFolder(fromPrefix, toPrefix) {
      const from = checkPrefix(fromPrefix);
      const to = checkPrefix(toPrefix);
      const { keys, folders } = await walk(from);
      await mkdir(dirOf(to), { recursive: true });
      for (const folder of folders) await mkdir(dirOf(`${to}${folder.slice(from.length)}`), { recursive: true });
      let count = 0;
      for (const key of keys)
        if (await store.copy(key, `${to}${key.slice(from.length)}`, { keepVersion: true })) count++;
      return count;
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
        }
        return keys.length;
      }
      for (const folder of folders) await mkdir(dirOf(`${to}${folder.slice(from.length)}`), { recursive: true });
      let count = 0;
      for (const key of keys) if (await store.move(key, `${to}${key.slice(from.length)}`)) count++;
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
      return keys.length;
    },
  };
  return store;
}
