/**
 * Query planning of the embedded store (docs/store.md "Embedded store", "Queries"): which parts of a port
 * filter (api/store/port.ts) SQLite evaluates on its indexes, and which are left to the JavaScript matcher.
 *
 * A collection's table holds each document as JSON (`doc`) plus one key column per indexed field (`"k:<path>"`,
 * the field's index key, api/store/index-key.ts), and each wildcard index has a side table with one row per
 * scalar under its root (`path`, `value` key, and the keys of its prefix fields). A condition on an indexed
 * field or on a path under a wildcard root becomes SQL with exactly MongoDB's meaning (indexed fields and
 * wildcard subtrees hold no arrays, which the store enforces on write); every other condition (and `$or`,
 * `$nor`, `$exists`, `$elemMatch`, sub-document equality) is the residual, matched in JavaScript against the
 * rows SQL returns. SQL conditions are therefore exact, never a mere pre-filter: with no residual, counts,
 * skips and limits run in SQL too.
 */
import { assertDefinedFilter } from './filter-check';
import { indexKey, isScalar, nextBracket } from './index-key';
import type { Filter } from './port';
import { isOperatorObject } from './upsert-seed';

/** A wildcard index: prefix fields (equality-bound to use it) and the root whose scalars it indexes. */
export interface WildcardLayout {
  name: string;
  /** The side table's name (unquoted). */
  table: string;
  prefix: string[];
  /** The dotted path under which every scalar is indexed (`register` for `'register.$**'`). */
  root: string;
  /** Paths whose rows keep their key in `text`, with an empty `value` (IndexOptions.matchOnlyPaths). */
  matchOnly: string[];
}

/** True when `path`'s rows keep their key in the side table's `text` column (matchOnlyPaths). */
export function isMatchOnly(wildcard: WildcardLayout, path: string): boolean {
  return wildcard.matchOnly.some((p) => path === p || path.startsWith(`${p}.`));
}

/** The side-table column a condition on `path` reads, under the table alias `alias`. */
export function keyColumn(wildcard: WildcardLayout, path: string, alias: string): string {
  return `${alias}.${isMatchOnly(wildcard, path) ? 'text' : 'value'}`;
}

/** What the planner needs of a collection: its key columns by field path, and its wildcard indexes. */
export interface CollectionLayout {
  table: string;
  /** Field path -> column name (unquoted), for every field of a plain or unique index. */
  columns: Map<string, string>;
  wildcards: WildcardLayout[];
}

/** A condition on one value expression: SQL text using `expr`, and its parameters. */
export type ValueCondition = (expr: string) => { sql: string; params: unknown[] };

/** A condition SQL decides on the table itself (a key column, or `_id`). */
export interface ColumnPart {
  path: string;
  sql: string;
  params: unknown[];
  /** The index key when the condition is equality with one value. */
  equalTo?: string;
}

/** A condition on a path under a wildcard root (no missing value satisfies it). */
export interface WildcardPart {
  path: string;
  wildcard: WildcardLayout;
  condition: ValueCondition;
}

/** The plan of a filter. */
export interface FilterPlan {
  columnParts: ColumnPart[];
  wildcardParts: WildcardPart[];
  /** What JavaScript must still check, or null when SQL decides alone. */
  residual: Filter | null;
}

/** Quotes an SQL identifier. */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The wildcard index covering `path` (a path strictly under its root), if any. */
export function wildcardOf(layout: CollectionLayout, path: string): WildcardLayout | undefined {
  return layout.wildcards.find((w) => path.startsWith(`${w.root}.`));
}

/**
 * Plans `filter` against `layout`.
 * @throws TypeError on an `undefined` value anywhere in the filter (api/store/filter-check.ts)
 */
export function planFilter(filter: Filter, layout: CollectionLayout): FilterPlan {
  assertDefinedFilter(filter);
  const plan: FilterPlan = { columnParts: [], wildcardParts: [], residual: null };
  const residual: Filter[] = [];
  collect(filter, layout, plan, residual);
  if (residual.length === 1) plan.residual = residual[0];
  else if (residual.length > 1) plan.residual = { $and: residual };
  return plan;
}

/**
 * The scope key of a wildcard index's rows: the index keys of its prefix fields joined by NUL, or null when
 * some prefix field is not bound by equality in `plan`. The side table stores the scope's number from the
 * index's scope table (`scopeTable`), so that rows of different scopes never mix.
 */
export function scopeKey(wildcard: WildcardLayout, keyOf: (path: string) => string | undefined): string | null {
  const parts: string[] = [];
  for (const path of wildcard.prefix) {
    const key = keyOf(path);
    if (key === undefined) return null;
    parts.push(key);
  }
  return parts.join('\u0000');
}

/** The equality keys a plan binds: path -> index key. */
export function boundKeys(plan: FilterPlan): (path: string) => string | undefined {
  return (path) => plan.columnParts.find((p) => p.path === path && p.equalTo !== undefined)?.equalTo;
}

