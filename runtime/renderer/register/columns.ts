/**
 * The register's columns, built by pure functions: the document's columns (headers by message id) and
 * the provided ones (literal headers, e.g. a form's question labels) → material-react-table columns with
 * the cell text of formatCell (../table/cell-text), sorting, filtering, pinning (frozen) and hidden columns
 * (administration-data.md "Data table" column model).
 */
import type { MRT_ColumnDef } from 'material-react-table';
import { createElement } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { columnWidth } from '../../../engine/table';
import type { ColumnSpec } from '../documents';
import type { ProvidedColumn } from '../registry';
import { formatCell, type Row, type TableColumn } from '../table/cell-text';
import { DataCell, type DataCellProps, TotalFooter } from '../table/DataCell';
import type { RowStore } from '../table/row-store';

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
