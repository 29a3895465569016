/**
 * The condition language (engine/forms/conditions.ts, issue 21 §4): each operator, groups and their nesting,
 * numbers, dates, unanswered questions and the first shape; the plain evaluation, Ajv (the server) and the
 * interpreting validator (the browser) give the same verdict on every case.
 */
import { ajv } from '../validation/ajv';
import { satisfies } from '../validation/interpreted';
import {
  type Condition,
  conditionDepth,
  conditionHolds,
  conditionSchema,
  datePattern,
  questionsReadBy,
  readCondition,
} from './conditions';

/** The verdict of all three, asserted equal; returns it. */
function verdict(condition: Condition, data: Record<string, unknown>): boolean {
  const plain = conditionHolds(condition, data);
  const schema = conditionSchema(condition);
  const server = ajv.validate(schema, data) as boolean;
  const browser = satisfies(schema, data);
  expect({ server, browser }, JSON.stringify({ condition, data })).toEqual({ server: plain, browser: plain });
  return plain;
}

const cases: Array<[string, Condition, Record<string, unknown>, boolean]> = [
  // answered / notAnswered: absent, null, '' and [] are not answered; 0 and false are.
  ['answered: text', { questionId: 1, answered: true }, { q_1: 'x' }, true],
  ['answered: empty text', { questionId: 1, answered: true }, { q_1: '' }, false],
  ['answered: absent', { questionId: 1, answered: true }, {}, false],
  ['answered: null', { questionId: 1, answered: true }, { q_1: null }, false],
  ['answered: empty list', { questionId: 1, answered: true }, { q_1: [] }, false],
  ['answered: zero', { questionId: 1, answered: true }, { q_1: 0 }, true],
  ['answered: false', { questionId: 1, answered: true }, { q_1: false }, true],
  ['notAnswered: absent', { questionId: 1, notAnswered: true }, {}, true],
  ['notAnswered: empty list', { questionId: 1, notAnswered: true }, { q_1: [] }, true],
  ['notAnswered: answered', { questionId: 1, notAnswered: true }, { q_1: 'x' }, false],
  // equals / notEquals / oneOf, on single and multi-valued answers.
  ['equals', { questionId: 1, equals: 'Yes' }, { q_1: 'Yes' }, true],
  ['equals: other', { questionId: 1, equals: 'Yes' }, { q_1: 'No' }, false],
  ['equals: case matters', { questionId: 1, equals: 'Yes' }, { q_1: 'yes' }, false],
  ['equals: a number', { questionId: 1, equals: 3 }, { q_1: 3 }, true],
  ['equals: a boolean', { questionId: 1, equals: true }, { q_1: true }, true],
  ['equals: one of a list', { questionId: 1, equals: 'Fumes' }, { q_1: ['Sparks', 'Fumes'] }, true],
  ['equals: unanswered', { questionId: 1, equals: 'Yes' }, {}, false],
  ['notEquals', { questionId: 1, notEquals: 'Yes' }, { q_1: 'No' }, true],
  ['notEquals: same', { questionId: 1, notEquals: 'Yes' }, { q_1: 'Yes' }, false],
  ['notEquals: unanswered', { questionId: 1, notEquals: 'Yes' }, {}, true],
  ['notEquals: in a list', { questionId: 1, notEquals: 'Fumes' }, { q_1: ['Fumes'] }, false],
  ['oneOf', { questionId: 1, oneOf: ['A', 'B'] }, { q_1: 'B' }, true],
  ['oneOf: none', { questionId: 1, oneOf: ['A', 'B'] }, { q_1: 'C' }, false],
  ['oneOf: list', { questionId: 1, oneOf: ['A', 'B'] }, { q_1: ['C', 'A'] }, true],
  // contains: a value of a list, or text in a text answer, any case.
  ['contains: list', { questionId: 1, contains: 'Fumes' }, { q_1: ['Sparks', 'Fumes'] }, true],
  ['contains: list without', { questionId: 1, contains: 'Fumes' }, { q_1: ['Sparks'] }, false],
  ['contains: list, part of a value', { questionId: 1, contains: 'Fum' }, { q_1: ['Fumes'] }, false],
  ['contains: text', { questionId: 1, contains: 'crack' }, { q_1: 'Hairline CRACK in slab' }, true],
  ['contains: text without', { questionId: 1, contains: 'crack' }, { q_1: 'sound' }, false],
  ['contains: regex characters are text', { questionId: 1, contains: 'a.b (c)' }, { q_1: 'x A.B (C) y' }, true],
  ['contains: dot is no wildcard', { questionId: 1, contains: 'a.b' }, { q_1: 'axb' }, false],
  ['contains: unanswered', { questionId: 1, contains: 'x' }, {}, false],
  ['contains: a number in a list', { questionId: 1, contains: 2 }, { q_1: [1, 2] }, true],
  ['contains: a number answer', { questionId: 1, contains: '2' }, { q_1: 2 }, false],
  // numbers
  ['greaterThan', { questionId: 1, greaterThan: 5 }, { q_1: 6 }, true],
  ['greaterThan: equal', { questionId: 1, greaterThan: 5 }, { q_1: 5 }, false],
  ['lessThan', { questionId: 1, lessThan: 5 }, { q_1: 4.5 }, true],
  ['lessThan: equal', { questionId: 1, lessThan: 5 }, { q_1: 5 }, false],
  ['atLeast: equal', { questionId: 1, atLeast: 5 }, { q_1: 5 }, true],
  ['atLeast: below', { questionId: 1, atLeast: 5 }, { q_1: -1 }, false],
  ['atMost: equal', { questionId: 1, atMost: 5 }, { q_1: 5 }, true],
  ['atMost: above', { questionId: 1, atMost: 5 }, { q_1: 50 }, false],
  ['number: unanswered', { questionId: 1, lessThan: 5 }, {}, false],
  ['number: a text answer', { questionId: 1, lessThan: 5 }, { q_1: '3' }, false],
  ['number: a list', { questionId: 1, greaterThan: 0 }, { q_1: [3] }, false],
  // dates, compared as dates (a date-time by its day)
  ['date greaterThan', { questionId: 1, greaterThan: '2026-03-15' }, { q_1: '2026-03-16' }, true],
  ['date greaterThan: next year', { questionId: 1, greaterThan: '2026-12-31' }, { q_1: '2027-01-01' }, true],
  ['date greaterThan: same day', { questionId: 1, greaterThan: '2026-03-15' }, { q_1: '2026-03-15' }, false],
  [
    'date greaterThan: same day, later hour',
    { questionId: 1, greaterThan: '2026-03-15' },
    { q_1: '2026-03-15T10:00' },
    false,
  ],
  ['date greaterThan: earlier', { questionId: 1, greaterThan: '2026-03-15' }, { q_1: '2025-12-31' }, false],
  ['date lessThan', { questionId: 1, lessThan: '2026-03-15' }, { q_1: '2026-02-28' }, true],
  ['date lessThan: 1999', { questionId: 1, lessThan: '2026-03-15' }, { q_1: '1999-09-09' }, true],
  ['date lessThan: later', { questionId: 1, lessThan: '2026-03-15' }, { q_1: '2026-03-20' }, false],
  ['date atLeast: same day', { questionId: 1, atLeast: '2026-03-15' }, { q_1: '2026-03-15' }, true],
  ['date atLeast: a day before', { questionId: 1, atLeast: '2026-03-15' }, { q_1: '2026-03-14' }, false],
  ['date atMost: same day', { questionId: 1, atMost: '2026-03-15' }, { q_1: '2026-03-15T23:59' }, true],
  ['date atMost: a day after', { questionId: 1, atMost: '2026-03-15' }, { q_1: '2026-03-16' }, false],
  ['date: not a date', { questionId: 1, lessThan: '2026-03-15' }, { q_1: 'soon' }, false],
  ['date: unanswered', { questionId: 1, atMost: '2026-03-15' }, {}, false],
  ['date: a number answer', { questionId: 1, atMost: '2026-03-15' }, { q_1: 20260101 }, false],
  ['date: nothing after the last', { questionId: 1, greaterThan: '9999-99-99' }, { q_1: '9999-12-31' }, false],
  ['date: nothing before the first', { questionId: 1, lessThan: '0000-00-00' }, { q_1: '0000-01-01' }, false],
  // the first shape: { questionId } is answered
  ['first shape: answered', { questionId: 1 }, { q_1: 'x' }, true],
  ['first shape: not answered', { questionId: 1 }, { q_1: [] }, false],
];

