/**
 * QR code setups of a form (form-configuration.md §3 "QR code setup"; administration-data.md §7 "QR codes"): the
 * path names the form's working copy (`{formArea}/{entryNumber}` or `{formEntryNumber}`, 404 notFound.form otherwise), and a deleted
 * setup's column leaves the form's label preparation setups in the same transaction (its codes stop at once).
 */
import type { AfterDeleteHook, WhereHook } from '../resources/hooks';
import { pathForm } from './label-setups';

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
