/**
 * Resumable uploads of the offline pages (issue 26 §4 "Photos upload resumably"; contract-26 §2 "tus", "tus
 * metadata"; docs/offline.md "Files"): the tus 1.0 protocol with creation, termination and expiration, served by
 * @tus/server's web-standard handler behind the catalogue operations `offlineUploads.*` (create: POST
 * /api/offline/uploads; offset: HEAD, append: PATCH, terminate: DELETE /api/offline/uploads/{uploadId}).
 *
 * What the app checks before tus sees a request (the catalogue's session → tenant pipeline ran already):
 * - create: the Upload-Metadata (projectId, formArea quality-assurance | health-and-safety, folder, filename,
 *   filetype, fileId), Edit on the form area of the project as entries.submit asks it (another client's project
 *   404, no Edit 403), folder and name through api/files/paths.ts, Upload-Length 1 to MAX_FILE_BYTES (413
 *   files.tooLarge). The upload keeps the caller's clientId and userId in its tus metadata.
 * - offset, append, terminate: the upload is the caller's (same client and user); any other id answers 404,
 *   as one that never existed (no existence signal).
 * On the last chunk the type is read from the bytes (415 files.typeNotAllowed and nothing kept when it is not
 * allowed), the bytes are streamed into the client's file store at `<folder>/<filename>` (fileKey) with meta
 * `offline: 'true'` (files.deleteFolder leaves them: their entry is still to sync) and `fileId`, the tus file is
 * deleted, and the answer carries `Upload-File: <folder>/<filename>`. Writing the same path again replaces the
 * file without keeping a version, so a repeated upload keeps one file. Unfinished uploads expire 24 hours after
 * creation and are removed hourly.
 *
 * Upload data lives in a folder of its own (DATA_DIR/offline-uploads from api/server.ts: an upload survives a
 * restart; a fresh temporary folder by default), never in the store's files.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../engine/errors';
import { can } from '../../engine/rules/access';
import { operationQuestion } from '../../engine/rules/operation-access';
import type { BlobStore } from '../files/blob-store';
import { checkFileName, checkFolder, fileKey, isFormDocumentPath, MAX_FILE_BYTES, sniffType } from '../files/paths';
import { accessSubject } from '../middleware/session';
import { requestProject } from '../operations/projects';
import type { OperationContext } from '../resources/context';

/** The tus endpoint (the create operation's path; an upload's URL is this plus `/<uploadId>`). */
export const OFFLINE_UPLOADS_PATH = '/api/offline/uploads';

/** How long an unfinished upload is kept after its creation, milliseconds (24 hours). */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;

/** How often expired uploads are removed, milliseconds (hourly). */
const CLEAN_UP_EVERY_MS = 3600_000;

/** The form areas whose entries the offline pages fill (contract-26 §2 "tus metadata"). */
const OFFLINE_FORM_AREAS = new Set(['quality-assurance', 'health-and-safety']);

/** tus's default upload ids: 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The device's id of a file (a UUID, v7 from the device). */
const FILE_ID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

const UPLOAD_PATH = /^\/api\/offline\/uploads\/[^/]+$/;

/** True for an upload's path (`/api/offline/uploads/<id>`): its PATCH carries application/offset+octet-stream. */
export function isOfflineUploadPath(requestPath: string): boolean {
  return UPLOAD_PATH.test(requestPath);
}

/** The metadata of an offline upload once checked (contract-26 §2), plus who made it. */
export interface OfflineUploadMetadata {
  projectId: number;
  formArea: string;
  /** Client-relative folder, normalised by checkFolder. */
  folder: string;
  /** File name, normalised by checkFileName. */
  filename: string;
  fileId: string;
  /** The type the device says it is (the stored type is read from the bytes). */
  filetype: string;
}

/** The caller of a request tus is handling: what its hooks need and the catalogue error they raised. */
interface Caller {
  clientId: number;
  userId: number;
  files: BlobStore;
  metadata?: OfflineUploadMetadata;
  error?: AppError;
}

/** The tus server of an app and what the catalogue handlers call. */
export interface OfflineUploads {
  /** Folder of the unfinished uploads (bytes and a JSON sidecar each). */
  readonly directory: string;
  /** Answers a tus request of the `offlineUploads.*` operations (see the module comment). */
  handle(context: OperationContext): Promise<Response>;
  /** Removes unfinished uploads past their expiry; how many. */
  cleanUp(): Promise<number>;
  /** Stops the hourly clean-up. */
  close(): void;
}

