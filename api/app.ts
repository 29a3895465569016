/**
 * The Hono app (DESIGN.md "api/"): every request runs session → tenant → access → validated body
 * → operation → store. Exported for in-process `app.request()` tests; started by api/server.ts.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { operations } from '../engine/api/operations';
import { AppError } from '../engine/errors';
import { catalogueRoutes } from './catalogue';
import { MAX_FILE_BYTES, MAX_UPLOAD_BYTES } from './files/paths';
import { COMPRESS_THRESHOLD_BYTES, isFinished } from './http/answer';
import type { ApiEnv } from './http/env';
import { handleError, handleNotFound } from './http/errors';
import { CachedRouter } from './http/router';
import type { InvitationSender } from './mail/invitation-sender';
import { security } from './middleware/security';
import { createOfflineUploads, isOfflineUploadPath, type OfflineUploads } from './offline/uploads';
import { openApiRoutes } from './openapi/routes';
import { PdfJobRunner } from './pdf/jobs';
import type { PdfRenderers } from './pdf/renderers';
import type { Store } from './store/port';

export { COMPRESS_THRESHOLD_BYTES } from './http/answer';

/** What the app needs. */
export interface AppOptions {
  store: Store;
  /** Session lifetime in milliseconds (default 12 hours). */
  sessionTtlMs?: number;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Trust X-Forwarded-Proto/-Host from a TLS-terminating proxy (TRUST_PROXY): the session cookie becomes Secure. */
  trustProxy?: boolean;
  /** The key QR code scan tokens are signed with (QR_CODE_KEY); default: one generated once and kept in the store. */
  qrCodeKey?: string;
  /** The platform's public address scan URLs start with (PUBLIC_URL); default: the request's origin. */
  publicUrl?: string;
  /** Delivers employee invitations (api/mail/invitation-sender.ts); default: writes the link to the log. */
  invitationSender?: InvitationSender;
  /**
   * The PDF job runner (api/pdf/jobs.ts); default: one whose files go to a fresh folder of the OS's temp folder
   * (api/server.ts gives one under DATA_DIR).
   */
  pdfJobs?: PdfJobRunner;
  /** The PDF renderers the jobs run (default: api/pdf/renderers.ts defaultPdfRenderers; tests give their own). */
  pdfRenderers?: PdfRenderers;
  /**
   * The tus uploads of the offline pages (api/offline/uploads.ts); default: one whose unfinished uploads go to a
   * fresh folder of the OS's temp folder (api/server.ts gives one under DATA_DIR, so an upload survives a restart).
   */
  offlineUploads?: OfflineUploads;
}

