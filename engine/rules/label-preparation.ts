/**
 * The rules of a label preparation setup (form-configuration.md §3 "Label preparation setup", §5), checked by
 * the setup form and by the API: the question options of a form (ID 0; the core header questions -1..-9 the
 * form's ask* flags offer; the form's own answered questions with a label), a name of at most 25 characters,
 * at least one question or QR code, each chosen once, questions among the options and QR codes among the
 * form's active setups.
 */
import { detail, type ErrorDetail } from '../errors';
import { allQuestions, questionKind } from '../forms/questions';
import { type MessageId, message } from '../messages/catalogue';
import type { FormDefinition, LabelPreparationSetupInput } from '../types/generated';

/** The core header questions by id, with the form flag that offers each (§3). */
export const CORE_HEADER_QUESTIONS = [
  { id: -1, flag: 'askStructureReference' },
  { id: -2, flag: 'askLevel' },
  { id: -3, flag: 'askElevation' },
  { id: -4, flag: 'askCores' },
  { id: -5, flag: 'askElement' },
  { id: -6, flag: 'askPackage' },
  { id: -7, flag: 'askClient' },
  { id: -8, flag: 'askProjectName' },
  { id: -9, flag: 'askProjectAddress' },
] as const;

/** A question a label column can show. */
export interface LabelQuestionOption {
  id: number;
  label: string;
}

/**
 * Kinds that never make a label column: files (FileUpload, Signature), Note, Image (no answer), and the
 * tables and grids whose answers are not one text (docs/decisions.md "Label preparation").
 */
const EXCLUDED_KINDS = new Set(['fileUpload', 'signature', 'note', 'image', 'grid', 'table', 'tableLight']);

/** The question options of a form, in order: ID, the offered core header questions, then the form's own. */
export function labelQuestionOptions(form: FormDefinition): LabelQuestionOption[] {
  const core = CORE_HEADER_QUESTIONS.filter((q) => form[q.flag] === true).map((q) => ({
    id: q.id,
    label: message(`labelPreparation.question.${q.id}` as MessageId),
  }));
  const own = allQuestions(form)
    .filter((q) => q.label?.trim() && !EXCLUDED_KINDS.has(questionKind(q)))
    .map((q) => ({ id: q.id, label: q.label }));
  return [{ id: 0, label: message('labelPreparation.question.0') }, ...core, ...own];
}

/** What the label setup rules read besides the setup. */
export interface LabelSetupContext {
  form: FormDefinition;
  /** The form's active QR code setups. */
  qrCodeSetups: readonly { id: number; name: string }[];
}

/** The problems of a label setup, in the order the form reports them; empty when it may be saved. */
export function checkLabelSetup(setup: LabelPreparationSetupInput, context: LabelSetupContext): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (setup.name.trim() === '') problems.push(detail('/name', 'labelPreparation.nameRequired'));
  else if (setup.name.length > 25) problems.push(detail('/name', 'labelPreparation.nameTooLong'));
  const questions = setup.labelPreparationSetupExportFormQuestions;
  const qrCodes = setup.labelPreparationSetupExportQRCodes;
  if (questions.length + qrCodes.length === 0)
    problems.push(detail('/labelPreparationSetupExportFormQuestions', 'labelPreparation.itemRequired'));
  const offered = new Set(labelQuestionOptions(context.form).map((q) => q.id));
  const active = new Set(context.qrCodeSetups.map((s) => s.id));
  questions.forEach((q, i) => {
    if (!offered.has(q.questionId))
      problems.push(
        detail(`/labelPreparationSetupExportFormQuestions/${i}`, 'labelPreparation.unknownQuestion', {
          id: q.questionId,
        }),
      );
  });
  qrCodes.forEach((q, i) => {
    if (!active.has(q.qrCodeSetupId))
      problems.push(
        detail(`/labelPreparationSetupExportQRCodes/${i}`, 'labelPreparation.unknownQrCode', { id: q.qrCodeSetupId }),
      );
  });
  const questionIds = questions.map((q) => q.questionId);
  const qrIds = qrCodes.map((q) => q.qrCodeSetupId);
  if (new Set(questionIds).size !== questionIds.length || new Set(qrIds).size !== qrIds.length)
    problems.push(detail('/labelPreparationSetupExportFormQuestions', 'labelPreparation.duplicateItem'));
  return problems;
}
