/**
 * Pure edits of a Grid question's table for the grid editor (issue 21 part 3 "The grid editor: rows, columns,
 * header questions, cell kinds, tickbox rules, column sums"; form-configuration.md §3 "Grid", §4). A grid is
 * `totalRows` x `totalColumns` cells, one per place, each with its cell question; a column's heading is its
 * header and its cells share one kind (the header question: Note for a row's text, Number, Text, Long, Dropdown
 * (numeric options score), Date, Checkbox, Tickbox (a row counts only when ticked)). Each function returns a new
 * grid; cell and cell-question ids stay unique (new ones above every id used).
 */
import { GRID_CELL_TYPES, type GridCellType } from '../../engine/forms/grid';
import { message } from '../../engine/messages/catalogue';
import type { Grid, GridCell, GridCellQuestion, GridHeader } from '../../engine/types/generated';

export { GRID_CELL_TYPES, type GridCellType };

/** The options a Dropdown column starts with: scores 0, 1, 2. */
export const STARTER_SCORES = ['0', '1', '2'];

function nextIds(grid: Grid) {
  let cell = Math.max(0, ...grid.cells.map((c) => c.id));
  let question = Math.max(0, ...grid.cells.map((c) => c.cellQuestion.id));
  return () => {
    cell += 1;
    question += 1;
    return { cell, question };
  };
}

/** The kind of a column: that of its first cell (Text for a column without cells). */
export function columnKind(grid: Grid, columnIndex: number): GridCellType {
  return (grid.cells.find((c) => c.columnIndex === columnIndex)?.cellQuestion.type ?? 'Text') as GridCellType;
}

/** The cell question a column's new cell gets: the column's kind, options and required flag. */
function columnTemplate(grid: Grid, columnIndex: number): Omit<GridCellQuestion, 'id'> {
  const first = grid.cells.find((c) => c.columnIndex === columnIndex)?.cellQuestion;
  if (!first) return { type: 'Text' };
  const { id: _id, label: _label, ...rest } = first;
  return rest;
}

/** The header of a column (one is made when the grid has none for it). */
export function headerOf(grid: Grid, columnIndex: number): GridHeader {
  return grid.headers.find((h) => h.index === columnIndex) ?? { index: columnIndex, label: '' };
}

/** The grid with a row added at the end: a cell per column, of the column's kind (a Note's text empty). */
export function addRow(grid: Grid): Grid {
  const ids = nextIds(grid);
  const rowIndex = grid.totalRows;
  const cells: GridCell[] = [];
  for (let columnIndex = 0; columnIndex < grid.totalColumns; columnIndex++) {
    const { cell, question } = ids();
    const template = columnTemplate(grid, columnIndex);
    cells.push({
      id: cell,
      rowIndex,
      columnIndex,
      cellQuestion: {
        ...template,
        id: question,
        ...(template.type === 'Note'
          ? { label: message('designerProperties.grid.rowText', { number: rowIndex + 1 }) }
          : {}),
      },
    });
  }
  return { ...grid, totalRows: grid.totalRows + 1, cells: [...grid.cells, ...cells] };
}

/** The grid without the row `rowIndex` (the rows below move up); a grid keeps at least one row. */
export function removeRow(grid: Grid, rowIndex: number): Grid {
  if (grid.totalRows <= 1) return grid;
  const cells = grid.cells
    .filter((c) => c.rowIndex !== rowIndex)
    .map((c) => (c.rowIndex > rowIndex ? { ...c, rowIndex: c.rowIndex - 1 } : c));
  return { ...grid, totalRows: grid.totalRows - 1, cells };
}

/** The grid with a column of `kind` added at the end, headed 'Column N'. */
export function addColumn(grid: Grid, kind: GridCellType = 'Text'): Grid {
  const ids = nextIds(grid);
  const columnIndex = grid.totalColumns;
  const cells: GridCell[] = [];
  for (let rowIndex = 0; rowIndex < grid.totalRows; rowIndex++) {
    const { cell, question } = ids();
    cells.push({ id: cell, rowIndex, columnIndex, cellQuestion: { id: question, type: kind } });
  }
  const header = { index: columnIndex, label: message('designer.column', { number: columnIndex + 1 }) };
  return {
    ...grid,
    totalColumns: grid.totalColumns + 1,
    headers: [...grid.headers, header],
    cells: [...grid.cells, ...cells],
  };
}

/** The grid without the column `columnIndex` (those after it move left); a grid keeps at least one column. */
export function removeColumn(grid: Grid, columnIndex: number): Grid {
  if (grid.totalColumns <= 1) return grid;
  const shift = <T extends { columnIndex: number }>(c: T) =>
    c.columnIndex > columnIndex ? { ...c, columnIndex: c.columnIndex - 1 } : c;
  return {
    ...grid,
    totalColumns: grid.totalColumns - 1,
    headers: grid.headers
      .filter((h) => h.index !== columnIndex)
      .map((h) => (h.index > columnIndex ? { ...h, index: h.index - 1 } : h)),
    cells: grid.cells.filter((c) => c.columnIndex !== columnIndex).map(shift),
  };
}

