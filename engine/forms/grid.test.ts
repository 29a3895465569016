/** Grids with scoring (form-configuration.md §3, §4, §5, §9), and a Grid question through the entry pipeline. */
import type { FormDefinition, Grid, GridCell } from '../types/generated';
import { compileFormDefinition } from './compile';
import { answersToFormData, formDataToAnswers } from './entry-data';
import {
  asGridAnswer,
  columnSums,
  formatColumnSum,
  gridAnswered,
  gridProblems,
  gridQuestionProblems,
  gridScored,
  gridSummary,
  isCellAnswer,
  rowAnswered,
  rowEnabled,
  setCell,
} from './grid';
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

describe('partial answers (issue 19)', () => {
  const problems = (answer: Parameters<typeof gridProblems>[1], required = false) =>
    gridProblems(makeGrid(), answer, { required })
      .map((p) => `${p.cellId ?? 'grid'}:${p.messageId}`)
      .sort();

  it('answers a row with any cell but a Note; a ticked box counts, an unticked one does not', () => {
    const grid = makeGrid();
    expect([true, 0, '0', 'x', '2026-11-20'].map(isCellAnswer)).toEqual([true, true, true, true, true]);
    expect([false, '', undefined, null].map(isCellAnswer)).toEqual([false, false, false, false]);
    expect(rowAnswered(grid, undefined, 0)).toBe(false);
    expect(rowAnswered(grid, setCell(grid, undefined, cellId(0, 1), true), 0)).toBe(true);
    expect(rowAnswered(grid, setCell(grid, undefined, cellId(0, 3), 0), 0)).toBe(true);
    expect(rowAnswered(grid, setCell(grid, undefined, cellId(0, 4), '2026-11-20'), 0)).toBe(true);
    // Another row's answer does not answer this one.
    expect(rowAnswered(grid, setCell(grid, undefined, cellId(1, 2), '1'), 0)).toBe(false);
    // An unticked Tickbox disables the row: nothing in it is an answer, whatever a client sends.
    const forged = {
      cells: [
        { cellId: cellId(0, 1), rowIndex: 0, columnIndex: 1, value: false },
        { cellId: cellId(0, 3), rowIndex: 0, columnIndex: 3, value: 4 },
      ],
    };
    expect(rowAnswered(grid, forged, 0)).toBe(false);
    expect(gridAnswered(grid, forged)).toBe(false);
    expect(gridAnswered(grid, setCell(grid, forged, cellId(2, 1), true))).toBe(true);
  });

  it('asks for the required cells of answered rows only: any subset of rows may be answered', () => {
    const grid = makeGrid();
    // The case: rows 1-2 ticked and scored, row 3 left alone.
    let answer = setCell(grid, undefined, cellId(0, 1), true);
    answer = setCell(grid, answer, cellId(0, 2), '2');
    answer = setCell(grid, answer, cellId(1, 1), true);
    answer = setCell(grid, answer, cellId(1, 2), '0');
    expect(problems(answer)).toEqual([]);
    expect(problems(undefined)).toEqual([]);
    expect(problems({ cells: [] })).toEqual([]);
    // A row ticked, or given hours or a date, without its score.
    expect(problems(setCell(grid, answer, cellId(2, 1), true))).toEqual([`${cellId(2, 2)}:validation.required`]);
    expect(problems(setCell(grid, answer, cellId(2, 3), 1.5))).toEqual([`${cellId(2, 2)}:validation.required`]);
    // Ticked and unticked again: the row is off and asks for nothing.
    expect(problems(setCell(grid, setCell(grid, answer, cellId(2, 1), true), cellId(2, 1), false))).toEqual([]);
  });

  it('needs at least one answered row when the grid question is required', () => {
    const grid = makeGrid();
    expect(problems(undefined, true)).toEqual(['grid:validation.required']);
    expect(problems({ cells: [], overallComments: 'Nothing to see' }, true)).toEqual(['grid:validation.required']);
    const off = setCell(grid, undefined, cellId(0, 1), false);
    expect(problems(off, true)).toEqual(['grid:validation.required']);
    const one = setCell(grid, setCell(grid, off, cellId(1, 1), true), cellId(1, 2), '1');
    expect(problems(one, true)).toEqual([]);
  });

  it('words the problems for the question: a required cell of an answered row is the row rule', () => {
    const grid = makeGrid();
    const ticked = setCell(grid, undefined, cellId(0, 1), true);
    expect(gridQuestionProblems(grid, ticked)).toEqual(['validation.gridRowIncomplete']);
    const twoRows = setCell(grid, ticked, cellId(1, 1), true);
    expect(gridQuestionProblems(grid, twoRows)).toEqual(['validation.gridRowIncomplete']);
    expect(gridQuestionProblems(grid, undefined, { required: true })).toEqual(['validation.required']);
    expect(gridQuestionProblems(grid, setCell(grid, ticked, cellId(0, 2), '1'), { required: true })).toEqual([]);
  });

  it('reads an untouched grid’s {} as no answer', () => {
    expect(asGridAnswer({})).toBeUndefined();
    expect(asGridAnswer(undefined)).toBeUndefined();
    expect(asGridAnswer([])).toBeUndefined();
    expect(asGridAnswer({ cells: [], overallComments: '' })).toEqual({ cells: [] });
    expect(asGridAnswer({ cells: [], overallComments: 'ok' })).toEqual({ cells: [], overallComments: 'ok' });
  });

  it('is scored once a scoring cell of a row that counts is answered (0 included)', () => {
    const grid = makeGrid();
    expect(gridScored(grid, undefined)).toBe(false);
    const ticked = setCell(grid, undefined, cellId(0, 1), true);
    expect(gridScored(grid, ticked)).toBe(false);
    expect(gridScored(grid, setCell(grid, ticked, cellId(0, 3), 4))).toBe(false); // hours do not score
    expect(gridScored(grid, setCell(grid, ticked, cellId(0, 2), '0'))).toBe(true);
    // A score in a row whose box is not ticked does not count while the grid has tickboxes.
    expect(gridScored(grid, setCell(grid, undefined, cellId(1, 2), '2'))).toBe(false);
  });

  it('a required Checkbox cell of an answered row must be ticked', () => {
    const grid = makeGrid();
    grid.cells.push({
      id: 99,
      rowIndex: 0,
      columnIndex: 5,
      cellQuestion: { id: 600, type: 'Checkbox', isRequired: true },
    });
    let answer = setCell(grid, undefined, cellId(0, 2), '1');
    expect(gridProblems(grid, answer).map((p) => p.cellId)).toEqual([99]);
    answer = setCell(grid, answer, 99, false);
    expect(gridProblems(grid, answer).map((p) => p.cellId)).toEqual([99]);
    answer = setCell(grid, answer, 99, true);
    expect(gridProblems(grid, answer)).toEqual([]);
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

  it('submits a partly scored grid (rows left alone), and reports an answered row without its score', () => {
    const grid = makeGrid();
    let value = setCell(grid, undefined, cellId(0, 1), true);
    value = setCell(grid, value, cellId(0, 2), '2');
    value = setCell(grid, value, cellId(1, 1), true);
    value = setCell(grid, value, cellId(1, 2), '1');
    const answers = formDataToAnswers(def, { q_1: value });
    expect(validateAnswers(def, answers)).toEqual([]);
    expect(withComputedValues(def, answers)[0]).toMatchObject({ totalScore: 3, maxScore: 4 });
    const unscored = formDataToAnswers(def, { q_1: setCell(grid, value, cellId(2, 1), true) });
    expect(validateAnswers(def, unscored)).toEqual([
      {
        path: 'q_1',
        messageId: 'validation.gridRowIncomplete',
        message: 'Checklist: fill in the cells marked * of each row you answer.',
      },
    ]);
    // A page save keeps what is there: a row may be scored later.
    expect(validateAnswers(def, unscored, { partial: true })).toEqual([]);
  });

  it('needs an answered row of a required grid on submit, not on a page save', () => {
    const required = {
      ...def,
      id: 10, // a form of its own: compiled forms are cached by client, id and version
      pages: [{ ...def.pages[0], questions: [{ ...def.pages[0].questions[0], required: true }] }],
    } as FormDefinition;
    const off = formDataToAnswers(required, { q_1: setCell(makeGrid(), undefined, cellId(0, 1), false) });
    expect(validateAnswers(required, off).map((d) => [d.path, d.messageId])).toEqual([['q_1', 'validation.required']]);
    expect(validateAnswers(required, []).map((d) => [d.path, d.messageId])).toEqual([['q_1', 'validation.required']]);
    expect(validateAnswers(required, off, { partial: true })).toEqual([]);
  });
});
