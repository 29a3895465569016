/**
 * The register's columns, built by pure functions: the document's columns (headers by message id) and
 * the provided ones (literal headers, e.g. a form's question labels) → material-react-table columns with
 * the cell text of formatCell, sorting, filtering, pinning (frozen) and hidden columns
 * (administration-data.md "Data table" column model).
 */
import { format as formatDate } from 'date-fns';
import type { MRT_ColumnDef } from 'material-react-table';
import { createElement } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { cellFor } from '../cells';
import type { ColumnSpec } from '../documents';
import type { ProvidedColumn } from '../registry';

/** A register row: field → value. */
export type Row = Record<string, unknown>;

/** A column as the table uses it: the document's columns (header by message id) or provided ones. */
export interface TableColumn extends Omit<ColumnSpec, 'header'> {
  headerText: string;
}

/**
 * Shows one cell value as text by column type: a value of `valueLabels` by its message, dates by `format`,
 * booleans Yes/No, lists joined.
 */
export function formatCell(column: Pick<ColumnSpec, 'type' | 'format' | 'valueLabels'>, value: unknown): string {
  if (value === undefined || value === null) return '';
  const label = column.valueLabels?.[String(value)];
  if (label) return message(label as MessageId);
  if (column.type === 'Date' && typeof value === 'string' && column.format) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(date, column.format);
  }
  if (typeof value === 'boolean') return message(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** The document's columns followed by the provided ones, each with its header text. */
export function tableColumns(columns: ColumnSpec[], provided: ProvidedColumn[]): TableColumn[] {
  return [
    ...columns.map(({ header, ...column }) => ({ ...column, headerText: message(header) })),
    ...provided.map(({ header, ...column }) => ({ ...column, headerText: header })),
  ];
}

/** material-react-table column definitions of `columns`. */
export function tableColumnDefs(columns: TableColumn[]): MRT_ColumnDef<Row>[] {
  return columns.map((column) => {
    const Cell = cellFor(column.type);
    return {
      id: column.value,
      accessorFn: (row: Row) => formatCell(column, row[column.value]),
      ...(Cell && {
        Cell: ({ row }: { row: { original: Row } }) =>
          createElement(Cell, { value: row.original[column.value], row: row.original, headerText: column.headerText }),
      }),
      header: column.headerText,
      size: column.width,
      enableSorting: column.sortable !== false,
      enableColumnFilter: column.filterable !== false,
      enablePinning: column.frozen === true,
    };
  });
}

/** Hidden columns (visible: false) as the table's visibility state. */
export function columnVisibility(columns: TableColumn[]): Record<string, boolean> {
  return Object.fromEntries(columns.filter((c) => c.visible === false).map((c) => [c.value, false]));
}

/** Frozen columns, pinned to the left. */
export function columnPinning(columns: TableColumn[]): { left: string[] } {
  return { left: columns.filter((c) => c.frozen).map((c) => c.value) };
}
