/**
 * Label preparation setups of a form (form-configuration.md §7; engine/rules/label-preparation.ts): the path
 * (`{formArea}/{formEntryNumber}`) names the form's working copy; a setup's rows are checked against the form's
 * questions and its active QR code setups, and numbered 1, 2, … under the setup's id.
 */
import { AppError, problemsError } from '../../engine/errors';
import { checkLabelSetup } from '../../engine/rules/label-preparation';
import type { FormDefinition, LabelPreparationSetup, LabelPreparationSetupInput } from '../../engine/types/generated';
import { setupsOfForm } from '../operations/qr-codes';
import type { BeforeChangeHook, BeforeValidateHook, HookArgs, Item } from '../resources/hooks';

type Setup = LabelPreparationSetup & Item;

/** The working copy the path names. @throws AppError 404 notFound.form */
export async function pathForm({ context, store }: HookArgs): Promise<FormDefinition> {
  const { formArea } = context.params;
  const id = context.params.formEntryNumber ?? context.params.entryNumber;
  const form = await store
    .collection<FormDefinition>('formDefinitions')
    .findOne({ clientId: context.clientId, formArea, id });
  if (!form) throw new AppError(404, 'notFound.form');
  return form;
}

/**
 * beforeValidate of POST …/add/ and …/edit: the setup of the path's form, checked under the label preparation
 * rules (400 with every problem); a new setup has no id (400), and is active unless it says otherwise.
 */
export const labelSetupInput: BeforeValidateHook<Setup> = async (data, args) => {
  const input = args.context.body as LabelPreparationSetupInput;
  if (!args.current && input.id !== undefined) throw new AppError(400, 'validation.invalidBody', { details: '/id' });
  const form = await pathForm(args);
  const qrCodeSetups = (await setupsOfForm(args.store, Number(args.context.clientId), form.id)).filter(
    (s) => s.isActive,
  );
  const problems = checkLabelSetup(input, { form, qrCodeSetups });
  if (problems.length > 0) throw problemsError(400, problems);
  return {
    ...data,
    formArea: form.formArea,
    formId: form.id,
    entryNumber: form.id,
    isActive: input.isActive ?? args.current?.isActive ?? true,
  };
};

/** beforeChange: the setup's rows numbered 1, 2, … and naming the setup. */
export const labelRowIds: BeforeChangeHook<Setup> = (setup) => ({
  ...setup,
  labelPreparationSetupExportFormQuestions: setup.labelPreparationSetupExportFormQuestions.map((q, i) => ({
    id: i + 1,
    labelPreparationSetupId: setup.id,
    questionId: q.questionId,
    order: q.order,
  })),
  labelPreparationSetupExportQRCodes: setup.labelPreparationSetupExportQRCodes.map((q, i) => ({
    id: i + 1,
    labelPreparationSetupId: setup.id,
    qrCodeSetupId: q.qrCodeSetupId,
    order: q.order,
  })),
});
