/**
 * Register: a register screen document (schemas/meta/register.schema.json) as a data table
 * (administration-data.md §3 "Data table", §9). Server mode sends the table's paging, sorting and
 * filters to the source operation and shows `totalRecords`; client mode pages a fetched list.
 * Texts: column headers, buttons and the empty state are message ids of the document; the pager
 * reads 'Records: {first} - {last} of {totalRecords}'; the table's own texts come from the catalogue
 * too (./table-localization). Cells show as text, or by column type (./cells: Thumbnail, Image).
 * A row or toolbar action with `result: 'close'` hands the call's answer to the host (`onResult`),
 * e.g. the dialog showing the register; `revealDelayMs` holds the rows back for that long.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { format as formatDate } from 'date-fns';
import {
  MaterialReactTable,
  type MRT_ColumnDef,
  type MRT_ColumnFiltersState,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_TableInstance,
  useMaterialReactTable,
} from 'material-react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { message } from '../../engine/messages/catalogue';
import { ApiError, callOperation, errorText } from '../api/client';
import type { RegisterPage, TableQuery } from '../api/types';
import { useRunAction } from './actions';
import { cellFor } from './cells';
import { type ConditionContext, holds } from './conditions';
import type { ButtonSpec, ColumnSpec, RegisterDocument } from './documents';
import { columnProviders, type ProvidedColumn } from './registry';
import { pagerItemAriaLabel, tableLocalization } from './table-localization';
import { resolveCall } from './templates';
import { useSessionUser } from './user';

/** A register row: field → value. */
export type Row = Record<string, unknown>;

/** Route parameters a register reads. */
export type RouteParams = Record<string, string | undefined>;

export interface RegisterProps {
  document: RegisterDocument;
  params: RouteParams;
  /** Called with the title once a title provider (titleFrom) has answered. */
  onTitle?: (title: string) => void;
  /** Called with the answer of an action whose result is 'close'; a host without it ignores them. */
  onResult?: (answer: unknown) => void;
  /** Screen inputs of the page showing the register (e.g. { type }); template values after the row. */
  screen?: Record<string, string | undefined>;
  /** A change reloads the rows (a sibling form on the page saved). */
  reloadKey?: number;
  /** Data the route's loaders fetched (e.g. `form`), handed to the column provider. */
  loaderData?: Record<string, unknown>;
}

const icons: Record<NonNullable<ButtonSpec['icon']>, ReactNode> = {
  add: <AddIcon />,
  download: <DownloadIcon />,
  open: <OpenInNewIcon />,
  view: <VisibilityIcon />,
  edit: <EditIcon />,
  delete: <DeleteIcon />,
  back: <ArrowBackIcon />,
};

/** A column as the table uses it: the document's columns (header by message id) or provided ones. */
interface TableColumn extends Omit<ColumnSpec, 'header'> {
  headerText: string;
}

