/**
 * Answer keys: the property names under which a form's answers live in form data, register rows and
 * compiled schemas. form-configuration.md §3 "Grid" and administration-data.md §3 "Form entry (saved)":
 * "Answer keys encode the question id after an underscore, with the suffixes emailText, signed, other,
 * stopnoti, user, name, grid and gridSummary". Here: `q_<questionId>` and `q_<questionId>_<suffix>`.
 */

/** The spec's answer-key suffixes, each a companion value of the same question. */
export const answerKeySuffixes = [
  'emailText',
  'signed',
  'other',
  'stopnoti',
  'user',
  'name',
  'grid',
  'gridSummary',
] as const;

/** One of {@link answerKeySuffixes}. */
export type AnswerKeySuffix = (typeof answerKeySuffixes)[number];

/** The key of a question's main answer, e.g. `q_12`. */
export type AnswerKey = `q_${number}`;

const pattern = new RegExp(`^q_([1-9][0-9]*)(?:_(${answerKeySuffixes.join('|')}))?$`);

/**
 * The form-data key of a question's answer.
 * @param questionId the question's id, a positive integer
 * @param suffix a companion value (other text, signature flag, ...); none for the answer itself
 * @returns e.g. `answerKey(12)` → `'q_12'`, `answerKey(12, 'other')` → `'q_12_other'`
 * @throws RangeError when questionId is not a positive safe integer (the key would not parse back)
 */
export function answerKey(questionId: number, suffix?: AnswerKeySuffix): string {
  if (!Number.isSafeInteger(questionId) || questionId < 1) throw new RangeError(`Invalid question id: ${questionId}`);
  return suffix === undefined ? `q_${questionId}` : `q_${questionId}_${suffix}`;
}

/**
 * The inverse of {@link answerKey}.
 * @returns `{ questionId, suffix? }`, or null when `key` is not an answer key (unknown suffix, leading
 *   zeros, non-numeric id, anything around it)
 */
export function parseAnswerKey(key: string): { questionId: number; suffix?: AnswerKeySuffix } | null {
  const match = pattern.exec(key);
  if (!match) return null;
  const questionId = Number(match[1]);
  if (!Number.isSafeInteger(questionId)) return null;
  return match[2] === undefined ? { questionId } : { questionId, suffix: match[2] as AnswerKeySuffix };
}
