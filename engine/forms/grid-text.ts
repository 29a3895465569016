/**
 * What the register and the CSV show of a saved grid answer (issue 19 "Every answer in the CSV";
 * docs/decisions.md "Registers and CSV"): its score summary, its column sums and its answered rows.
 *
 * The figures are those of gridSummary and columnSums (grid.ts: the same rules, the same order of additions, so
 * the same numbers; grid-text.test.ts holds them equal on random answers), read in one pass over the answer's
 * cells with what is worked out once per grid (which cell is where, which scores and out of what, the rows'
 * labels). grid.ts keeps a Map per answer in a WeakMap and formats every sum with Intl, which is right for a
 * form being filled but was most of the time of a CSV of 100,000 entries.
 */
import { message } from '../messages/catalogue';
import type { Grid, GridCell, GridHeader, GridRating } from '../types/generated';
import { cellType, type GridAnswer, type GridCellType, ratingLabelOf, round2 } from './grid';

/** How the texts print numbers and rows (field-types/types.ts DisplayFormat). */
interface TextFormat {
  number(value: number): string;
  lines: boolean;
}

interface RowPlan {
  /** Its Note cells' labels joined with ', ', or 'Row {n}' (catalogue csv.gridRow). */
  label: string;
  /** The cells answered other than by a tick (not Note, not Tickbox), in column order, with their headings. */
  cells: { slot: number; heading: string }[];
  /** Its Tickbox cells. */
  ticks: number[];
}

/** A grid as its texts read it (see the module comment); slots number the grid's cells in their order. */
interface GridPlan {
  slotOf: Map<number, number>;
  types: GridCellType[];
  rows: RowPlan[];
  /** Each slot's row, as a position in `rows`. */
  rowOf: number[];
  hasTicks: boolean;
  /** The cells that score (cellScore: a Dropdown whose options are all numbers) and their maximum, in cell order. */
  scoring: { slot: number; max: number }[];
  /** The headers with displaySumOfColumn and the slots of their column, in cell order. */
  summed: { header: GridHeader; slots: number[] }[];
}

const plans = new WeakMap<Grid, GridPlan>();

/** A number, or a text that is one (as grid.ts reads cell values); undefined otherwise. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** The maximum of a scoring cell (grid.ts cellScore), or undefined for a cell that does not score. */
function scoreMax(cell: GridCell): number | undefined {
  if (cellType(cell) !== 'Dropdown') return undefined;
  const options = (cell.cellQuestion.options ?? []).map((o) => numeric(o.value));
  if (options.length === 0 || options.some((o) => o === undefined)) return undefined;
  return Math.max(...(options as number[]));
}

function planOf(grid: Grid): GridPlan {
  const known = plans.get(grid);
  if (known) return known;
  const slotOf = new Map<number, number>();
  grid.cells.forEach((cell, slot) => {
    if (!slotOf.has(cell.id)) slotOf.set(cell.id, slot);
  });
  const headings = new Map(grid.headers.map((h) => [h.index, h.label]));
  const rowIndexes = [...new Set(grid.cells.map((c) => c.rowIndex))].sort((a, b) => a - b);
  const position = new Map(rowIndexes.map((rowIndex, i) => [rowIndex, i]));
  const byColumn = grid.cells
    .map((cell, slot) => ({ cell, slot }))
    .sort((a, b) => a.cell.columnIndex - b.cell.columnIndex || a.slot - b.slot);
  const rows: RowPlan[] = rowIndexes.map((rowIndex) => {
    const cells = byColumn.filter(({ cell }) => cell.rowIndex === rowIndex);
    const notes = cells
      .filter(({ cell }) => cellType(cell) === 'Note' && cell.cellQuestion.label)
      .map(({ cell }) => cell.cellQuestion.label);
    return {
      label: notes.length > 0 ? notes.join(', ') : message('csv.gridRow', { row: rowIndex + 1 }),
      cells: cells
        .filter(({ cell }) => cellType(cell) !== 'Note' && cellType(cell) !== 'Tickbox')
        .map(({ cell, slot }) => ({ slot, heading: headings.get(cell.columnIndex) ?? '' })),
      ticks: cells.filter(({ cell }) => cellType(cell) === 'Tickbox').map(({ slot }) => slot),
    };
  });
  const scoring: GridPlan['scoring'] = [];
  grid.cells.forEach((cell, slot) => {
    const max = scoreMax(cell);
    if (max !== undefined) scoring.push({ slot, max });
  });
  const plan: GridPlan = {
    slotOf,
    types: grid.cells.map(cellType),
    rows,
    rowOf: grid.cells.map((c) => position.get(c.rowIndex) ?? 0),
    hasTicks: rows.some((r) => r.ticks.length > 0),
    scoring,
    summed: grid.headers
      .filter((h) => h.displaySumOfColumn)
      .map((header) => ({
        header,
        slots: grid.cells.flatMap((c, slot) => (c.columnIndex === header.index ? [slot] : [])),
      })),
  };
  plans.set(grid, plan);
  return plan;
}

