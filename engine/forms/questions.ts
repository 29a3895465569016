/**
 * How the engine reads a form definition's questions (form-configuration.md §3 "Form", §5 "Form fields"):
 * the kind of field a question is (its field type, engine/forms/field-types), whether it is hidden, and the
 * questions in page order.
 */
import type { FormDefinition, Question } from '../types/generated';

export { isHiddenQuestion, type QuestionKind, questionKind } from './field-types';
export { optionValues } from './field-types/shared';

type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/**
 * A question read as the bag of every keyword any question type takes, each optional: for code that reads a
 * keyword of questions of several types (a register's `showInRegister` columns, a harness's sample answers). A
 * `Question` is one (`const view: QuestionProperties = question`); where its type does not take the keyword, it
 * reads undefined. Code about one type narrows the `Question` union by `type` instead.
 */
export type QuestionProperties = { [K in KeysOf<Question>]?: ValueAt<Question, K> } & Pick<
  Question,
  'id' | 'label' | 'type'
>;

/**
 * Every question of a definition in page order, hidden ones included. A question id met again later
 * (a broken definition; engine/rules/form-definition.ts rejects it on save) is skipped: the first wins.
 */
export function allQuestions(def: Pick<FormDefinition, 'pages'>): Question[] {
  const seen = new Set<number>();
  const out: Question[] = [];
  for (const page of def.pages) {
    for (const question of page.questions) {
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      out.push(question);
    }
  }
  return out;
}
