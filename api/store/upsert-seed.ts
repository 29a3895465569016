import { plainCopy } from './plain-copy';
import type { Filter } from './port';

/**
 * The document an upsert starts from when nothing matched, following MongoDB: the equality conditions of
 * the filter (`{ field: value }`, `{ field: { $eq: value } }`, inside `$and` and a one-clause `$or`), with
 * dotted paths expanded into nested objects. Operator conditions (`$gt`, `$in`, `$regex`, ...) contribute
 * nothing. Both implementations use it: the embedded store builds the inserted document from it, the MongoDB
 * store uses it to tell whether the filter fixes `_id` (otherwise it supplies a string `_id`).
 *
 * Example: `{ clientId: 'c1', 'address.city': 'Perth', budget: { $gt: 5 } }` -> `{ clientId: 'c1', address: { city: 'Perth' } }`.
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  collect(filter, seed);
  return seed;
}

function collect(filter: Filter, seed: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) collect(clause as Filter, seed);
    } else if (key === '$or' && Array.isArray(value) && value.length === 1) {
      collect(value[0] as Filter, seed);
    } else if (key.startsWith('$')) {
      // $nor and multi-clause $or fix no value.
    } else if (isOperatorObject(value)) {
      if ('$eq' in value) setPath(seed, key, plainCopy(value.$eq));
    } else if (!(value instanceof RegExp)) {
      setPath(seed, key, plainCopy(value));
    }
  }
}

/** True for `{ $op: ... }` objects (a condition), false for plain values and sub-documents. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return false;
  if (value instanceof RegExp) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}
