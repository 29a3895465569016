/**
 * The embedded store's JavaScript half of a query and its updates (docs/store.md "Embedded store"): what SQL
 * leaves over of a filter (api/store/sql-plan.ts `residual`) is matched here, and updates are computed here,
 * both with MongoDB's meaning by mingo (MongoDB's query language for in-memory objects; docs/decisions.md "The
 * store's matcher and updates are mingo's"). This file keeps the port's limits around it: only the operators
 * api/store/port.ts lists are accepted (anything else throws rather than letting a library guess), `undefined`
 * never reaches a filter (api/store/filter-check.ts), and the type conflicts MongoDB refuses, which mingo passes
 * over in silence, throw (`applyUpdate`).
 */
import { Query } from 'mingo';
import { $inc, $pull, $push, $set, $unset } from 'mingo/operators/update';
import { assertDefinedFilter } from './filter-check';
import { plainCopy } from './plain-copy';
import type { Filter, Update } from './port';
import { isOperatorObject } from './upsert-seed';

/** A filter checked by `toQuery`, in the syntax the matcher reads. */
export type CheckedFilter = Record<string, unknown>;
/** A checked update: the port's operators only, values copied, empty operators dropped (`{}`: no change). */
export type CheckedUpdate = Record<string, Record<string, unknown>>;
type UpdateOperator = (fields: Record<string, unknown>) => (doc: Record<string, unknown>) => unknown;
/**
 * mingo's update operators of the port's list. Their types are narrower than what they take: `$inc`'s amounts
 * are numbers (`toUpdate` checks them), and `$unset` reads only the paths (the port allows `''`, 1 or true).
 */
const updateOperators: Record<string, UpdateOperator> = {
  $set,
  $unset: $unset as UpdateOperator,
  $inc: $inc as UpdateOperator,
  $push,
  $pull,
};

/** True when a document matches the filter it was compiled from. */
export type Matcher = (doc: Record<string, unknown>) => boolean;

/** The field operators of the port (api/store/port.ts `Filter`). */
const fieldOperators = new Set([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$exists',
  '$regex',
  '$options',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$elemMatch',
]);

/**
 * A port filter (MongoDB syntax, api/store/port.ts) checked and made ready for the matcher: a `$regex` with a
 * string source and `$options` becomes one RegExp. Throws an Error on an operator outside the port's list (e.g.
 * `$where`, `$type`), on `$in`/`$nin`/`$and`/`$or`/`$nor` without an array and on `$options` without `$regex` or
 * with a flag other than i, m, s; a TypeError on an `undefined` value.
 */
export function toQuery(filter: Filter): CheckedFilter {
  assertDefinedFilter(filter);
  return checkedFilter(filter);
}

/**
 * The matcher of a port filter (checked by `toQuery`, so it throws as that does): MongoDB's meaning, including
 * `{ f: null }` and `$in: [null]` matching a missing field, `$ne`/`$nin` holding when no array element is
 * equal, dotted paths through arrays of sub-documents, dates compared by time and ranges within one type.
 */
export function compileFilter(filter: Filter): Matcher {
  const query = new Query(toQuery(filter), {});
  return (doc) => query.test(doc);
}

function checkedFilter(filter: Filter): CheckedFilter {
  const out: CheckedFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value)) throw new Error(`${key} needs an array`);
      out[key] = value.map((clause) => checkedFilter(clause as Filter));
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      out[key] = isOperatorObject(value) ? checkedCondition(key, value) : value;
    }
  }
  return out;
}

function checkedCondition(path: string, condition: Record<string, unknown>): CheckedFilter {
  const out: CheckedFilter = {};
  for (const [op, arg] of Object.entries(condition)) {
    if (!fieldOperators.has(op)) throw new Error(`Unsupported filter operator ${op} on ${path}`);
    if ((op === '$in' || op === '$nin') && !Array.isArray(arg)) throw new Error(`${op} needs an array`);
    if (op === '$options') {
      if (!('$regex' in condition)) throw new Error('$options needs $regex');
      continue;
    }
    if (op === '$regex') out.$regex = toRegExp(arg, condition.$options);
    else if (op === '$elemMatch') out.$elemMatch = elemMatch(path, arg);
    else out[op] = arg;
  }
  return out;
}

