import type { Filter } from './port';

/**
 * Rejects a filter holding `undefined` anywhere (a member value or an array element), in both
 * implementations. MongoDB with `ignoreUndefined` would drop `{ id: undefined }` and match *every*
 * document, so `deleteOne({ id: req.params.id })` with a missing parameter would delete an arbitrary one;
 * failing is the only safe reading. Throws a TypeError naming the path.
 */
export function assertDefinedFilter(filter: Filter): void {
  walk(filter, '');
}

function walk(value: unknown, path: string): void {
  if (value === undefined) throw new TypeError(`Filter value at ${path || '(root)'} is undefined`);
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof RegExp) return;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
    return;
  }
  for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
}
