// biome-ignore-all lint/suspicious/noTemplateCurlyInString: XLSForm names questions as ${name}, in plain strings.
import { describe, expect, it } from 'vitest';
import { constraintToLimits, parseXPath, type ReferencedQuestion, relevantToCondition } from './xpath';

/** Questions by name: a choice question (names -> labels), a multi-valued one, a number, a date and a text. */
const questions: Record<string, ReferencedQuestion> = {
  colour: { id: 1, kind: 'choice', choiceValue: (n) => ({ red: 'Red', blue: 'Blue', other: 'Other' })[n] },
  tools: { id: 2, kind: 'choices', choiceValue: (n) => ({ saw: 'Saw', drill: 'Drill' })[n] },
  age: { id: 3, kind: 'number' },
  born: { id: 4, kind: 'date' },
  remark: { id: 5, kind: 'text' },
};
const resolve = (name: string) => questions[name];
const condition = (expression: string) => relevantToCondition(expression, resolve);

describe('parseXPath', () => {
  it('reads precedence: and binds tighter than or, comparisons tighter than and', () => {
    const parsed = parseXPath("${a} = 'x' or ${b} > 2 and not(${c})");
    expect(parsed).toEqual({
      ok: true,
      node: {
        kind: 'binary',
        op: 'or',
        left: { kind: 'binary', op: '=', left: { kind: 'ref', name: 'a' }, right: { kind: 'string', value: 'x' } },
        right: {
          kind: 'binary',
          op: 'and',
          left: { kind: 'binary', op: '>', left: { kind: 'ref', name: 'b' }, right: { kind: 'number', value: 2 } },
          right: { kind: 'call', name: 'not', args: [{ kind: 'ref', name: 'c' }] },
        },
      },
    });
  });

  it('reads typographic quotes as quotes, a self reference, div and unary minus', () => {
    expect(parseXPath('${a}=‘other’')).toMatchObject({ ok: true, node: { right: { kind: 'string', value: 'other' } } });
    expect(parseXPath('“x”')).toEqual({ ok: true, node: { kind: 'string', value: 'x' } });
    expect(parseXPath('. >= -5')).toMatchObject({
      ok: true,
      node: { left: { kind: 'self' }, right: { kind: 'negate' } },
    });
    expect(parseXPath('round(15 div (sqrt(2)), 2)')).toMatchObject({ ok: true, node: { kind: 'call', name: 'round' } });
  });

  it('answers an error, never throws, for text that is not an expression', () => {
    for (const text of ["${a} = 'x", '${a', '(1 + 2', '1 2', '#', '', 'foo'])
      expect(parseXPath(text)).toMatchObject({ ok: false, error: expect.any(String) });
  });
});