/** Shows one cell value as text by column type: dates by `format`, booleans Yes/No, lists joined. */
export function formatCell(column: Pick<ColumnSpec, 'type' | 'format'>, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (column.type === 'Date' && typeof value === 'string' && column.format) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(date, column.format);
  }
  if (typeof value === 'boolean') return message(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

const NO_QUERY = { sorting: [] as MRT_SortingState, filters: [] as MRT_ColumnFiltersState };
const NO_ROWS: Row[] = [];

/** Renders a register screen document; see the module comment. */
const NO_SCREEN: Record<string, string | undefined> = {};

export function Register({
  document: doc,
  params,
  onTitle,
  onResult,
  screen = NO_SCREEN,
  reloadKey = 0,
  loaderData,
}: RegisterProps) {
  const runAction = useRunAction();
  const user = useSessionUser();
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const serverMode = doc.paging !== false && doc.paging.mode === 'server' && doc.source.query === 'table';
  const pageSizes = doc.paging === false ? [] : doc.paging.pageSizes;
  const [pagination, setPagination] = useState<MRT_PaginationState>({
    pageIndex: 0,
    pageSize: doc.paging === false ? Number.MAX_SAFE_INTEGER : doc.paging.default,
  });
  const [sorting, setSorting] = useState<MRT_SortingState>(NO_QUERY.sorting);
  const [columnFilters, setColumnFilters] = useState<MRT_ColumnFiltersState>(NO_QUERY.filters);
  const [globalFilter, setGlobalFilter] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [totalRecords, setTotalRecords] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [provided, setProvided] = useState<ProvidedColumn[] | null>(doc.dynamicColumns ? null : []);
  const [revealed, setRevealed] = useState(!doc.revealDelayMs);
  // An action in flight: its buttons wait, so one click is one call.
  const [busy, setBusy] = useState(false);

  const routeScope = params as Record<string, unknown>;
  const screenScope = screen as Record<string, unknown>;

  // The rows stay hidden for revealDelayMs after the screen opens, however fast they arrive.
  useEffect(() => {
    if (!doc.revealDelayMs) return;
    const timer = setTimeout(() => setRevealed(true), doc.revealDelayMs);
    return () => clearTimeout(timer);
  }, [doc.revealDelayMs]);

  // Dynamic columns and title (e.g. the form's register questions).
  useEffect(() => {
    const providerName = doc.dynamicColumns ?? doc.titleFrom;
    if (!providerName) return;
    let live = true;
    columnProviders[providerName](params, loaderData ?? {})
      .then((answer) => {
        if (!live) return;
        if (doc.dynamicColumns) setProvided(answer.columns);
        if (doc.titleFrom && answer.title) onTitle?.(answer.title);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setProvided([]);
        setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [doc.dynamicColumns, doc.titleFrom, params, onTitle, loaderData]);

  const query = useMemo<Omit<TableQuery, 'pageIndex' | 'pageSize'>>(
    () => ({
      sorting: sorting.map((s) => ({ id: s.id, desc: s.desc })),
      filters: columnFilters.map((f) => ({ id: f.id, value: f.value })),
      ...(globalFilter ? { globalFilter } : {}),
    }),
    [sorting, columnFilters, globalFilter],
  );

  // The body of a server-mode request; null in client mode, where the table state stays local.
  const requestBody = useMemo(
    () => (serverMode ? { pageIndex: pagination.pageIndex, pageSize: pagination.pageSize, ...query } : null),
    [serverMode, pagination.pageIndex, pagination.pageSize, query],
  );

  // Rows: one request per change of the table state in server mode, one request in client mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey (a 'refresh' action) and reloadKey ask for the rows again
  useEffect(() => {
    const controller = new AbortController();
    const { params: callParams } = resolveCall(doc.source.call, [screenScope, routeScope]);
    setLoading(true);
    const request = callOperation<Row[] | RegisterPage<Row>>(doc.source.call.operation, {
      params: callParams,
      body: requestBody ?? undefined,
      signal: controller.signal,
    }).then((answer) =>
      Array.isArray(answer)
        ? { items: answer, total: answer.length }
        : { items: answer.items, total: answer.totalRecords },
    );
    request
      .then(({ items, total }) => {
        setRows(items);
        setTotalRecords(total);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorText(e));
        setLoading(false);
      });
    return () => controller.abort();
  }, [doc.source, routeScope, screenScope, requestBody, refreshKey, reloadKey]);

  const tableColumns = useMemo<TableColumn[]>(
    () => [
      ...doc.columns.map(({ header, ...column }) => ({ ...column, headerText: message(header) })),
      ...(provided ?? []).map(({ header, ...column }) => ({ ...column, headerText: header })),
    ],
    [doc.columns, provided],
  );

  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () =>
      tableColumns.map((column) => {
        const Cell = cellFor(column.type);
        return {
          id: column.value,
          accessorFn: (row: Row) => formatCell(column, row[column.value]),
          ...(Cell && {
            Cell: ({ row }: { row: { original: Row } }) => (
              <Cell value={row.original[column.value]} row={row.original} headerText={column.headerText} />
            ),
          }),
          header: column.headerText,
          size: column.width,
          enableSorting: column.sortable !== false,
          enableColumnFilter: column.filterable !== false,
          enablePinning: column.frozen === true,
        };
      }),
    [tableColumns],
  );

  const columnVisibility = useMemo(
    () => Object.fromEntries(tableColumns.filter((c) => c.visible === false).map((c) => [c.value, false])),
    [tableColumns],
  );
  const columnPinning = useMemo(
    () => ({ left: tableColumns.filter((c) => c.frozen).map((c) => c.value) }),
    [tableColumns],
  );

  const selection = useMemo(
    () => rows.filter((row, index) => rowSelection[String(row[doc.rowKey ?? 'id'] ?? index)]),
    [rows, rowSelection, doc.rowKey],
  );
  const contextFor = useCallback(
    (row?: Row): ConditionContext => ({
      row: row ?? (selection.length === 1 ? selection[0] : undefined),
      route: params,
      screen: screenScope,
      user,
      selection,
      register: { totalRecords, rowCount: rows.length },
    }),
    [selection, params, screenScope, user, totalRecords, rows.length],
  );

  const run = useCallback(
    async (button: ButtonSpec, row?: Row) => {
      setBusy(true);
      const target = row ?? (selection.length === 1 ? selection[0] : undefined);
      try {
        const outcome = await runAction(
          button.action,
          target ? [target, screenScope, routeScope] : [screenScope, routeScope],
          {
            query,
            context: contextFor(row),
            params: { ...params, ...screen },
          },
        );
        if (outcome.kind === 'refresh') {
          setRefreshKey((k) => k + 1);
          setRowSelection({});
        }
        if (outcome.kind === 'close') onResult?.(outcome.answer);
      } catch (e) {
        setError(errorText(e));
        if (e instanceof ApiError && e.status === 401) window.location.assign('/unauthorized');
      } finally {
        setBusy(false);
      }
    },
    [runAction, routeScope, screenScope, query, onResult, selection, contextFor, params, screen],
  );

  const localization = useMemo(
    () => tableLocalization({ noRecordsToDisplay: doc.emptyMessageId, noResultsFound: doc.emptyMessageId }),
    [doc.emptyMessageId],
  );
  const shownRows = revealed ? rows : NO_ROWS;
  const enableColumnFilters = tableColumns.some((column) => column.filterable !== false);

  const toolbarContext = contextFor();
  const toolbar = (doc.toolbar ?? []).filter((button) => holds(button.visibleWhen, toolbarContext));
  const rowActions = doc.rowActions ?? [];

  const table: MRT_TableInstance<Row> = useMaterialReactTable<Row>({
    columns,
    data: shownRows,
    getRowId: (row, index) => String(row[doc.rowKey ?? 'id'] ?? index),
    manualPagination: serverMode,
    manualSorting: serverMode,
    manualFiltering: serverMode,
    rowCount: serverMode ? totalRecords : undefined,
    enablePagination: doc.paging !== false,
    enableGlobalFilter: doc.globalFilter !== false,
    enableColumnFilters,
    // No empty bar above the table when it has no buttons, search or filters to show there.
    enableTopToolbar:
      toolbar.length > 0 || doc.globalFilter !== false || enableColumnFilters || columnPinning.left.length > 0,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableColumnPinning: columnPinning.left.length > 0,
    enableRowSelection: (doc.selection ?? 'none') !== 'none',
    enableMultiRowSelection: doc.selection === 'multi',
    onRowSelectionChange: setRowSelection,
    positionGlobalFilter: 'left',
    state: {
      pagination,
      sorting,
      columnFilters,
      globalFilter,
      isLoading: !revealed || (loading && rows.length === 0),
      showProgressBars: revealed && loading && rows.length > 0,
      columnVisibility,
      columnPinning,
      rowSelection,
    },
    initialState: { showGlobalFilter: doc.globalFilter !== false },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onGlobalFilterChange: (value: string | undefined) => {
      setGlobalFilter(value ?? '');
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    localization,
    enableRowActions: rowActions.length > 0,
    // First, so the actions stay in view when the register's columns are wider than the screen.
    positionActionsColumn: 'first',
    renderRowActions: ({ row }) => (
      <Stack direction="row" gap={1}>
        {rowActions
          .filter((button) => holds(button.visibleWhen, contextFor(row.original)))
          .map((button) => (
            <Button
              key={button.id}
              size="small"
              variant={button.variant ?? 'text'}
              startIcon={button.icon ? icons[button.icon] : undefined}
              disabled={busy || !holds(button.enabledWhen, contextFor(row.original))}
              onClick={() => void run(button, row.original)}
            >
              {message(button.label)}
            </Button>
          ))}
      </Stack>
    ),
    renderTopToolbarCustomActions: () => (
      <Stack direction="row" gap={1}>
        {toolbar.map((button) => (
          <Button
            key={button.id}
            variant={button.variant ?? 'contained'}
            startIcon={button.icon ? icons[button.icon] : undefined}
            disabled={busy || !holds(button.enabledWhen, toolbarContext)}
            onClick={() => void run(button)}
          >
            {message(button.label)}
          </Button>
        ))}
      </Stack>
    ),
    renderEmptyRowsFallback: () => (
      <Typography sx={{ p: 2, fontStyle: 'italic' }} color="text.secondary">
        {message(doc.emptyMessageId)}
      </Typography>
    ),
    enableBottomToolbar: doc.paging !== false,
    renderBottomToolbar:
      doc.paging === false
        ? undefined
        : ({ table: t }) => (
            <TablePagination
              component="div"
              count={serverMode ? totalRecords : t.getPrePaginationRowModel().rows.length}
              page={t.getState().pagination.pageIndex}
              rowsPerPage={t.getState().pagination.pageSize}
              rowsPerPageOptions={pageSizes}
              onPageChange={(_, page) => t.setPageIndex(page)}
              onRowsPerPageChange={(event) => t.setPageSize(Number(event.target.value))}
              labelRowsPerPage={localization.rowsPerPage}
              getItemAriaLabel={pagerItemAriaLabel}
              labelDisplayedRows={({ from, to, count }) =>
                message('common.pagerReport', { first: from, last: to, totalRecords: count })
              }
            />
          ),
  });

  return (
    <Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <MaterialReactTable table={table} />
    </Box>
  );
}
