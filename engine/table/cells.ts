/**
 * Cell checks of the data table (administration-data.md §3 row model, §5 "Data table"): which cells of a
 * row are editable (the column's `editable`, unless the row is `disabled` or names the column in
 * `disabledCells`), which are required (`required`, or `requiredWhen` holding over { row }), and the
 * problems of a row's cells: a required cell left empty, a number outside min/max or not a numeric
 * entry, a date outside its limits. The same checks run in the browser (the table marks cells, Save
 * waits) and may run on a server over a body's rows.
 */
import { satisfies } from '../validation/interpreted';
import { type CellBound, dateLimits, dateOutside } from './dates';
import { asNumber } from './number-format';
import { isNumericEntry } from './numeric-input';

type Row = Record<string, unknown>;

/** What the checks read of a column (the column model of schemas/meta/register.schema.json). */
export interface CheckedColumn {
  value: string;
  type: string;
  editable?: boolean;
  required?: boolean;
  requiredWhen?: object | boolean;
  min?: CellBound;
  max?: CellBound;
}

/** A cell's problem: the message id the table shows under it, with its values. */
export interface CellProblem {
  field: string;
  messageId: 'dataTable.required' | 'dataTable.belowMin' | 'dataTable.aboveMax' | 'dataTable.notNumeric';
  values?: Record<string, string | number>;
}

/** Column types whose cells hold a number. */
export const NUMERIC_TYPES: ReadonlySet<string> = new Set(['Number', 'Currency', 'Percentage']);

/** True when the row lets the column's cell be edited (the column is editable, the row and cell are not disabled). */
export function cellEditable(column: Pick<CheckedColumn, 'value' | 'editable'>, row: Row): boolean {
  if (!column.editable || row.disabled === true || row.groupFieldHeader) return false;
  const disabledCells = row.disabledCells;
  return !(Array.isArray(disabledCells) && disabledCells.includes(column.value));
}

/** True when the cell must have a value: `required`, or `requiredWhen` holds over { row }. */
export function cellRequired(column: Pick<CheckedColumn, 'required' | 'requiredWhen'>, row: Row): boolean {
  if (column.required) return true;
  if (column.requiredWhen === undefined) return false;
  if (typeof column.requiredWhen === 'boolean') return column.requiredWhen;
  return satisfies(column.requiredWhen, { row });
}

function empty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function numberBound(bound: CellBound | undefined, row: Row): number | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound === 'number') return bound;
  if (typeof bound === 'object') return asNumber(row[bound.field]);
  return undefined;
}

/**
 * The problems of one row's editable cells (cells the row cannot edit are not checked).
 * @param today the current date, for the date limits' year range
 */
export function rowProblems(columns: readonly CheckedColumn[], row: Row, today: Date): CellProblem[] {
  const problems: CellProblem[] = [];
  for (const column of columns) {
    if (!cellEditable(column, row)) continue;
    const value = row[column.value];
    const field = column.value;
    if (empty(value)) {
      if (cellRequired(column, row)) problems.push({ field, messageId: 'dataTable.required' });
      continue;
    }
    if (NUMERIC_TYPES.has(column.type)) {
      const number = asNumber(value);
      if (number === undefined || !isNumericEntry(String(value))) {
        problems.push({ field, messageId: 'dataTable.notNumeric' });
        continue;
      }
      const min = numberBound(column.min, row);
      const max = numberBound(column.max, row);
      if (min !== undefined && number < min) problems.push({ field, messageId: 'dataTable.belowMin', values: { min } });
      else if (max !== undefined && number > max)
        problems.push({ field, messageId: 'dataTable.aboveMax', values: { max } });
    } else if (column.type === 'Date') {
      const limits = dateLimits(column, row, today);
      const outside = dateOutside(value, limits);
      if (outside === 'min') problems.push({ field, messageId: 'dataTable.belowMin', values: { min: limits.min } });
      if (outside === 'max') problems.push({ field, messageId: 'dataTable.aboveMax', values: { max: limits.max } });
    }
  }
  return problems;
}