/** The scope table of a wildcard index (scope key -> number). */
export function scopeTable(wildcard: WildcardLayout): string {
  return `${wildcard.table}:scopes`;
}

/** SQL for the scope number of a wildcard index's rows (a constant subquery; NULL when the scope has no rows). */
export function scopeSql(wildcard: WildcardLayout): string {
  return `(SELECT id FROM ${quote(scopeTable(wildcard))} WHERE key = ?)`;
}

/**
 * The WHERE clause of a plan on table alias `t`, leaving out the wildcard condition on `except` (the path whose
 * side-table rows drive the query). A wildcard condition is an uncorrelated `t.rowid IN (...)` on the side
 * table's (scope, path, value) index when its prefix fields are bound (and `correlated` is false), else a
 * correlated EXISTS on its (rid, path) index.
 */
export function renderWhere(plan: FilterPlan, except?: string, correlated = false): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const part of plan.columnParts) {
    parts.push(part.sql);
    params.push(...part.params);
  }
  const keyOf = boundKeys(plan);
  for (const { path, wildcard, condition } of plan.wildcardParts) {
    if (path === except) continue;
    const inner = condition(keyColumn(wildcard, path, 'w'));
    const scope = scopeKey(wildcard, keyOf);
    if (scope !== null && !correlated) {
      parts.push(
        `t.rowid IN (SELECT w.rid FROM ${quote(wildcard.table)} w WHERE w.scope = ${scopeSql(wildcard)} AND w.path = ? AND ${inner.sql})`,
      );
      params.push(scope, path, ...inner.params);
    } else {
      parts.push(
        `EXISTS (SELECT 1 FROM ${quote(wildcard.table)} w WHERE w.rid = t.rowid AND w.path = ? AND ${inner.sql})`,
      );
      params.push(path, ...inner.params);
    }
  }
  return { sql: parts.length === 0 ? '1' : parts.join(' AND '), params };
}

function collect(filter: Filter, layout: CollectionLayout, plan: FilterPlan, residual: Filter[]): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) collect(clause as Filter, layout, plan, residual);
      continue;
    }
    if (key.startsWith('$')) {
      residual.push({ [key]: value });
      continue;
    }
    if (key === '_id') {
      const ids = idCondition(value);
      if (ids) plan.columnParts.push({ path: '_id', ...ids });
      else residual.push({ [key]: value });
      continue;
    }
    const column = layout.columns.get(key);
    if (column !== undefined) {
      const condition = columnCondition(value);
      if (condition) {
        const { sql, params } = condition(`t.${quote(column)}`);
        const equal = !isOperatorObject(value) && isKeyable(value) ? indexKey(value) : undefined;
        plan.columnParts.push({ path: key, sql, params, ...(equal !== undefined ? { equalTo: equal } : {}) });
        continue;
      }
    }
    const wildcard = wildcardOf(layout, key);
    if (wildcard) {
      const condition = wildcardCondition(value);
      if (condition) {
        plan.wildcardParts.push({ path: key, wildcard, condition });
        continue;
      }
    }
    residual.push({ [key]: value });
  }
}

/** `_id` is stored as it is (always a string): equality and `$in` of strings. */
function idCondition(value: unknown): { sql: string; params: unknown[] } | null {
  if (typeof value === 'string') return { sql: 't._id = ?', params: [value] };
  if (isOperatorObject(value)) {
    const ops = Object.keys(value);
    if (ops.length === 1 && ops[0] === '$eq' && typeof value.$eq === 'string')
      return { sql: 't._id = ?', params: [value.$eq] };
    if (
      ops.length === 1 &&
      ops[0] === '$in' &&
      Array.isArray(value.$in) &&
      value.$in.every((v) => typeof v === 'string')
    )
      return {
        sql: value.$in.length === 0 ? '0' : `t._id IN (${value.$in.map(() => '?').join(',')})`,
        params: value.$in,
      };
  }
  return null;
}

const isKeyable = (v: unknown) => isScalar(v) && v !== undefined && !(v instanceof RegExp);
const isRangeable = (v: unknown) =>
  typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v instanceof Date;

/**
 * A condition on an indexed field's key column (a missing field is stored as null's key): every operator must
 * be one SQL can decide exactly, else null (the whole condition goes to the residual).
 */
