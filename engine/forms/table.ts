/**
 * Tables (form-configuration.md §2 'table', 'table-light'; §5 "Multi-page renderer"): rows of text under
 * fixed columns, filled by the user, who adds and removes rows.
 * - table: the equipment table, columns item, assetNo, description, manufacturer, modelNo and owner; a
 *   row counts only when every column is filled ("an equipment table ... not completely filled blocks
 *   progress").
 * - table-light: the question's own columns (`columns`: an id and a heading each), keyed `c<id>`; any
 *   cell may stay empty.
 * Form value: a list of rows, each `{ [column key]: string }`. Saved Answer: one value per row in
 * `answers`, the row as JSON text (an Answer holds a list of values; a row is one value).
 */
import type { QuestionOption } from '../types/generated';

/** The equipment table's columns, in order (form-configuration.md §5). */
export const EQUIPMENT_COLUMNS = ['item', 'assetNo', 'description', 'manufacturer', 'modelNo', 'owner'] as const;

/** The longest text of one cell. */
export const TABLE_CELL_MAX_LENGTH = 500;

/** The most rows a table takes. */
export const TABLE_MAX_ROWS = 200;

/** One row of a table: text by column key. */
export type TableRow = Record<string, string>;

/** A column of a table: its key in a row and its heading (a message id for the equipment table). */
export interface TableColumn {
  key: string;
  /** The heading text (table-light) or undefined (the equipment table's headings come from the catalogue). */
  label?: string;
}

/** The columns of a table question: the equipment columns, or `c<id>` per column of a table-light. */
export function tableColumns(kind: 'table' | 'table-light', columns: readonly QuestionOption[] = []): TableColumn[] {
  if (kind === 'table') return EQUIPMENT_COLUMNS.map((key) => ({ key }));
  return columns.map((column) => ({ key: `c${column.id}`, label: column.value }));
}

/** True when every column of the row holds text other than spaces. */
export function rowComplete(row: TableRow, columns: readonly TableColumn[]): boolean {
  return columns.every(({ key }) => typeof row[key] === 'string' && row[key].trim() !== '');
}

/** True when no column of the row holds text (a row added and left empty). */
export function rowEmpty(row: TableRow, columns: readonly TableColumn[]): boolean {
  return columns.every(({ key }) => typeof row[key] !== 'string' || row[key].trim() === '');
}

/**
 * The rows of a form value that are worth saving: rows that are objects, only the table's own columns,
 * texts trimmed, empty rows dropped. Anything that is not a list gives [].
 */
export function tableRows(value: unknown, columns: readonly TableColumn[]): TableRow[] {
  if (!Array.isArray(value)) return [];
  const rows: TableRow[] = [];
  for (const raw of value) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const row: TableRow = {};
    for (const { key } of columns) {
      const cell = (raw as Record<string, unknown>)[key];
      if (typeof cell === 'string' && cell.trim() !== '') row[key] = cell.trim();
    }
    if (!rowEmpty(row, columns)) rows.push(row);
  }
  return rows;
}

/** A saved Answer's rows (JSON text per value); a value that is not a JSON object gives null in its place. */
export function parseTableAnswers(values: readonly unknown[]): (TableRow | null)[] {
  return values.map((value) => {
    if (typeof value !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(value);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      const entries = Object.entries(parsed as Record<string, unknown>);
      return entries.every(([, cell]) => typeof cell === 'string') ? (parsed as TableRow) : null;
    } catch {
      return null;
    }
  });
}

/** The register and CSV text of one saved row: its cells joined with ' | ' in column order. */
export function rowText(value: string): string {
  const [row] = parseTableAnswers([value]);
  return row ? Object.values(row).join(' | ') : value;
}
