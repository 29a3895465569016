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
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../engine/table';
import type { ColumnSpec } from '../documents';
import { requiredLabel } from '../labels';
import { tableColumns } from '../register/columns';
import { tableLocalization } from '../table-localization';
import { Pager } from './Pager';
import type { Row } from './row-store';
import { cellSx, rowSx, useDataTable } from './table-options';

/** The field's ui:options; see the module comment. */
export interface DataTableOptions {
  columns: ColumnSpec[];
  pageSizes?: number[];
  pageSize?: number;
  addRow?: boolean;
  removeRow?: boolean;
}

const NO_ROWS: Row[] = [];

/** Renders an array of objects as a data table; see the module comment. */
export default function DataTableField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, disabled, readonly, required, errorSchema, fieldPathId } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as unknown as DataTableOptions;
  const locked = Boolean(disabled || readonly);
  const path = fieldPathId?.path ?? [];
  const id = fieldPathId?.$id ?? 'data-table';
  // ui:title is already the catalogue's text (labels.ts localizeUiSchema); column headers are message ids.
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const pageSizes = options.pageSizes ?? [...PAGE_SIZES];

  // The rows the table shows: the form's data, except the data this field has just handed to the form.
  const emitted = useRef<unknown>(undefined);
  const [rows, setRows] = useState<Row[]>(() => (Array.isArray(formData) ? (formData as Row[]) : NO_ROWS));
  useEffect(() => {
    if (formData !== emitted.current) setRows(Array.isArray(formData) ? (formData as Row[]) : NO_ROWS);
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

  const emit = (next: Row[]) => {
    emitted.current = next;
    onChange(next, path);
  };
  const emitRef = useRef(emit);
  emitRef.current = emit;
  useEffect(() => store.subscribe(() => emitRef.current([...store.rows])), [store]);

  const replaceRows = (next: Row[]) => {
    setRows(next);
    emit(next);
  };

  const localization = useMemo(() => tableLocalization({ noRecordsToDisplay: 'common.noRecords' }), []);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE });
  const removable = options.removeRow === true && !locked;
  const table = useMaterialReactTable<Row>({
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
    enableRowActions: removable,
    positionActionsColumn: 'last',
    state: { pagination, columnPinning: setup.columnPinning, columnVisibility: setup.columnVisibility },
    onPaginationChange: setPagination,
    localization,
    muiTableBodyRowProps: ({ row }) => ({ sx: rowSx(row.original) }),
    muiTableBodyCellProps: ({ cell, row }) => ({ sx: cellSx(row.original, cell.column.id) }),
    renderRowActions: ({ row }) => (
      <IconButton
        size="small"
        aria-label={message('dataTable.removeRow')}
        onClick={() => replaceRows(store.rows.filter((_, i) => i !== row.index))}
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

  const ownErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];
  return (
    <Box sx={{ my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`} required={false}>
        {requiredLabel(title, required)}
      </FormLabel>
      <MaterialReactTable table={table} />
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
