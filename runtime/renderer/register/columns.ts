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
import { asNumber, columnWidth, formatDigits, PERCENTAGE_DIGITS, TOTAL_DIGITS } from '../../../engine/table';
import type { ColumnSpec } from '../documents';
import type { ProvidedColumn } from '../registry';
import { DataCell, type DataCellProps, TotalFooter } from '../table/DataCell';
import type { RowStore } from '../table/row-store';

/** A register row: field → value. */
export type Row = Record<string, unknown>;

/** A column as the table uses it: the document's columns (header by message id) or provided ones. */
export interface TableColumn extends Omit<ColumnSpec, 'header'> {
  headerText: string;
}

function optionLabel(column: Pick<ColumnSpec, 'options'>, value: unknown): string | undefined {
  const option = column.options?.find((o) => o.value === value);
  return option ? message(option.label) : undefined;
}

/**
 * Shows one cell value as text by column type (administration-data.md §3, §9): a value of `valueLabels`
 * by its message; a DropDown, MultiSelect or ButtonSelect value by its option's label; dates by
 * `format`; Number and Currency by `numberPipe` (Currency '1.2-2' by default, with the symbol of an ISO
 * 4217 `format`); Percentage 1.0-2 with '%'; booleans Yes/No; lists joined; attachments by file name.
 */
export function formatCell(
  column: Pick<ColumnSpec, 'type' | 'format' | 'valueLabels' | 'options' | 'numberPipe'>,
  value: unknown,
): string {
  if (value === undefined || value === null) return '';
  const label = column.valueLabels?.[String(value)];
  if (label) return message(label as MessageId);
  if (column.options && !Array.isArray(value)) {
    const text = optionLabel(column, value);
    if (text !== undefined) return text;
  }
  if (column.type === 'Date' && typeof value === 'string' && column.format) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(date, column.format);
  }
  if (column.type === 'Number' || column.type === 'Currency' || column.type === 'Percentage') {
    const number = asNumber(value);
    if (number !== undefined) {
      if (column.type === 'Percentage') return `${formatDigits(number, column.numberPipe ?? PERCENTAGE_DIGITS)}%`;
      if (column.type === 'Currency')
        return formatDigits(number, column.numberPipe ?? TOTAL_DIGITS, currencyCode(column.format));
      return column.numberPipe ? formatDigits(number, column.numberPipe) : String(value);
    }
  }
  if (typeof value === 'boolean') return message(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === 'object'
          ? String((item as Row).originalFileName ?? (item as Row).fileName ?? (item as Row).fileUrl ?? '')
          : (optionLabel(column, item) ?? String(item)),
      )
      .join(', ');
  return String(value);
}

/** An ISO 4217 code (three capitals) as a currency, anything else none. */
function currencyCode(format: string | undefined): string | undefined {
  return format && /^[A-Z]{3}$/.test(format) ? format : undefined;
}

/** The document's columns followed by the provided ones, each with its header text. */
export function tableColumns(columns: ColumnSpec[], provided: ProvidedColumn[]): TableColumn[] {
  return [
    ...columns.map(({ header, ...column }) => ({ ...column, headerText: message(header) })),
    ...provided.map(({ header, ...column }) => ({ ...column, headerText: header })),
  ];
}

/** How the table's cells work: the rows as edited, where the table is, and Button clicks. */
export interface ColumnDefOptions {
  store: RowStore;
  /** 'register' (a register screen) or 'table' (the data-table form field): default widths (§9). */
  place: 'table' | 'register';
  onButton?: DataCellProps['onButton'];
}

/**
 * material-react-table column definitions of `columns`: sorting and filtering by the cell text
 * (formatCell of the value as loaded), the default widths of §9 (engine/table/widths.ts), cells that
 * read the rows as edited (../table/DataCell), and the footer total of `totalInFooter` columns.
 */
export function tableColumnDefs(columns: TableColumn[], options: ColumnDefOptions): MRT_ColumnDef<Row>[] {
  const { store, place, onButton } = options;
  const firstShown = columns.find((column) => column.visible !== false)?.value;
  return columns.map((column) => {
    const size = columnWidth(column, place);
    return {
      id: column.value,
      accessorFn: (row: Row) => formatCell(column, row[column.value]),
      Cell: ({ row }: { row: { index: number } }) =>
        createElement(DataCell, { column, index: row.index, store, first: column.value === firstShown, onButton }),
      ...(column.totalInFooter && { Footer: () => createElement(TotalFooter, { column, store }) }),
      header: column.headerText,
      size,
      minSize: Math.min(size, 40),
      enableSorting: column.sortable !== false,
      enableColumnFilter: column.filterable !== false,
      enablePinning: column.frozen === true,
      enableHiding: true,
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