/** What the register and the CSV show of one grid answer. */
export interface GridReading {
  /** gridSummary's totalScore, maxScore, ratingPercentage and ratingLabel. */
  totalScore: number;
  maxScore: number;
  ratingPercentage: number;
  ratingLabel: string;
  /** The sum of each header with displaySumOfColumn (columnSums' `sum`), by header index. */
  sums: Map<number, number>;
  /**
   * The answered rows: a row with tickboxes when they are all ticked (the rows that score), another row when one
   * of its cells holds a value other than an unticked Checkbox (as grid.ts counts answered rows); each '{label} - {heading}: {value}; ...' over its filled cells in column order (ticks Yes/No, numbers by
   * the format; a ticked row with none is its label alone); one a line where the format allows lines, else joined
   * with ' | '.
   */
  rowsText(format: TextFormat): string;
}

/**
 * Reads a saved grid answer against its grid (see GridReading); the first answer of a cell counts, cells the grid
 * does not have are ignored.
 * @param grid the question's grid (of the form version shown)
 * @param answer the saved Answer's `grid`
 * @param ratings the question's rating bands
 */
export function readGrid(grid: Grid, answer: GridAnswer | undefined, ratings?: readonly GridRating[]): GridReading {
  const plan = planOf(grid);
  const values: unknown[] = new Array(plan.types.length);
  for (const given of answer?.cells ?? []) {
    const slot = plan.slotOf.get(given.cellId);
    if (slot !== undefined && values[slot] === undefined) values[slot] = given.value;
  }
  // Per row: every tick ticked (it scores, grid.ts rowScores) and no tick unticked (it is enabled, rowEnabled).
  const ticked = plan.rows.map((row) => row.ticks.every((slot) => values[slot] === true));
  const enabled = plan.rows.map((row) => row.ticks.every((slot) => values[slot] !== false));
  let totalScore = 0;
  let maxScore = 0;
  for (const { slot, max } of plan.scoring) {
    if (plan.hasTicks && !ticked[plan.rowOf[slot]]) continue;
    totalScore += numeric(values[slot]) ?? 0;
    maxScore += max;
  }
  totalScore = round2(totalScore);
  maxScore = round2(maxScore);
  const ratingPercentage = round2((totalScore / Math.max(maxScore, 1)) * 100);
  const sums = new Map<number, number>();
  for (const { header, slots } of plan.summed) {
    let sum = 0;
    for (const slot of slots) if (enabled[plan.rowOf[slot]]) sum += numeric(values[slot]) ?? 0;
    sums.set(header.index, round2(sum));
  }
  return {
    totalScore,
    maxScore,
    ratingPercentage,
    ratingLabel: ratingLabelOf(ratings, ratingPercentage),
    sums,
    rowsText: (format) => rowsText(plan, values, format),
  };
}

const yes = message('csv.yes');
const no = message('csv.no');

function rowsText(plan: GridPlan, values: readonly unknown[], format: TextFormat): string {
  let text = '';
  for (const row of plan.rows) {
    let parts = '';
    let answered = false;
    for (const { slot, heading } of row.cells) {
      const value = values[slot];
      if (value === undefined || value === null || value === '') continue;
      // An unticked Checkbox (false) shows, but looks like one never touched: it alone answers no row.
      if (value !== false) answered = true;
      const shown =
        typeof value === 'boolean'
          ? value
            ? yes
            : no
          : typeof value === 'number'
            ? format.number(value)
            : String(value);
      const part = heading ? `${heading}: ${shown}` : shown;
      parts = parts === '' ? part : `${parts}; ${part}`;
    }
    const listed = row.ticks.length > 0 ? row.ticks.every((slot) => values[slot] === true) : answered;
    if (!listed) continue;
    const line = parts === '' ? row.label : `${row.label} - ${parts}`;
    text = text === '' ? line : `${text}${format.lines ? '\n' : ' | '}${line}`;
  }
  return text;
}
