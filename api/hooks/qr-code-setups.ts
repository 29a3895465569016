/**
 * QR code setups of a form (form-configuration.md §3 "QR code setup"; administration-data.md §7 "QR codes"): the
 * path names the form's working copy (`{formArea}/{entryNumber}`, 404 notFound.form otherwise), and a deleted
 * setup's column leaves the form's label preparation setups in the same transaction (its codes stop at once).
 */
import { AppError } from '../../engine/errors';
import type { AfterDeleteHook, WhereHook } from '../resources/hooks';

/** where: the setups of the path's form, once its working copy is found in the path's area (404 otherwise). */
export const setupsOfPathForm: WhereHook = async ({ context, store }) => {
  const { formArea, entryNumber } = context.params;
  const form = await store
    .collection('formDefinitions')
    .findOne({ clientId: context.clientId, formArea, id: entryNumber });
  if (!form) throw new AppError(404, 'notFound.form');
  return { formId: form.id };
};

/** afterDelete: the label preparation setups of the form drop the setup's column. */
export const dropLabelColumns: AfterDeleteHook = async (setup, { store }) => {
  const labels = store.collection('labelPreparationSetups');
  for (const label of await labels.find({ clientId: setup.clientId, formId: setup.formId }))
    await labels.updateOne(
      { _id: label._id },
      { $pull: { labelPreparationSetupExportQRCodes: { qrCodeSetupId: setup.id } } },
    );
};
