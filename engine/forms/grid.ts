/**
 * Grids with scoring (form-configuration.md §3 "Grid", §4 "Grid", §5 "Form fields", §9): the Grid,
 * Header and Cell model of a Grid question, its answer (the spec's cells list) and the score summary.
 * Pure functions; the renderer's grid widget, the server's validation and the saved entry use them.
 *
 * - Column types: Note (a label, no answer), Number, Text, Long, Dropdown, Date, Checkbox, Tickbox.
 * - Unticking a row's Tickbox disables the row's other cells and clears their values; ticked or absent
 *   enables them (§4).
 * - Scores (docs/decisions.md "Grid scores"): a Dropdown cell whose options are numbers scores the chosen
 *   option's value out of its largest option (Number columns are summed, not scored). When the grid
 *   has any Tickbox, a row counts only when its tickbox is ticked (§4 "rows with an unticked tickbox are
 *   excluded from scores when any tickbox exists").
 * - ratingPercentage = totalScore / max(maxScore, 1) × 100, rounded to 2 decimals (§5); ratingLabel is
 *   the label of the ratings band holding it.
 * - Column sums of headers with displaySumOfColumn, formatted '1.0-2' (up to 2 decimals, §9).
 * - Partial answers (issue 19, docs/decisions.md "Grid answers"): a row is *answered* when it is enabled
 *   and one of its cells other than a Note holds an answer (a ticked Tickbox or Checkbox counts; an
 *   unticked one, false, is the box's resting state and does not). A required cell is required only in
 *   an answered row; a grid question that is not required takes any subset of its rows, and a required
 *   one needs at least one answered row.
 */
import type { MessageId } from '../messages/catalogue';
import type { Grid, GridCell, GridCellAnswer, GridRating, GridSummary } from '../types/generated';

export type { Grid, GridCell, GridCellAnswer, GridRating, GridSummary };

/** The grid column (cell question) types of §3. */
export const GRID_CELL_TYPES = ['Note', 'Number', 'Text', 'Long', 'Dropdown', 'Date', 'Checkbox', 'Tickbox'] as const;
export type GridCellType = (typeof GRID_CELL_TYPES)[number];

/** A grid's answer: the spec's cells list, with the overall comments of its summary. */
export interface GridAnswer {
  cells: GridCellAnswer[];
  overallComments?: string;
}

/**
 * A form value as a grid answer: an object with a `cells` list (its `overallComments` kept when it is
 * text), or undefined for anything else (an untouched grid's `{}` from RJSF's defaults, nothing).
 */
export function asGridAnswer(value: unknown): GridAnswer | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const cells = (value as { cells?: unknown }).cells;
  if (!Array.isArray(cells)) return undefined;
  const overallComments = (value as { overallComments?: unknown }).overallComments;
  return {
    cells: cells as GridAnswer['cells'],
    ...(typeof overallComments === 'string' && overallComments !== '' ? { overallComments } : {}),
  };
}

/** The cell at a row and column, if the grid defines one. */
export function cellAt(grid: Grid, rowIndex: number, columnIndex: number): GridCell | undefined {
  return grid.cells.find((c) => c.rowIndex === rowIndex && c.columnIndex === columnIndex);
}

/** The type of a cell's question. */
export function cellType(cell: GridCell): GridCellType {
  return cell.cellQuestion.type as GridCellType;
}

// Grids and answers are never changed in place (setCell makes a new answer), so what is read from one
// is kept beside it: every rule below is then linear in the cells, not quadratic (a 50 x 8 grid is
// summed on every edit).
const valuesByAnswer = new WeakMap<GridAnswer, Map<number, GridCellAnswer['value']>>();
const tickboxesByGrid = new WeakMap<Grid, Map<number, GridCell[]>>();
const rowsByGrid = new WeakMap<Grid, Map<number, GridCell[]>>();

