/**
 * QR code setups of a form (form-configuration.md §3 "QR code setup"; administration-data.md §7 "QR codes"): the
 * path names the form's working copy (`{formArea}/{entryNumber}` or `{formEntryNumber}`, 404 notFound.form otherwise), and a deleted
 * setup's column leaves the form's label preparation setups in the same transaction (its codes stop at once).
 */
import { AppError, problemsError } from '../../engine/errors';
import { checkQrCodeSetup, normaliseQrSetup } from '../../engine/rules/qr-code-setup';
import type { QrCodeSetup, QrCodeSetupInput } from '../../engine/types/generated';
import { nextSequence } from '../ids';
import { clientRoles, setupsOfForm } from '../operations/qr-codes';
import type { AfterDeleteHook, BeforeChangeHook, BeforeValidateHook, Item, WhereHook } from '../resources/hooks';
import { pathForm } from './label-setups';

type Setup = QrCodeSetup & Item;

/** where: the setups of the path's form, once its working copy is found in the path's area (404 otherwise). */
export const setupsOfPathForm: WhereHook = async (args) => ({ formId: (await pathForm(args)).id });

/** afterDelete: the label preparation setups of the form drop the setup's column. */
export const dropLabelColumns: AfterDeleteHook = async (setup, { store }) => {
  const labels = store.collection('labelPreparationSetups');
  for (const label of await labels.find({ clientId: setup.clientId, formId: setup.formId }))
    await labels.updateOne(
      { _id: label._id },
      { $pull: { labelPreparationSetupExportQRCodes: { qrCodeSetupId: setup.id } } },
    );
};

/**
 * beforeValidate of POST …/create and …/update: the setup of the path's form under the QR code rules (400 with
 * every problem; engine/rules/qr-codes.ts), its details normalised (Role Based details become Private); a new
 * setup has no id (400) and is active unless it says otherwise.
 */
export const qrSetupInput: BeforeValidateHook<Setup> = async (data, args) => {
  const input = args.context.body as QrCodeSetupInput;
  if (!args.current && input.id !== undefined) throw new AppError(400, 'validation.invalidBody', { details: '/id' });
  const form = await pathForm(args);
  const clientId = Number(args.context.clientId);
  const others = await setupsOfForm(args.store, clientId, form.id);
  const problems = checkQrCodeSetup(input, { form, roles: await clientRoles(args.store, clientId), others });
  if (problems.length > 0) throw problemsError(400, problems);
  return {
    ...data,
    ...normaliseQrSetup(input),
    formArea: form.formArea,
    formId: form.id,
    entryNumber: form.id,
    isActive: input.isActive ?? args.current?.isActive ?? true,
  };
};

/** beforeChange: the setup's role and type details get new ids on each save, and name the setup. */
export const qrDetailIds: BeforeChangeHook<Setup> = async (setup, { store }) => {
  const roles = [];
  for (const role of setup.qrCodeRoleDetails ?? [])
    roles.push({ ...role, id: await nextSequence(store, 'qrCodeDetails'), qrCodeSetupId: setup.id });
  const types = [];
  for (const type of setup.qrCodeTypeDetails ?? []) {
    const typeId = await nextSequence(store, 'qrCodeDetails');
    const questions = type.qrCodeQuestions?.map((q) => ({ ...q, qrCodeTypeId: typeId }));
    types.push({ ...type, id: typeId, qrCodeSetupId: setup.id, ...(questions ? { qrCodeQuestions: questions } : {}) });
  }
  return { ...setup, qrCodeRoleDetails: roles, qrCodeTypeDetails: types };
};
