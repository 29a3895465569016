/**
 * Sort keys of register cells (administration-data.md §3 "Data table": sortable columns; docs/store.md
 * "Registers"): one string per cell whose plain string order is the register's order, shared by the in-memory
 * register (rows.ts queryRows) and the stored read model (read-model.ts), so both sort alike.
 */
import { sortableNumber } from '../encoding/sortable-number';

/** Kept here for the registers' callers; the encoding itself lives in engine/encoding, where the store reads it. */
export { sortableNumber };

/** The sort key of an empty cell: above every other key, and found by equality. */
export const emptySortKey = '9';

export const numeric = /^-?\d+(\.\d+)?$/;

/**
 * The register's sort key of a cell's display text (administration-data.md §3 "Data table": sortable columns):
 * a number ('-12.5', '7') sorts numerically before any text; text sorts ignoring case and accents, with runs
 * of digits compared as numbers ('Bay 2' < 'Bay 10'); an empty cell is `emptySortKey`.
 * @example registerSortKey('10') > registerSortKey('9'); registerSortKey('Bay 10') > registerSortKey('bay 2')
 */
export function registerSortKey(text: string): string {
  if (text === '') return emptySortKey;
  if (numeric.test(text)) return `0${sortableNumber(Number(text))}`;
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return `1${folded.replace(/\d+/g, (digits) => {
    const value = digits.replace(/^0+(?=\d)/, '');
    return String(value.length).padStart(3, '0') + value;
  })}`;
}
