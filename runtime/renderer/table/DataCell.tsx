/**
 * One cell of the data table (administration-data.md §3 row and column model, §4, §5): reads its row from
 * the table's RowStore (so an edit renders only its row's cells) and shows, by column type and the row:
 * - a group header row (`groupFieldHeader`): its text in the first column, nothing in the others;
 * - Button: a button labelled by the header, handed to the host (`onButton`);
 * - CheckBox and SelectBox: a tick box, editable when the column is, disabled by the row (`disabled`,
 *   `disabledCells`) or by the column's limit (`disableCheck`: the unchecked rows once the limit is reached);
 * - Options: a radio button; choosing a row clears the others (single selection);
 * - an editable cell: the editor of its type (./editors), with its problem (required, rule-required,
 *   min/max, not a number) under it;
 * - any other cell: its display component (../cells) or its text (formatCell).
 */
import { memo, useCallback } from 'react';
import { message } from '../../../engine/messages/catalogue';
import {
  cellEditable,
  checkDisabledByLimit,
  checkedCount,
  columnTotal,
  formatTotal,
  rowProblems,
  selectOnly,
} from '../../../engine/table';
import { cellFor } from '../cells';
import { formatCell, type TableColumn } from './cell-text';
import { editors } from './editors';
import { type RowStore, useRowStore } from './row-store';

/** What a cell gets from its column definition. */
export interface DataCellProps {
  column: TableColumn;
  /** The row's index in the table's data (MRT row.index). */
  index: number;
  store: RowStore;
  /** The first shown column, where a group header's text goes. */
  first: boolean;
  /** A Button cell's click: the column and the row as edited. */
  onButton?: (column: TableColumn, row: Record<string, unknown>) => void;
}

function CheckCell({ column, index, store }: DataCellProps) {
  const row = useRowStore(store, (s) => s.rows[index]);
  const limit = column.disableCheck;
  // Only a column with a limit reads the count, so other tick boxes do not render on every edit.
  const checked = useRowStore(
    store,
    useCallback(
      (s: RowStore) =>
        limit === undefined ? 0 : s.derived(`checked:${column.value}`, (rows) => checkedCount(rows, column.value)),
      [limit, column.value],
    ),
  );
  const editable = cellEditable(column, row);
  return (
    <input
      type="checkbox"
      className="dt-check"
      checked={row[column.value] === true}
      disabled={!editable || checkDisabledByLimit(row, column.value, checked, limit)}
      onChange={(event) => store.set(index, column.value, event.target.checked)}
      aria-label={column.headerText}
    />
  );
}

function OptionCell({ column, index, store }: DataCellProps) {
  const row = useRowStore(store, (s) => s.rows[index]);
  return (
    <input
      type="radio"
      className="dt-check"
      checked={row[column.value] === true}
      disabled={!cellEditable(column, row)}
      onChange={() => store.update((rows) => selectOnly(rows, index, column.value))}
      aria-label={column.headerText}
    />
  );
}

function ValueCell({ column, index, store, first, onButton }: DataCellProps) {
  const row = useRowStore(store, (s) => s.rows[index]);
  if (row.groupFieldHeader) {
    return first ? <strong>{String(row.groupFieldHeader)}</strong> : null;
  }
  const value = row[column.value];
  if (column.type === 'Button') {
    return (
      <button
        type="button"
        className="dt-button"
        disabled={row.disabled === true}
        onClick={() => onButton?.(column, row)}
      >
        {column.headerText}
      </button>
    );
  }
  const Editor = editors[column.type];
  if (Editor && cellEditable(column, row)) {
    const problem = rowProblems([column], row, new Date())[0];
    return (
      <div>
        <Editor
          column={column}
          row={row}
          value={value}
          invalid={problem !== undefined}
          onChange={(next) => store.set(index, column.value, next)}
        />
        {problem && <div className="dt-problem">{message(problem.messageId, problem.values)}</div>}
      </div>
    );
  }
  const Display = cellFor(column.type);
  if (Display) return <Display value={value} row={row} headerText={column.headerText} />;
  return <>{formatCell(column, value)}</>;
}

/** A cell of the table; see the module comment. */
export const DataCell = memo(function DataCell(props: DataCellProps) {
  if (props.column.type === 'CheckBox' || props.column.type === 'SelectBox') return <CheckCell {...props} />;
  if (props.column.type === 'Options') return <OptionCell {...props} />;
  return <ValueCell {...props} />;
});

/** A column's footer total (totalInFooter): the sum over the rows as edited, 1.2-2 en-US. */
export function TotalFooter({ column, store }: { column: TableColumn; store: RowStore }) {
  const total = useRowStore(
    store,
    useCallback(
      (s: RowStore) => s.derived(`total:${column.value}`, (rows) => columnTotal(rows, column.value)),
      [column.value],
    ),
  );
  return (
    <output
      aria-label={`${message('dataTable.total')} ${column.headerText}`}
      style={{ display: 'block', width: '100%', textAlign: 'right' }}
    >
      {formatTotal(total)}
    </output>
  );
}
