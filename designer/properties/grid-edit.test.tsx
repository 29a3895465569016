/**
 * The grid editor (issue 21 part 3 "rows, columns, header questions, cell kinds, tickbox rules, column sums"):
 * its pure edits keep a sound grid (gridIsSound: one cell per place, ids unique) that the engine scores, and the
 * editor's controls make them.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { addQuestion, findQuestion } from '../../engine/designer';
import { gridIsSound } from '../../engine/forms/field-types/grid';
import { columnSums, gridSummary, rowScores } from '../../engine/forms/grid';
import { message } from '../../engine/messages/catalogue';
import { definitionFaults, sampleDraft } from '../../engine/test/designer';
import type { Grid } from '../../engine/types/generated';
import { DesignerContext, DesignerStore } from '../store';
import {
  addColumn,
  addRow,
  moveColumn,
  moveRow,
  removeColumn,
  removeRow,
  setColumnKind,
  setColumnOptions,
  setColumnRequired,
  setRowText,
  updateHeader,
} from './grid-edit';
import { PropertyPanel } from './PropertyPanel';
import { bestAnswer } from './RatingsEditor';

const headerOfIndex = (grid: Grid, index: number) => grid.headers.find((h) => h.index === index);

const start: Grid = {
  totalColumns: 1,
  totalRows: 1,
  headers: [{ index: 0, label: 'Column 1' }],
  cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 1, type: 'Text' } }],
};

describe('grid edits', () => {
  it('build a scored checklist: rows with labels, a scoring column, a tick box column, a summed column', () => {
    let grid = setColumnKind(start, 0, 'Note');
    grid = addColumn(grid);
    grid = setColumnKind(grid, 1, 'Dropdown');
    grid = setColumnOptions(grid, 1, ['0', '1', '3']);
    grid = setColumnRequired(grid, 1, true);
    grid = addColumn(grid, 'Tickbox');
    grid = addColumn(grid, 'Number');
    grid = updateHeader(grid, 3, { label: 'Hours', displaySumOfColumn: true, sumOfColumnLabel: 'Total' });
    grid = addRow(addRow(grid));
    grid = setRowText(grid, 2, 0, 'Scaffold tagged');
    expect(gridIsSound(grid)).toBe(true);
    expect(grid.totalRows).toBe(3);
    expect(grid.totalColumns).toBe(4);
    // New rows take their column's kind, options and required flag.
    const cell = (r: number, c: number) => grid.cells.find((x) => x.rowIndex === r && x.columnIndex === c);
    expect(cell(2, 1)?.cellQuestion).toMatchObject({
      type: 'Dropdown',
      isRequired: true,
      options: [{ value: '0' }, { value: '1' }, { value: '3' }],
    });
    expect(cell(2, 0)?.cellQuestion).toMatchObject({ type: 'Note', label: 'Scaffold tagged' });
    expect(new Set(grid.cells.map((c) => c.cellQuestion.id)).size).toBe(grid.cells.length);
    // Every row at its best: 3 rows x 3 points; an unticked row does not count.
    const best = bestAnswer(grid);
    expect(gridSummary(grid, best)).toMatchObject({ totalScore: 9, maxScore: 9, ratingPercentage: 100 });
    const unticked = {
      cells: best.cells.map((c) => (c.rowIndex === 0 && c.columnIndex === 2 ? { ...c, value: false } : c)),
    };
    expect(rowScores(grid, unticked, 0)).toBe(false);
    expect(gridSummary(grid, unticked)).toMatchObject({ totalScore: 6, maxScore: 6 });
    expect(columnSums(grid, undefined).map((s) => s.columnIndex)).toEqual([3]);

    // Removing a row and a column keeps the grid sound; a kind that does not sum drops the sum.
    grid = removeRow(grid, 0);
    grid = removeColumn(grid, 2);
    expect(gridIsSound(grid)).toBe(true);
    expect(grid.headers.map((h) => h.index)).toEqual([0, 1, 2]);
    grid = setColumnKind(grid, 2, 'Text');
    expect(grid.headers[2]).toEqual({ index: 2, label: 'Hours' });
    // The last row and column stay.
    expect(removeRow(removeRow(grid, 0), 0).totalRows).toBe(1);
  });

  it('move a column or a row with its heading, sum and cells; the cells keep their ids, so answers stay with them', () => {
    let grid = setColumnKind(start, 0, 'Note');
    grid = addColumn(grid, 'Dropdown');
    grid = addColumn(grid, 'Number');
    grid = updateHeader(grid, 2, { label: 'Hours', displaySumOfColumn: true, sumOfColumnLabel: 'Total' });
    grid = addRow(addRow(grid));
    grid = setRowText(grid, 0, 0, 'Scaffold');
    grid = setRowText(grid, 2, 0, 'Ladders');
    const before = grid;
    const idAt = (g: Grid, r: number, c: number) => g.cells.find((x) => x.rowIndex === r && x.columnIndex === c)?.id;
    // The summed column to the front: its heading and sum go with it, the others shift right.
    grid = moveColumn(grid, 2, 0);
    expect(gridIsSound(grid)).toBe(true);
    expect(grid.headers.map((h) => [h.index, h.label])).toEqual([
      [0, 'Hours'],
      [1, 'Column 1'],
      [2, 'Column 2'],
    ]);
    expect(grid.headers[0]).toMatchObject({ displaySumOfColumn: true, sumOfColumnLabel: 'Total' });
    expect(idAt(grid, 1, 0)).toBe(idAt(before, 1, 2));
    expect(idAt(grid, 1, 1)).toBe(idAt(before, 1, 0));
    expect(columnSums(grid, undefined).map((s) => [s.columnIndex, s.label])).toEqual([[0, 'Total']]);
    // The last row to the top: its row text and cells with it.
    grid = moveRow(grid, 2, 0);
    expect(gridIsSound(grid)).toBe(true);
    const note = (g: Grid, r: number) => g.cells.find((x) => x.rowIndex === r && x.cellQuestion.type === 'Note');
    expect([0, 1, 2].map((r) => note(grid, r)?.cellQuestion.label)).toEqual(['Ladders', 'Scaffold', 'Row 2']);
    // An answer made on the grid before the moves scores the same after (cells are answered by id).
    const answer = bestAnswer(before);
    expect(gridSummary(grid, answer)).toEqual(gridSummary(before, answer));
    // Out of range or in place: unchanged.
    expect(moveColumn(grid, 0, 3)).toBe(grid);
    expect(moveRow(grid, 0, -1)).toBe(grid);
    expect(moveRow(grid, 1, 1)).toBe(grid);
    // Back again: the grid as it was, but for the order of its headers.
    expect(moveColumn(moveRow(grid, 0, 2), 0, 2).cells).toEqual(before.cells);
  });

  it('are made by the grid editor, each button one undo step', async () => {
    const store = new DesignerStore(sampleDraft());
    render(
      <DesignerContext.Provider value={store}>
        <PropertyPanel />
      </DesignerContext.Provider>,
    );
    let id = 0;
    act(() => {
      const outcome = store.edit('addQuestion', (d, floor) => addQuestion(d, 'grid', { pageId: 1 }, floor));
      if (outcome.ok) id = outcome.questionIds[0];
    });
    const panel = within(screen.getByTestId('designer-properties'));
    const grid = (): Grid => {
      const found = findQuestion(store.draft, id)?.question as unknown as { grid: Grid } | undefined;
      if (!found) throw new Error('no grid question');
      return found.grid;
    };
    fireEvent.change(panel.getByRole('combobox', { name: 'Cell type of column 1' }), { target: { value: 'Note' } });
    fireEvent.click(panel.getByRole('button', { name: message('designerProperties.grid.addColumn') }));
    fireEvent.change(panel.getByRole('combobox', { name: 'Cell type of column 2' }), { target: { value: 'Number' } });
    fireEvent.click(panel.getByRole('switch', { name: 'Show the sum of column 2' }));
    fireEvent.change(panel.getByRole('textbox', { name: 'Label of the sum of column 2' }), {
      target: { value: 'Total' },
    });
    fireEvent.change(panel.getByRole('textbox', { name: 'Heading of column 2' }), { target: { value: 'Hours' } });
    fireEvent.click(panel.getByRole('switch', { name: /^Cells of column 2 are required/ }));
    fireEvent.click(panel.getByRole('button', { name: message('designerProperties.grid.addRow') }));
    fireEvent.change(panel.getByRole('textbox', { name: 'Row 2: Column 1' }), { target: { value: 'Ladders' } });
    expect(grid().headers[1]).toEqual({
      index: 1,
      label: 'Hours',
      displaySumOfColumn: true,
      sumOfColumnLabel: 'Total',
    });
    expect(
      grid()
        .cells.filter((c) => c.columnIndex === 1)
        .every((c) => c.cellQuestion.isRequired),
    ).toBe(true);
    expect(grid().cells.find((c) => c.rowIndex === 1 && c.columnIndex === 0)?.cellQuestion.label).toBe('Ladders');
    expect(definitionFaults(store.draft)).toEqual([]);
    // The tick box rule is explained once a Tickbox column is there.
    fireEvent.change(panel.getByRole('combobox', { name: 'Cell type of column 1' }), { target: { value: 'Tickbox' } });
    expect(panel.getByText(message('designerProperties.grid.tickboxRule'))).toBeInTheDocument();
    // Move the second row up and the first column right, from the keyboard's buttons: the focus stays on the item.
    const cellId = (r: number, c: number) => grid().cells.find((x) => x.rowIndex === r && x.columnIndex === c)?.id;
    const secondRow = cellId(1, 0);
    const moveUp = panel.getByRole('button', { name: 'Move row 2 up' });
    moveUp.focus();
    fireEvent.click(moveUp);
    expect(cellId(0, 0)).toBe(secondRow);
    // Now the first row, its Move up is disabled: the focus is on its Move down.
    expect(document.activeElement).toBe(panel.getByRole('button', { name: 'Move row 1 down' }));
    expect(panel.getByRole('button', { name: 'Move row 1 up' })).toBeDisabled();
    const moveRight = panel.getByRole('button', { name: 'Move column 1 right' });
    moveRight.focus();
    fireEvent.click(moveRight);
    expect(headerOfIndex(grid(), 0)).toMatchObject({ label: 'Hours', displaySumOfColumn: true });
    expect(document.activeElement).toBe(panel.getByRole('button', { name: 'Move column 2 left' }));
    expect(definitionFaults(store.draft)).toEqual([]);
    // Each move one undo step.
    act(() => store.undo());
    expect(headerOfIndex(grid(), 1)).toMatchObject({ label: 'Hours' });
    act(() => store.undo());
    expect(cellId(1, 0)).toBe(secondRow);
    // Undo: the kind, the row's text (typed: one step), the added row.
    for (let i = 0; i < 3; i++) act(() => store.undo());
    expect(grid().totalRows).toBe(1);
    fireEvent.click(panel.getByRole('button', { name: 'Remove column 2' }));
    expect(grid().totalColumns).toBe(1);
    // The grid editor and the rating bands pass axe (serious and critical; contrast is the browser journeys').
    const results = await axe.run(screen.getByTestId('designer-properties'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  });
});