/** The answer value of a cell, if any (the first answer of the cell, as the answer's order gives). */
export function cellValue(answer: GridAnswer | undefined, cell: GridCell): GridCellAnswer['value'] | undefined {
  if (!answer) return undefined;
  let values = valuesByAnswer.get(answer);
  if (!values) {
    values = new Map();
    for (const c of answer.cells) if (!values.has(c.cellId)) values.set(c.cellId, c.value);
    valuesByAnswer.set(answer, values);
  }
  return values.get(cell.id);
}

/** The Tickbox cells of each row (rows without one are absent). */
function tickboxesOf(grid: Grid): Map<number, GridCell[]> {
  let rows = tickboxesByGrid.get(grid);
  if (!rows) {
    rows = new Map();
    for (const cell of grid.cells) {
      if (cellType(cell) !== 'Tickbox') continue;
      rows.set(cell.rowIndex, [...(rows.get(cell.rowIndex) ?? []), cell]);
    }
    tickboxesByGrid.set(grid, rows);
  }
  return rows;
}

/** The cells of each row that take an answer (every type but Note), by row index. */
function answerableCellsOf(grid: Grid): Map<number, GridCell[]> {
  let rows = rowsByGrid.get(grid);
  if (!rows) {
    rows = new Map();
    for (const cell of grid.cells) {
      if (cellType(cell) === 'Note') continue;
      rows.set(cell.rowIndex, [...(rows.get(cell.rowIndex) ?? []), cell]);
    }
    rowsByGrid.set(grid, rows);
  }
  return rows;
}

/**
 * True when a cell's value is an answer: not absent, empty or null, and not false (an unticked Tickbox or
 * Checkbox looks exactly like one never touched, so it answers nothing).
 */
