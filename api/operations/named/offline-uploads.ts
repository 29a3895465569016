/**
 * The tus operations of the offline pages (issue 26 §4; contract-26 §2 "tus"): each hands its request to the
 * app's offline uploads (api/offline/uploads.ts), which checks it and answers as tus does.
 */
import { AppError } from '../../../engine/errors';
import type { NamedOperation, OperationContext } from '../../resources/context';

function handle(context: OperationContext): Promise<Response> {
  const uploads = context.http.get('offlineUploads');
  if (!uploads) throw new AppError(500, 'common.serverError');
  return uploads.handle(context);
}

/** POST /api/offline/uploads: tus creation (201, Location). */
export const create: NamedOperation<'offlineUploads.create'> = handle;

/** HEAD /api/offline/uploads/{uploadId}: the upload's offset. */
export const offset: NamedOperation<'offlineUploads.offset'> = handle;

/** PATCH /api/offline/uploads/{uploadId}: a chunk; the last one stores the file (Upload-File). */
export const append: NamedOperation<'offlineUploads.append'> = handle;

/** DELETE /api/offline/uploads/{uploadId}: drops an unfinished upload. */
export const terminate: NamedOperation<'offlineUploads.terminate'> = handle;