/** Where the index `index` goes when the item at `from` moves to `to` (the items between shift by one). */
function movedIndex(index: number, from: number, to: number): number {
  if (index === from) return to;
  if (from < to && index > from && index <= to) return index - 1;
  if (to < from && index >= to && index < from) return index + 1;
  return index;
}

/**
 * The grid with the column `columnIndex` moved to the place `to` (the columns between shift by one), its heading,
 * sum and cells with it. Cells keep their ids, so an entry's answers (kept by cell id) stay with their cells; an
 * index out of range gives the grid unchanged.
 */
export function moveColumn(grid: Grid, columnIndex: number, to: number): Grid {
  if (columnIndex === to || to < 0 || to >= grid.totalColumns || columnIndex < 0 || columnIndex >= grid.totalColumns)
    return grid;
  const moved = (i: number) => movedIndex(i, columnIndex, to);
  return {
    ...grid,
    headers: grid.headers.map((h) => ({ ...h, index: moved(h.index) })).sort((a, b) => a.index - b.index),
    cells: grid.cells.map((c) => ({ ...c, columnIndex: moved(c.columnIndex) })),
  };
}

/**
 * The grid with the row `rowIndex` moved to the place `to` (the rows between shift by one), its cells with it
 * (their ids kept, as {@link moveColumn}); an index out of range gives the grid unchanged.
 */
export function moveRow(grid: Grid, rowIndex: number, to: number): Grid {
  if (rowIndex === to || to < 0 || to >= grid.totalRows || rowIndex < 0 || rowIndex >= grid.totalRows) return grid;
  return {
    ...grid,
    cells: grid.cells.map((c) => ({ ...c, rowIndex: movedIndex(c.rowIndex, rowIndex, to) })),
  };
}

/** The grid with the header of `columnIndex` changed by `patch` (undefined values remove a keyword). */
export function updateHeader(grid: Grid, columnIndex: number, patch: Partial<GridHeader>): Grid {
  const has = grid.headers.some((h) => h.index === columnIndex);
  const apply = (h: GridHeader): GridHeader => {
    const next: Record<string, unknown> = { ...h, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k];
    return next as unknown as GridHeader;
  };
  const headers = has
    ? grid.headers.map((h) => (h.index === columnIndex ? apply(h) : h))
    : [...grid.headers, apply({ index: columnIndex, label: '' })];
  return { ...grid, headers };
}

/** The grid with every cell question of a column changed by `change`. */
function mapColumn(grid: Grid, columnIndex: number, change: (q: GridCellQuestion, cell: GridCell) => GridCellQuestion) {
  return {
    ...grid,
    cells: grid.cells.map((c) =>
      c.columnIndex === columnIndex ? { ...c, cellQuestion: change(c.cellQuestion, c) } : c,
    ),
  };
}

/**
 * The grid with a column's cells of `kind`: a Dropdown keeps its options or starts with the scores 0, 1, 2; a
 * Note gets its row's text; options, the required flag and the date rules go where the kind takes none.
 */
export function setColumnKind(grid: Grid, columnIndex: number, kind: GridCellType): Grid {
  let out = mapColumn(grid, columnIndex, (q, cell) => {
    const next: GridCellQuestion = { id: q.id, type: kind };
    if (kind === 'Dropdown') {
      next.options = q.options?.length ? q.options : STARTER_SCORES.map((value, i) => ({ id: i + 1, value }));
      if (q.allowOther) next.allowOther = q.allowOther;
    }
    if (kind === 'Note')
      next.label = q.label ?? message('designerProperties.grid.rowText', { number: cell.rowIndex + 1 });
    else if (q.isRequired) next.isRequired = true;
    return next;
  });
  // Only numbers sum.
  if (kind !== 'Number')
    out = updateHeader(out, columnIndex, { displaySumOfColumn: undefined, sumOfColumnLabel: undefined });
  return out;
}

/** The grid with a Dropdown column's options set to `values` (one per cell question, ids 1..n). */
export function setColumnOptions(grid: Grid, columnIndex: number, values: readonly string[]): Grid {
  const options = values.map((value, i) => ({ id: i + 1, value }));
  return mapColumn(grid, columnIndex, (q) => ({ ...q, options }));
}

/** The grid with a column's cells required or not (a cell marked * must be filled in each row answered). */
export function setColumnRequired(grid: Grid, columnIndex: number, required: boolean): Grid {
  return mapColumn(grid, columnIndex, (q) => {
    const { isRequired: _r, ...rest } = q;
    return required ? { ...rest, isRequired: true } : rest;
  });
}

/** The text of the Note cell at a row and column (a row's label). */
export function setRowText(grid: Grid, rowIndex: number, columnIndex: number, label: string): Grid {
  return {
    ...grid,
    cells: grid.cells.map((c) =>
      c.rowIndex === rowIndex && c.columnIndex === columnIndex
        ? { ...c, cellQuestion: { ...c.cellQuestion, label } }
        : c,
    ),
  };
}
