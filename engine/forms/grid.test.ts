/** Grids with scoring (form-configuration.md §3, §4, §5, §9), and a Grid question through the entry pipeline. */
import type { FormDefinition, Grid, GridCell } from '../types/generated';
import { compileFormDefinition } from './compile';
import { answersToFormData, formDataToAnswers } from './entry-data';
import { columnSums, formatColumnSum, gridProblems, gridSummary, rowEnabled, setCell } from './grid';
import { validateAnswers, withComputedValues } from './validate-submission';

const score = [
  { id: 1, value: '0' },
  { id: 2, value: '1' },
  { id: 3, value: '2' },
];

/** Three rows: Item (Note) | Checked (Tickbox) | Score (Dropdown 0-2) | Hours (Number, summed) | Date. */
function makeGrid(): Grid {
  const cells: GridCell[] = [];
  let id = 1;
  for (let row = 0; row < 3; row++) {
    cells.push({
      id: id++,
      rowIndex: row,
      columnIndex: 0,
      cellQuestion: { id: 100 + row, type: 'Note', label: `Item ${row + 1}` },
    });
    cells.push({ id: id++, rowIndex: row, columnIndex: 1, cellQuestion: { id: 200 + row, type: 'Tickbox' } });
    cells.push({
      id: id++,
      rowIndex: row,
      columnIndex: 2,
      cellQuestion: { id: 300 + row, type: 'Dropdown', options: score, isRequired: true },
    });
    cells.push({ id: id++, rowIndex: row, columnIndex: 3, cellQuestion: { id: 400 + row, type: 'Number' } });
    cells.push({ id: id++, rowIndex: row, columnIndex: 4, cellQuestion: { id: 500 + row, type: 'Date' } });
  }
  return {
    totalColumns: 5,
    totalRows: 3,
    headers: [
      { index: 0, label: 'Item' },
      { index: 1, label: 'Checked' },
      { index: 2, label: 'Score' },
      { index: 3, label: 'Hours', displaySumOfColumn: true, sumOfColumnLabel: 'Total hours' },
      { index: 4, label: 'Date' },
    ],
    cells,
  };
}

const cellId = (row: number, column: number) => row * 5 + column + 1;
const ratings = [
  { min: 0, max: 49.99, label: 'Poor' },
  { min: 50, max: 79.99, label: 'Fair' },
  { min: 80, max: 100, label: 'Good' },
];

