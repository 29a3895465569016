/**
 * The condition language of questions and pages (issue 21 §4 "Conditions (logic)"; form-configuration.md §2
 * "Pages can be hidden by a condition"; docs/forms.md "Conditions"). One module says what a condition means, for
 * the browser and the server alike:
 * - `conditionHolds(condition, formData)`: the plain evaluation (which questions are hidden, whose answers are
 *   dropped before saving: engine/forms/visibility.ts, entry-data.ts, validate-submission.ts);
 * - `conditionSchema(condition)`: the same condition as a JSON Schema over the form data, which the compiler puts
 *   in the uiSchema as `ui:visibleWhen` (the shared renderer hides a field or page while it fails) and in the
 *   form schema as `if`/`then` (a question is required only while shown; Ajv on the server, the interpreting
 *   validator in the browser). conditions.test.ts holds the two to the same verdict on every operator.
 *
 * A condition (`VisibleWhen`, schemas/entities/question.schema.json `$defs/visibleWhen`) is either
 * - a group: `{ all: [c, ...] }` (every one holds), `{ any: [c, ...] }` (at least one), `{ none: [c, ...] }` (not one),
 *   nestable; or
 * - a comparison of one question's answer, the question named by its stable id (`questionId`; renaming or
 *   moving a question keeps it), with one operator:
 *   `answered: true` | `notAnswered: true` | `equals: v` | `notEquals: v` | `oneOf: [v, ...]` |
 *   `contains: v` (a value of a multi-valued answer, or text within a text answer, case-insensitive) |
 *   `greaterThan` | `lessThan` | `atLeast` | `atMost` (a number against a number answer, or a yyyy-mm-dd date
 *   against a date answer, compared as dates: a date-time by its day).
 *   The comparison with no operator, `{ questionId }`, means answered: the first condition shape,
 *   `{ questionId, equals? | oneOf? }`, is this language's subset and means what it meant.
 *
 * An answer is empty when it is absent, null, '' or []: an empty answer equals, contains and compares with
 * nothing (so `notEquals` and `none` hold for it). `equals`, `notEquals` and `oneOf` of a multi-valued answer
 * read each of its values (equals 'Sparks' holds while 'Sparks' is one of the chosen).
 */
import type { VisibleWhen } from '../types/generated';
import { answerKey } from './answer-keys';
import type { JSONSchema } from './field-types/types';

/** A condition of the language (an alias of the generated `VisibleWhen`). */
export type Condition = VisibleWhen;

/** A scalar a comparison reads. */
type Scalar = string | number | boolean;

/** The comparison operators, in the order the property panel offers them. */
export const comparisonOperators = [
  'answered',
  'notAnswered',
  'equals',
  'notEquals',
  'oneOf',
  'contains',
  'greaterThan',
  'lessThan',
  'atLeast',
  'atMost',
] as const;

/** One of {@link comparisonOperators}. */
export type ComparisonOperator = (typeof comparisonOperators)[number];

/** The group keywords: every, at least one, not one of the conditions holds. */
export const groupKinds = ['all', 'any', 'none'] as const;

/** One of {@link groupKinds}. */
export type GroupKind = (typeof groupKinds)[number];

/** A comparison, read: which question, which operator (answered when none is given), and the operand. */
export interface ReadComparison {
  questionId: number;
  operator: ComparisonOperator;
  operand?: unknown;
}

/** A group, read: its kind and its conditions. */
export interface ReadGroup {
  kind: GroupKind;
  conditions: Condition[];
}

/** A yyyy-mm-dd date at the start of a string (a date answer, or a date-time read by its day). */
const DATE_START = '\\d{4}-\\d{2}-\\d{2}';

/** True for a yyyy-mm-dd date operand. */
export function isDateOperand(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(`^${DATE_START}$`, 'u').test(value);
}

/**
 * A condition read as a group or a comparison.
 * @returns a ReadGroup for `{ all | any | none: [...] }`, else a ReadComparison (operator `answered` for the
 *   first shape's `{ questionId }`)
 */
