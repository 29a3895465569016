/**
 * Questions and pages hidden by condition (form-configuration.md §2 "Multi-page form renderer": "Pages
 * can be hidden by a condition"; issue "The form runtime" §1: "A hidden question is never required").
 * A question is shown while its own `visibleWhen` and its page's hold (docs/decisions.md "Visibility").
 *
 * The same condition is said three ways, all from here: a JSON Schema over the form data (the compiler
 * puts it in the uiSchema as `ui:visibleWhen` for the renderer and in the schema as `if`/`then` so the
 * question is required only while shown), and a plain evaluation (`hiddenQuestionIds`) that drops a hidden
 * question's answer before it is saved, on the client and on the server.
 */
import type { FormDefinition, Question, VisibleWhen } from '../types/generated';
import { answerKey } from './answer-keys';
import type { JSONSchema } from './field-types/types';
import { allQuestions } from './questions';

/** The JSON Schema over form data that holds while `when` holds. */
export function conditionSchema(when: VisibleWhen): JSONSchema {
  const key = answerKey(when.questionId);
  const wanted = when.oneOf ?? (when.equals === undefined ? undefined : [when.equals]);
  const value: JSONSchema =
    wanted === undefined
      ? { not: { enum: ['', null] }, minItems: 1 }
      : { anyOf: [{ enum: wanted }, { type: 'array', contains: { enum: wanted } }] };
  return { type: 'object', required: [key], properties: { [key]: value } };
}

/** The conditions a question is shown under: its page's and its own. */
export function conditionsOf(
  page: { visibleWhen?: VisibleWhen },
  question: Pick<Question, 'visibleWhen'>,
): VisibleWhen[] {
  return [page.visibleWhen, question.visibleWhen].filter((c): c is VisibleWhen => c !== undefined);
}

/** The JSON Schema of several conditions together (all must hold), or undefined for none. */
export function conditionsSchema(conditions: readonly VisibleWhen[]): JSONSchema | undefined {
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditionSchema(conditions[0]);
  return { allOf: conditions.map(conditionSchema) };
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** True when `when` holds for `formData` (the plain evaluation of conditionSchema). */
export function conditionHolds(when: VisibleWhen, formData: Record<string, unknown>): boolean {
  const value = formData[answerKey(when.questionId)];
  if (isEmpty(value)) return false;
  const wanted = when.oneOf ?? (when.equals === undefined ? undefined : [when.equals]);
  if (wanted === undefined) return true;
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => wanted.includes(v as string | number | boolean));
}

/**
 * The questions of a definition hidden for `formData`. A question that another hidden question's answer
 * would show stays hidden too (its condition reads the cleared answer), so the result is stable.
 */
export function hiddenQuestionIds(def: Pick<FormDefinition, 'pages'>, formData: Record<string, unknown>): Set<number> {
  const hidden = new Set<number>();
  const data = { ...formData };
  // Conditions refer to earlier questions (checkFormDefinition); one pass in page order suffices.
  for (const page of def.pages) {
    for (const question of page.questions) {
      const conditions = conditionsOf(page, question);
      if (conditions.every((c) => !hidden.has(c.questionId) && conditionHolds(c, data))) continue;
      hidden.add(question.id);
      delete data[answerKey(question.id)];
    }
  }
  return hidden;
}

/** Ids of every question a definition's conditions refer to, and the questions before each (for checks). */
export function conditionProblems(def: Pick<FormDefinition, 'pages'>): Array<{ questionId: number; refersTo: number }> {
  const seen = new Set<number>();
  const problems: Array<{ questionId: number; refersTo: number }> = [];
  const known = new Set(allQuestions(def as FormDefinition).map((q) => q.id));
  for (const page of def.pages) {
    for (const question of page.questions) {
      for (const condition of conditionsOf(page, question)) {
        // A condition must read a question that comes before it (no cycles, no forward references).
        if (!known.has(condition.questionId) || !seen.has(condition.questionId))
          problems.push({ questionId: question.id, refersTo: condition.questionId });
      }
      seen.add(question.id);
    }
  }
  return problems;
}
