/**
 * SurveyJS expressions (`visibleIf`, `enableIf`, `requiredIf`, page and panel conditions) read into the condition
 * language of the form creator (issue 22 §1 SurveyJS; engine/forms/conditions.ts; docs/import-and-migration.md
 * "Conditions"). The text is parsed by survey-core's own `ConditionsParser` (the reference grammar, not a parser of
 * ours) and its Operand tree is walked: `and`/`or` become `all`/`any` groups (nested ones of the same kind
 * flattened), `!` (negate) a `none` group, `empty`/`notempty` notAnswered/answered, `=`/`<>` equals/notEquals,
 * `>`/`<`/`>=`/`<=` greaterThan/lessThan/atLeast/atMost, `contains`/`notcontains` contains (none of), `anyof`
 * oneOf, `allof` all of contains, `noneof` none of oneOf. A question is named by its SurveyJS name and read by the
 * stable id the importer gave it; a compared value goes through the question's choices (its stored value to the
 * text we keep), and a numeric comparison of a choice question becomes the one-of of the choices it holds for.
 * Anything else (functions, arithmetic, two questions compared, a variable or calculated value) fails with the
 * catalogue message saying why: never a throw.
 */
import { ConditionsParser, type Operand } from 'survey-core';
import type { Condition } from '../forms/conditions';
import { type MessageId, message } from '../messages/catalogue';

/** What a condition may read of a question: the kind of answer it holds and its choices. */
export interface ConditionTarget {
  id: number;
  /** The question's SurveyJS name (for messages). */
  name: string;
  /** single (one choice), multi (several), boolean, number, date, text; none: no answer (a note). */
  kind: 'single' | 'multi' | 'boolean' | 'number' | 'date' | 'text' | 'none';
  /** A choice question's choices: the SurveyJS stored value and the text we keep as the option's value. */
  choices?: Array<{ source: unknown; value: string }>;
  /** A boolean's stored values in SurveyJS when not true/false. */
  valueTrue?: unknown;
  valueFalse?: unknown;
}

/** A condition read: the condition and the ids it reads; or why it could not be. */
export type ReadExpression =
  | { ok: true; condition: Condition; reads: number[] }
  | { ok: false; messageId: MessageId; params: Record<string, string> };

class Unmapped extends Error {
  constructor(
    readonly messageId: MessageId,
    readonly params: Record<string, string> = {},
  ) {
    super(messageId);
  }
}

const flip: Record<string, string> = {
  greater: 'less',
  less: 'greater',
  greaterorequal: 'lessorequal',
  lessorequal: 'greaterorequal',
  equal: 'equal',
  notequal: 'notequal',
};

const numericOperators: Record<string, 'greaterThan' | 'lessThan' | 'atLeast' | 'atMost'> = {
  greater: 'greaterThan',
  less: 'lessThan',
  greaterorequal: 'atLeast',
  lessorequal: 'atMost',
};

type Scalar = string | number | boolean;

/**
 * Parses `expression` with survey-core and reads it into a condition.
 * @param lookup the question a SurveyJS variable name refers to (exact name first, then any case), or undefined
 */
export function readExpression(
  expression: string,
  lookup: (name: string) => ConditionTarget | undefined,
): ReadExpression {
  let operand: Operand | null | undefined;
  try {
    operand = new ConditionsParser().parseExpression(expression);
  } catch {
    operand = undefined;
  }
  if (!operand) return { ok: false, messageId: 'import.common.conditionUnparsed', params: {} };
  const reads = new Set<number>();
  const target = (op: unknown): ConditionTarget => {
    const name = (op as { variable: string }).variable;
    const found = lookup(name);
    if (!found || found.kind === 'none') throw new Unmapped('import.common.conditionUnknownQuestion', { ref: name });
    reads.add(found.id);
    return found;
  };
  try {
    const condition = walk(operand, target);
    return { ok: true, condition, reads: [...reads] };
  } catch (error) {
    if (error instanceof Unmapped) return { ok: false, messageId: error.messageId, params: error.params };
    return { ok: false, messageId: 'import.common.conditionUnparsed', params: {} };
  }
}

