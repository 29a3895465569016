/**
 * Comparing form data by what it answers (issue 19: the leave guard compares with the form's initial
 * values; a server's message at a question goes once the answer changes). RJSF leaves `key: undefined`
 * behind when a field is emptied, a cleared multi-select may be `[]` where it was absent, and a loaded item
 * may hold null: none of these is an answer, so none of them is a difference.
 */
import { deepEquals } from '@rjsf/utils';
import { isEmptyValue } from '../../engine/forms/entry-data';

/** True for a value that answers nothing: undefined, null, '', or a list of such values (entry-data's isEmptyValue). */
function answersNothing(value: unknown): boolean {
  return isEmptyValue(value);
}

/**
 * The value with every member that answers nothing left out, in objects at any depth; list items keep their
 * places (an item's own object is cleaned). A value that answers nothing at the top is undefined.
 */
export function withoutEmpty(value: unknown): unknown {
  if (answersNothing(value)) return undefined;
  if (Array.isArray(value)) return value.map((item) => withoutEmpty(item) ?? null);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = withoutEmpty(item);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  return value;
}

/**
 * True when two form values hold the same answers: deeply equal (@rjsf/utils deepEquals) once the members
 * that answer nothing are left out (see withoutEmpty). Key order does not matter; list order does.
 */
export function sameAnswers(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return deepEquals(withoutEmpty(a), withoutEmpty(b));
}
