/**
 * The register and CSV reading of a grid answer (grid-text.ts) gives gridSummary's and columnSums' figures
 * (grid.ts) on random grids and answers, and lists the rows the CSV shows.
 */
import type { Grid, GridCell, GridRating } from '../types/generated';
import { columnSums, GRID_CELL_TYPES, type GridAnswer, gridSummary } from './grid';
import { readGrid } from './grid-text';

const lines = { number: String, lines: true };

describe('readGrid', () => {
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const ratings: GridRating[] = [
    { min: 0, max: 49.99, label: 'Poor' },
    { min: 50, max: 100, label: 'Good' },
  ];
  const optionSets = [['0', '1', '2', '3'], ['0', '5', '10'], ['1.5', '2.25'], ['Yes', 'No'], []];

  function randomGrid(): Grid {
    const rows = 1 + next(5);
    const columns = 1 + next(5);
    const cells: GridCell[] = [];
    let id = 1;
    for (let row = 0; row < rows; row++)
      for (let column = 0; column < columns; column++) {
        if (next(6) === 0) continue;
        const type = GRID_CELL_TYPES[next(GRID_CELL_TYPES.length)];
        cells.push({
          id: id++,
          rowIndex: row,
          columnIndex: column,
          cellQuestion: {
            id: 100 + id,
            type,
            label: `Item ${row}`,
            ...(type === 'Dropdown'
              ? { options: optionSets[next(optionSets.length)].map((value) => ({ value })) }
              : {}),
          },
        });
      }
    cells.sort(() => next(3) - 1);
    return {
      totalColumns: columns,
      totalRows: rows,
      headers: Array.from({ length: columns }, (_, index) => ({
        index,
        label: `H${index}`,
        displaySumOfColumn: next(2) === 0,
      })),
      cells,
    };
  }

  function randomAnswer(grid: Grid): GridAnswer {
    const values = () => {
      const kind = next(6);
      if (kind === 0) return next(2) === 0;
      if (kind === 1) return next(20) / 4 - 1;
      if (kind === 2) return String(next(11) / 2);
      if (kind === 3) return ' ';
      return ['0', '1', '3', '10', '2.25', 'text'][next(6)];
    };
    const cells = grid.cells
      .filter(() => next(3) !== 0)
      .map((c) => ({ cellId: c.id, rowIndex: c.rowIndex, columnIndex: c.columnIndex, value: values() }));
    if (cells.length > 0 && next(4) === 0) cells.push({ ...cells[0], value: values() }); // a second answer: ignored
    if (next(5) === 0) cells.push({ cellId: 999, rowIndex: 0, columnIndex: 0, value: '3' }); // not of the grid
    return { cells };
  }

  it('gives the figures of gridSummary and columnSums', () => {
    for (let i = 0; i < 3000; i++) {
      const grid = randomGrid();
      const answer = randomAnswer(grid);
      const reading = readGrid(grid, answer, ratings);
      const summary = gridSummary(grid, answer, ratings);
      expect({
        totalScore: reading.totalScore,
        maxScore: reading.maxScore,
        ratingPercentage: reading.ratingPercentage,
        ratingLabel: reading.ratingLabel,
      }).toEqual({
        totalScore: summary.totalScore,
        maxScore: summary.maxScore,
        ratingPercentage: summary.ratingPercentage,
        ratingLabel: summary.ratingLabel,
      });
      expect(Object.fromEntries(reading.sums)).toEqual(
        Object.fromEntries(columnSums(grid, answer).map((s) => [s.columnIndex, s.sum])),
      );
    }
  });

  it('lists ticked rows of a grid with tickboxes, answered rows of one without, by their Note labels', () => {
    const grid: Grid = {
      totalColumns: 4,
      totalRows: 3,
      headers: [
        { index: 0, label: 'Item' },
        { index: 1, label: 'Done' },
        { index: 2, label: 'Score' },
        { index: 3, label: '' },
      ],
      cells: [0, 1, 2].flatMap((row) => [
        {
          id: row * 4 + 1,
          rowIndex: row,
          columnIndex: 0,
          cellQuestion: { id: 1, type: 'Note' as const, label: `Item ${row + 1}` },
        },
        { id: row * 4 + 2, rowIndex: row, columnIndex: 1, cellQuestion: { id: 2, type: 'Tickbox' as const } },
        { id: row * 4 + 3, rowIndex: row, columnIndex: 2, cellQuestion: { id: 3, type: 'Number' as const } },
        { id: row * 4 + 4, rowIndex: row, columnIndex: 3, cellQuestion: { id: 4, type: 'Checkbox' as const } },
      ]),
    };
    const at = (id: number, value: string | number | boolean) => ({ cellId: id, rowIndex: 0, columnIndex: 0, value });
    const answer = { cells: [at(2, true), at(3, 2.5), at(4, false), at(6, false), at(10, true)] };
    expect(readGrid(grid, answer).rowsText(lines)).toBe('Item 1 - Score: 2.5; No\nItem 3');
    expect(readGrid(grid, answer).rowsText({ number: String, lines: false })).toBe('Item 1 - Score: 2.5; No | Item 3');
    const untickable: Grid = {
      ...grid,
      cells: grid.cells.filter((c) => c.cellQuestion.type !== 'Tickbox' && c.cellQuestion.type !== 'Note'),
    };
    expect(readGrid(untickable, { cells: [at(7, 4)] }).rowsText(lines)).toBe('Row 2 - Score: 4');
    expect(readGrid(untickable, undefined).rowsText(lines)).toBe('');
    // A row whose only value is an unticked Checkbox is not answered; beside another value it shows.
    expect(readGrid(untickable, { cells: [at(8, false), at(11, 1), at(12, false)] }).rowsText(lines)).toBe(
      'Row 3 - Score: 1; No',
    );
  });
});
