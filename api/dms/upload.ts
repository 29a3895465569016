/**
 * Receiving DMS uploads (issue 23 "Speed" and "Bad input and faults"; contract.md §C POST ?folder=, PUT /replace;
 * docs/documents.md "DMS calls"): the multipart body is parsed by busboy as it arrives and each file flows into the
 * file store's `putStream` under a STAGING key (`{clientId}/.dms-staging/{uuid}/{n}`, a name no DMS path can reach:
 * api/dms/paths.ts refuses segments starting with '.'); no file is ever held whole. Only when the whole request has
 * arrived does the caller decide (duplicates, replace) and move the staged files into place, so a request cut off
 * half way, a file over the limit or a refused upload leaves no file and no revision: every staged file is deleted.
 *
 * A file's content type is read from its first bytes (file-type), never from its name: a known signature gives its
 * type; bytes with none are text/plain when they decode as UTF-8 without control characters, else
 * application/octet-stream (stored, and always served as an attachment). Executables are refused (415).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../engine/errors';
import type { BlobStore, StoredFile } from '../files/blob-store';
import { clientKey } from '../files/paths';
import type { OperationContext } from '../resources/context';

/** Largest DMS file, bytes (500 MiB: a drawing set's PDF or an IFC model). */
export const DMS_MAX_FILE_BYTES = 500 * 1024 * 1024;
/** Largest DMS upload request, bytes (2 GiB: an Upload Folder of many files in one request). */
export const DMS_MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
/** Most files in one upload request. */
export const DMS_MAX_FILES = 1000;
/** How many first bytes the type is read from (file-type's sample size). */
const SNIFF_BYTES = 4100;

/** Types never stored: programs a browser or desktop would run. */
const REFUSED_TYPES = new Set([
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
]);

/**
 * Files an upload skips: names ending in .ignore (administration-data.md §5 "DMS"), and the folder litter of desktop
 * systems an Upload Folder brings along (.DS_Store, macOS '._' resource forks, Thumbs.db, desktop.ini), which
 * would otherwise refuse the whole upload (a name starting with '.' is not a DMS name).
 */
export function isSkipped(fileName: string): boolean {
  const last = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  return /\.ignore$/i.test(fileName) || /^(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(last) || last.startsWith('._');
}

/** A file of the request, staged in the store. */
export interface StagedFile {
  /** The name as the browser sent it: may carry a sub-path for Upload Folder ('GA/GA-101.pdf'). */
  name: string;
  /** The staging key in the store. */
  key: string;
  info: StoredFile;
}

/** What a multipart request carried. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  files: StagedFile[];
  /** Names skipped (ending in .ignore). */
  skipped: string[];
  /** Deletes every staged file (after a refusal, or once the files are moved into place: a no-op for moved ones). */
  discard(): Promise<void>;
}

/** How long a staged upload may stay before an upload sweeps it away: a day (a server stopped mid-upload). */
export const STAGING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the staged uploads of a client older than STAGING_MAX_AGE_MS (left by a server stopped in the middle of an
 * upload; a finished or refused upload deletes its own). Run at the start of each upload: staging holds only the
 * uploads in flight, so this is a short listing.
 * @returns how many staged uploads were deleted
 */
export async function sweepStaging(store: BlobStore, clientId: number, now: Date): Promise<number> {
  const root = clientKey(clientId, '.dms-staging/');
  const staged = await store.list(root, true);
  const newest = new Map<string, number>();
  for (const file of staged) {
    const folder = file.key.slice(0, file.key.indexOf('/', root.length) + 1);
    newest.set(folder, Math.max(newest.get(folder) ?? 0, Date.parse(file.modified)));
  }
  let swept = 0;
  for (const [folder, modified] of newest)
    if (now.getTime() - modified > STAGING_MAX_AGE_MS) {
      await store.deleteFolder(folder);
      swept += 1;
    }
  return swept;
}

/**
 * The content type of a file from its first bytes (see the module comment).
 * @throws AppError 415 files.typeNotAllowed for an executable
 */
export async function typeOfBytes(head: Uint8Array): Promise<string> {
  const found = (await fileTypeFromBuffer(head))?.mime as string | undefined;
  if (found) {
    if (REFUSED_TYPES.has(found)) throw new AppError(415, 'files.typeNotAllowed');
    return found;
  }
  try {
    // stream: true, so a character cut at the end of the sample is not a decoding error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: text with control characters is binary
    if (!/[\u0000-\u0008\u000E-\u001F]/.test(text)) return 'text/plain';
  } catch {
    // not UTF-8: binary
  }
  return 'application/octet-stream';
}

