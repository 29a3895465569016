/**
 * Grid: a table of cells with scoring (form-configuration.md §3 "Grid", §4, §5; engine/forms/grid.ts).
 * Its form value is the grid answer `{ cells, overallComments? }`; the saved Answer carries it as `grid`
 * with the server-computed `totalScore` and `maxScore` (answers stays empty). Rendered by the renderer's
 * 'grid' field with the grid summary (grid-summary) under it; the cells' problems come from gridProblems.
 * The register shows its score and rating, the CSV its scores, answered rows, column sums and comments.
 */
import { message } from '../../messages/catalogue';
import type { Answer, Grid, GridCell, GridSummary, Question } from '../../types/generated';
import { cellType, cellValue, columnSums, type GridAnswer, gridProblems, gridSummary } from '../grid';
import { partHeader } from './display';
import type { CsvColumn, DisplayFormat, FieldType } from './types';

const cellAnswer = {
  type: 'object',
  required: ['cellId', 'rowIndex', 'columnIndex', 'value'],
  properties: {
    cellId: { type: 'integer', minimum: 1 },
    rowIndex: { type: 'integer', minimum: 0 },
    columnIndex: { type: 'integer', minimum: 0 },
    gridCellQuestionId: { type: 'integer' },
    value: { type: ['string', 'number', 'boolean'], maxLength: 20000 },
  },
};

function asGridAnswer(value: unknown): GridAnswer | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const cells = (value as { cells?: unknown }).cells;
  if (!Array.isArray(cells)) return undefined;
  const overallComments = (value as { overallComments?: unknown }).overallComments;
  return {
    cells: cells as GridAnswer['cells'],
    ...(typeof overallComments === 'string' && overallComments !== '' ? { overallComments } : {}),
  };
}

/** A grid's rows as its register and CSV texts read them: each row's label, its answerable cells, its tickboxes. */
interface RowLayout {
  label: string;
  /** The cells that take an answer other than a tick of the row (not Note, not Tickbox), with their headings. */
  cells: { cell: GridCell; heading: string }[];
  ticks: GridCell[];
}

const layouts = new WeakMap<Grid, RowLayout[]>();

/**
 * The rows of a grid (worked out once per grid): a row's label is the labels of its Note cells joined with ', ',
 * or 'Row {n}' (catalogue csv.gridRow) when it has none.
 */
function rowLayouts(grid: Grid): RowLayout[] {
  let rows = layouts.get(grid);
  if (rows) return rows;
  const headings = new Map(grid.headers.map((h) => [h.index, h.label]));
  const byRow = new Map<number, GridCell[]>();
  for (const cell of grid.cells) byRow.set(cell.rowIndex, [...(byRow.get(cell.rowIndex) ?? []), cell]);
  rows = [...byRow.keys()]
    .sort((a, b) => a - b)
    .map((rowIndex) => {
      const cells = (byRow.get(rowIndex) ?? []).sort((a, b) => a.columnIndex - b.columnIndex);
      const notes = cells
        .filter((c) => cellType(c) === 'Note' && c.cellQuestion.label)
        .map((c) => c.cellQuestion.label);
      return {
        label: notes.length > 0 ? notes.join(', ') : message('csv.gridRow', { row: rowIndex + 1 }),
        cells: cells
          .filter((c) => cellType(c) !== 'Note' && cellType(c) !== 'Tickbox')
          .map((cell) => ({ cell, heading: headings.get(cell.columnIndex) ?? '' })),
        ticks: cells.filter((c) => cellType(c) === 'Tickbox'),
      };
    });
  layouts.set(grid, rows);
  return rows;
}

/** A cell's value as text: ticks Yes/No, numbers by the format, the rest as given; '' for none. */
function cellText(value: GridAnswer['cells'][number]['value'] | undefined, format: DisplayFormat): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return message(value ? 'csv.yes' : 'csv.no');
  if (typeof value === 'number') return format.number(value);
  return String(value);
}

/**
 * The answered rows of a grid answer (docs/decisions.md "Registers and CSV"): a row with tickboxes when they are
 * all ticked, another row when one of its cells holds a value; each as '{label} - {heading}: {value}; ...' over
 * its filled cells (a ticked row with none is its label alone). Rows one a line where the format allows lines
 * (the CSV), else joined with ' | '.
 */
export function gridRowsText(grid: Grid, answer: GridAnswer | undefined, format: DisplayFormat): string {
  const texts: string[] = [];
  for (const row of rowLayouts(grid)) {
    const parts: string[] = [];
    for (const { cell, heading } of row.cells) {
      const text = cellText(cellValue(answer, cell), format);
      if (text !== '') parts.push(heading ? `${heading}: ${text}` : text);
    }
    const listed = row.ticks.length > 0 ? row.ticks.every((t) => cellValue(answer, t) === true) : parts.length > 0;
    if (listed) texts.push(parts.length > 0 ? `${row.label} - ${parts.join('; ')}` : row.label);
  }
  return texts.join(format.lines ? '\n' : ' | ');
}