export function readCondition(condition: Condition): ReadGroup | ReadComparison {
  const record = condition as Record<string, unknown>;
  for (const kind of groupKinds)
    if (Array.isArray(record[kind])) return { kind, conditions: record[kind] as Condition[] };
  const questionId = record.questionId as number;
  for (const operator of comparisonOperators)
    if (record[operator] !== undefined) return { questionId, operator, operand: record[operator] };
  return { questionId, operator: 'answered' };
}

/** The ids of the questions a condition reads, each once, in the order met. */
export function questionsReadBy(condition: Condition): number[] {
  const out = new Set<number>();
  const walk = (c: Condition) => {
    const read = readCondition(c);
    if ('kind' in read) read.conditions.forEach(walk);
    else out.add(read.questionId);
  };
  walk(condition);
  return [...out];
}

/** How deep groups nest in a condition (a comparison: 0; a group of comparisons: 1). */
export function conditionDepth(condition: Condition): number {
  const read = readCondition(condition);
  if (!('kind' in read)) return 0;
  return 1 + Math.max(0, ...read.conditions.map(conditionDepth));
}

/** Regular-expression syntax characters, escaped outside a character class (valid with the `u` flag). */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * The pattern of text containing `text`, letters in either case: `[sS][pP]...`. A pattern, not a lower-cased
 * comparison, because JSON Schema has no case-insensitive flag; the plain evaluation tests the same pattern.
 */
export function containsPattern(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    out +=
      lower !== upper && [...lower].length === 1 && [...upper].length === 1 ? `[${lower}${upper}]` : escapeRegExp(ch);
  }
  return out;
}

/**
 * The pattern of a string starting with a yyyy-mm-dd date that is after (`greaterThan`), before (`lessThan`),
 * on or after (`atLeast`) or on or before (`atMost`) `date`. yyyy-mm-dd dates order as their text does, so the
 * pattern spells the text order digit by digit: the same prefix, then a greater (or smaller) digit.
 */
export function datePattern(operator: 'greaterThan' | 'lessThan' | 'atLeast' | 'atMost', date: string): string {
  const after = operator === 'greaterThan' || operator === 'atLeast';
  const branches: string[] = [];
  for (let i = 0; i < date.length; i++) {
    const digit = date.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) continue;
    const prefix = escapeRegExp(date.slice(0, i));
    if (after && digit < 9) branches.push(`${prefix}[${digit + 1}-9]`);
    if (!after && digit > 0) branches.push(`${prefix}[0-${digit - 1}]`);
  }
  if (operator === 'atLeast' || operator === 'atMost') branches.push(escapeRegExp(date));
  // (?!) matches nothing: no date is after 9999-99-99.
  return `^(?=${DATE_START})(?:${branches.length > 0 ? branches.join('|') : '(?!)'})`;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The listed values of the first shape (`equals` as a list of one), for `equals`, `notEquals` and `oneOf`. */
function wantedOf(read: ReadComparison): Scalar[] {
  return read.operator === 'oneOf' ? (read.operand as Scalar[]) : [read.operand as Scalar];
}

/** True when a comparison holds for `value`, the answer it reads. */
function comparisonHolds(read: ReadComparison, value: unknown): boolean {
  switch (read.operator) {
    case 'answered':
      return !isEmpty(value);
    case 'notAnswered':
      return isEmpty(value);
    case 'equals':
    case 'oneOf': {
      if (isEmpty(value)) return false;
      const wanted = wantedOf(read);
      return (Array.isArray(value) ? value : [value]).some((v) => wanted.includes(v as Scalar));
    }
    case 'notEquals':
      return !comparisonHolds({ ...read, operator: 'equals' }, value);
    case 'contains':
      if (Array.isArray(value)) return value.some((v) => v === read.operand);
      return (
        typeof value === 'string' &&
        typeof read.operand === 'string' &&
        new RegExp(containsPattern(read.operand), 'u').test(value)
      );
    default: {
      const { operand, operator } = read;
      if (typeof operand === 'number') {
        if (typeof value !== 'number') return false;
        if (operator === 'greaterThan') return value > operand;
        if (operator === 'lessThan') return value < operand;
        if (operator === 'atLeast') return value >= operand;
        return value <= operand;
      }
      return (
        typeof value === 'string' &&
        isDateOperand(operand) &&
        new RegExp(datePattern(operator, operand), 'u').test(value)
      );
    }
  }
}