function typeOf(op: unknown): string {
  return op && typeof (op as Operand).getType === 'function' ? (op as Operand).getType() : String(op);
}

function unmapped(whatId: MessageId, params: Record<string, string> = {}): Unmapped {
  return new Unmapped('import.common.conditionUnmapped', { what: message(whatId, params) });
}

function operatorUnmapped(operator: string): Unmapped {
  return unmapped('import.common.what.operator', { operator });
}

function group(kind: 'all' | 'any', parts: Condition[]): Condition {
  const flat: Condition[] = [];
  for (const part of parts) {
    const items = (part as Record<string, unknown>)[kind];
    if (Array.isArray(items)) flat.push(...(items as Condition[]));
    else flat.push(part);
  }
  return (kind === 'all' ? { all: flat } : { any: flat }) as Condition;
}

function walk(op: Operand, target: (op: unknown) => ConditionTarget): Condition {
  const type = typeOf(op);
  if (type === 'binary') {
    const binary = op as unknown as { operator: string; leftOperand: unknown; rightOperand: unknown };
    const { operator } = binary;
    if (operator === 'and' || operator === 'or') {
      const parts = [walk(binary.leftOperand as Operand, target), walk(binary.rightOperand as Operand, target)];
      return group(operator === 'and' ? 'all' : 'any', parts);
    }
    let left = binary.leftOperand;
    let right = binary.rightOperand;
    let name = operator;
    if (typeOf(left) !== 'variable' && typeOf(right) === 'variable' && flip[operator]) {
      [left, right] = [right, left];
      name = flip[operator];
    }
    if (typeOf(left) !== 'variable') throw describe(left);
    const rightType = typeOf(right);
    if (rightType === 'variable') throw unmapped('import.common.what.twoQuestions');
    if (rightType === 'function' || rightType === 'binary' || rightType === 'unary') throw describe(right);
    const question = target(left);
    return comparison(question, name, right);
  }
  if (type === 'unary') {
    const unary = op as unknown as { operator: string; expression: Operand };
    if (unary.operator === 'negate') {
      // not (a or b) is none of a, b: the shape the exporter writes for a none group.
      const inner = walk(unary.expression, target) as Record<string, unknown>;
      return { none: Array.isArray(inner.any) ? inner.any : [inner] } as Condition;
    }
    if (typeOf(unary.expression) !== 'variable') throw describe(unary.expression);
    const question = target(unary.expression);
    if (unary.operator === 'notempty') return { questionId: question.id, answered: true };
    if (unary.operator === 'empty') return { questionId: question.id, notAnswered: true };
    throw operatorUnmapped(unary.operator);
  }
  if (type === 'variable') {
    const question = target(op);
    if (question.kind === 'boolean') return { questionId: question.id, equals: true };
    throw unmapped('import.common.what.truthy');
  }
  throw describe(op);
}

/** Why an operand cannot be read: a function, arithmetic, a value on its own, or its operator. */
function describe(op: unknown): Unmapped {
  const type = typeOf(op);
  if (type === 'function')
    return unmapped('import.common.what.function', { name: (op as { functionName: string }).functionName });
  if (type === 'binary' && (op as { isArithmetic: boolean }).isArithmetic)
    return unmapped('import.common.what.arithmetic');
  if (type === 'binary' || type === 'unary') return operatorUnmapped((op as { operator: string }).operator);
  return unmapped('import.common.what.constant');
}

function constOf(op: unknown): unknown {
  if (op === null || op === undefined) return null;
  if (typeOf(op) === 'const') return (op as { correctValue: unknown }).correctValue;
  throw describe(op);
}

