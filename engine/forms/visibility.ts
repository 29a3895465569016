/**
 * Questions and pages hidden by condition (form-configuration.md §2 "Multi-page form renderer": "Pages
 * can be hidden by a condition"; issue "The form runtime" §1: "A hidden question is never required").
 * A question is shown while its own `visibleWhen` and its page's hold (docs/decisions.md "Visibility").
 *
 * What a condition means is engine/forms/conditions.ts (the condition language: all / any / none groups of
 * comparisons), said two ways there: a JSON Schema over the form data (the compiler puts it in the uiSchema as
 * `ui:visibleWhen` for the renderer and in the schema as `if`/`then` so the question is required only while
 * shown), and a plain evaluation, with which `hiddenQuestionIds` drops a hidden question's answer before it is
 * saved, on the client and on the server.
 */
import type { FormDefinition, Question, VisibleWhen } from '../types/generated';
import { answerKey } from './answer-keys';
import { conditionHolds, conditionSchema, questionsReadBy } from './conditions';
import type { JSONSchema } from './field-types/types';
import { allQuestions } from './questions';

export { conditionHolds, conditionSchema } from './conditions';

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

/** True for question `id`'s answer key and the keys of the fields it adds (q_<id>, q_<id>_<suffix>). */
function isKeyOf(key: string, id: number): boolean {
  const own = answerKey(id);
  return key === own || key.startsWith(`${own}_`);
}

/**
 * The questions of a definition hidden for `formData`. A hidden question's answer is cleared before the
 * questions after it are decided, so a condition reads a hidden question as not answered (a question that
 * another hidden question's answer would show stays hidden; one shown while it is not answered is shown), and
 * the result is stable: the browser (runtime/renderer/SchemaForm.tsx hiddenKeys) and the server's `if`/`then`
 * (validate-submission.ts validates the data without the hidden answers) decide the same.
 */
export function hiddenQuestionIds(def: Pick<FormDefinition, 'pages'>, formData: Record<string, unknown>): Set<number> {
  const hidden = new Set<number>();
  const data = { ...formData };
  // Conditions refer to earlier questions (checkFormDefinition); one pass in page order suffices.
  for (const page of def.pages) {
    for (const question of page.questions) {
      const conditions = conditionsOf(page, question);
      if (conditions.every((c) => conditionHolds(c, data))) continue;
      hidden.add(question.id);
      for (const key of Object.keys(data)) if (isKeyOf(key, question.id)) delete data[key];
    }
  }
  return hidden;
}

/**
 * The conditions that read a question not in the form or not before the question (or page) they belong to:
 * one item per question read so, with the question the condition belongs to (for checkFormDefinition).
 */
export function conditionProblems(def: Pick<FormDefinition, 'pages'>): Array<{ questionId: number; refersTo: number }> {
  const seen = new Set<number>();
  const problems: Array<{ questionId: number; refersTo: number }> = [];
  const known = new Set(allQuestions(def as FormDefinition).map((q) => q.id));
  for (const page of def.pages) {
    for (const question of page.questions) {
      for (const condition of conditionsOf(page, question)) {
        // A condition must read questions that come before it (no cycles, no forward references).
        for (const refersTo of questionsReadBy(condition))
          if (!known.has(refersTo) || !seen.has(refersTo)) problems.push({ questionId: question.id, refersTo });
      }
      seen.add(question.id);
    }
  }
  return problems;
}
