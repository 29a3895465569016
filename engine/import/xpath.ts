/**
 * The XLSForm expression reader (issue 22 §1 "XLSForm": `relevant` XPath expressions of the common shapes into
 * conditions, anything else reported; docs/import-and-migration.md "XLSForm", "Expressions").
 *
 * ODK's expressions are XPath 1.0 with `${name}` references to other questions and ODK's functions. No XPath
 * library on npm is both maintained and safe on Node 20 for that dialect (docs/decisions.md "The XLSForm
 * expression reader"), and the importer needs only a subset, so this module is a small tokenizer and a
 * recursive-descent parser of XPath's expression grammar (or, and, = != < <= > >=, + - * div mod, unary minus,
 * function calls, parentheses, string and number literals, `.` and `${name}`), followed by two readers of the
 * parsed tree:
 * - {@link relevantToCondition}: a `relevant` expression into a condition of engine/forms/conditions.ts;
 * - {@link constraintToLimits}: a `constraint` into a number question's min/max (or a regex pattern).
 * Both return a `reason` instead of throwing for a shape they do not map; parsing returns an `error`.
 * Pure; runs in the browser and on the server.
 */
import type { Condition } from '../forms/conditions';

/** A parsed expression. */
export type XPathNode =
  | { kind: 'ref'; name: string }
  | { kind: 'self' }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'call'; name: string; args: XPathNode[] }
  | { kind: 'binary'; op: BinaryOperator; left: XPathNode; right: XPathNode }
  | { kind: 'negate'; operand: XPathNode };

/** The binary operators of XPath 1.0 the parser reads. */
export type BinaryOperator = 'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | 'div' | 'mod';

type Token =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref'; v: string }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string }
  | { t: 'end' };

