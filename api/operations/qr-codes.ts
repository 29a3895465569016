/**
 * QR code setups and scanning (form-configuration.md §2-§7 "QR code setup", issue "Form configuration" §2-§3;
 * docs/form-configuration.md): saving a setup under every rule of engine/rules/qr-code-setup.ts, the QR
 * image of a code, and what a scan opens for whom.
 */
import { format } from 'date-fns';
import QRCode from 'qrcode';
import { AppError } from '../../engine/errors';
import { accessIn, can } from '../../engine/rules/access';
import { populateAnswers, QR_TYPES, qrRoles, ROLE_LOOKUP_TYPES, typeOfRole } from '../../engine/rules/qr-code-setup';
import type { FormEntry, LookupValue, QrCodeSetup } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { areaOfFormArea } from '../middleware/session';
import type { ScanClaims } from '../qr/token';
import { withoutStoreKey } from '../resources/documents';
import type { Store } from '../store/port';
import { latestPublished, offeredOn } from './forms';

type SetupDoc = QrCodeSetup & { [key: string]: unknown };

/** The QR code setups of a form, by id. */
export async function setupsOfForm(store: Store, clientId: number, formId: number): Promise<QrCodeSetup[]> {
  const docs = await store.collection<SetupDoc>('qrCodeSetups').find({ clientId, formId }, { sort: { id: 1 } });
  return docs.map(withoutStoreKey) as unknown as QrCodeSetup[];
}

/** The roles the client may grant (active values of the five role lookups). */
export async function clientRoles(store: Store, clientId: number) {
  const values = await store
    .collection<LookupValue>('lookupValues')
    .find({ clientId, type: { $in: [...ROLE_LOOKUP_TYPES] } });
  return qrRoles(values);
}

/** A PNG of `text` as a base64 data URL (the `qrcode` package; error correction M, 4 modules of margin). */
export async function qrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: 300 });
}

/** What a scan opens (the runtime navigates by it). */
export type ScanAnswer = {
  clientId: number;
  projectId: number;
  formArea: string;
  formId: number;
  entryNumber?: number;
} & (
  | { action: 'create' | 'update' | 'view' | 'publicView' }
  | { action: 'populate'; populate: number; answers: { questionId: number; answers: (string | number)[] }[] }
);

/**
 * What a scan of a code with `claims` opens for `user` (undefined: not signed in), form-configuration.md §6
 * and the issue's §3:
 * - the setup must exist and be active, the form published, active and offered on the project, the entry
 *   (an entry's code) must exist; else 404;
 * - Non Role Based Public: a read-only view for anyone (an entry's code only);
 * - otherwise a signed-in user of the client (401 when not signed in) whose role holds a type of the setup
 *   (Non Role Based Private: the View type for every project user) and whose project access allows it
 *   (view for View, edit for the others); else 403. Create and Populate open a new entry (Populate with its
 *   values, a blank date the scan date `today`), Update and View the code's entry.
 * @throws AppError 404 qrCode.notFound / qrCode.inactiveSetup / notFound.form / notFound.entry, 401
 *   auth.notLoggedIn, 403 qrCode.noRoleType or auth.forbidden
 */
export async function scan(
  store: Store,
  claims: ScanClaims,
  user: UserDoc | undefined,
  today: string,
): Promise<ScanAnswer> {
  const setup = await store
    .collection<SetupDoc>('qrCodeSetups')
    .findOne({ clientId: claims.c, formId: claims.f, id: claims.s });
  if (!setup) throw new AppError(404, 'qrCode.notFound');
  if (!setup.isActive) throw new AppError(404, 'qrCode.inactiveSetup');
  const form = await latestPublished(store, claims.c, claims.f);
  if (!form || form.isActive === false || !offeredOn(form, claims.p)) throw new AppError(404, 'notFound.form');
  const project = await store.collection('projects').findOne({ clientId: claims.c, id: claims.p });
  if (!project) throw new AppError(404, 'notFound.form');
  let entry: FormEntry | null = null;
  if (claims.k === 'entry') {
    entry = await store
      .collection<FormEntry & { [key: string]: unknown }>('formEntries')
      .findOne({ clientId: claims.c, projectId: claims.p, formId: claims.f, entryNumber: claims.e });
    if (!entry) throw new AppError(404, 'notFound.entry');
  }
  const base = { clientId: claims.c, projectId: claims.p, formArea: form.formArea, formId: form.id };
  const entryPart = entry ? { entryNumber: entry.entryNumber } : {};
  const viewDetail = setup.qrCodeTypeDetails.find((t) => t.type === QR_TYPES.View);
  if (setup.roleAccessType === 'NonRoleBased' && viewDetail?.accessType === 'Public') {
    if (!entry) throw new AppError(404, 'notFound.entry');
    return { ...base, ...entryPart, action: 'publicView' };
  }
  if (!user) throw new AppError(401, 'auth.notLoggedIn');
  if (user.status !== 'Active' || !user.clientIds.includes(claims.c)) throw new AppError(403, 'auth.forbidden');
  const access = accessIn(user, claims.c);
  const type = setup.roleAccessType === 'NonRoleBased' ? QR_TYPES.View : typeOfRole(setup, access?.roleId ?? undefined);
  if (type === null) throw new AppError(403, 'qrCode.noRoleType');
  const needsEntry = type === QR_TYPES.Update || type === QR_TYPES.View;
  if (needsEntry && !entry) throw new AppError(403, 'qrCode.noRoleType');
  const action = type === QR_TYPES.View ? 'view' : 'edit';
  const subject = { processes: user.processes, access };
  if (!can(subject, action, { area: areaOfFormArea(form.formArea), projectId: claims.p }))
    throw new AppError(403, 'auth.forbidden');
  if (type === QR_TYPES.Create) return { ...base, action: 'create' };
  if (type === QR_TYPES.Update) return { ...base, ...entryPart, action: 'update' };
  if (type === QR_TYPES.View) return { ...base, ...entryPart, action: 'view' };
  const values = setup.qrCodeTypeDetails.find((t) => t.type === type)?.qrCodeQuestions ?? [];
  return { ...base, action: 'populate', populate: type - 2, answers: populateAnswers(form, values, today) };
}

/** Today as yyyy-mm-dd: the client's given date when it is one, else the server's (UTC). */
export function scanDate(given: string | undefined, now = new Date()): string {
  return given && /^\d{4}-\d{2}-\d{2}$/.test(given) ? given : format(now, 'yyyy-MM-dd');
}
