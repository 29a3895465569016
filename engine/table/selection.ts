/**
 * Selection rules of the data table (administration-data.md §4 "Data table"): single selection clears
 * the other selections first; a CheckBox column with a limit (disableCheck) disables the unchecked rows
 * once the limit of checked rows is reached.
 */

type Row = Record<string, unknown>;

/**
 * Single selection: the rows with `field` true on the row at `index` and false on every other row that
 * had it true (rows that do not change keep their identity).
 */
export function selectOnly<R extends Row>(rows: readonly R[], index: number, field: string): R[] {
  return rows.map((row, i) => {
    if (i === index) return row[field] === true ? row : { ...row, [field]: true };
    return row[field] === true ? { ...row, [field]: false } : row;
  });
}

/** How many rows have `field` checked (true). */
export function checkedCount(rows: readonly Row[], field: string): number {
  let count = 0;
  for (const row of rows) if (row[field] === true) count++;
  return count;
}

/**
 * True when a row's box of a CheckBox column is disabled by the column's limit: the row is unchecked
 * and `checked` rows (checkedCount) already reach `limit`. No limit disables nothing; a checked row
 * can always be unchecked.
 */
export function checkDisabledByLimit(row: Row, field: string, checked: number, limit: number | undefined): boolean {
  return limit !== undefined && row[field] !== true && checked >= limit;
}