function columnCondition(value: unknown): ValueCondition | null {
  if (value instanceof RegExp) return regexCondition(value.source, value.flags);
  if (!isOperatorObject(value)) return isKeyable(value) ? equalTo(value) : null;
  const parts: ValueCondition[] = [];
  for (const [op, arg] of Object.entries(value)) {
    switch (op) {
      case '$eq':
        if (!isKeyable(arg)) return null;
        parts.push(equalTo(arg));
        break;
      case '$ne':
        if (!isKeyable(arg)) return null;
        parts.push((expr) => ({ sql: `${expr} != ?`, params: [indexKey(arg)] }));
        break;
      case '$in':
      case '$nin': {
        if (!Array.isArray(arg) || !arg.every(isKeyable)) return null;
        const keys = [...new Set(arg.map(indexKey))];
        const not = op === '$nin';
        parts.push((expr) =>
          keys.length === 0
            ? { sql: not ? '1' : '0', params: [] }
            : { sql: `${expr} ${not ? 'NOT IN' : 'IN'} (${keys.map(() => '?').join(',')})`, params: keys },
        );
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (!isRangeable(arg)) return null;
        parts.push(range(op, arg));
        break;
      case '$regex': {
        const options = value.$options;
        if (typeof arg !== 'string' || (options !== undefined && typeof options !== 'string')) return null;
        if (!/^[ims]*$/.test(options ?? '')) return null;
        parts.push(regexCondition(arg, options ?? ''));
        break;
      }
      case '$options':
        if (!('$regex' in value)) return null;
        break;
      default:
        return null;
    }
  }
  return and(parts);
}

/**
 * A condition on a path under a wildcard root. Only conditions no missing value satisfies are translated
 * (equality with a non-null scalar, `$in` of those, ranges, `$regex`); the side table has a row per scalar.
 */
function wildcardCondition(value: unknown): ValueCondition | null {
  if (value === null) return null;
  if (isOperatorObject(value)) {
    for (const [op, arg] of Object.entries(value)) {
      if (op === '$ne' || op === '$nin') return null;
      if ((op === '$eq' || op === '$in') && (arg === null || (Array.isArray(arg) && arg.includes(null)))) return null;
    }
  }
  return columnCondition(value);
}

function equalTo(value: unknown): ValueCondition {
  return (expr) => ({ sql: `${expr} = ?`, params: [indexKey(value)] });
}

/** A range within the value's own type bracket, as MongoDB compares only values of one type. */
function range(op: string, arg: unknown): ValueCondition {
  const key = indexKey(arg);
  const low = key[0];
  const high = nextBracket(key);
  const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
  return (expr) =>
    op === '$gt' || op === '$gte'
      ? { sql: `(${expr} ${sign} ? AND ${expr} < ?)`, params: [key, high] }
      : { sql: `(${expr} ${sign} ? AND ${expr} >= ?)`, params: [key, low] };
}

/**
 * `$regex` on strings only (MongoDB's meaning): the SQL function `key_regexp` tests the string part of a key. A
 * literal text needs no JavaScript: GLOB finds it with case, and LIKE without case when the text is ASCII (`i`
 * alone: JavaScript's non-Unicode case folding never pairs an ASCII letter with another character, and SQLite's
 * LIKE folds ASCII letters only, so the two agree). The string bracket is checked apart, as LIKE folds it too.
 */
function regexCondition(source: string, flags: string): ValueCondition {
  const literal = flags === '' || flags === 'i' ? literalOf(source) : null;
  if (literal !== null && flags === '') {
    const pattern = `c*${literal.replace(/[*?[]/g, (ch) => `[${ch}]`)}*`;
    return (expr) => ({ sql: `${expr} GLOB ?`, params: [pattern] });
  }
  if (literal !== null && /^[\x20-\x7e]*$/.test(literal)) {
    const pattern = `%${literal.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return (expr) => ({
      sql: `(substr(${expr}, 1, 1) = 'c' AND substr(${expr}, 2) LIKE ? ESCAPE '\\')`,
      params: [pattern],
    });
  }
  return (expr) => ({ sql: `key_regexp(?, ?, ${expr})`, params: [source, flags] });
}

/** The text a regular expression source matches literally (only escaped or plain characters), or null. */
export function literalOf(source: string): string | null {
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || /[0-9A-Za-z]/.test(next)) return null;
      out += next;
      i += 1;
    } else if ('^$.*+?()[]{}|'.includes(ch)) return null;
    else out += ch;
  }
  return out === '' ? null : out;
}

function and(parts: ValueCondition[]): ValueCondition | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  return (expr) => {
    const built = parts.map((p) => p(expr));
    return { sql: `(${built.map((b) => b.sql).join(' AND ')})`, params: built.flatMap((b) => b.params) };
  };
}

const compiled = new Map<string, RegExp>();

/**
 * The SQL function `key_regexp(source, flags, key)`: 1 when `key` is a string's index key and the string
 * matches. Compiled expressions are cached (bounded).
 */
export function keyRegexp(source: string, flags: string, key: string | null): number {
  if (typeof key !== 'string' || key[0] !== 'c') return 0;
  const cacheKey = `${flags}/${source}`;
  let re = compiled.get(cacheKey);
  if (!re) {
    re = new RegExp(source, flags);
    if (compiled.size > 500) compiled.clear();
    compiled.set(cacheKey, re);
  }
  re.lastIndex = 0;
  return re.test(key.slice(1)) ? 1 : 0;
}