const hot = { questionId: 1, equals: 'Yes' };
const tall = { questionId: 2, atLeast: 2 };
const fumes = { questionId: 3, contains: 'Fumes' };

const groups: Array<[string, Condition, Record<string, unknown>, boolean]> = [
  ['all: both', { all: [hot, tall] }, { q_1: 'Yes', q_2: 3 }, true],
  ['all: one', { all: [hot, tall] }, { q_1: 'Yes', q_2: 1 }, false],
  ['any: one', { any: [hot, tall] }, { q_1: 'No', q_2: 3 }, true],
  ['any: neither', { any: [hot, tall] }, { q_1: 'No' }, false],
  ['none: neither', { none: [hot, tall] }, { q_1: 'No' }, true],
  ['none: one', { none: [hot, tall] }, { q_2: 2 }, false],
  ['nested: all of (any, none)', { all: [{ any: [hot, tall] }, { none: [fumes] }] }, { q_2: 2, q_3: ['Dust'] }, true],
  [
    'nested: all of (any, none), fumes',
    { all: [{ any: [hot, tall] }, { none: [fumes] }] },
    { q_2: 2, q_3: ['Fumes'] },
    false,
  ],
  [
    'nested: any of (all, all)',
    { any: [{ all: [hot, fumes] }, { all: [tall, { questionId: 3, notAnswered: true }] }] },
    { q_2: 9 },
    true,
  ],
  ['nested three deep', { none: [{ any: [{ all: [hot, tall] }] }] }, { q_1: 'Yes', q_2: 2 }, false],
  [
    'old shape inside a group',
    { any: [{ questionId: 1, oneOf: ['Yes', 'Maybe'] }, { questionId: 2 }] },
    { q_1: 'Maybe' },
    true,
  ],
];

