import { assertDefinedFilter } from './filter-check';
import { plainCopy } from './plain-copy';
import type { Filter, Update } from './port';
import { isOperatorObject } from './upsert-seed';

type Query = Record<string, unknown>;

/** Field operators nedb evaluates exactly as MongoDB does, passed through unchanged. */
const passThrough = new Set(['$gt', '$gte', '$lt', '$lte', '$elemMatch']);

/**
 * Translates a port filter (MongoDB syntax, api/store/port.ts) into an nedb query with MongoDB's meaning.
 * nedb's matcher differs from MongoDB's in a few places, which this corrects:
 * - `{ f: null }` and `{ f: { $in: [null] } }` also match a missing field (nedb: only a stored null);
 * - `$ne` and `$nin` hold when *no* array element is equal (nedb: when *some* element differs), and
 *   `{ $ne: null }` excludes missing fields;
 * - `$regex` takes a string source with `$options` (nedb: only a RegExp object);
 * - `$nor` (nedb has only `$not`).
 * Simple conditions stay at the top level of the result so nedb can still use its indexes for them.
 *
 * Throws an Error on an operator outside the port's list, rather than letting nedb guess, and a TypeError
 * on an `undefined` value (api/store/filter-check.ts).
 */
export function toNedbQuery(filter: Filter): Query {
  assertDefinedFilter(filter);
  const direct: Query = {};
  const clauses: Query[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value)) throw new Error(`${key} needs an array`);
      const branches = value.map((clause) => toNedbQuery(clause as Filter));
      if (key === '$nor') clauses.push({ $not: { $or: branches } });
      else clauses.push({ [key]: branches });
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      for (const part of fieldConditions(key, value)) {
        const [only] = Object.keys(part);
        if (Object.keys(part).length === 1 && only === key && !(key in direct)) direct[key] = part[key];
        else clauses.push(part);
      }
    }
  }
  return clauses.length === 0 ? direct : { ...direct, $and: clauses };
}

/** The nedb clauses (all must hold) for one `path: condition` pair of a filter. */
function fieldConditions(path: string, condition: unknown): Query[] {
  if (!isOperatorObject(condition)) return [equals(path, condition)];
  const parts: Query[] = [];
  const simple: Query = {};
  for (const [op, arg] of Object.entries(condition)) {
    switch (op) {
      case '$eq':
        parts.push(equals(path, arg));
        break;
      case '$ne':
        parts.push({ $not: equals(path, arg) });
        break;
      case '$in':
        parts.push(isIn(path, arrayArg(op, arg)));
        break;
      case '$nin':
        parts.push({ $not: isIn(path, arrayArg(op, arg)) });
        break;
      case '$exists':
        simple.$exists = Boolean(arg);
        break;
      case '$regex':
        simple.$regex = toRegExp(arg, condition.$options);
        break;
      case '$options':
        if (!('$regex' in condition)) throw new Error('$options needs $regex');
        break;
      default:
        if (!passThrough.has(op)) throw new Error(`Unsupported filter operator ${op} on ${path}`);
        simple[op] = op === '$elemMatch' ? elemMatch(arg) : plainCopy(arg);
    }
  }
  if (Object.keys(simple).length > 0) parts.unshift({ [path]: simple });
  return parts;
}

/** MongoDB equality: `null` also matches a missing field; a RegExp value is a pattern match. */
function equals(path: string, value: unknown): Query {
  if (value === null) return { $or: [{ [path]: null }, { [path]: { $exists: false } }] };
  if (value instanceof RegExp) return { [path]: value };
  return { [path]: plainCopy(value) };
}

function isIn(path: string, values: unknown[]): Query {
  const query = { [path]: { $in: plainCopy(values) } };
  return values.includes(null) ? { $or: [query, { [path]: { $exists: false } }] } : query;
}

function arrayArg(op: string, arg: unknown): unknown[] {
  if (!Array.isArray(arg)) throw new Error(`${op} needs an array`);
  return arg;
}

/** `$elemMatch` on sub-documents is a filter of its own; on scalars (`{ $gte: 80 }`) it is passed as is. */
function elemMatch(arg: unknown): unknown {
  if (isOperatorObject(arg)) return arg;
  return toNedbQuery(arg as Filter);
}

/** `{ $regex: 'src', $options: 'i' }` -> `/src/i`. MongoDB's `x` option has no JavaScript equivalent. */
export function toRegExp(source: unknown, options: unknown): RegExp {
  const flags = typeof options === 'string' ? options : '';
  if (!/^[ims]*$/.test(flags)) throw new Error(`Unsupported $options ${flags}: only i, m, s`);
  if (source instanceof RegExp) return new RegExp(source.source, Array.from(new Set(source.flags + flags)).join(''));
  if (typeof source !== 'string') throw new Error('$regex needs a string');
  return new RegExp(source, flags);
}

/**
 * Translates a port update for nedb: values are copied without `undefined` members, and `$pull`
 * conditions are translated like filters. Returns `{}` when every operator is empty (a no-op, as in
 * MongoDB 5+); callers must not hand `{}` to nedb, which would treat it as a replacement document.
 * Throws on an update with no operator at all, or with an operator outside the port's list.
 */
export function toNedbUpdate(update: Update): Query {
  if (Object.keys(update).length === 0) throw new Error('Update needs at least one operator');
  const out: Query = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!['$set', '$unset', '$inc', '$push', '$pull'].includes(op))
      throw new Error(`Unsupported update operator ${op}`);
    if (fields === null || typeof fields !== 'object') throw new Error(`${op} needs an object`);
    const copied = plainCopy(fields as Record<string, unknown>);
    if (op === '$pull') {
      for (const [path, condition] of Object.entries(copied)) copied[path] = pullCondition(condition);
    }
    if (Object.keys(copied).length > 0) out[op] = copied;
  }
  return out;
}

function pullCondition(condition: unknown): unknown {
  if (!isOperatorObject(condition)) {
    // A sub-document condition is a filter on the elements; a scalar is an equality.
    if (
      condition !== null &&
      typeof condition === 'object' &&
      !Array.isArray(condition) &&
      !(condition instanceof Date)
    ) {
      return toNedbQuery(condition as Filter);
    }
    return condition;
  }
  if ('$regex' in condition) {
    const { $regex, $options, ...rest } = condition;
    return { ...rest, $regex: toRegExp($regex, $options) };
  }
  return condition;
}