describe('the grid model', () => {
  it('unticking a row disables its other cells and clears them; ticking enables them again', () => {
    const grid = makeGrid();
    let answer = setCell(grid, undefined, cellId(0, 2), '2');
    answer = setCell(grid, answer, cellId(0, 3), 7.5);
    expect(rowEnabled(grid, answer, 0)).toBe(true); // tickbox absent: enabled
    answer = setCell(grid, answer, cellId(0, 1), false);
    expect(rowEnabled(grid, answer, 0)).toBe(false);
    expect(answer.cells.map((c) => c.cellId)).toEqual([cellId(0, 1)]);
    answer = setCell(grid, answer, cellId(0, 1), true);
    expect(rowEnabled(grid, answer, 0)).toBe(true);
    expect(answer.cells[0]).toMatchObject({ rowIndex: 0, columnIndex: 1, gridCellQuestionId: 200, value: true });
  });

  it('scores ticked rows only when the grid has tickboxes; percentage over max(maxScore, 1), rounded to 2', () => {
    const grid = makeGrid();
    let answer = setCell(grid, undefined, cellId(0, 1), true);
    answer = setCell(grid, answer, cellId(0, 2), '2');
    answer = setCell(grid, answer, cellId(1, 1), true);
    answer = setCell(grid, answer, cellId(1, 2), '1');
    answer = setCell(grid, answer, cellId(2, 2), '2'); // row 3 not ticked: left out
    expect(gridSummary(grid, answer, ratings)).toEqual({
      totalScore: 3,
      maxScore: 4,
      ratingPercentage: 75,
      ratingLabel: 'Fair',
      overallComments: '',
    });
    answer = setCell(grid, answer, cellId(2, 1), true);
    const summary = gridSummary(grid, { ...answer, overallComments: 'Tidy site' }, ratings);
    expect(summary).toMatchObject({
      totalScore: 5,
      maxScore: 6,
      ratingPercentage: 83.33,
      ratingLabel: 'Good',
      overallComments: 'Tidy site',
    });
    expect(gridSummary(grid, undefined, ratings)).toMatchObject({
      totalScore: 0,
      maxScore: 0,
      ratingPercentage: 0,
      ratingLabel: 'Poor',
    });
  });

  it('sums the columns that ask for it, formatted 1.0-2', () => {
    const grid = makeGrid();
    let answer = setCell(grid, undefined, cellId(0, 3), 1.25);
    answer = setCell(grid, answer, cellId(1, 3), '2.5');
    answer = setCell(grid, answer, cellId(2, 3), 0.333);
    expect(columnSums(grid, answer)).toEqual([{ columnIndex: 3, label: 'Total hours', sum: 4.08, text: '4.08' }]);
    expect(formatColumnSum(3)).toBe('3');
    expect(formatColumnSum(0.5)).toBe('0.5');
  });

  it('finds wrong values, unknown cells and required cells of enabled rows', () => {
    const grid = makeGrid();
    let answer = setCell(grid, undefined, cellId(0, 1), true);
    answer = setCell(grid, answer, cellId(0, 2), '2');
    answer = setCell(grid, answer, cellId(1, 1), false); // row 2 off: its required score is not asked
    const bad = {
      cells: [
        ...answer.cells,
        { cellId: cellId(2, 3), rowIndex: 2, columnIndex: 3, value: 'many' },
        { cellId: cellId(2, 4), rowIndex: 2, columnIndex: 4, value: '14/03/2026' },
        { cellId: 999, rowIndex: 9, columnIndex: 9, value: 'x' },
      ],
    };
    expect(
      gridProblems(grid, bad)
        .map((p) => `${p.cellId}:${p.messageId}`)
        .sort(),
    ).toEqual(
      [
        `${cellId(2, 3)}:validation.number`,
        `${cellId(2, 4)}:validation.date`,
        '999:validation.invalid',
        `${cellId(2, 2)}:validation.required`,
      ].sort(),
    );
  });
});

describe('a Grid question through the entry pipeline', () => {
  const def = {
    id: 9,
    clientId: 1,
    formArea: 'health-and-safety',
    title: 'Site inspection',
    status: 'Published',
    version: 1,
    pages: [{ id: 1, label: '', questions: [{ id: 1, label: 'Checklist', type: 'Grid', grid: makeGrid(), ratings }] }],
  } as unknown as FormDefinition;

  it('compiles to an object of cells, saves the cells list with server-computed scores, and reads back', () => {
    const compiled = compileFormDefinition(def);
    expect(compiled.uiSchema.q_1).toMatchObject({ 'ui:field': 'grid' });
    const grid = makeGrid();
    let value = setCell(grid, undefined, cellId(0, 1), true);
    value = setCell(grid, value, cellId(0, 2), '1');
    value = setCell(grid, value, cellId(1, 1), false);
    value = setCell(grid, value, cellId(2, 1), false);
    const answers = formDataToAnswers(def, { q_1: { ...value, overallComments: 'ok' } });
    expect(answers).toEqual([
      {
        formId: 9,
        questionId: 1,
        answers: [],
        grid: { cells: value.cells, overallComments: 'ok' },
        totalScore: 1,
        maxScore: 2,
      },
    ]);
    expect(answersToFormData(def, answers)).toEqual({ q_1: { cells: value.cells, overallComments: 'ok' } });
    expect(validateAnswers(def, answers)).toEqual([]);
    // A client's own scores are replaced by the server's.
    const forged = [{ ...answers[0], totalScore: 999, maxScore: 999 }];
    expect(withComputedValues(def, forged)[0]).toMatchObject({ totalScore: 1, maxScore: 2 });
  });

  it('refuses a grid answer whose cells do not fit the grid', () => {
    const answers = [
      {
        formId: 9,
        questionId: 1,
        answers: [],
        grid: { cells: [{ cellId: cellId(0, 3), rowIndex: 0, columnIndex: 3, value: 'lots' }] },
      },
    ];
    const problems = validateAnswers(def, answers);
    expect(problems.map((p) => p.messageId)).toEqual(['validation.number']);
  });
});