describe('the condition language', () => {
  it.each(cases)('%s', (_name, condition, data, expected) => {
    expect(verdict(condition, data)).toBe(expected);
  });

  it.each(groups)('groups: %s', (_name, condition, data, expected) => {
    expect(verdict(condition, data)).toBe(expected);
  });

  it('compiles the first shape exactly as before', () => {
    expect(conditionSchema({ questionId: 4, equals: 'Yes' })).toEqual({
      type: 'object',
      required: ['q_4'],
      properties: { q_4: { anyOf: [{ enum: ['Yes'] }, { type: 'array', contains: { enum: ['Yes'] } }] } },
    });
    expect(conditionSchema({ questionId: 4, oneOf: ['A', 'B'] })).toEqual({
      type: 'object',
      required: ['q_4'],
      properties: { q_4: { anyOf: [{ enum: ['A', 'B'] }, { type: 'array', contains: { enum: ['A', 'B'] } }] } },
    });
    // "Answered" says what it said (not '', null or []), now with the array's type named: the untyped `minItems`
    // made Ajv's strictTypes warn on every text question read by "answered" (an imported XLSForm's `!= ''`).
    expect(conditionSchema({ questionId: 4 })).toEqual({
      type: 'object',
      required: ['q_4'],
      properties: { q_4: { not: { anyOf: [{ enum: ['', null] }, { type: 'array', maxItems: 0 }] } } },
    });
  });

  it('reads the questions a condition names, its operator and its depth', () => {
    const condition: Condition = { all: [hot, { any: [tall, hot, { none: [fumes] }] }] };
    expect(questionsReadBy(condition)).toEqual([1, 2, 3]);
    expect(conditionDepth(condition)).toBe(3);
    expect(conditionDepth(hot)).toBe(0);
    expect(readCondition({ questionId: 7 })).toEqual({ questionId: 7, operator: 'answered' });
    expect(readCondition({ questionId: 7, lessThan: 3 })).toEqual({ questionId: 7, operator: 'lessThan', operand: 3 });
  });

  it('orders every day of a year as dates do', () => {
    // Each day against a fixed one, by the pattern and by Date: the digit-by-digit pattern has no gap.
    const pivot = '2026-06-15';
    const pattern = {
      greaterThan: new RegExp(datePattern('greaterThan', pivot), 'u'),
      lessThan: new RegExp(datePattern('lessThan', pivot), 'u'),
      atLeast: new RegExp(datePattern('atLeast', pivot), 'u'),
      atMost: new RegExp(datePattern('atMost', pivot), 'u'),
    };
    const start = Date.UTC(2025, 11, 1);
    for (let day = 0; day < 430; day++) {
      const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      expect(pattern.greaterThan.test(date), date).toBe(date > pivot);
      expect(pattern.lessThan.test(date), date).toBe(date < pivot);
      expect(pattern.atLeast.test(date), date).toBe(date >= pivot);
      expect(pattern.atMost.test(date), date).toBe(date <= pivot);
    }
  });

  it('treats an empty group as all of nothing (holds) and any of nothing (does not)', () => {
    expect(verdict({ all: [] }, {})).toBe(true);
    expect(verdict({ none: [] }, {})).toBe(true);
    expect(verdict({ any: [] }, {})).toBe(false);
  });
});