/** A source value as the answer value of `question` (a choice's text, a boolean, a number), or a failure. */
function valueFor(question: ConditionTarget, value: unknown): Scalar {
  if (question.choices) {
    const found = question.choices.find((choice) => String(choice.source) === String(value));
    if (!found) throw new Unmapped('import.common.conditionValue', { value: String(value), ref: question.name });
    return found.value;
  }
  if (question.kind === 'boolean') {
    if (value === true || value === 'true' || (question.valueTrue !== undefined && value === question.valueTrue))
      return true;
    if (value === false || value === 'false' || (question.valueFalse !== undefined && value === question.valueFalse))
      return false;
    throw new Unmapped('import.common.conditionValue', { value: String(value), ref: question.name });
  }
  if (question.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number))
      throw new Unmapped('import.common.conditionValue', { value: String(value), ref: question.name });
    return number;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return question.kind === 'text' || question.kind === 'date' ? String(value) : value;
  throw describe(value);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function comparison(question: ConditionTarget, operator: string, right: unknown): Condition {
  const id = question.id;
  if (operator === 'equal' || operator === 'notequal') {
    const value = constOf(right);
    if (isBlank(value))
      return operator === 'equal' ? { questionId: id, notAnswered: true } : { questionId: id, answered: true };
    if (Array.isArray(value)) throw unmapped('import.common.what.list');
    const v = valueFor(question, value);
    // A multi-valued answer equals a value in SurveyJS only as the whole list; here equals reads each value,
    // so a SurveyJS '=' on one choice of several is taken as "has that choice".
    if (question.kind === 'multi')
      return operator === 'equal' ? { questionId: id, contains: v } : { none: [{ questionId: id, contains: v }] };
    return operator === 'equal' ? { questionId: id, equals: v } : { questionId: id, notEquals: v };
  }
  if (numericOperators[operator]) {
    const bound = constOf(right);
    const key = numericOperators[operator];
    if (question.choices) {
      // A choice question (a rating, radio buttons of numbers) keeps its choices' texts: the comparison becomes
      // the one-of of the choices whose stored value holds for it.
      const n = Number(bound);
      if (!Number.isFinite(n)) throw operatorUnmapped(operator);
      const holds = question.choices.filter((choice) => {
        const v = Number(choice.source);
        if (!Number.isFinite(v)) return false;
        if (key === 'greaterThan') return v > n;
        if (key === 'lessThan') return v < n;
        if (key === 'atLeast') return v >= n;
        return v <= n;
      });
      if (holds.length === 0)
        throw new Unmapped('import.common.conditionValue', { value: String(bound), ref: question.name });
      return { questionId: id, oneOf: holds.map((choice) => choice.value) };
    }
    if (question.kind === 'number' && typeof bound === 'number') return { questionId: id, [key]: bound } as Condition;
    if (question.kind === 'number' && Number.isFinite(Number(bound)) && !isBlank(bound))
      return { questionId: id, [key]: Number(bound) } as Condition;
    if (question.kind === 'date' && typeof bound === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(bound))
      return { questionId: id, [key]: bound } as Condition;
    throw operatorUnmapped(operator);
  }
  if (operator === 'contains' || operator === 'notcontains') {
    const value = constOf(right);
    if (isBlank(value)) throw operatorUnmapped(operator);
    const v = question.kind === 'multi' ? valueFor(question, value) : String(value);
    if (question.kind !== 'multi' && question.kind !== 'text') throw operatorUnmapped(operator);
    const condition: Condition = { questionId: id, contains: v };
    return operator === 'contains' ? condition : ({ none: [condition] } as Condition);
  }
  if (operator === 'anyof' || operator === 'allof' || operator === 'noneof') {
    if (typeOf(right) !== 'array') throw unmapped('import.common.what.list');
    const values = (right as { values: unknown[] }).values.map((item) => valueFor(question, constOf(item)));
    if (values.length === 0) throw operatorUnmapped(operator);
    if (operator === 'anyof') return { questionId: id, oneOf: values };
    if (operator === 'noneof') return { none: [{ questionId: id, oneOf: values }] } as Condition;
    if (question.kind !== 'multi') {
      if (values.length === 1) return { questionId: id, equals: values[0] };
      throw operatorUnmapped(operator);
    }
    return { all: values.map((v) => ({ questionId: id, contains: v })) } as Condition;
  }
  throw operatorUnmapped(operator);
}
