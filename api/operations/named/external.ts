/**
 * The public calls of the external form page (issue 25 §2, §4; docs/links-and-mail.md "External forms";
 * api/external/forms.ts): open, files, submit and Close through a secure link's token, without login. Each call
 * counts against the caller's address and the link (429 past a limit) and answers a refused token with the one
 * refusal (410 `{ messageId, message, type? }`), showing nothing of the form.
 */
import { AppError } from '../../../engine/errors';
import { allQuestions } from '../../../engine/forms/questions';
import {
  acceptLink,
  checkLinkSpace,
  type ExternalScope,
  linkFolder,
  openView,
  ownFolder,
  RefusedLink,
  refusal,
  submitExternal,
} from '../../external/forms';
import { checkFileName, fileKey, folderKey, MAX_FILE_BYTES, sniffType } from '../../files/paths';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { view } from './files';

type ExternalOperation =
  | 'external.open'
  | 'external.submit'
  | 'external.close'
  | 'external.upload'
  | 'external.files'
  | 'external.download'
  | 'external.deleteFile';

/** Runs `work` on the accepted link of the path's token; a refused token answers the one refusal. */
async function withLink<N extends ExternalOperation>(
  context: OperationContext<N>,
  action: string,
  work: (scope: ExternalScope) => Promise<unknown>,
): Promise<unknown> {
  try {
    const scope = await acceptLink(context.http, context.store, String(context.params.token), action, context.now);
    return await work(scope);
  } catch (error) {
    if (error instanceof RefusedLink) return refusal(context.http, error.kind);
    throw error;
  }
}

/** GET /api/external/{token}: what the external page shows (openView). */
export const open: NamedOperation<'external.open'> = (context) => withLink(context, 'open', (scope) => openView(scope));

/**
 * POST /api/external/{token}/submit (a form entry submission): the entry, saved on the link's project; 201 with
 * `{ entryNumber }` (no more of the project's register than that).
 */
export const submit: NamedOperation<'external.submit'> = (context) =>
  withLink(context, 'submit', async (scope) => {
    const entry = await submitExternal(scope, context.body, publicOrigin(context.http), context.now);
    return context.http.json({ entryNumber: entry.entryNumber }, 201);
  });

/** POST /api/external/{token}/close: the recipient closed the form without saving it (a logged use): 204. */
export const close: NamedOperation<'external.close'> = (context) =>
  withLink(context, 'close', async () => context.http.body(null, 204));

/**
 * POST /api/external/{token}/upload?folder= (multipart uploads[]): files into the link's own folder, each checked
 * (name, 10 MB, type read from its bytes) and all of them within the link's limit before any is stored: 201.
 * @throws AppError 415, 400 files.noFiles, 413 files.tooLarge or externalForms.linkFull
 */
export const upload: NamedOperation<'external.upload'> = (context) =>
  withLink(context, 'upload', async (scope) => {
    const folder = ownFolder(scope.link, context.http.req.query('folder'));
    const type = (context.http.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
    const form = await context.http.req.formData();
    const files = [...form.getAll('uploads[]'), ...form.getAll('uploads')].filter(
      (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
    );
    if (files.length === 0) throw new AppError(400, 'files.noFiles');
    const checked: Array<{ key: string; bytes: Uint8Array; contentType: string }> = [];
    for (const file of files) {
      const name = checkFileName(file.name);
      if (file.size > MAX_FILE_BYTES)
        throw new AppError(413, 'files.tooLarge', { name, limit: MAX_FILE_BYTES / 1024 / 1024 });
      const bytes = new Uint8Array(await file.arrayBuffer());
      checked.push({ key: `${folderKey(scope.clientId, folder)}${name}`, bytes, contentType: await sniffType(bytes) });
    }
    await checkLinkSpace(
      scope.store,
      scope.link,
      checked.reduce((sum, f) => sum + f.bytes.byteLength, 0),
    );
    const stored = [];
    for (const file of checked) stored.push(view(await scope.store.files.put(file.key, file.bytes, file.contentType)));
    return context.http.json(stored.map(external(context.params.token)), 201);
  });

/** A stored file's view with its URL through the token (the page has no session to read /api/files with). */
function external(token: string) {
  return (file: ReturnType<typeof view>) => ({
    ...file,
    url: `/api/external/${encodeURIComponent(token)}/download?file=${encodeURIComponent(file.file)}`,
  });
}

/** GET /api/external/{token}/files?folder=: the files of a folder of the link's own. */
export const files: NamedOperation<'external.files'> = (context) =>
  withLink(context, 'files', async (scope) => {
    const folder = ownFolder(scope.link, context.http.req.query('folder'));
    return (await scope.store.files.list(folderKey(scope.clientId, folder), false))
      .map(view)
      .map(external(context.params.token));
  });

/** The key of a file the query names, which must be in the link's own folder. @throws AppError 404 files.notFound */
function ownFile(scope: ExternalScope, file: string | undefined): string {
  const path = file ?? '';
  if (!path.startsWith(`${linkFolder(scope.link)}/`)) throw new AppError(404, 'files.notFound');
  return fileKey(scope.clientId, path);
}

/** The pictures the form shows (its Image questions' files): the page reads them too. */
function formImages(scope: ExternalScope): Set<string> {
  const files = allQuestions(scope.form).flatMap((q) =>
    q.type === 'Image' && typeof q.imageFile === 'string' ? [q.imageFile] : [],
  );
  return new Set(files);
}

/** GET /api/external/{token}/download?file=: a file of the link's own folder or a picture of the form (inline for images and PDFs). */
export const download: NamedOperation<'external.download'> = (context) =>
  withLink(context, 'download', async (scope) => {
    const file = context.http.req.query('file');
    const key =
      file !== undefined && formImages(scope).has(file) ? fileKey(scope.clientId, file) : ownFile(scope, file);
    const found = await scope.store.files.get(key);
    if (!found) throw new AppError(404, 'files.notFound');
    const inline = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(found.info.contentType);
    return new Response(new Uint8Array(found.bytes), {
      headers: {
        'Content-Type': found.info.contentType,
        'Content-Length': String(found.info.size),
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(found.info.name)}`,
        'Cache-Control': 'private, no-store',
      },
    });
  });

/** DELETE /api/external/{token}/delete?file=: 204; a file of the link's own folder only. */
export const deleteFile: NamedOperation<'external.deleteFile'> = (context) =>
  withLink(context, 'delete', async (scope) => {
    if (!(await scope.store.files.delete(ownFile(scope, context.http.req.query('file')))))
      throw new AppError(404, 'files.notFound');
    return context.http.body(null, 204);
  });