/**
 * True when `condition` holds for `formData` (answer key → form value, engine/forms/entry-data.ts). The plain
 * evaluation of {@link conditionSchema}.
 */
export function conditionHolds(condition: Condition, formData: Record<string, unknown>): boolean {
  const read = readCondition(condition);
  if ('kind' in read) {
    const holding = (c: Condition) => conditionHolds(c, formData);
    if (read.kind === 'all') return read.conditions.every(holding);
    if (read.kind === 'any') return read.conditions.some(holding);
    return !read.conditions.some(holding);
  }
  return comparisonHolds(read, formData[answerKey(read.questionId)]);
}

/** The object schema "question `key` is present and its answer satisfies `value`". */
function answerIs(key: string, value: JSONSchema): JSONSchema {
  return { type: 'object', required: [key], properties: { [key]: value } };
}

/** The JSON Schema of a comparison over the form data. */
function comparisonSchema(read: ReadComparison): JSONSchema {
  const key = answerKey(read.questionId);
  switch (read.operator) {
    case 'answered':
      // Not empty: neither '' nor null nor [] (typed, so Ajv's strictTypes has nothing to say about it).
      return answerIs(key, { not: { anyOf: [{ enum: ['', null] }, { type: 'array', maxItems: 0 }] } });
    case 'notAnswered':
      return { not: comparisonSchema({ ...read, operator: 'answered' }) };
    case 'equals':
    case 'oneOf': {
      const wanted = wantedOf(read);
      return answerIs(key, { anyOf: [{ enum: wanted }, { type: 'array', contains: { enum: wanted } }] });
    }
    case 'notEquals':
      return { not: comparisonSchema({ ...read, operator: 'equals' }) };
    case 'contains': {
      const { operand } = read;
      const branches: JSONSchema[] = [{ type: 'array', contains: { const: operand } }];
      if (typeof operand === 'string') branches.push({ type: 'string', pattern: containsPattern(operand) });
      return answerIs(key, { anyOf: branches });
    }
    default: {
      const { operand, operator } = read;
      if (typeof operand === 'number') {
        const keyword = {
          greaterThan: 'exclusiveMinimum',
          lessThan: 'exclusiveMaximum',
          atLeast: 'minimum',
          atMost: 'maximum',
        }[operator];
        return answerIs(key, { type: 'number', [keyword]: operand });
      }
      if (!isDateOperand(operand)) return answerIs(key, { not: {} });
      return answerIs(key, { type: 'string', pattern: datePattern(operator, operand) });
    }
  }
}

/**
 * The JSON Schema over the form data that holds exactly while `condition` holds ({@link conditionHolds}).
 * The first shape compiles as it always did: `{ questionId, equals }` to
 * `{ type: 'object', required: ['q_<id>'], properties: { q_<id>: { anyOf: [{ enum: [v] }, { type: 'array',
 * contains: { enum: [v] } }] } } }`.
 */
export function conditionSchema(condition: Condition): JSONSchema {
  const read = readCondition(condition);
  if (!('kind' in read)) return comparisonSchema(read);
  const parts = read.conditions.map(conditionSchema);
  // An empty group (the meta-schema refuses one; a draft may hold one): all of none holds, any of none does not.
  if (parts.length === 0) return read.kind === 'any' ? { not: {} } : {};
  if (read.kind === 'all') return { allOf: parts };
  if (read.kind === 'any') return { anyOf: parts };
  return { not: { anyOf: parts } };
}
