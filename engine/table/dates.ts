/**
 * Date cells of the data table (administration-data.md §5 "Data table"): min and max are a fixed date
 * or another field of the row; the years offered are 10 either side of the current year; dates are
 * yyyy-mm-dd.
 */
import { format, isValid, parseISO } from 'date-fns';
import { DATE_YEAR_RANGE } from './constants';

/** A column's bound: a fixed date 'yyyy-MM-dd' (or a number for numeric cells), or another field of the row. */
export type CellBound = number | string | { field: string };

/** The earliest and latest date a cell accepts, both 'yyyy-MM-dd'. */
export interface DateLimits {
  min: string;
  max: string;
}

/**
 * True for a real calendar date written yyyy-MM-dd: '2028-02-29' is one, '2026-02-29', '2026-02-30' and '2026-1-05'
 * are not. The one check of the forms' date widget, the QR code setup's dates, the employee import and the data
 * table's cells. date-fns `parseISO` (which refuses a day its month has not), not `parse`: its format parsers are
 * some seventy modules that every form page would initialise.
 */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isValid(parseISO(text));
}

/** A value as 'yyyy-MM-dd' (a date, or an ISO date or date-time text), or undefined. */
export function isoDate(value: unknown): string | undefined {
  if (value instanceof Date) return isValid(value) ? format(value, 'yyyy-MM-dd') : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isIsoDate(value) ? value : undefined;
  const date = new Date(value);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : undefined;
}

/** The date a bound stands for on a row: the fixed date, the row's field as a date, or undefined. */
export function boundDate(bound: CellBound | undefined, row: Record<string, unknown>): string | undefined {
  if (bound === undefined || typeof bound === 'number') return undefined;
  return typeof bound === 'string' ? isoDate(bound) : isoDate(row[bound.field]);
}

/**
 * The dates a cell accepts on a row: the column's min and max (fixed or from another field), narrowed to
 * 1 January ten years before `today`'s year to 31 December ten years after it.
 * @param today the current date (the caller's clock, so the rule stays pure)
 */
export function dateLimits(
  column: { min?: CellBound; max?: CellBound },
  row: Record<string, unknown>,
  today: Date,
): DateLimits {
  const year = today.getFullYear();
  const first = `${String(year - DATE_YEAR_RANGE).padStart(4, '0')}-01-01`;
  const last = `${String(year + DATE_YEAR_RANGE).padStart(4, '0')}-12-31`;
  const min = boundDate(column.min, row);
  const max = boundDate(column.max, row);
  return {
    min: min !== undefined && min > first ? min : first,
    max: max !== undefined && max < last ? max : last,
  };
}

/** 'min' when `value` is before the limits, 'max' when after, undefined when inside or empty. */
export function dateOutside(value: unknown, limits: DateLimits): 'min' | 'max' | undefined {
  const date = isoDate(value);
  if (date === undefined) return undefined;
  if (date < limits.min) return 'min';
  if (date > limits.max) return 'max';
  return undefined;
}