/**
 * Streams the multipart files of the request (fields `fileFields`, each repeatable) into staging, with the text fields;
 * each staged file gets `meta` and a new `fileId`.
 * @throws AppError 415 not multipart or an executable, 400 files.noFiles (no file at all), 413 files.tooLarge (a file
 *   over `maxFileBytes`), 400 dms.tooManyFiles; a broken body rejects; in every case nothing staged is left
 */
export async function receiveUpload(
  context: OperationContext,
  clientId: number,
  fileFields: readonly string[],
  meta: Record<string, string>,
  maxFileBytes = DMS_MAX_FILE_BYTES,
): Promise<ReceivedUpload> {
  const contentType = context.http.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError(415, 'security.unsupportedMediaType');
  const body = context.http.req.raw.body;
  if (!body) throw new AppError(400, 'files.noFiles');
  const store = context.store.files;
  await sweepStaging(store, clientId, context.now);
  const staging = clientKey(clientId, `.dms-staging/${randomUUID()}/`);
  const files: StagedFile[] = [];
  const skipped: string[] = [];
  const fields: Record<string, string> = {};
  const discard = async () => {
    await store.deleteFolder(staging);
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      preservePath: true,
      defParamCharset: 'utf8',
      limits: { files: DMS_MAX_FILES + 1, fields: 50, fieldSize: 10_000 },
    });
  } catch {
    throw new AppError(400, 'validation.badRequest');
  }
  const tasks: Promise<void>[] = [];
  let failure: unknown;
  let count = 0;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const fileName = info.filename ?? '';
      const ours = fileFields.includes(name);
      const skip = isSkipped(fileName);
      if (failure !== undefined || !ours || fileName === '' || skip) {
        if (ours && skip) skipped.push(fileName);
        stream.resume();
        return;
      }
      count += 1;
      if (count > DMS_MAX_FILES) {
        failure = new AppError(400, 'dms.tooManyFiles', { limit: DMS_MAX_FILES });
        stream.resume();
        return;
      }
      const key = `${staging}${count}`;
      tasks.push(
        stageOne(key, fileName, stream, maxFileBytes).then(
          (info) => {
            files.push({ name: fileName, key, info });
          },
          (error) => {
            failure ??= error;
            stream.resume();
          },
        ),
      );
    });
    parser.on('filesLimit', () => {
      failure ??= new AppError(400, 'dms.tooManyFiles', { limit: DMS_MAX_FILES });
    });
    // A malformed body (busboy's parse error) or a body cut off: 400, nothing kept.
    parser.on('error', (error) =>
      reject(error instanceof AppError ? error : new AppError(400, 'validation.badRequest')),
    );
    parser.on('close', () => resolve());
  });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  async function stageOne(key: string, fileName: string, stream: Readable, limit: number): Promise<StoredFile> {
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.byteLength;
    }
    const first = Buffer.concat(head);
    const type = await typeOfBytes(first.subarray(0, SNIFF_BYTES));
    let total = 0;
    const tooLarge = () =>
      new AppError(413, 'files.tooLarge', {
        name: fileName.slice(fileName.lastIndexOf('/') + 1),
        limit: limit / 1024 / 1024,
      });
    async function* bytes(): AsyncIterable<Uint8Array> {
      total += first.byteLength;
      if (total > limit) throw tooLarge();
      if (first.byteLength > 0) yield first;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        total += next.value.byteLength;
        if (total > limit) throw tooLarge();
        yield next.value;
      }
    }
    // A stream busboy cut (a truncated body) ends early with `truncated`, or errors: either way no staged file.
    const stored = await store.putStream(key, bytes(), type, {
      maxBytes: limit,
      meta: { ...meta, fileId: randomUUID() },
    });
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    return stored;
  }

  try {
    await done;
    await Promise.all(tasks);
    if (failure !== undefined) throw failure;
    if (files.length === 0 && skipped.length === 0) throw new AppError(400, 'files.noFiles');
  } catch (error) {
    source.unpipe(parser);
    source.destroy();
    await Promise.allSettled(tasks);
    await discard();
    throw error;
  }
  // Busboy reports files in the order they came; the tasks may finish in another.
  files.sort((a, b) => Number(a.key.slice(staging.length)) - Number(b.key.slice(staging.length)));
  return { fields, files, skipped, discard };
}
