/**
 * Numeric entry of data-table cells (administration-data.md §5 "Data table", §9): at most 2 decimals and
 * 16 digits in total; e, - and + are blocked, and so is a second decimal point; a paste that would exceed
 * the limits is blocked whole. One rule for a key and a paste: the text the input would hold afterwards
 * must be a numeric entry, otherwise the input keeps its text.
 */
import { NUMERIC_MAX_DECIMALS, NUMERIC_MAX_DIGITS } from './constants';

/**
 * True when `text` is a numeric entry, complete or in progress: digits with at most one '.', at most
 * 2 digits after it and 16 in all ('' and '12.' are entries; '-1', '1e3', '1.2.3', '1.234' are not).
 */
export function isNumericEntry(text: string): boolean {
  if (!/^\d*(\.\d*)?$/.test(text)) return false;
  const [whole, fraction = ''] = text.split('.');
  return fraction.length <= NUMERIC_MAX_DECIMALS && whole.length + fraction.length <= NUMERIC_MAX_DIGITS;
}

/**
 * The text after inserting `inserted` (a typed key or a pasted text) over the selection
 * [`start`, `end`) of `current`, or null when the result is not a numeric entry (the key or paste is
 * blocked). Offsets are UTF-16 indexes as an input's selectionStart/selectionEnd give them.
 */
export function numericEdit(current: string, start: number, end: number, inserted: string): string | null {
  const from = Math.max(0, Math.min(start, current.length));
  const to = Math.max(from, Math.min(end, current.length));
  const next = current.slice(0, from) + inserted + current.slice(to);
  return isNumericEntry(next) ? next : null;
}

/**
 * The number an entry stands for: undefined for '' (an empty cell), the value otherwise ('12.' → 12).
 * @throws never; a text that is not an entry gives undefined
 */
export function numericValue(text: string): number | undefined {
  if (text === '' || text === '.' || !isNumericEntry(text)) return undefined;
  return Number(text);
}