/** Opening quote -> its closing quote: straight quotes and the typographic ones spreadsheet programs put in. */
const QUOTES: Record<string, string> = { "'": "'", '"': '"', '\u2018': '\u2019', '\u201c': '\u201d' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    const close = QUOTES[ch];
    if (close !== undefined) {
      // A typographic string may be closed by the opening mark too (authors type ‘x‘ as often as ‘x’).
      let end = text.indexOf(close, i + 1);
      if (end < 0 && close !== ch) end = text.indexOf(ch, i + 1);
      if (end < 0) throw new Error(`unterminated string at ${i + 1}`);
      tokens.push({ t: 'str', v: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') {
      const end = text.indexOf('}', i + 2);
      if (end < 0) throw new Error(`unterminated \${ at ${i + 1}`);
      tokens.push({ t: 'ref', v: text.slice(i + 2, end).trim() });
      i = end + 1;
      continue;
    }
    const num = /^(\d+(\.\d*)?|\.\d+)/u.exec(text.slice(i));
    if (num) {
      tokens.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      tokens.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('=<>+-*(),.'.includes(ch)) {
      tokens.push({ t: 'op', v: ch });
      i++;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_.:-]*/u.exec(text.slice(i));
    if (name) {
      tokens.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    throw new Error(`unexpected '${ch}' at ${i + 1}`);
  }
  tokens.push({ t: 'end' });
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.at] as Token;
  }

  private isOp(v: string): boolean {
    const token = this.peek();
    return token.t === 'op' && token.v === v;
  }

  private isWord(v: string): boolean {
    const token = this.peek();
    return token.t === 'name' && token.v === v;
  }

  private expect(v: string): void {
    if (!this.isOp(v)) throw new Error(`expected '${v}'`);
    this.at++;
  }

  parse(): XPathNode {
    const node = this.or();
    if (this.peek().t !== 'end') throw new Error('unexpected text after the expression');
    return node;
  }

  private binaryLevel(ops: readonly string[], next: () => XPathNode, words = false): XPathNode {
    let left = next();
    for (;;) {
      const token = this.peek();
      const match = (words ? token.t === 'name' : token.t === 'op') && ops.includes((token as { v: string }).v);
      if (!match) return left;
      this.at++;
      left = { kind: 'binary', op: (token as { v: string }).v as BinaryOperator, left, right: next() };
    }
  }

  private or = (): XPathNode => this.binaryLevel(['or'], this.and, true);
  private and = (): XPathNode => this.binaryLevel(['and'], this.equality, true);
  private equality = (): XPathNode => this.binaryLevel(['=', '!='], this.relational);
  private relational = (): XPathNode => this.binaryLevel(['<', '<=', '>', '>='], this.additive);
  private additive = (): XPathNode => this.binaryLevel(['+', '-'], this.multiplicative);

  private multiplicative = (): XPathNode => {
    let left = this.unary();
    for (;;) {
      if (this.isOp('*')) {
        this.at++;
        left = { kind: 'binary', op: '*', left, right: this.unary() };
      } else if (this.isWord('div') || this.isWord('mod')) {
        const op = (this.peek() as { v: string }).v as BinaryOperator;
        this.at++;
        left = { kind: 'binary', op, left, right: this.unary() };
      } else return left;
    }
  };

  private unary = (): XPathNode => {
    if (this.isOp('-')) {
      this.at++;
      return { kind: 'negate', operand: this.unary() };
    }
    return this.primary();
  };

  private primary(): XPathNode {
    const token = this.peek();
    if (token.t === 'str') {
      this.at++;
      return { kind: 'string', value: token.v };
    }
    if (token.t === 'num') {
      this.at++;
      return { kind: 'number', value: token.v };
    }
    if (token.t === 'ref') {
      this.at++;
      return { kind: 'ref', name: token.v };
    }
    if (this.isOp('.')) {
      this.at++;
      return { kind: 'self' };
    }
    if (this.isOp('(')) {
      this.at++;
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    if (token.t === 'name') {
      this.at++;
      if (!this.isOp('(')) throw new Error(`'${token.v}' is not a function call`);
      this.at++;
      const args: XPathNode[] = [];
      if (!this.isOp(')')) {
        args.push(this.or());
        while (this.isOp(',')) {
          this.at++;
          args.push(this.or());
        }
      }
      this.expect(')');
      return { kind: 'call', name: token.v, args };
    }
    throw new Error(token.t === 'end' ? 'the expression ends early' : `unexpected '${(token as { v: unknown }).v}'`);
  }
}

/**
 * Parses an XLSForm expression.
 * @returns `{ ok: true, node }`, or `{ ok: false, error }` with an English description of the first problem
 *   (the importer puts the expression itself in its finding). Never throws.
 */
export function parseXPath(text: string): { ok: true; node: XPathNode } | { ok: false; error: string } {
  try {
    return { ok: true, node: new Parser(tokenize(text)).parse() };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** What a condition reader knows of a question a `${name}` names. */
export interface ReferencedQuestion {
  /** The question's stable id in the draft. */
  id: number;
  /** How its answer compares: a choice (one or several values), a number, a date, or text. */
  kind: 'choice' | 'choices' | 'number' | 'date' | 'text';
  /** A choice name -> the option value the draft stores (choice questions); undefined for an unknown name. */
  choiceValue?: (name: string) => string | undefined;
}

/** Why a shape was not mapped: a reason key (a catalogue message `import.xlsform.reason.<key>`) and its name. */
export interface Unmapped {
  reason: 'unknownQuestion' | 'unknownChoice' | 'shape' | 'notNumber' | 'parse';
  name?: string;
}

type Resolve = (name: string) => ReferencedQuestion | undefined;

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '!=': '!=' };
const RELATION_OPERATOR = { '>': 'greaterThan', '<': 'lessThan', '>=': 'atLeast', '<=': 'atMost' } as const;

function literal(node: XPathNode): string | number | undefined {
  if (node.kind === 'string') return node.value;
  if (node.kind === 'number') return node.value;
  if (node.kind === 'negate' && node.operand.kind === 'number') return -node.operand.value;
  return undefined;
}

function operandFor(question: ReferencedQuestion, value: string | number): string | number | Unmapped {
  if (question.kind === 'choice' || question.kind === 'choices') {
    const stored = question.choiceValue?.(String(value));
    return stored ?? { reason: 'unknownChoice', name: String(value) };
  }
  if (question.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) && String(value).trim() !== '' ? n : { reason: 'shape' };
  }
  return String(value);
}

function comparison(node: XPathNode & { kind: 'binary' }, resolve: Resolve): Condition | Unmapped {
  let { left, right } = node;
  let op: string = node.op;
  if (left.kind !== 'ref' && right.kind === 'ref') {
    [left, right] = [right, left];
    op = FLIP[op] as string;
  }
  if (left.kind !== 'ref') return { reason: 'shape' };
  const value = literal(right);
  if (value === undefined) return { reason: 'shape' };
  const question = resolve(left.name);
  if (!question) return { reason: 'unknownQuestion', name: left.name };
  const questionId = question.id;
  if (op === '=' || op === '!=') {
    if (value === '') return op === '=' ? { questionId, notAnswered: true } : { questionId, answered: true };
    const operand = operandFor(question, value);
    if (typeof operand === 'object') return operand;
    return op === '=' ? { questionId, equals: operand } : { questionId, notEquals: operand };
  }
  if (question.kind !== 'number' && question.kind !== 'date') return { reason: 'notNumber', name: left.name };
  if (question.kind === 'date' && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/u.test(value)))
    return { reason: 'shape' };
  const bound = question.kind === 'number' ? Number(value) : value;
  if (typeof bound === 'number' && !Number.isFinite(bound)) return { reason: 'shape' };
  return { questionId, [RELATION_OPERATOR[op as keyof typeof RELATION_OPERATOR]]: bound } as Condition;
}

/** `{ all: [...] }` of the parts, lifting a part that is itself an `all` (a and (b and c) is one group). */
function group(kind: 'all' | 'any', parts: Condition[]): Condition {
  const flat: Condition[] = [];
  for (const part of parts) {
    const inner = (part as Record<string, unknown>)[kind];
    if (Array.isArray(inner)) flat.push(...(inner as Condition[]));
    else flat.push(part);
  }
  return { [kind]: flat } as Condition;
}

function read(node: XPathNode, resolve: Resolve): Condition | Unmapped {
  if (node.kind === 'binary') {
    if (node.op === 'and' || node.op === 'or') {
      const left = read(node.left, resolve);
      if ('reason' in left) return left;
      const right = read(node.right, resolve);
      if ('reason' in right) return right;
      return group(node.op === 'and' ? 'all' : 'any', [left, right]);
    }
    if (['=', '!=', '<', '<=', '>', '>='].includes(node.op)) return comparison(node, resolve);
    return { reason: 'shape' };
  }
  if (node.kind === 'call') {
    if (node.name === 'not' && node.args.length === 1) {
      const inner = read(node.args[0] as XPathNode, resolve);
      if ('reason' in inner) return inner;
      return { none: [inner] } as Condition;
    }
    if (node.name === 'selected' && node.args.length === 2) {
      const [target, choice] = node.args as [XPathNode, XPathNode];
      const value = literal(choice);
      if (target.kind !== 'ref' || value === undefined) return { reason: 'shape' };
      const question = resolve(target.name);
      if (!question) return { reason: 'unknownQuestion', name: target.name };
      const operand = operandFor(question, value);
      if (typeof operand === 'object') return operand;
      // equals of a multi-valued answer holds while the value is one of those chosen (engine/forms/conditions.ts).
      return { questionId: question.id, equals: operand };
    }
  }
  return { reason: 'shape' };
}

/** How deep groups nest in a condition (a comparison: 0); Infinity when a group holds more than the schema takes. */
function depth(condition: Condition): number {
  for (const kind of ['all', 'any', 'none'] as const) {
    const inner = (condition as Record<string, unknown>)[kind];
    if (!Array.isArray(inner)) continue;
    if (inner.length > MAX_GROUP_SIZE) return Number.POSITIVE_INFINITY;
    return 1 + Math.max(0, ...(inner as Condition[]).map(depth));
  }
  return 0;
}

/** True when a condition fits the schema: groups at most {@link MAX_CONDITION_DEPTH} deep, each of at most 100. */
export function conditionFits(condition: Condition): boolean {
  return depth(condition) <= MAX_CONDITION_DEPTH;
}

/** The most conditions one group holds (question.schema.json `conditionGroup` maxItems). */
export const MAX_GROUP_SIZE = 100;

/** The deepest nesting of groups a condition may have (question.schema.json `conditionGroup3`). */
export const MAX_CONDITION_DEPTH = 3;

/**
 * A `relevant` expression as a condition of engine/forms/conditions.ts.
 * Reads: `${q} = 'x'` / `!=` (a choice by its name, mapped to the stored option value by `resolve`; `= ''` is
 * notAnswered, `!= ''` answered), `selected(${q}, 'x')` (equals: one of the chosen), numeric (or yyyy-mm-dd date)
 * comparisons `> < >= <=` with a literal on either side, `not(...)` (none), `and` (all), `or` (any),
 * parentheses; typographic quotes are read as quotes.
 * @param expression the cell's text
 * @param resolve the question a `${name}` names (only questions that come before the condition's holder)
 * @returns `{ condition }` or `{ unmapped }` saying why it was not read (never throws)
 */
export function relevantToCondition(
  expression: string,
  resolve: Resolve,
): { condition: Condition } | { unmapped: Unmapped & { error?: string } } {
  const parsed = parseXPath(expression);
  if (!parsed.ok) return { unmapped: { reason: 'parse', error: parsed.error } };
  const condition = read(parsed.node, resolve);
  if ('reason' in condition) return { unmapped: condition };
  if (!conditionFits(condition)) return { unmapped: { reason: 'shape' } };
  return { condition };
}

/** What a constraint became: bounds of the answer (inclusive) and/or a regular expression. */
export interface ConstraintLimits {
  min?: number;
  max?: number;
  pattern?: string;
  /** True when a strict bound (`. > n`, `. < n`) was kept as an inclusive one. */
  widened?: boolean;
}

/**
 * A `constraint` expression as limits: `. >= n`, `. <= n` (and `>`/`<`, kept inclusive and marked `widened`),
 * either side, joined by `and`; `regex(., 'p')`. Anything else (a reference to another answer, `or`, a function)
 * is `{ unmapped }`. Never throws.
 */
export function constraintToLimits(
  expression: string,
): { limits: ConstraintLimits } | { unmapped: Unmapped & { error?: string } } {
  const parsed = parseXPath(expression);
  if (!parsed.ok) return { unmapped: { reason: 'parse', error: parsed.error } };
  const limits: ConstraintLimits = {};
  const walk = (node: XPathNode): boolean => {
    if (node.kind === 'binary' && node.op === 'and') return walk(node.left) && walk(node.right);
    if (node.kind === 'call' && node.name === 'regex' && node.args.length === 2) {
      const [target, pattern] = node.args as [XPathNode, XPathNode];
      if (target.kind !== 'self' || pattern.kind !== 'string' || limits.pattern !== undefined) return false;
      limits.pattern = pattern.value;
      return true;
    }
    if (node.kind !== 'binary' || !['<', '<=', '>', '>='].includes(node.op)) return false;
    let { left, right } = node;
    let op: string = node.op;
    if (right.kind === 'self') {
      [left, right] = [right, left];
      op = FLIP[op] as string;
    }
    const bound = literal(right);
    if (left.kind !== 'self' || typeof bound !== 'number') return false;
    if (op === '>' || op === '<') limits.widened = true;
    if (op === '>' || op === '>=') limits.min = limits.min === undefined ? bound : Math.max(limits.min, bound);
    else limits.max = limits.max === undefined ? bound : Math.min(limits.max, bound);
    return true;
  };
  return walk(parsed.node) ? { limits } : { unmapped: { reason: 'shape' } };
}