/** A tus hook's refusal: tus answers status_code with body; the handler then answers the catalogue error. */
function refusal(caller: Caller | undefined, error: unknown): { status_code: number; body: string } {
  const appError = error instanceof AppError ? error : new AppError(500, 'common.serverError');
  if (!(error instanceof AppError)) console.error('Offline upload failed', error);
  if (caller) caller.error = appError;
  return { status_code: appError.status, body: `${appError.messageId}\n` };
}

/** Reads and checks the Upload-Metadata of a creation. @throws AppError 400 */
export function readUploadMetadata(header: string | undefined): OfflineUploadMetadata {
  let raw: Record<string, string | null>;
  try {
    raw = Metadata.parse(header);
  } catch {
    throw new AppError(400, 'offlineFiles.badMetadata');
  }
  const { projectId, formArea, folder, filename, fileId, filetype } = raw;
  if (!projectId || !/^[1-9]\d{0,8}$/.test(projectId) || !formArea || !folder || !filename || !fileId)
    throw new AppError(400, 'offlineFiles.badMetadata');
  if (!FILE_ID.test(fileId)) throw new AppError(400, 'offlineFiles.badMetadata');
  if (!OFFLINE_FORM_AREAS.has(formArea)) throw new AppError(400, 'offlineFiles.badFormArea');
  return {
    projectId: Number(projectId),
    formArea,
    folder: checkFolder(folder),
    filename: checkFileName(filename),
    fileId,
    filetype: filetype ?? '',
  };
}

/**
 * Edit on the form area of the project, asked as entries.submit's catalogue question asks it (`can` edit
 * `{formArea}` of `projectId`). @throws AppError 404 another client's or no such project, 403 auth.forbidden
 */
async function requireEdit(context: OperationContext, metadata: OfflineUploadMetadata): Promise<void> {
  const asked = operationQuestion(
    { action: 'edit', area: '{formArea}', project: 'projectId' },
    { projectId: metadata.projectId, formArea: metadata.formArea },
  );
  if (asked === 'notFound' || asked === 'unknown') throw new AppError(404, 'notFound.generic');
  await requestProject(context.http, metadata.projectId);
  const user = context.user;
  if (!user || !can(accessSubject(user, context.clientId), asked.action, asked.target))
    throw new AppError(403, 'auth.forbidden');
}

/**
 * The type of a finished upload read from its bytes: file-type reads the first 64 KiB; bytes it does not know
 * are read whole (at most MAX_FILE_BYTES) for the plain text check of sniffType.
 * @throws AppError 415 files.typeNotAllowed
 */
