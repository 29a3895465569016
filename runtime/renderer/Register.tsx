/**
 * Register: a register screen document (schemas/meta/register.schema.json) as a data table
 * (administration-data.md §3 "Data table", §9), a thin view: the table state (paging, sorting, filters,
 * search, selection, reveal delay, reloads, rows) is the register machine (engine/machines/register.ts);
 * columns come from pure functions (./register/columns); toolbar and row buttons are ActionButtons, each shown
 * only when the user may do what it does (the API's access question, ./actions actionAllowed; issue 19): the
 * toolbar's for the register's scope, a row's for that row.
 * Server mode sends the table's paging, sorting and filters to the source operation and shows
 * `totalRecords`; client mode pages a fetched list (or, with `source.rows`, the rows an answer groups by name:
 * ./register/rows.ts, e.g. a version difference's added, removed, changed and moved questions). The pager reads 'Records: {first} - {last} of
 * {totalRecords}'; the table's own texts come from the catalogue (./table-localization). An action with
 * `result: 'close'` hands the call's answer to the host (`onResult`).
 *
 * The data table's shared parts (./table: cells by column type, inline editing through a RowStore, footer
 * totals, frozen columns above 750 px, the column chooser, the row model's looks) come from `useDataTable`;
 * `saveRows` sends the edited rows (./table/save-rows). An empty table shows `emptyMessageId`; a search or
 * filter matching nothing shows `noResultsMessageId` ('No results found...', administration-data.md §8).
 * On a narrow screen the toolbar (search, buttons, the table's own buttons) wraps onto more lines and the rows
 * scroll sideways inside the table's box, never the page (issue 19 "Phones"); the pager reports nothing while
 * the rows are still being read. `addMenu` is an Add button with a choice per item of the rows' answer
 * (./register/AddMenu); `charts` draws the register's charts above the table (./charts/Charts, chart.js loaded on
 * demand), counted by the server with the register's filters (issue 24 §5, §6).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import {
  MaterialReactTable,
  type MRT_ColumnFiltersState,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_Updater,
} from 'material-react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { registerMachine } from '../../engine/machines/register';
import { message } from '../../engine/messages/catalogue';
import { ApiError, callOperation, errorText } from '../api/client';
import type { RegisterPage, TableQuery } from '../api/types';
import { useActionAccess, useRunAction } from './actions';
import { Charts } from './charts/Charts';
import { type ConditionContext, holds } from './conditions';
import type { ButtonSpec, RegisterDocument } from './documents';
import { useContextMenu } from './host/ContextMenu';
import { ActionButtons } from './register/ActionButtons';
import { AddMenu } from './register/AddMenu';
import { tableColumns } from './register/columns';
import { QuickFilters, quickFilterDefaults } from './register/QuickFilters';
import { groupedRows } from './register/rows';
import { columnProviders, type ProvidedColumn } from './registry';
import type { Row, TableColumn } from './table/cell-text';
import { Pager } from './table/Pager';
import { SaveRowsButton } from './table/save-rows';
import { DataTableStyles } from './table/styles';
import { cellSx, EDITABLE_ROW_SX, rowSx, useDataTable } from './table/table-options';
import { useTable } from './table/use-table';
import { tableLocalization } from './table-localization';
import { resolveCall } from './templates';
import { useSessionUser } from './user';

export { formatCell, type Row } from './table/cell-text';

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

const NO_ROWS: Row[] = [];
const NO_SCREEN: Record<string, string | undefined> = {};

function apply<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/** Renders a register screen document; see the module comment. */
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
  const mayRun = useActionAccess();
  const user = useSessionUser();
  const serverMode = doc.paging !== false && doc.paging.mode === 'server' && doc.source.query === 'table';
  const pageSizes = doc.paging === false ? [] : doc.paging.pageSizes;
  const [state, send] = useMachine(registerMachine, {
    input: {
      pageSize: doc.paging === false ? Number.MAX_SAFE_INTEGER : doc.paging.default,
      filters: serverMode ? quickFilterDefaults(doc.quickFilters) : [],
      selection: doc.selection ?? 'none',
      revealDelayMs: doc.revealDelayMs ?? 0,
    },
  });
  const { pageIndex, pageSize, sorting, filters, globalFilter, selected, rows, totalRecords, loading, error, reloads } =
    state.context;
  const revealed = state.matches('shown');
  const [provided, setProvided] = useState<ProvidedColumn[] | null>(doc.dynamicColumns ? null : []);
  // Document columns the provider leaves out (e.g. a drawing lookup's while the project's lookup is not enabled).
  const [withheld, setWithheld] = useState<readonly string[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const [answerExtras, setAnswerExtras] = useState<Record<string, unknown>>({});
  // An action in flight: its buttons wait, so one click is one call.
  const [busy, setBusy] = useState(false);

  const routeScope = params as Record<string, unknown>;
  const screenScope = screen as Record<string, unknown>;

  // Dynamic columns and title (e.g. the form's register questions).
  useEffect(() => {
    const providerName = doc.dynamicColumns ?? doc.titleFrom;
    if (!providerName) return;
    let live = true;
    columnProviders[providerName](params, loaderData ?? {})
      .then((answer) => {
        if (!live) return;
        if (doc.dynamicColumns) {
          setProvided(answer.columns);
          setWithheld(answer.hidden ?? []);
        }
        if (doc.titleFrom && answer.title) onTitle?.(answer.title);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setProvided([]);
        setActionError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [doc.dynamicColumns, doc.titleFrom, params, onTitle, loaderData]);

  const query = useMemo<Omit<TableQuery, 'pageIndex' | 'pageSize'>>(
    () => ({ sorting, filters, ...(globalFilter ? { globalFilter } : {}) }),
    [sorting, filters, globalFilter],
  );
  // What the charts are counted over: the register's filters and search (not its order or page).
  const chartQuery = useMemo(() => ({ filters, ...(globalFilter ? { globalFilter } : {}) }), [filters, globalFilter]);
  const chartScope = useMemo(() => [screenScope, routeScope], [screenScope, routeScope]);

  // The body of a server-mode request; null in client mode, where the table state stays local.
  const requestBody = useMemo(
    () => (serverMode ? { pageIndex, pageSize, ...query } : null),
    [serverMode, pageIndex, pageSize, query],
  );

  // Rows: one request per change of the table state in server mode, one request in client mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads (a 'refresh' action) and reloadKey ask for the rows again
  useEffect(() => {
    const controller = new AbortController();
    const { params: callParams, query: callQuery } = resolveCall(doc.source.call, [screenScope, routeScope]);
    send({ type: 'LOADING' });
    callOperation<Row[] | RegisterPage<Row>>(doc.source.call.operation, {
      params: callParams,
      query: callQuery,
      body: requestBody ?? undefined,
      signal: controller.signal,
    })
      .then((answer) => {
        if (doc.source.rows) {
          const grouped = groupedRows(answer, doc.source.rows);
          return send({ type: 'LOADED', rows: grouped, totalRecords: grouped.length });
        }
        if (Array.isArray(answer)) return send({ type: 'LOADED', rows: answer, totalRecords: answer.length });
        // The answer's other fields (e.g. how many drafts) are for the quick filters' hints.
        const { items, totalRecords: total, ...rest } = answer as RegisterPage<Row> & Record<string, unknown>;
        setAnswerExtras(rest);
        send({ type: 'LOADED', rows: items, totalRecords: total });
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) send({ type: 'FAILED', error: errorText(e) });
      });
    return () => controller.abort();
  }, [doc.source, routeScope, screenScope, requestBody, reloads, reloadKey, send]);

  const allColumns = useMemo(
    () =>
      tableColumns(
        doc.columns.filter((column) => !withheld.includes(column.value)),
        provided ?? [],
      ),
    [doc.columns, provided, withheld],
  );
  // Row actions a Button column runs (the column's value is the action's id) leave the actions column.
  const buttonColumns = useMemo(
    () => new Set(allColumns.filter((column) => column.type === 'Button').map((column) => column.value)),
    [allColumns],
  );

  const rowKey = doc.rowKey ?? 'id';
  const selection = useMemo(
    () => rows.filter((row, index) => selected[String(row[rowKey] ?? index)]),
    [rows, selected, rowKey],
  );
  const contextFor = useCallback(
    (row?: Row): ConditionContext => ({
      row: row ?? (selection.length === 1 ? selection[0] : undefined),
      route: params,
      screen: screenScope,
      user,
      selection,
      register: { totalRecords, rowCount: rows.length },
      loader: loaderData ?? {},
    }),
    [selection, params, screenScope, user, totalRecords, rows.length, loaderData],
  );

  // The columns the user sees, in order, with their headers (a call `withColumns`: a register PDF prints them).
  const shownColumnsRef = useRef<() => { id: string; header: string }[]>(() => []);
  const run = useCallback(
    async (button: ButtonSpec, row?: Row) => {
      setBusy(true);
      setActionError(null);
      const target = row ?? (selection.length === 1 ? selection[0] : undefined);
      try {
        const outcome = await runAction(
          button.action,
          target ? [target, screenScope, routeScope] : [screenScope, routeScope],
          { query, context: contextFor(row), params: { ...params, ...screen }, columns: shownColumnsRef.current() },
        );
        if (outcome.kind === 'refresh') send({ type: 'RELOAD' });
        if (outcome.kind === 'close') onResult?.(outcome.answer);
      } catch (e) {
        setActionError(errorText(e));
        if (e instanceof ApiError && e.status === 401) window.location.assign('/unauthorized');
      } finally {
        setBusy(false);
      }
    },
    [runAction, routeScope, screenScope, query, onResult, selection, contextFor, params, screen, send],
  );

  // A Button cell runs the row action named by its column; a ref keeps the columns stable across renders.
  const runRef = useRef(run);
  runRef.current = run;
  const onButton = useCallback(
    (column: TableColumn, row: Row) => {
      const button = doc.rowActions?.find((b) => b.id === column.value);
      if (button) void runRef.current(button, row);
    },
    [doc.rowActions],
  );
  const shownRows = revealed ? rows : NO_ROWS;
  // Nothing to show yet: the table draws placeholder rows, which are not records.
  const waiting = !revealed || (loading && rows.length === 0);
  const dataTable = useDataTable(allColumns, shownRows, 'register', onButton);
  shownColumnsRef.current = () =>
    allColumns
      .filter((column) => column.type !== 'Button' && dataTable.columnVisibility[column.value] !== false)
      .map((column) => ({ id: column.value, header: column.headerText }));
  const pinning = dataTable.columnPinning;

  // Row model `selected`: rows the server marks selected start selected.
  useEffect(() => {
    if ((doc.selection ?? 'none') === 'none') return;
    const marked = rows.flatMap((row, index) => (row.selected === true ? [String(row[rowKey] ?? index)] : []));
    if (marked.length > 0) send({ type: 'SELECT', selected: Object.fromEntries(marked.map((id) => [id, true])) });
  }, [rows, doc.selection, rowKey, send]);

  const localization = useMemo(
    () =>
      tableLocalization({
        noRecordsToDisplay: doc.emptyMessageId,
        noResultsFound: doc.noResultsMessageId ?? 'common.noResults',
      }),
    [doc.emptyMessageId, doc.noResultsMessageId],
  );
  const enableColumnFilters = allColumns.some((column) => column.filterable !== false);
  const toolbarContext = contextFor();
  // The scope a toolbar action runs in (a single selected row, then the screen and route), asked before it shows.
  const toolbarTarget = selection.length === 1 ? selection[0] : undefined;
  const toolbar = useMemo(
    () =>
      (doc.toolbar ?? []).filter((button) =>
        mayRun(button.action, toolbarTarget ? [toolbarTarget, screenScope, routeScope] : [screenScope, routeScope]),
      ),
    [doc.toolbar, mayRun, toolbarTarget, screenScope, routeScope],
  );
  // Quick filters set the server's query (server mode only: a client-mode table filters its rows itself).
  const quickFilters = serverMode ? (doc.quickFilters ?? []) : [];
  const rowActions = useMemo(
    () => (doc.rowActions ?? []).filter((button) => !buttonColumns.has(button.id)),
    [doc.rowActions, buttonColumns],
  );
  /** The row actions `row` offers: those the user may run on that row. */
  const actionsOf = (row: Row) => rowActions.filter((button) => mayRun(button.action, [row, screenScope, routeScope]));
  // A quick filter at its default is how the register opens, not a search: its empty text is the register's own.
  const filtered =
    globalFilter !== '' || filters.some((f) => !quickFilters.some((q) => q.column === f.id && q.default === f.value));
  const pagination = { pageIndex, pageSize };

  const contextMenu = useContextMenu();
  const table = useTable<Row>({
    columns: dataTable.columns,
    data: shownRows,
    getRowId: (row, index) => String(row[rowKey] ?? index),
    manualPagination: serverMode,
    manualSorting: serverMode,
    manualFiltering: serverMode,
    rowCount: serverMode ? totalRecords : undefined,
    enablePagination: doc.paging !== false,
    enableGlobalFilter: doc.globalFilter !== false,
    enableColumnFilters,
    // No empty bar above the table when it has no buttons, search or filters to show there.
    enableTopToolbar:
      toolbar.length > 0 ||
      doc.addMenu !== undefined ||
      quickFilters.length > 0 ||
      doc.saveRows !== undefined ||
      doc.columnChooser === true ||
      doc.globalFilter !== false ||
      enableColumnFilters ||
      pinning.left.length > 0,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: doc.columnChooser === true,
    enableTableFooter: dataTable.enableTableFooter,
    enableKeyboardShortcuts: dataTable.enableKeyboardShortcuts,
    layoutMode: dataTable.editable ? 'grid' : 'semantic',
    onColumnVisibilityChange: dataTable.onColumnVisibilityChange,
    enableColumnPinning: pinning.left.length > 0,
    enableRowSelection:
      (doc.selection ?? 'none') !== 'none'
        ? (row) => row.original.disabled !== true && !row.original.groupFieldHeader
        : false,
    enableMultiRowSelection: doc.selection === 'multi',
    positionGlobalFilter: 'left',
    state: {
      pagination,
      sorting: sorting as MRT_SortingState,
      columnFilters: filters as MRT_ColumnFiltersState,
      globalFilter,
      isLoading: waiting,
      showProgressBars: revealed && loading && rows.length > 0,
      columnVisibility: dataTable.columnVisibility,
      columnPinning: pinning,
      rowSelection: selected as MRT_RowSelectionState,
    },
    initialState: { showGlobalFilter: doc.globalFilter !== false },
    onPaginationChange: (updater) => send({ type: 'PAGE', ...apply(updater, pagination) }),
    onSortingChange: (updater) =>
      send({
        type: 'SORT',
        sorting: apply(updater, sorting as MRT_SortingState).map((s) => ({ id: s.id, desc: s.desc })),
      }),
    onColumnFiltersChange: (updater) =>
      send({
        type: 'FILTER',
        filters: apply(updater, filters as MRT_ColumnFiltersState).map((f) => ({ id: f.id, value: f.value })),
      }),
    onGlobalFilterChange: (value: string | undefined) => send({ type: 'SEARCH', globalFilter: value ?? '' }),
    onRowSelectionChange: (updater) =>
      send({ type: 'SELECT', selected: apply(updater, selected as MRT_RowSelectionState) }),
    localization,
    enableRowActions: rowActions.length > 0,
    // First, so the actions stay in view when the register's columns are wider than the screen.
    positionActionsColumn: 'first',
    // A right-click on a row offers the row's actions in the context menu (./host/ContextMenu).
    muiTableBodyCellProps: ({ cell, row }) => ({ sx: cellSx(row.original, cell.column.id) }),
    muiTableBodyRowProps: ({ row }) => ({
      sx: { ...(dataTable.editable && EDITABLE_ROW_SX), ...rowSx(row.original) },
      onContextMenu: (event) => {
        const context = contextFor(row.original);
        contextMenu.open(
          event,
          actionsOf(row.original)
            .filter((button) => holds(button.visibleWhen, context))
            .map((button) => ({
              id: button.id,
              label: message(button.label),
              disabled: busy || !holds(button.enabledWhen, context),
              onSelect: () => void run(button, row.original),
            })),
        );
      },
    }),
    renderRowActions: ({ row }) => (
      <ActionButtons
        buttons={actionsOf(row.original)}
        context={contextFor(row.original)}
        busy={busy}
        place="row"
        onRun={(button) => void run(button, row.original)}
      />
    ),
    // The search, the buttons and the table's own buttons wrap onto more lines on a narrow screen (a phone).
    muiTopToolbarProps: { sx: { '& > .MuiBox-root': { flexWrap: 'wrap' } } },
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {quickFilters.length > 0 && (
          <QuickFilters
            specs={quickFilters}
            filters={filters}
            answer={answerExtras}
            onChange={(changed) => send({ type: 'FILTER', filters: changed })}
          />
        )}
        {doc.saveRows && (
          <SaveRowsButton
            spec={doc.saveRows}
            store={dataTable.store}
            columns={allColumns}
            scope={[screenScope, routeScope]}
            onSaved={() => send({ type: 'RELOAD' })}
            onError={setActionError}
          />
        )}
        {doc.addMenu && (
          <AddMenu
            spec={doc.addMenu}
            answer={answerExtras}
            context={toolbarContext}
            scope={[screenScope, routeScope]}
            busy={busy}
            mayRun={mayRun}
            onRun={(button, item) => void run(button, item)}
          />
        )}
        <ActionButtons
          buttons={toolbar}
          context={toolbarContext}
          busy={busy}
          place="toolbar"
          onRun={(button) => void run(button)}
        />
      </Box>
    ),
    // No rows at all: the register's empty text; a search or filter that matches nothing: 'No results found...'.
    renderEmptyRowsFallback: () => (
      <Typography sx={{ p: 2, fontStyle: 'italic' }} color="text.secondary">
        {message(filtered ? (doc.noResultsMessageId ?? 'common.noResults') : doc.emptyMessageId)}
      </Typography>
    ),
    enableBottomToolbar: doc.paging !== false,
    renderBottomToolbar:
      doc.paging === false
        ? undefined
        : ({ table: t }) => (
            <Pager
              table={t}
              count={serverMode ? totalRecords : t.getPrePaginationRowModel().rows.length}
              pageSizes={pageSizes}
              localization={localization}
              pending={waiting}
            />
          ),
  });

  const shownError = actionError ?? error;
  return (
    <Box>
      {shownError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {shownError}
        </Alert>
      )}
      {doc.charts && <Charts spec={doc.charts} scope={chartScope} query={chartQuery} answer={answerExtras} />}
      <DataTableStyles />
      <MaterialReactTable table={table} />
      {contextMenu.element}
    </Box>
  );
}
