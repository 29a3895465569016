/**
 * Index keys of the embedded store (docs/store.md "Embedded store"): one string per stored value whose plain
 * binary order (SQLite's BINARY collation, JavaScript's `<` on these ASCII-led strings) is MongoDB's sort order
 * of the values, so that SQLite's B-tree indexes sort, range-scan and compare exactly as MongoDB would.
 *
 * The first character is the BSON type bracket, in MongoDB's order: `a` null or missing (MongoDB sorts and
 * indexes them alike), `b` numbers, `c` strings, `d` objects, `e` arrays, `f` booleans, `g` dates. Numbers (and
 * dates, as epoch milliseconds) follow as 16 hex digits of their IEEE 754 bits transformed to sort as unsigned
 * integers; strings follow as they are (MongoDB's default collation is binary, as SQLite's). Objects and
 * arrays follow as JSON: only the bracket is meaningful for them, as the store never indexes them (an indexed
 * field holding an array or object is refused on write, see `indexedScalar`).
 */
import { numberOfSortable, sortableNumber } from '../../engine/encoding/sortable-number';

/** The bracket of a value's type: its first character. */
export const bracket = {
  null: 'a',
  number: 'b',
  string: 'c',
  object: 'd',
  array: 'e',
  boolean: 'f',
  date: 'g',
} as const;

/**
 * The index key of a stored value (`undefined`, a missing field, encodes as null).
 * @example indexKey(5) < indexKey(10) && indexKey(10) < indexKey('a') && indexKey(null) === indexKey(undefined)
 */
export function indexKey(value: unknown): string {
  if (value === null || value === undefined) return bracket.null;
  if (typeof value === 'number') return bracket.number + sortableNumber(value);
  if (typeof value === 'string') return bracket.string + value;
  if (typeof value === 'boolean') return bracket.boolean + (value ? '1' : '0');
  if (value instanceof Date) return bracket.date + sortableNumber(value.getTime());
  if (Array.isArray(value)) return bracket.array + JSON.stringify(value);
  return bracket.object + JSON.stringify(value);
}

/** True for values an index key orders exactly: null, numbers, strings, booleans and dates. */
export function isScalar(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    typeof value === 'number' ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value instanceof Date
  );
}

/**
 * The index key of the value at an indexed field.
 * @throws TypeError when it is an array or an object (the embedded store builds no multikey index)
 */
export function indexedScalar(value: unknown, path: string): string {
  if (!isScalar(value))
    throw new TypeError(`The indexed field ${path} must hold a single value, not an array or object`);
  return indexKey(value);
}

/** The bracket following `key`'s (the exclusive upper bound of its type's keys). */
export function nextBracket(key: string): string {
  return String.fromCharCode(key.charCodeAt(0) + 1);
}

/**
 * The value an index key of a scalar stands for (indexKey's inverse for null, numbers, strings, booleans and
 * dates): how grouped key columns are read back (`countBy`).
 * @throws TypeError for the key of an object or an array (never indexed)
 */
export function valueOfKey(key: string): unknown {
  const rest = key.slice(1);
  switch (key[0]) {
    case bracket.null:
      return null;
    case bracket.number:
      return numberOfSortable(rest);
    case bracket.string:
      return rest;
    case bracket.boolean:
      return rest === '1';
    case bracket.date:
      return new Date(numberOfSortable(rest));
    default:
      throw new TypeError(`Not the index key of a scalar: ${key.slice(0, 20)}`);
  }
}
