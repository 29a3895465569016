/**
 * Grid: a table of cells with scoring (form-configuration.md §3 "Grid", §4, §5; engine/forms/grid.ts).
 * Its form value is the grid answer `{ cells, overallComments? }`; the saved Answer carries it as `grid`
 * with the server-computed `totalScore` and `maxScore` (answers stays empty). Rendered by the renderer's
 * 'grid' field with the grid summary (grid-summary) under it; the cells' problems come from gridProblems:
 * a required cell left empty in an answered row is 'validation.gridRowIncomplete' for the question, and a
 * required grid without an answered row 'validation.required' (issue 19, docs/decisions.md "Grid answers").
 * The register shows its score and rating, the CSV its scores, answered rows, column sums and comments.
 */
import { message } from '../../messages/catalogue';
import type { Answer, Grid, GridQuestion } from '../../types/generated';
import { asGridAnswer, gridQuestionProblems, gridSummary } from '../grid';
import { type GridReading, readGrid } from '../grid-text';
import { partHeader } from './display';
import type { CsvColumn, DisplayFormat, FieldType, JSONSchema } from './types';

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

/** A grid with rating bands shows its score summary (the form's grid-summary); its CSV and register do too. */
function scored(question: GridQuestion): boolean {
  return (question.ratings ?? []).length > 0;
}

/**
 * The score of a saved grid in one cell: '5/6 (83.33%) Good' (catalogue csv.gridScore); '0/0' while nothing
 * scores (no rating yet).
 */
function scoreText(reading: GridReading, format: DisplayFormat): string {
  const totalScore = format.number(reading.totalScore);
  const maxScore = format.number(reading.maxScore);
  if (reading.maxScore === 0) return message('csv.gridScoreOnly', { totalScore, maxScore });
  return message('csv.gridScore', {
    totalScore,
    maxScore,
    ratingPercentage: format.number(reading.ratingPercentage),
    ratingLabel: reading.ratingLabel,
  }).trim();
}

/**
 * The CSV columns of a grid question (docs/decisions.md "Registers and CSV"): with rating bands, Total Score, Max
 * Score, Rating (%) and Rating ('{label} - Total Score', ...: numbers a spreadsheet sums; the rating cells empty
 * while nothing scores); the answered rows under the label; a column per summed column ('{label} - Hours
 * (Total)'); with rating bands, Overall Comments. The figures are gridSummary's and columnSums', recomputed from
 * the cells (engine/forms/grid-text.ts), once per answer for all its columns.
 */
