/**
 * Ranked testers of questions (JSON Forms' `rankWith`, `and`, `schemaTypeIs`, applied to a form definition's
 * questions): a field type that is not told apart from the other field types of its question type by a keyword
 * says when it fits with these (a Checkbox with options is a group of boxes). The field-type index asks every field
 * type of a question's type and takes the highest rank (index.ts fieldTypeOf).
 */
import { type AnyQuestion, NOT_APPLICABLE, type QuestionTester } from './types';

export { NOT_APPLICABLE };

/** A condition on a question. */
export type QuestionPredicate = (question: AnyQuestion) => boolean;

/** A tester giving `rank` to the questions `predicate` holds for. */
export function rankWith(rank: number, predicate: QuestionPredicate): QuestionTester {
  return (question) => (predicate(question) ? rank : NOT_APPLICABLE);
}

/** Holds for a question of the question type `type`. */
export function questionTypeIs(type: string): QuestionPredicate {
  return (question) => question.type === type;
}

/** Holds for a question with at least one option (`options`, as Dropdown, Checkbox and MultiSelect have). */
export const hasOptions: QuestionPredicate = (question) =>
  ((question as { options?: readonly unknown[] }).options ?? []).length > 0;

/** Holds when every predicate holds. */
export function and(...predicates: QuestionPredicate[]): QuestionPredicate {
  return (question) => predicates.every((predicate) => predicate(question));
}
