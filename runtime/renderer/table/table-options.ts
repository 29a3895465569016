/**
 * What every data table shares, for registers (../Register.tsx) and the data-table form field
 * (./DataTableField.tsx) alike (administration-data.md §3 "Data table", §9): the rows as edited
 * (a RowStore per load), the column definitions, the footer when a column totals, frozen columns only on
 * screens wider than 768 px (the register: 750 px), the column chooser, and the row model's looks:
 * `changeRowColour` (the row's background), `changeColour` (a column → colour map for single cells),
 * `isDeleted` (struck through), `groupFieldHeader` (a heading row).
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MRT_ColumnDef, MRT_VisibilityState } from 'material-react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FREEZE_MIN_WIDTH, REGISTER_FREEZE_MIN_WIDTH } from '../../../engine/table';
import { type ColumnDefOptions, columnPinning, columnVisibility, tableColumnDefs } from '../register/columns';
import type { TableColumn } from './cell-text';
import { type Row, RowStore } from './row-store';

/** A CSS colour the row model may name (a name, #hex, rgb()/hsl()); anything else is ignored. */
export function safeColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%]+\))$/i.test(value.trim()) ? value.trim() : undefined;
}

/** The look of a row by its row model: background, struck through, heading. */
export function rowSx(row: Row): Record<string, unknown> {
  const colour = safeColour(row.changeRowColour);
  return {
    ...(colour && { backgroundColor: colour }),
    ...(row.isDeleted === true && { '& td': { textDecoration: 'line-through', opacity: 0.7 } }),
    ...(row.groupFieldHeader ? { backgroundColor: colour ?? 'action.hover' } : {}),
  };
}

/**
 * The layout of a table with editable columns: grid rows that the browser skips while out of view
 * (content-visibility), so an edit lays out its own row and not all 1,000 (docs/performance.md "The data
 * table"). Read-only tables keep the table layout, whose columns size to their content.
 */
export const EDITABLE_ROW_SX = { contentVisibility: 'auto', containIntrinsicSize: 'auto 48px' } as const;

/** The look of one cell: the row's `changeColour` for the column. */
export function cellSx(row: Row, columnId: string): Record<string, unknown> | undefined {
  const map = row.changeColour;
  if (!map || typeof map !== 'object') return undefined;
  const colour = safeColour((map as Record<string, unknown>)[columnId]);
  return colour ? { backgroundColor: colour } : undefined;
}

export interface DataTableSetup {
  store: RowStore;
  columns: MRT_ColumnDef<Row>[];
  columnPinning: { left: string[] };
  columnVisibility: MRT_VisibilityState;
  onColumnVisibilityChange: (
    updater: MRT_VisibilityState | ((old: MRT_VisibilityState) => MRT_VisibilityState),
  ) => void;
  enableTableFooter: boolean;
  /** MRT's cell keyboard navigation takes the focus from a cell's input, so a table with editable columns has none. */
  enableKeyboardShortcuts: boolean;
  /** True when some column is editable: the grid layout and EDITABLE_ROW_SX. */
  editable: boolean;
}

/**
 * The shared parts of a data table over `rows`; one object while nothing changes, so a memoised table
 * does not render again with its host.
 * @param rows the rows as loaded: a new array starts a new RowStore (edits of the old rows are dropped)
 */
export function useDataTable(
  columns: TableColumn[],
  rows: readonly Row[],
  place: ColumnDefOptions['place'],
  onButton?: ColumnDefOptions['onButton'],
): DataTableSetup {
  const store = useMemo(() => new RowStore(rows), [rows]);
  const defs = useMemo(() => tableColumnDefs(columns, { store, place, onButton }), [columns, store, place, onButton]);
  const freezeWidth = place === 'register' ? REGISTER_FREEZE_MIN_WIDTH : FREEZE_MIN_WIDTH;
  const wide = useMediaQuery(`(min-width:${freezeWidth + 1}px)`, { noSsr: true });
  const pinning = useMemo(() => (wide ? columnPinning(columns) : { left: [] }), [wide, columns]);
  const [visibility, setVisibility] = useState<MRT_VisibilityState>(() => columnVisibility(columns));
  useEffect(() => setVisibility(columnVisibility(columns)), [columns]);
  const onColumnVisibilityChange = useCallback<DataTableSetup['onColumnVisibilityChange']>(
    (updater) => setVisibility((old) => (typeof updater === 'function' ? updater(old) : updater)),
    [],
  );
  return useMemo(
    () => ({
      store,
      columns: defs,
      columnPinning: pinning,
      columnVisibility: visibility,
      onColumnVisibilityChange,
      enableTableFooter: columns.some((column) => column.totalInFooter),
      enableKeyboardShortcuts: !columns.some((column) => column.editable),
      editable: columns.some((column) => column.editable),
    }),
    [store, defs, pinning, visibility, onColumnVisibilityChange, columns],
  );
}
