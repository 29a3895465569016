/**
 * The data table as a form field (administration-data.md §3 "Data table"): RJSF `ui:field: "data-table"`
 * over an array of objects, so a form (e.g. a subcontractor payment's lines) edits rows in the same table
 * registers use (./table-options, ./DataCell). Each edit hands the rows to the form (onChange); the form's
 * own data coming back does not rebuild the table, so typing stays on one cell.
 *
 * ui:options:
 * - `columns` (required): the column model of schemas/meta/register.schema.json#/$defs/column (headers
 *   are message ids); cells edit where `editable`;
 * - `pageSizes` (default 10, 25, 50, 100, 500, 1000) and `pageSize` (default 10) — file pickers offer
 *   10, 25, 50 (§9);
 * - `addRow` / `removeRow`: an 'Add row' button under the table and a 'Remove row' button per row.
 * A disabled or read-only form shows every cell read-only. Cell problems (required, min/max...) show
 * under the cells; the array's schema should say the same so the server refuses what the table marks.
 * The registry holds it through ./LazyDataTableField.tsx, which loads this module when a form first shows one.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { MaterialReactTable } from 'material-react-table';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../engine/table';
import type { ColumnSpec } from '../documents';
import { requiredLabel } from '../labels';
import { tableColumns } from '../register/columns';
import { tableLocalization } from '../table-localization';
import { Pager } from './Pager';
import type { Row } from './row-store';
import { DataTableStyles } from './styles';
import { cellSx, type DataTableSetup, EDITABLE_ROW_SX, rowSx, useDataTable } from './table-options';
import { useTable } from './use-table';

/** The field's ui:options; see the module comment. */
export interface DataTableOptions {
  columns: ColumnSpec[];
  pageSizes?: number[];
  pageSize?: number;
  addRow?: boolean;
  removeRow?: boolean;
}

const NO_ROWS: Row[] = [];

/** True when two row lists hold the same values, row by row, field by field (one level deep). */
function sameRows(a: readonly Row[], b: readonly Row[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (!x || !y) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) if (x[key] !== y[key] && JSON.stringify(x[key]) !== JSON.stringify(y[key])) return false;
  }
  return true;
}

interface FieldTableProps {
  setup: DataTableSetup;
  rows: Row[];
  pageSizes: number[];
  pageSize: number;
  removable: boolean;
  onReplace: (rows: Row[]) => void;
}

/**
 * The table of the field, memoised: the form renders the field again on every edit (its data changed),
 * and the table must not (its cells follow the row store themselves).
 */
const FieldTable = memo(function FieldTable({
  setup,
  rows,
  pageSizes,
  pageSize,
  removable,
  onReplace,
}: FieldTableProps) {
  const { store } = setup;
  const localization = useMemo(() => tableLocalization({ noRecordsToDisplay: 'common.noRecords' }), []);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const table = useTable<Row>({
    columns: setup.columns,
    data: rows,
    getRowId: (_, index) => String(index),
    enableTopToolbar: setup.columnPinning.left.length > 0,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableGlobalFilter: false,
    enableColumnFilters: false,
    enableSorting: false,
    enableHiding: false,
    enableColumnPinning: setup.columnPinning.left.length > 0,
    enableTableFooter: setup.enableTableFooter,
    enableKeyboardShortcuts: setup.enableKeyboardShortcuts,
    enableRowActions: removable,
    positionActionsColumn: 'last',
    state: { pagination, columnPinning: setup.columnPinning, columnVisibility: setup.columnVisibility },
    onPaginationChange: setPagination,
    localization,
    layoutMode: setup.editable ? 'grid' : 'semantic',
    muiTableBodyCellProps: ({ cell, row }) => ({ sx: cellSx(row.original, cell.column.id) }),
    muiTableBodyRowProps: ({ row }) => ({
      sx: { ...(setup.editable && EDITABLE_ROW_SX), ...rowSx(row.original) },
    }),
    renderRowActions: ({ row }) => (
      <IconButton
        size="small"
        aria-label={message('dataTable.removeRow')}
        onClick={() => onReplace(store.rows.filter((_, i) => i !== row.index))}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    ),
    renderEmptyRowsFallback: () => (
      <Typography sx={{ p: 2, fontStyle: 'italic' }} color="text.secondary">
        {message('common.noRecords')}
      </Typography>
    ),
    renderBottomToolbar: ({ table: t }) => (
      <Pager table={t} count={rows.length} pageSizes={pageSizes} localization={localization} />
    ),
  });
  return <MaterialReactTable table={table} />;
});

/** Renders an array of objects as a data table; see the module comment. */
export default function DataTableField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, disabled, readonly, required, errorSchema, fieldPathId } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as unknown as DataTableOptions;
  const locked = Boolean(disabled || readonly);
  const path = fieldPathId?.path ?? [];
  const id = fieldPathId?.$id ?? 'data-table';
  // ui:title is already the catalogue's text (labels.ts localizeUiSchema); column headers are message ids.
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');

  // The rows the table shows: the form's data, except the data this field has just handed to the form
  // (which the form hands back as a copy).
  const emitted = useRef<unknown>(undefined);
  const [rows, setRows] = useState<Row[]>(() => (Array.isArray(formData) ? (formData as Row[]) : NO_ROWS));
  const shown = useRef<readonly Row[]>(rows);
  useEffect(() => {
    const next = Array.isArray(formData) ? (formData as Row[]) : NO_ROWS;
    if (formData === emitted.current || sameRows(next, shown.current)) return;
    setRows(next);
  }, [formData]);

  const columns = useMemo(
    () =>
      tableColumns(
        (options.columns ?? []).map((column) => (locked ? { ...column, editable: false } : column)),
        [],
      ),
    [options.columns, locked],
  );
  const setup = useDataTable(columns, rows, 'table');
  const { store } = setup;
  shown.current = store.rows;

  const emit = (next: Row[]) => {
    emitted.current = next;
    shown.current = next;
    onChange(next, path);
  };
  const emitRef = useRef(emit);
  emitRef.current = emit;
  useEffect(() => store.subscribe(() => emitRef.current([...store.rows])), [store]);

  const replaceRows = (next: Row[]) => {
    setRows(next);
    emit(next);
  };

  const replaceRef = useRef(replaceRows);
  replaceRef.current = replaceRows;
  const onReplace = useCallback((next: Row[]) => replaceRef.current(next), []);
  const pageSizes = useMemo(() => options.pageSizes ?? [...PAGE_SIZES], [options.pageSizes]);

  const ownErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];
  return (
    <Box sx={{ my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`} required={false}>
        {requiredLabel(title, required)}
      </FormLabel>
      <DataTableStyles />
      <FieldTable
        setup={setup}
        rows={rows}
        pageSizes={pageSizes}
        pageSize={options.pageSize ?? DEFAULT_PAGE_SIZE}
        removable={options.removeRow === true && !locked}
        onReplace={onReplace}
      />
      {options.addRow && !locked && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => replaceRows([...store.rows, {}])} sx={{ mt: 1 }}>
          {message('dataTable.addRow')}
        </Button>
      )}
      {ownErrors.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </Box>
  );
}