function gridColumns(question: GridQuestion, format: DisplayFormat): CsvColumn[] {
  const definition = question.grid;
  if (!definition) return [{ header: question.label, cell: () => '' }];
  const ratings = question.ratings;
  let last: Answer | undefined;
  let reading: GridReading | undefined;
  const of = (answer: Answer): GridReading => {
    if (answer !== last || !reading) {
      last = answer;
      reading = readGrid(definition, answer.grid, ratings);
    }
    return reading;
  };
  const rated = (answer: Answer, text: (r: GridReading) => string) => {
    const r = of(answer);
    return r.maxScore === 0 ? '' : text(r);
  };
  const columns: CsvColumn[] = [];
  if (scored(question))
    columns.push(
      {
        header: partHeader(question, message('grid.totalScore')),
        cell: (answer) => format.number(of(answer).totalScore),
      },
      {
        header: partHeader(question, message('grid.maxScore')),
        cell: (answer) => format.number(of(answer).maxScore),
      },
      {
        header: partHeader(question, message('grid.ratingPercentage')),
        cell: (answer) => rated(answer, (r) => format.number(r.ratingPercentage)),
      },
      {
        header: partHeader(question, message('grid.ratingLabel')),
        cell: (answer) => rated(answer, (r) => r.ratingLabel),
      },
    );
  columns.push({ header: question.label, cell: (answer) => of(answer).rowsText(format) });
  for (const header of definition.headers.filter((h) => h.displaySumOfColumn)) {
    const part = header.sumOfColumnLabel
      ? message('csv.columnSum', { column: header.label, sumLabel: header.sumOfColumnLabel })
      : header.label;
    columns.push({
      header: partHeader(question, part),
      cell: (answer) => {
        const sum = of(answer).sums.get(header.index);
        return sum === undefined ? '' : format.number(sum);
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

/**
 * The parts of a Grid question's definition (form-configuration.md §3 "Grid"), emitted as `$defs` of
 * schemas/entities/question.schema.json: the table, its headers and cells with their cell questions, the rating
 * bands.
 */
const gridDefinitions: Record<string, JSONSchema> = {
  grid: {
    title: 'Grid',
    description:
      "A Grid question's table (form-configuration.md §3 Grid): headers by column and one cell per row and column, each with its cell question.",
    type: 'object',
    additionalProperties: false,
    required: ['totalColumns', 'totalRows', 'headers', 'cells'],
    properties: {
      id: {
        type: 'integer',
        minimum: 1,
      },
      questionId: {
        type: 'integer',
        minimum: 1,
      },
      totalColumns: {
        type: 'integer',
        minimum: 1,
        maximum: 30,
      },
      totalRows: {
        type: 'integer',
        minimum: 1,
        maximum: 200,
      },
      headers: {
        type: 'array',
        maxItems: 30,
        items: {
          $ref: '#/$defs/gridHeader',
        },
      },
      cells: {
        type: 'array',
        maxItems: 6000,
        items: {
          $ref: '#/$defs/gridCell',
        },
      },
    },
  },
  gridHeader: {
    title: 'GridHeader',
    type: 'object',
    additionalProperties: false,
    required: ['index', 'label'],
    properties: {
      id: {
        type: 'integer',
        minimum: 1,
      },
      gridId: {
        type: 'integer',
      },
      index: {
        type: 'integer',
        minimum: 0,
      },
      label: {
        type: 'string',
        maxLength: 200,
      },
      width: {
        type: 'integer',
        minimum: 0,
        maximum: 2000,
      },
      displaySumOfColumn: {
        type: 'boolean',
      },
      sumOfColumnLabel: {
        type: 'string',
        maxLength: 200,
      },
    },
  },
  gridCell: {
    title: 'GridCell',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'rowIndex', 'columnIndex', 'cellQuestion'],
    properties: {
      id: {
        type: 'integer',
        minimum: 1,
      },
      gridId: {
        type: 'integer',
      },
      rowIndex: {
        type: 'integer',
        minimum: 0,
      },
      columnIndex: {
        type: 'integer',
        minimum: 0,
      },
      cellQuestion: {
        $ref: '#/$defs/gridCellQuestion',
      },
    },
  },
  gridCellQuestion: {
    title: 'GridCellQuestion',
    description: 'The question of one grid cell; type is the column type (Note shows its label and takes no answer).',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'type'],
    properties: {
      id: {
        type: 'integer',
        minimum: 1,
      },
      type: {
        enum: ['Note', 'Number', 'Text', 'Long', 'Dropdown', 'Date', 'Checkbox', 'Tickbox'],
      },
      label: {
        type: 'string',
        maxLength: 500,
      },
      extendedType: {
        type: 'string',
        maxLength: 40,
      },
      isRequired: {
        type: 'boolean',
      },
      allowOther: {
        type: 'boolean',
      },
      allowBackDate: {
        type: 'boolean',
      },
      allowForwardDate: {
        type: 'boolean',
      },
      allowTodayDate: {
        type: 'boolean',
      },
      options: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['value'],
          properties: {
            id: {
              type: 'integer',
              minimum: 1,
            },
            value: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
        },
      },
    },
  },
  gridRating: {
    title: 'GridRating',
    type: 'object',
    additionalProperties: false,
    required: ['min', 'max', 'label'],
    properties: {
      min: {
        type: 'number',
      },
      max: {
        type: 'number',
      },
      label: {
        type: 'string',
        maxLength: 200,
      },
    },
  },
};

/** A grid whose headers and cells lie within its size, one cell per place, cell ids unique. */
export function gridIsSound(grid: Grid | undefined): boolean {
  if (!grid) return false;
  const places = new Set<string>();
  const ids = new Set<number>();
  for (const cell of grid.cells) {
    const place = `${cell.rowIndex}:${cell.columnIndex}`;
    if (cell.rowIndex >= grid.totalRows || cell.columnIndex >= grid.totalColumns) return false;
    if (places.has(place) || ids.has(cell.id)) return false;
    places.add(place);
    ids.add(cell.id);
  }
  return grid.headers.every((header) => header.index < grid.totalColumns);
}

export const grid: FieldType<GridQuestion> = {
  name: 'grid',
  questionType: 'Grid',
  titleId: 'fieldType.grid',
  icon: 'GridOn',
  summaryId: 'fieldType.grid.summary',
  description: 'A table of cells with scoring (grid and grid-summary).',
  properties: {
    grid: {
      $ref: '#/$defs/grid',
      'x-title': 'question.grid',
      description: 'The table: its headers and one cell per row and column, each with its cell question (required).',
      'x-editor': 'grid',
    },
    ratings: {
      type: 'array',
      maxItems: 50,
      items: { $ref: '#/$defs/gridRating' },
      'x-title': 'question.ratings',
      description:
        'The rating bands of the score summary: the band holding the rating percentage gives the rating label.',
      'x-editor': 'ratings',
    },
  },
  definitions: gridDefinitions,
  definitionProblems: (q) => (gridIsSound(q.grid) ? [] : [{ keyword: 'grid', messageId: 'forms.gridInvalid' }]),
  example: {
    question: {
      id: 9,
      label: 'Checklist',
      type: 'Grid',
      grid: {
        totalColumns: 1,
        totalRows: 1,
        headers: [{ index: 0, label: 'Hours' }],
        cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 10, type: 'Number' } }],
      },
    },
    good: { cells: [{ cellId: 1, rowIndex: 0, columnIndex: 0, gridCellQuestionId: 10, value: 4 }] },
    bad: { cells: 'none' },
  },
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
    // `required`: the browser asks for an answered row as the server does (SchemaForm's grid check).
    'ui:options': { grid: q.grid, ratings: q.ratings ?? [], required: q.required === true },
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
    const reading = readGrid(question.grid, answer.grid, question.ratings);
    return scored(question) ? scoreText(reading, format) : reading.rowsText(format);
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
    return gridQuestionProblems(question.grid, answer.grid, { required: question.required === true });
  },
};