/** Builds the API app. Static files and the SPA fallback are added by api/server.ts. */
export function createApp(options: AppOptions) {
  const { store, sessionTtlMs = 12 * 3600_000, maxBodyBytes = 1024 * 1024, trustProxy = false } = options;
  // Upload paths (catalogue operations marked `upload`) take multipart bodies up to MAX_UPLOAD_BYTES; a path with
  // parameters (a project's entries upload) matches any value of them in one segment.
  const uploadTemplates = Object.values(operations)
    .filter((operation) => operation.upload)
    .map((operation) => operation.path);
  const literalUploads = new Set(uploadTemplates.filter((path) => !path.includes('{')));
  const uploadPatterns = uploadTemplates
    .filter((path) => path.includes('{'))
    .map(
      (path) =>
        new RegExp(
          `^${path
            .split(/\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}$`,
        ),
    );
  const uploadPaths = {
    has: (path: string) => literalUploads.has(path) || uploadPatterns.some((pattern) => pattern.test(path)),
  };
  // Upload operations with a request limit of their own (catalogue `maxUploadBytes`: the DMS streams its files).
  const largeUploads = Object.values(operations)
    .filter((operation) => operation.upload && operation.maxUploadBytes !== undefined)
    .map((operation) => ({
      path: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      limit: operation.maxUploadBytes as number,
    }));
  const uploadLimitOf = (path: string): number =>
    largeUploads.find((large) => large.path.test(path))?.limit ?? MAX_UPLOAD_BYTES;
  // Operations that take a larger JSON body (catalogue `maxBodyBytes`: a form import's source), by method and path.
  const largeBodies = Object.values(operations)
    .filter((operation) => operation.maxBodyBytes !== undefined)
    .map((operation) => ({
      method: operation.method,
      path: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      limit: operation.maxBodyBytes as number,
    }));
  const largeBodyLimit = (c: Context): number | undefined =>
    largeBodies.find((large) => large.method === c.req.method && large.path.test(c.req.path))?.limit;
  const tooLarge = (c: Context): never => {
    // The rest of the oversized body is never read: closing the connection after the answer keeps
    // its bytes from being parsed as the next request on a keep-alive connection.
    c.header('Connection', 'close');
    throw new AppError(413, 'limits.bodyTooLarge');
  };
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: tooLarge });
  const jsonLimit = limit(maxBodyBytes);
  const tusLimit = limit(MAX_FILE_BYTES);
  // Hono's compress middleware does all its work after `next`: it is run on the answer once it is there.
  const compressLarge = compress({ threshold: COMPRESS_THRESHOLD_BYTES });
  const uploadLimits = new Map(
    [MAX_UPLOAD_BYTES, ...largeUploads.map((large) => large.limit)].map((bytes) => [bytes, limit(bytes)]),
  );
  const largeJsonLimits = new Map(largeBodies.map((large) => [large.limit, limit(large.limit)]));
  const { invitationSender } = options;
  const pdfJobs = options.pdfJobs ?? new PdfJobRunner(path.join(tmpdir(), `site-forms-pdf-jobs-${randomUUID()}`));
  const offlineUploads = options.offlineUploads ?? createOfflineUploads();
  const app = new Hono<ApiEnv>({ router: new CachedRouter() })
    .use('*', security({ trustProxy, uploadPaths, streamPaths: { has: isOfflineUploadPath } }))
    .use('*', (c, next) => {
      c.set('store', store);
      c.set('sessionTtlMs', sessionTtlMs);
      if (options.qrCodeKey) c.set('qrCodeKey', options.qrCodeKey);
      if (options.publicUrl) c.set('publicUrl', options.publicUrl);
      if (invitationSender) c.set('invitationSender', invitationSender);
      c.set('pdfJobs', pdfJobs);
      c.set('offlineUploads', offlineUploads);
      if (options.pdfRenderers) c.set('pdfRenderers', options.pdfRenderers);
      return next();
    })
    .use('*', (c, next) => {
      // GET and HEAD carry no body a handler reads (bodyLimit lets them through too), and asking bodyLimit would
      // build the whole web Request (signal, headers, stream) only to find that out.
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      // A tus chunk (PATCH of an offline upload) is at most one file: tus itself refuses bytes past the upload's length.
      if (isOfflineUploadPath(c.req.path)) return tusLimit(c, next);
      const upload = uploadPaths.has(c.req.path);
      const large = upload ? undefined : largeBodyLimit(c);
      // A declared length is checked as it is (Node's parser reads no more than that), and the body is left for
      // readBody to read (api/http/body.ts requestText); bodyLimit counts the bytes of a chunked one.
      const length = c.req.header('content-length');
      if (length !== undefined && /^\d{1,15}$/.test(length) && c.req.header('transfer-encoding') === undefined) {
        if (Number(length) > (upload ? uploadLimitOf(c.req.path) : (large ?? maxBodyBytes))) tooLarge(c);
        c.set('incomingBody', true);
        return next();
      }
      if (upload) return (uploadLimits.get(uploadLimitOf(c.req.path)) as typeof jsonLimit)(c, next);
      return large !== undefined ? (largeJsonLimits.get(large) as typeof jsonLimit)(c, next) : jsonLimit(c, next);
    })
    // Answers of 8 KiB or more (registers, CSV) go gzip- or deflate-compressed to a client that takes it. Smaller
    // ones arrive in the first round trip either way (TCP's initial window is ten segments, about 14 KiB), and a
    // fresh zlib stream per answer costs the server more than the save and read themselves (docs/decisions.md).
    // A finished answer (api/http/answer.ts) is under the threshold: it goes as it is.
    .use('/api/*', async (c, next) => {
      await next();
      if (!isFinished(c.res)) await compressLarge(c, async () => undefined);
    })
    .route('/', catalogueRoutes())
    .route('/', openApiRoutes());
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;
