/**
 * Conversion between the renderer's form data (`{ q_12: 'Bay 3', q_12_other: '...' }`, keyed by
 * answer keys) and a form entry's answers (administration-data.md §3 "Form entry (saved)", "Answer":
 * `{ formId, questionId, answers: [...], isEmailText, isSigned, other, ... }`).
 *
 * Main values: `answers` is always an array, `[value]` for a single-valued question and the ticked
 * option values for a Checkbox with options. Empty values (undefined, null, '', an array with no
 * non-empty item) are no answer. A tick box left unticked after being touched is `false`, an answer.
 *
 * Companion values by answer-key suffix: other → `other`, emailText → `isEmailText`, signed →
 * `isSigned`, stopnoti → `stopNotification`, user → `notificationUsers`, name → `signatureByThirdParty`.
 * The grid and gridSummary suffixes are not carried by an Answer and are not converted.
 */
import type { Answer, AnswerValue, FormDefinition, Question } from '../types/generated';
import { answerKey } from './answer-keys';
import { fieldTypeOf } from './field-types';
import { allQuestions } from './questions';
import { hiddenQuestionIds } from './visibility';

/** Renderer form data: answer key → value. */
export type FormData = Record<string, unknown>;

type Companion =
  | 'other'
  | 'isEmailText'
  | 'isSigned'
  | 'stopNotification'
  | 'notificationUsers'
  | 'signatureByThirdParty';

/** Answer fields carried beside the main value, by answer-key suffix. */
const companions = [
  ['other', 'other'],
  ['emailText', 'isEmailText'],
  ['signed', 'isSigned'],
  ['stopnoti', 'stopNotification'],
  ['user', 'notificationUsers'],
  ['name', 'signatureByThirdParty'],
] as const satisfies ReadonlyArray<readonly [Parameters<typeof answerKey>[1], Companion]>;

function isAnswerValue(value: unknown): value is AnswerValue {
  return (
    typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  );
}

/** True for a value that is no answer: undefined, null, '' or an array without a non-empty item. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

/** The `answers` array of a form-data value: non-empty scalar items only. */
function toAnswerValues(value: unknown): AnswerValue[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is AnswerValue => isAnswerValue(item) && item !== '');
}

function companionValue(field: Companion, value: unknown): Answer[Companion] | undefined {
  switch (field) {
    case 'isEmailText':
    case 'isSigned':
    case 'stopNotification':
      return typeof value === 'boolean' ? value : undefined;
    case 'notificationUsers':
      return Array.isArray(value) && value.length > 0 && value.every(Number.isInteger)
        ? (value as number[])
        : undefined;
    default:
      return typeof value === 'string' && value !== '' ? value : undefined;
  }
}

/**
 * Form data → answers, in page order of the questions.
 * @param def the form definition the data was entered against
 * @param formData answer key → value; keys that are not answer keys of `def`'s questions are ignored
 * @returns one Answer (with `formId: def.id`) per question that has a non-empty value or companion value
 */
export function formDataToAnswers(def: FormDefinition, formData: FormData): Answer[] {
  const answers: Answer[] = [];
  // A question hidden by its condition is not answered (engine/forms/visibility.ts).
  const hidden = hiddenQuestionIds(def, formData);
  for (const question of allQuestions(def)) {
    if (hidden.has(question.id)) continue;
    const type = fieldTypeOf(question);
    if (type.answerOf) {
      const fields = type.answerOf(question, formData[answerKey(question.id)]);
      if (fields) answers.push({ formId: def.id, questionId: question.id, answers: [], ...fields });
      continue;
    }
    const values = toAnswerValues(formData[answerKey(question.id)]);
    const answer: Answer = { formId: def.id, questionId: question.id, answers: values };
    let hasCompanion = false;
    for (const [suffix, field] of companions) {
      const value = companionValue(field, formData[answerKey(question.id, suffix)]);
      if (value === undefined) continue;
      (answer as Record<Companion, unknown>)[field] = value;
      hasCompanion = true;
    }
    if (values.length > 0 || hasCompanion) answers.push(answer);
  }
  return answers;
}

/** The form-data value of a question's answer values (undefined when there is none). */
export function answerValuesToFormValue(question: Question, values: readonly AnswerValue[]): unknown {
  const present = values.filter((v) => v !== '');
  if (present.length === 0) return undefined;
  return fieldTypeOf(question).multiValued ? [...present] : present[0];
}

/**
 * Answers → form data: the inverse of {@link formDataToAnswers}.
 * @param def the form definition the answers belong to
 * @param answers saved or submitted answers; answers to questions not in `def` are ignored, and of two
 *   answers to one question the first is used
 * @returns answer key → value: the option values array for a Checkbox with options, else the first value
 */
export function answersToFormData(def: FormDefinition, answers: readonly Answer[]): FormData {
  const questions = new Map(allQuestions(def).map((q) => [q.id, q]));
  const data: FormData = {};
  const done = new Set<number>();
  for (const answer of answers) {
    const question = questions.get(answer.questionId);
    if (!question || done.has(question.id)) continue;
    done.add(question.id);
    const type = fieldTypeOf(question);
    const value = type.formValueOf
      ? type.formValueOf(question, answer)
      : answerValuesToFormValue(question, Array.isArray(answer.answers) ? answer.answers : []);
    if (value !== undefined) data[answerKey(question.id)] = value;
    for (const [suffix, field] of companions) {
      const companion = companionValue(field, answer[field]);
      if (companion !== undefined) data[answerKey(question.id, suffix)] = companion;
    }
  }
  return data;
}
