/**
 * Footer totals of the data table (administration-data.md §5 "Footer totals are shown for flagged
 * columns", §9 "Footer total format 1.2-2 with en-us").
 */
import { asNumber, formatDigits, TOTAL_DIGITS } from './number-format';

/**
 * The sum of a column over rows: numbers and numeric strings count, anything else (empty cells, text)
 * is skipped; rows that are group headers (`groupFieldHeader`) or deleted (`isDeleted`) do not count.
 * Rounded to 10 decimals, so 0.1 + 0.2 is 0.3.
 */
export function columnTotal(rows: readonly Record<string, unknown>[], field: string): number {
  let total = 0;
  for (const row of rows) {
    if (row.groupFieldHeader || row.isDeleted) continue;
    total += asNumber(row[field]) ?? 0;
  }
  return Math.round(total * 1e10) / 1e10;
}

/** A total as the footer shows it: '1.2-2', en-US (e.g. 1234.5 → '1,234.50'). */
export function formatTotal(total: number): string {
  return formatDigits(total, TOTAL_DIGITS);
}