async function typeOfFile(file: string, size: number): Promise<string> {
  const handle = await open(file, 'r');
  let head: Uint8Array;
  try {
    const buffer = Buffer.alloc(Math.min(size, 64 * 1024));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const known = await fileTypeFromBuffer(head);
  return sniffType(known || head.byteLength >= size ? head : await readFile(file));
}

/** The tus server of an app, made at its first use (most apps of the tests never upload). */
interface Running {
  datastore: FileStore;
  server: Server;
  timer: ReturnType<typeof setInterval>;
}

/**
 * The offline uploads of an app: a tus server over a FileStore in `directory` (default: a fresh folder of the
 * OS's temp folder, for in-process tests), made with its folder and hourly clean-up at the first request or
 * `cleanUp()`.
 */
export function createOfflineUploads(
  directory = path.join(tmpdir(), `site-forms-offline-uploads-${randomUUID()}`),
): OfflineUploads {
  const callers = new WeakMap<Request, Caller>();
  /** PATCH requests in flight, by upload id: an upload with all its bytes and one of them is being stored. */
  const appending = new Map<string, number>();
  let running: Running | null = null;
  const start = (): Running => {
    if (!running) running = startServer();
    return running;
  };
  const startServer = (): Running => {
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    const server = new Server({
      path: OFFLINE_UPLOADS_PATH,
      datastore,
      relativeLocation: true,
      maxSize: MAX_FILE_BYTES,
      // Same-origin only: no Access-Control-Allow-Origin is sent.
      allowedOrigins: [],
      async onUploadCreate(req) {
        const caller = callers.get(req);
        if (!caller?.metadata) throw refusal(caller, new AppError(500, 'common.serverError'));
        const { metadata } = caller;
        // What the hooks of later requests trust: the checked values and the owner, never the device's own keys.
        return {
          metadata: {
            projectId: String(metadata.projectId),
            formArea: metadata.formArea,
            folder: metadata.folder,
            filename: metadata.filename,
            fileId: metadata.fileId,
            filetype: metadata.filetype,
            clientId: String(caller.clientId),
            userId: String(caller.userId),
          },
        };
      },
      async onUploadFinish(req, upload) {
        const caller = callers.get(req);
        const file = path.join(directory, upload.id);
        try {
          const meta = upload.metadata ?? {};
          if (!caller || !meta.folder || !meta.filename) throw new AppError(500, 'common.serverError');
          const relative = `${meta.folder}/${meta.filename}`;
          const size = upload.size ?? upload.offset;
          const contentType = await typeOfFile(file, size);
          await caller.files.putStream(fileKey(caller.clientId, relative), createReadStream(file), contentType, {
            maxBytes: MAX_FILE_BYTES,
            meta: { offline: 'true', fileId: meta.fileId ?? '', uploadedBy: String(caller.userId) },
          });
          return { headers: { 'Upload-File': relative } };
        } catch (error) {
          throw refusal(caller, error);
        } finally {
          // Stored or refused, the upload is done: a repeat of its last PATCH finds nothing (404) and a resume
          // from its URL starts a new upload of the same path, which replaces the file (one file either way).
          await datastore.remove(upload.id).catch(() => undefined);
        }
      },
    });

    const timer = setInterval(() => {
      server.cleanUpExpiredUploads().catch((error) => console.error('Offline uploads clean-up failed', error));
    }, CLEAN_UP_EVERY_MS);
    timer.unref();
    return { datastore, server, timer };
  };

  /** The caller's upload, by the id of the path: 404 for a malformed id, another client's or user's, or none. */
  const ownUpload = async (
    datastore: FileStore,
    context: OperationContext,
    clientId: number,
    userId: number,
  ): Promise<Upload> => {
    const uploadId = String((context.params as { uploadId?: string }).uploadId ?? '');
    if (!UPLOAD_ID.test(uploadId)) throw new AppError(404, 'notFound.generic');
    let upload: Upload;
    try {
      upload = await datastore.getUpload(uploadId);
    } catch {
      throw new AppError(404, 'notFound.generic');
    }
    if (upload.metadata?.clientId !== String(clientId) || upload.metadata?.userId !== String(userId))
      throw new AppError(404, 'notFound.generic');
    return upload;
  };

  return {
    directory,
    cleanUp: () => start().server.cleanUpExpiredUploads(),
    close: () => {
      if (running) clearInterval(running.timer);
    },
    async handle(context) {
      const { datastore, server } = start();
      const { clientId, user } = context;
      if (clientId === undefined || !user) throw new AppError(401, 'auth.notLoggedIn');
      const request = context.http.req.raw;
      const caller: Caller = { clientId, userId: user.id, files: context.store.files };
      if (context.name === 'offlineUploads.create') {
        const metadata = readUploadMetadata(context.http.req.header('upload-metadata'));
        if (isFormDocumentPath(metadata.folder)) throw new AppError(403, 'auth.forbidden');
        const length = context.http.req.header('upload-length');
        if (length === undefined || !/^\d{1,15}$/.test(length) || Number(length) === 0)
          throw new AppError(400, 'offlineFiles.badLength');
        if (Number(length) > MAX_FILE_BYTES)
          throw new AppError(413, 'files.tooLarge', { name: metadata.filename, limit: MAX_FILE_BYTES / 1024 / 1024 });
        await requireEdit(context, metadata);
        caller.metadata = metadata;
      }
      let uploadId: string | undefined;
      if (context.name !== 'offlineUploads.create') {
        const upload = await ownUpload(datastore, context, clientId, user.id);
        uploadId = upload.id;
        if (upload.size !== undefined && upload.offset === upload.size) {
          // All its bytes are there. While its last chunk's PATCH is storing the file, another request (a retry
          // that overtook that answer) is told to come back (423: tus-js-client retries it) and then finds it gone.
          if (appending.has(upload.id)) throw new AppError(423, 'offlineFiles.finishing');
          // Never stored (the server stopped before the last chunk's answer): a resume would take it as done. It
          // is dropped, so the device uploads the file again.
          await datastore.remove(upload.id).catch(() => undefined);
          throw new AppError(404, 'notFound.generic');
        }
      }
      callers.set(request, caller);
      const counted = context.name === 'offlineUploads.append' ? uploadId : undefined;
      if (counted) appending.set(counted, (appending.get(counted) ?? 0) + 1);
      let answer: Response;
      try {
        answer = await server.handleWeb(request);
      } finally {
        if (counted) {
          const left = (appending.get(counted) ?? 1) - 1;
          if (left > 0) appending.set(counted, left);
          else appending.delete(counted);
        }
      }
      // A hook's refusal is answered as every API error is: the catalogue message in JSON.
      if (caller.error) throw caller.error;
      return answer;
    },
  };
}