/** `$elemMatch` on scalars (`{ $gte: 80 }`) is a condition; on sub-documents, a filter of its own. */
function elemMatch(path: string, arg: unknown): unknown {
  if (isOperatorObject(arg)) return checkedCondition(path, arg);
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) throw new Error('$elemMatch needs an object');
  return checkedFilter(arg as Filter);
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
 * A port update checked: values are copied without `undefined` members, and `$pull` conditions are checked
 * like filters. Returns `{}` when every operator is empty (a no-op, as in MongoDB 5+). Throws on an update with
 * no operator at all, or with an operator outside the port's list ($set, $unset, $inc, $push, $pull).
 */
export function toUpdate(update: Update): CheckedUpdate {
  if (Object.keys(update).length === 0) throw new Error('Update needs at least one operator');
  const out: CheckedUpdate = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!['$set', '$unset', '$inc', '$push', '$pull'].includes(op))
      throw new Error(`Unsupported update operator ${op}`);
    if (fields === null || typeof fields !== 'object') throw new Error(`${op} needs an object`);
    const copied = plainCopy(fields as Record<string, unknown>);
    if (op === '$pull') {
      for (const [path, condition] of Object.entries(copied)) copied[path] = pullCondition(condition);
    }
    if (op === '$inc') {
      for (const [path, amount] of Object.entries(copied))
        if (typeof amount !== 'number') throw new Error(`$inc of ${path} needs a number`);
    }
    if (Object.keys(copied).length > 0) out[op] = copied;
  }
  return out;
}

function pullCondition(condition: unknown): unknown {
  if (isOperatorObject(condition)) return checkedCondition('$pull', condition);
  // A sub-document condition is a filter on the elements; a scalar is an equality.
  if (condition !== null && typeof condition === 'object' && !Array.isArray(condition) && !(condition instanceof Date))
    return toQuery(condition as Filter);
  return condition;
}

/**
 * `doc` with `change` (a `toUpdate` result) applied, as a new document; `doc` is not changed. MongoDB's meaning:
 * `$set` and `$inc` create missing fields and the objects on their dotted paths; `$inc` of a missing field sets
 * it; `$push` creates a missing array and takes `{ $each: [...] }`; `$pull` removes the equal elements, or those
 * matching a condition or sub-document filter, and is a no-op on a missing field; `$unset` of a missing field is a
 * no-op. Throws an Error, as MongoDB does, on a type conflict: a dotted path through a value that is neither an
 * object nor missing (a number, a string, null, or an array at a non-numeric step), `$inc` of a field holding a
 * non-number, `$push` or `$pull` on a field holding a non-array, and a change of `_id`.
 */
export function applyUpdate<D extends Record<string, unknown>>(doc: D, change: CheckedUpdate): D {
  for (const [op, fields] of Object.entries(change)) {
    if (op === '$unset') continue;
    for (const path of Object.keys(fields)) {
      const value = fieldOnPath(doc, path, op);
      if (value === undefined) continue;
      if (op === '$inc' && typeof value !== 'number') throw new Error(`Cannot $inc the non-number at ${path}`);
      if ((op === '$push' || op === '$pull') && !Array.isArray(value))
        throw new Error(`Cannot ${op} on the non-array at ${path}`);
    }
  }
  const next = plainCopy(doc);
  // The operators one by one rather than mingo's `update`, which builds its options and operator tables anew on
  // every call (3 times the cost of a save's update); the port's paths hold no positional `$` or array filters.
  for (const [op, fields] of Object.entries(change)) updateOperators[op](fields)(next);
  if (next._id !== doc._id) throw new Error(`Cannot change a document's _id`);
  return next;
}

/**
 * The value at `path` of `doc` before `op` writes it (undefined when missing), throwing when a step of the path
 * cannot hold a field (MongoDB: "Cannot create field ... in element ...").
 */
function fieldOnPath(doc: Record<string, unknown>, path: string, op: string): unknown {
  const parts = path.split('.');
  let node: unknown = doc;
  for (let i = 0; i < parts.length; i += 1) {
    if (node === undefined) return undefined;
    const step = parts[i];
    const fits =
      node !== null &&
      typeof node === 'object' &&
      !(node instanceof Date) &&
      (!Array.isArray(node) || /^\d+$/.test(step));
    if (!fits) throw new Error(`Cannot ${op} ${path}: ${parts.slice(0, i).join('.')} holds no fields`);
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}