describe('relevantToCondition', () => {
  it('maps = and != of a choice by its name to the stored label', () => {
    expect(condition("${colour} = 'red'")).toEqual({ condition: { questionId: 1, equals: 'Red' } });
    expect(condition("${colour} != 'blue'")).toEqual({ condition: { questionId: 1, notEquals: 'Blue' } });
    expect(condition("'red' = ${colour}")).toEqual({ condition: { questionId: 1, equals: 'Red' } });
    expect(condition('${colour}=‘other’')).toEqual({ condition: { questionId: 1, equals: 'Other' } });
  });

  it("maps = '' and != '' to not answered and answered", () => {
    expect(condition("${remark} != ''")).toEqual({ condition: { questionId: 5, answered: true } });
    expect(condition("${remark} = ''")).toEqual({ condition: { questionId: 5, notAnswered: true } });
  });

  it('maps selected() to equals (one of the chosen values)', () => {
    expect(condition("selected(${tools}, 'drill')")).toEqual({ condition: { questionId: 2, equals: 'Drill' } });
  });

  it('maps numeric comparisons either way round, and dates', () => {
    expect(condition('${age} > 17')).toEqual({ condition: { questionId: 3, greaterThan: 17 } });
    expect(condition('${age} <= 65')).toEqual({ condition: { questionId: 3, atMost: 65 } });
    expect(condition('18 <= ${age}')).toEqual({ condition: { questionId: 3, atLeast: 18 } });
    expect(condition('${age} < -1')).toEqual({ condition: { questionId: 3, lessThan: -1 } });
    expect(condition("${born} >= '2000-01-01'")).toEqual({ condition: { questionId: 4, atLeast: '2000-01-01' } });
    expect(condition("${age} = '5'")).toEqual({ condition: { questionId: 3, equals: 5 } });
  });

  it('maps and/or/not with parentheses, flattening groups of one kind', () => {
    expect(condition("${colour} = 'red' and (${age} > 3 or ${age} < 1) and not(selected(${tools}, 'saw'))")).toEqual({
      condition: {
        all: [
          { questionId: 1, equals: 'Red' },
          {
            any: [
              { questionId: 3, greaterThan: 3 },
              { questionId: 3, lessThan: 1 },
            ],
          },
          { none: [{ questionId: 2, equals: 'Saw' }] },
        ],
      },
    });
    expect(condition("${colour} = 'red' or ${colour} = 'blue' or ${remark} != ''")).toEqual({
      condition: {
        any: [
          { questionId: 1, equals: 'Red' },
          { questionId: 1, equals: 'Blue' },
          { questionId: 5, answered: true },
        ],
      },
    });
  });

  it('reports what it cannot map, with the reason, and never throws', () => {
    expect(condition("${nobody} = 'x'")).toEqual({ unmapped: { reason: 'unknownQuestion', name: 'nobody' } });
    expect(condition("${colour} = 'green'")).toEqual({ unmapped: { reason: 'unknownChoice', name: 'green' } });
    expect(condition('${colour} > 2')).toEqual({ unmapped: { reason: 'notNumber', name: 'colour' } });
    expect(condition('${a} != ${b}')).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition('${age} + 1 > 3')).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition('count-selected(${tools}) > 1')).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition("${age} = 'ten'")).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition("${colour} = 'red")).toMatchObject({ unmapped: { reason: 'parse', error: expect.any(String) } });
  });

  it('refuses a condition nested deeper than the condition language allows', () => {
    const deep = "not(not(not(not(${colour} = 'red'))))";
    expect(condition(deep)).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition("not(not(not(${colour} = 'red')))")).toMatchObject({ condition: { none: expect.any(Array) } });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `\${age} = ${i}`).join(' or ');
    expect(condition(many(100))).toMatchObject({ condition: { any: expect.any(Array) } });
    expect(condition(many(101))).toEqual({ unmapped: { reason: 'shape' } });
    expect(condition('${remark} > 3')).toEqual({ unmapped: { reason: 'notNumber', name: 'remark' } });
  });
});

describe('constraintToLimits', () => {
  it('reads bounds of the answer joined by and, either side', () => {
    expect(constraintToLimits('. >= 18 and . <= 120')).toEqual({ limits: { min: 18, max: 120 } });
    expect(constraintToLimits('0 <= .')).toEqual({ limits: { min: 0 } });
    expect(constraintToLimits('. > 0')).toEqual({ limits: { min: 0, widened: true } });
  });

  it('reads regex(., pattern)', () => {
    expect(constraintToLimits("regex(., '^[0-9]{10}$')")).toEqual({ limits: { pattern: '^[0-9]{10}$' } });
  });

  it('reports other shapes', () => {
    expect(constraintToLimits('. < ${radius}')).toEqual({ unmapped: { reason: 'shape' } });
    expect(constraintToLimits('. > 1 or . < -1')).toEqual({ unmapped: { reason: 'shape' } });
    expect(constraintToLimits('. <= today()')).toEqual({ unmapped: { reason: 'shape' } });
    expect(constraintToLimits('. >=')).toMatchObject({ unmapped: { reason: 'parse' } });
  });
});
