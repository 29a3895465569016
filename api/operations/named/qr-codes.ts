/**
 * QR code setups, base /api/settings/qrcode/forms/{formArea}/{entryNumber} (form-configuration.md §7), and
 * the scan of a code (docs/form-configuration.md "Scanning"). getall, getallactive, activate and
 * deactivate are generic resource handlers (schemas/api/operations.json); these are the rest.
 */

import { AppError } from '../../../engine/errors';
import type { FormEntry, QrCodeGenerationRequest, QrCodeSetupInput } from '../../../engine/types/generated';
import { findSession, SESSION_COOKIE } from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { intParam, slugParam } from '../../http/body';
import { requestCookie } from '../../http/cookie';
import { publicOrigin, readScanToken, scanUrl, signingKey, signScanToken } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import { findWorkingCopy, latestPublished } from '../forms';
import { findProject } from '../projects';
import { qrImage, removeQrSetup, saveQrSetup, scan as scanCode, scanDate, setupsOfForm } from '../qr-codes';

function formOf({ http: c, store, clientId }: OperationContext) {
  return findWorkingCopy(store, clientId as number, slugParam(c, 'formArea'), intParam(c, 'entryNumber'));
}

function actorOf(context: OperationContext) {
  const user = context.user as UserDoc;
  return { id: user.id, fullName: user.fullName };
}

/** Saves the body's setup: a new one (no id) or, `editing`, the setup `id`. */
async function save(context: OperationContext, editing: boolean) {
  const input = context.body as QrCodeSetupInput;
  if (!editing && input.id !== undefined) throw new AppError(400, 'validation.invalidBody', { details: '/id' });
  if (editing && input.id === undefined) throw new AppError(404, 'qrCode.notFound');
  const form = await formOf(context);
  return saveQrSetup(context.store, context.clientId as number, form, input, actorOf(context), context.now);
}

/** POST …/create: a new setup (the body has no id); 201. */
export const create: NamedOperation = async (context) => context.http.json(await save(context, false), 201);

/** POST …/update: changes the setup `id` of the body. */
export const update: NamedOperation = (context) => save(context, true);

/** DELETE …/delete/{id}: removes a setup; its codes stop at once and label setups drop its column. */
export const remove: NamedOperation = inTransaction(async (context) => {
  const form = await formOf(context);
  return removeQrSetup(context.store, context.clientId as number, form.id, intParam(context.http, 'id'));
});

/**
 * POST …/generateqrcode: a base64 PNG (data URL, as text) of the scan URL of a setup's code: a Create type
 * code for the form on a project, or an entry's code. The setup must be an active setup of the form, the
 * project the tenant's, the entry one of the form's on it; a Non Role Based setup has entry codes only.
 * @throws AppError 400 qrCode.entryRequired; 404 qrCode.notFound / qrCode.inactiveSetup / notFound.entry
 */
export const generate: NamedOperation = async (context) => {
  const { http: c, store } = context;
  const clientId = context.clientId as number;
  const request = context.body as QrCodeGenerationRequest;
  const form = await formOf(context);
  const project = await findProject(store, clientId, request.projectId);
  const setup = (await setupsOfForm(store, clientId, form.id)).find((s) => s.id === request.qrCodeEntryNumber);
  if (!setup) throw new AppError(404, 'qrCode.notFound');
  if (!setup.isActive) throw new AppError(404, 'qrCode.inactiveSetup');
  const create = request.isCreateTypeQRCode === true;
  if (!create && !request.fcEntryNumber) throw new AppError(400, 'qrCode.entryRequired');
  if (create && setup.roleAccessType === 'NonRoleBased') throw new AppError(400, 'qrCode.entryRequired');
  if (!create) {
    const entry = await store
      .collection('formEntries')
      .findOne({ clientId, projectId: project.id, formId: form.id, entryNumber: request.fcEntryNumber });
    if (!entry) throw new AppError(404, 'notFound.entry');
  }
  const token = signScanToken(
    create
      ? { c: clientId, f: form.id, s: setup.id, k: 'create', p: project.id }
      : { c: clientId, f: form.id, s: setup.id, k: 'entry', p: project.id, e: request.fcEntryNumber },
    await signingKey(c),
  );
  const url = scanUrl(publicOrigin(c), token);
  return c.text(await qrImage(url), 200, { 'X-Scan-Url': url, 'Cache-Control': 'no-store' });
};

/**
 * GET /api/qrcode/scan/{token}: what the code opens for the caller (public: a signed-in caller is read
 * from the session cookie). ?today=yyyy-mm-dd is the scanner's date for blank Populate dates.
 * @throws AppError 404 qrCode.scanInvalid for a token that is not ours; see api/operations/qr-codes.ts scan
 */
export const scan: NamedOperation = async ({ http: c, store, now }) => {
  const claims = readScanToken(c.req.param('token') ?? '', await signingKey(c));
  if (!claims) throw new AppError(404, 'qrCode.scanInvalid');
  const session = await findSession(store, requestCookie(c, SESSION_COOKIE));
  const user = session ? await store.collection<UserDoc>('users').findOne({ id: session.userId }) : null;
  return scanCode(store, claims, user ?? undefined, scanDate(c.req.query('today'), now));
};

/**
 * GET /api/qrcode/public/{token}: the entry of a Public View code, read-only, without login: the form's
 * published definition and the entry (answers, number, date, author's name, project).
 * @throws AppError 404 unless the token is ours and its scan is a public view
 */
export const publicEntry: NamedOperation = async ({ http: c, store, now }) => {
  const claims = readScanToken(c.req.param('token') ?? '', await signingKey(c));
  if (!claims) throw new AppError(404, 'qrCode.scanInvalid');
  const answer = await scanCode(store, claims, undefined, scanDate(undefined, now)).catch(() => null);
  if (answer?.action !== 'publicView') throw new AppError(404, 'qrCode.scanInvalid');
  const form = await latestPublished(store, claims.c, claims.f);
  const entry = await store
    .collection<FormEntry & { [key: string]: unknown }>('formEntries')
    .findOne({ clientId: claims.c, projectId: claims.p, formId: claims.f, entryNumber: claims.e });
  if (!form || !entry) throw new AppError(404, 'qrCode.scanInvalid');
  const { entryNumber, date, enteredBy, projectName, answers, formId } = entry;
  return { form, entry: { entryNumber, date, enteredBy, projectName, answers, formId } };
};

/**
 * True when `token` is a code whose scan lets `user` update entry `entryNumber` of form `formId` on
 * project `projectId` (an Update type role): entries.submit then lets them change another's entry.
 */
export async function qrGrantsUpdate(
  context: OperationContext,
  token: string | undefined,
  target: { projectId: number; formId: number; entryNumber: number },
): Promise<boolean> {
  if (!token) return false;
  const claims = readScanToken(token, await signingKey(context.http));
  if (!claims || claims.c !== context.clientId) return false;
  const answer = await scanCode(context.store, claims, context.user, scanDate(undefined, context.now)).catch(
    () => null,
  );
  return (
    answer?.action === 'update' &&
    answer.projectId === target.projectId &&
    answer.formId === target.formId &&
    answer.entryNumber === target.entryNumber
  );
}