export function isCellAnswer(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

/** True when the grid has a Tickbox cell anywhere. */
export function hasTickboxes(grid: Grid): boolean {
  return tickboxesOf(grid).size > 0;
}

/** The Tickbox cells of a row. */
function rowTickboxes(grid: Grid, rowIndex: number): GridCell[] {
  return tickboxesOf(grid).get(rowIndex) ?? [];
}

/** False when the row has a Tickbox explicitly unticked: its other cells are disabled (§4). */
export function rowEnabled(grid: Grid, answer: GridAnswer | undefined, rowIndex: number): boolean {
  return rowTickboxes(grid, rowIndex).every((cell) => cellValue(answer, cell) !== false);
}

/**
 * True when the row is answered (see the module comment): enabled, with an answer in one of its cells other
 * than a Note. An untouched row, and a row whose Tickbox was unticked, are not answered.
 */
export function rowAnswered(grid: Grid, answer: GridAnswer | undefined, rowIndex: number): boolean {
  if (!answer || !rowEnabled(grid, answer, rowIndex)) return false;
  return (answerableCellsOf(grid).get(rowIndex) ?? []).some((cell) => isCellAnswer(cellValue(answer, cell)));
}

/** True when at least one row of the grid is answered. */
export function gridAnswered(grid: Grid, answer: GridAnswer | undefined): boolean {
  if (!answer || answer.cells.length === 0) return false;
  return [...answerableCellsOf(grid).keys()].some((rowIndex) => rowAnswered(grid, answer, rowIndex));
}

/** True when the row counts towards the score (see the module comment). */
export function rowScores(grid: Grid, answer: GridAnswer | undefined, rowIndex: number): boolean {
  if (!hasTickboxes(grid)) return true;
  const ticks = rowTickboxes(grid, rowIndex);
  return ticks.length === 0 || ticks.every((cell) => cellValue(answer, cell) === true);
}

/**
 * The answer after a cell changes: the cell's value set (or removed when empty); unticking a Tickbox
 * clears the row's other cells.
 * @returns a new answer; the input is not changed
 */
export function setCell(
  grid: Grid,
  answer: GridAnswer | undefined,
  cellId: number,
  value: GridCellAnswer['value'] | undefined,
): GridAnswer {
  const cell = grid.cells.find((c) => c.id === cellId);
  if (!cell) return answer ?? { cells: [] };
  let cells = (answer?.cells ?? []).filter((c) => c.cellId !== cellId);
  if (value !== undefined && value !== '' && value !== null) {
    cells.push({
      cellId,
      rowIndex: cell.rowIndex,
      columnIndex: cell.columnIndex,
      gridCellQuestionId: cell.cellQuestion.id,
      value,
    });
  }
  if (cellType(cell) === 'Tickbox' && value === false) {
    const others = new Set(
      grid.cells
        .filter((c) => c.rowIndex === cell.rowIndex && c.id !== cellId && cellType(c) !== 'Tickbox')
        .map((c) => c.id),
    );
    cells = cells.filter((c) => !others.has(c.cellId));
  }
  cells.sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  return { ...answer, cells };
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A cell's score and maximum, or undefined for a cell that does not score. */
export function cellScore(cell: GridCell, value: unknown): { score: number; max: number } | undefined {
  const type = cellType(cell);
  if (type === 'Dropdown') {
    const options = (cell.cellQuestion.options ?? []).map((o) => numeric(o.value));
    if (options.length === 0 || options.some((o) => o === undefined)) return undefined;
    const max = Math.max(...(options as number[]));
    return { score: numeric(value) ?? 0, max };
  }
  return undefined;
}

/** Rounds to 2 decimals. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** The rating band holding a percentage, by min ≤ p ≤ max. */
export function ratingLabelOf(ratings: readonly GridRating[] | undefined, percentage: number): string {
  return ratings?.find((r) => percentage >= r.min && percentage <= r.max)?.label ?? '';
}

/** The score summary of a grid answer, recalculated from scratch (§4: on every change). */
export function gridSummary(grid: Grid, answer: GridAnswer | undefined, ratings?: readonly GridRating[]): GridSummary {
  let totalScore = 0;
  let maxScore = 0;
  for (const cell of grid.cells) {
    if (!rowScores(grid, answer, cell.rowIndex)) continue;
    const scored = cellScore(cell, cellValue(answer, cell));
    if (!scored) continue;
    totalScore += scored.score;
    maxScore += scored.max;
  }
  totalScore = round2(totalScore);
  maxScore = round2(maxScore);
  const ratingPercentage = round2((totalScore / Math.max(maxScore, 1)) * 100);
  return {
    totalScore,
    maxScore,
    ratingPercentage,
    ratingLabel: ratingLabelOf(ratings, ratingPercentage),
    overallComments: answer?.overallComments ?? '',
  };
}

/** The column sums' format, made on first use (a first en-IE NumberFormat takes 13-17 ms in Chromium here). */
let sumFormat: Intl.NumberFormat | undefined;

/** A column sum as shown: '1.0-2' (at least one integer digit, up to two decimals). */
export function formatColumnSum(sum: number): string {
  sumFormat ??= new Intl.NumberFormat('en-IE', {
    minimumIntegerDigits: 1,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return sumFormat.format(sum);
}

/** The sums of the columns whose header asks for one (displaySumOfColumn), over the rows that count. */
export function columnSums(
  grid: Grid,
  answer: GridAnswer | undefined,
): Array<{ columnIndex: number; label: string; sum: number; text: string }> {
  return grid.headers
    .filter((header) => header.displaySumOfColumn)
    .map((header) => {
      let sum = 0;
      for (const cell of grid.cells) {
        if (cell.columnIndex !== header.index || !rowEnabled(grid, answer, cell.rowIndex)) continue;
        sum += numeric(cellValue(answer, cell)) ?? 0;
      }
      sum = round2(sum);
      return { columnIndex: header.index, label: header.sumOfColumnLabel ?? '', sum, text: formatColumnSum(sum) };
    });
}

/** A message id gridProblems reports. */
export type GridProblemId =
  | 'validation.invalid'
  | 'validation.number'
  | 'validation.date'
  | 'validation.option'
  | 'validation.required';

/**
 * Problems of a grid answer against its grid (server and browser: validate-submission through the Grid
 * field type, and SchemaForm's check of grid fields): message ids, by cell id where a cell is at fault.
 * - a cell id the grid does not have, or a Note cell with a value: 'validation.invalid';
 * - a value of the wrong kind for its column type: 'validation.number' / 'validation.date' / 'validation.option';
 * - a required cell (isRequired; not a Tickbox, which is its row's switch) of an answered row (rowAnswered)
 *   without an answer: 'validation.required' with the cell's id; rows not answered ask for nothing;
 * - with `options.required` (the question is required), no answered row at all: 'validation.required'
 *   without a cell id ("at least one answer").
 */
export function gridProblems(
  grid: Grid,
  answer: GridAnswer | undefined,
  options: { required?: boolean } = {},
): Array<{ cellId?: number; messageId: GridProblemId }> {
  const problems: ReturnType<typeof gridProblems> = [];
  const byId = new Map(grid.cells.map((c) => [c.id, c]));
  for (const given of answer?.cells ?? []) {
    const cell = byId.get(given.cellId);
    if (!cell || cellType(cell) === 'Note') {
      problems.push({ cellId: given.cellId, messageId: 'validation.invalid' });
      continue;
    }
    const value = given.value;
    switch (cellType(cell)) {
      case 'Number':
        if (numeric(value) === undefined) problems.push({ cellId: cell.id, messageId: 'validation.number' });
        break;
      case 'Date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
          problems.push({ cellId: cell.id, messageId: 'validation.date' });
        break;
      case 'Dropdown':
        if (!(cell.cellQuestion.options ?? []).some((o) => o.value === String(value)))
          problems.push({ cellId: cell.id, messageId: 'validation.option' });
        break;
      case 'Checkbox':
      case 'Tickbox':
        if (typeof value !== 'boolean') problems.push({ cellId: cell.id, messageId: 'validation.invalid' });
        break;
      default:
        if (typeof value !== 'string' || value.length > 20000)
          problems.push({ cellId: cell.id, messageId: 'validation.invalid' });
    }
  }
  for (const [rowIndex, cells] of answerableCellsOf(grid)) {
    if (!rowAnswered(grid, answer, rowIndex)) continue;
    for (const cell of cells) {
      if (!cell.cellQuestion.isRequired || cellType(cell) === 'Tickbox') continue;
      if (!isCellAnswer(cellValue(answer, cell))) problems.push({ cellId: cell.id, messageId: 'validation.required' });
    }
  }
  if (options.required && !gridAnswered(grid, answer)) problems.push({ messageId: 'validation.required' });
  return problems;
}

/**
 * The problems of a grid answer as the question's messages (server details and the browser's message under
 * the grid): a required cell left empty in an answered row is 'validation.gridRowIncomplete', the others keep
 * their ids; each id once, in the order found.
 */
export function gridQuestionProblems(
  grid: Grid,
  answer: GridAnswer | undefined,
  options: { required?: boolean } = {},
): MessageId[] {
  const ids = gridProblems(grid, answer, options).map(
    (p): MessageId =>
      p.messageId === 'validation.required' && p.cellId !== undefined ? 'validation.gridRowIncomplete' : p.messageId,
  );
  return [...new Set(ids)];
}

/**
 * True when a cell that scores (cellScore) holds an answer in a row that counts: until then the grid has no
 * score to rate (the summary shows no rating, issue 19).
 */
export function gridScored(grid: Grid, answer: GridAnswer | undefined): boolean {
  if (!answer) return false;
  return grid.cells.some(
    (cell) =>
      isCellAnswer(cellValue(answer, cell)) &&
      cellScore(cell, cellValue(answer, cell)) !== undefined &&
      rowScores(grid, answer, cell.rowIndex),
  );
}