/** A grid with rating bands shows its score summary (the form's grid-summary); its CSV and register do too. */
function scored(question: Question): boolean {
  return (question.ratings ?? []).length > 0;
}

/**
 * The score of a saved grid in one cell: '5/6 (83.33%) Good' (catalogue csv.gridScore); '0/0' while nothing
 * scores (no rating yet).
 */
function scoreText(summary: GridSummary, format: DisplayFormat): string {
  const totalScore = format.number(summary.totalScore);
  const maxScore = format.number(summary.maxScore);
  if (summary.maxScore === 0) return message('csv.gridScoreOnly', { totalScore, maxScore });
  return message('csv.gridScore', {
    totalScore,
    maxScore,
    ratingPercentage: format.number(summary.ratingPercentage),
    ratingLabel: summary.ratingLabel,
  }).trim();
}

/**
 * The CSV columns of a grid question (docs/decisions.md "Registers and CSV"): with rating bands, Total Score, Max
 * Score, Rating (%) and Rating ('{label} - Total Score', ...: numbers a spreadsheet sums; the rating cells empty
 * while nothing scores); the answered rows under the label (gridRowsText); a column per summed column
 * ('{label} - Hours (Total)'); with rating bands, Overall Comments. Scores are gridSummary's, recomputed from the
 * cells, once per answer for all its columns.
 */
function gridColumns(question: Question, format: DisplayFormat): CsvColumn[] {
  const definition = question.grid;
  if (!definition) return [{ header: question.label, cell: () => '' }];
  const ratings = question.ratings;
  let last: Answer | undefined;
  let summary: GridSummary | undefined;
  let sums: ReturnType<typeof columnSums> = [];
  const of = (answer: Answer) => {
    if (answer !== last) {
      last = answer;
      summary = gridSummary(definition, answer.grid, ratings);
      sums = columnSums(definition, answer.grid);
    }
    return { summary: summary as GridSummary, sums };
  };
  const rated = (answer: Answer, text: (s: GridSummary) => string) => {
    const { summary } = of(answer);
    return summary.maxScore === 0 ? '' : text(summary);
  };
  const columns: CsvColumn[] = [];
  if (scored(question))
    columns.push(
      {
        header: partHeader(question, message('grid.totalScore')),
        cell: (answer) => format.number(of(answer).summary.totalScore),
      },
      {
        header: partHeader(question, message('grid.maxScore')),
        cell: (answer) => format.number(of(answer).summary.maxScore),
      },
      {
        header: partHeader(question, message('grid.ratingPercentage')),
        cell: (answer) => rated(answer, (s) => format.number(s.ratingPercentage)),
      },
      {
        header: partHeader(question, message('grid.ratingLabel')),
        cell: (answer) => rated(answer, (s) => s.ratingLabel),
      },
    );
  columns.push({ header: question.label, cell: (answer) => gridRowsText(definition, answer.grid, format) });
  for (const header of definition.headers.filter((h) => h.displaySumOfColumn)) {
    const part = header.sumOfColumnLabel
      ? message('csv.columnSum', { column: header.label, sumLabel: header.sumOfColumnLabel })
      : header.label;
    columns.push({
      header: partHeader(question, part),
      cell: (answer) => {
        const sum = of(answer).sums.find((s) => s.columnIndex === header.index);
        return sum ? format.number(sum.sum) : '';
      },
    });
  }
  if (scored(question))
    columns.push({
      header: partHeader(question, message('grid.overallComments')),
      cell: (answer) => answer.grid?.overallComments ?? '',
    });
  return columns;
}

export const grid: FieldType = {
  name: 'grid',
  widget: 'grid',
  schema: (q) => ({
    type: 'object',
    title: q.label,
    properties: {
      cells: { type: 'array', maxItems: 6000, items: cellAnswer },
      overallComments: { type: 'string', maxLength: 20000 },
    },
  }),
  uiSchema: (q) => ({
    'ui:widget': 'grid',
    'ui:field': 'grid',
    'ui:options': { grid: q.grid, ratings: q.ratings ?? [] },
  }),
  multiValued: false,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  displayText: (value) => value,
  // The register's cell: the score with a rating ('5/6 (83.33%) Good'), or the answered rows of a grid that
  // does not score.
  answerText: (question, answer, format) => {
    if (!question.grid) return '';
    if (scored(question)) return scoreText(gridSummary(question.grid, answer.grid, question.ratings), format);
    return gridRowsText(question.grid, answer.grid, format);
  },
  csvColumns: gridColumns,
  answerOf: (question, value) => {
    const answer = asGridAnswer(value);
    if (!answer || !question.grid || (answer.cells.length === 0 && !answer.overallComments)) return undefined;
    const { totalScore, maxScore } = gridSummary(question.grid, answer, question.ratings);
    return { answers: [], grid: answer, totalScore, maxScore };
  },
  formValueOf: (_question, answer: Answer) => (answer.grid ? { ...answer.grid } : undefined),
  problems: (question, answer: Answer) => {
    if (!question.grid) return [];
    return gridProblems(question.grid, answer.grid).map((p) => p.messageId);
  },
};
