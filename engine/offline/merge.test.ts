/** The per-question merge of an entry's answers (issue 26 §5; engine/offline/merge.ts). */
import { describe, expect, it } from 'vitest';
import { gridSummary } from '../forms/grid';
import type { Answer, FormDefinition, Grid, GridCell } from '../types/generated';
import { answerUnits, applyResolutions, mergeAnswers } from './merge';

const score = [
  { id: 1, value: '0' },
  { id: 2, value: '1' },
  { id: 3, value: '2' },
];

/** Two rows: Item (Note) | Score (Dropdown 0-2) | Remarks (Text). */
function makeGrid(): Grid {
  const cells: GridCell[] = [];
  let id = 1;
  for (let row = 0; row < 2; row++) {
    cells.push({
      id: id++,
      rowIndex: row,
      columnIndex: 0,
      cellQuestion: { id: 100 + row, type: 'Note', label: `Item ${row + 1}` },
    });
    cells.push({
      id: id++,
      rowIndex: row,
      columnIndex: 1,
      cellQuestion: { id: 200 + row, type: 'Dropdown', options: score },
    });
    cells.push({ id: id++, rowIndex: row, columnIndex: 2, cellQuestion: { id: 300 + row, type: 'Text' } });
  }
  return {
    totalColumns: 3,
    totalRows: 2,
    headers: [
      { index: 0, label: 'Item' },
      { index: 1, label: 'Score' },
      { index: 2, label: 'Remarks' },
    ],
    cells,
  };
}

const grid = makeGrid();

const form = {
  id: 9,
  clientId: 1,
  formArea: 'quality-assurance',
  title: 'Merge check',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: 'One',
      questions: [
        { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal' },
        {
          id: 2,
          label: 'Grade',
          type: 'Dropdown',
          options: [
            { id: 1, value: 'C30' },
            { id: 2, value: 'C40' },
            { id: 3, value: 'Other' },
          ],
          allowOther: true,
        },
        {
          id: 3,
          label: 'Checks',
          type: 'Checkbox',
          options: [
            { id: 1, value: 'Formwork' },
            { id: 2, value: 'Cover' },
            { id: 3, value: 'Rebar' },
          ],
        },
        { id: 4, label: 'Inspection', type: 'Grid', grid },
        {
          id: 5,
          label: 'Plant',
          type: 'TableLight',
          columns: [
            { id: 1, value: 'Item' },
            { id: 2, value: 'Owner' },
          ],
        },
        { id: 6, label: 'Comments', type: 'Text', extendedType: 'Long' },
      ],
    },
  ],
} as unknown as FormDefinition;

const text = (questionId: number, value: string): Answer => ({ questionId, answers: [value] });
const cell = (row: number, column: number, value: string) => {
  const def = grid.cells.find((c) => c.rowIndex === row && c.columnIndex === column) as GridCell;
  return { cellId: def.id, rowIndex: row, columnIndex: column, gridCellQuestionId: def.cellQuestion.id, value };
};
const gridAnswer = (cells: ReturnType<typeof cell>[], overallComments?: string): Answer => ({
  questionId: 4,
  answers: [],
  grid: { cells, ...(overallComments ? { overallComments } : {}) },
});
const rows = (...values: Array<Record<string, string>>): Answer => ({
  questionId: 5,
  answers: values.map((v) => JSON.stringify(v)),
});
const find = (answers: Answer[], questionId: number) => answers.find((a) => a.questionId === questionId);

const base: Answer[] = [
  text(1, 'Level 2'),
  { questionId: 3, answers: ['Formwork'] },
  gridAnswer([cell(0, 1, '1'), cell(1, 1, '1')]),
  rows({ c1: 'Mixer', c2: 'Acme' }, { c1: 'Pump', c2: 'Acme' }),
];

describe('answerUnits', () => {
  it('splits a grid into its cells and comments, a table into its rows, any other answer whole', () => {
    const units = [...answerUnits(form, [...base, gridAnswer([cell(0, 2, 'ok')], 'fine')]).values()];
    expect(units.map((u) => `${u.questionId}/${u.unit}`)).toEqual([
      '1/',
      '3/',
      '4/cell:0:1',
      '4/cell:1:1',
      '5/row:0',
      '5/row:1',
      '4/cell:0:2',
      '4/comments',
    ]);
    // An option list is one unit: its values together, as the question's answer is.
    expect(units.find((u) => u.questionId === 3)?.value).toEqual({ answers: ['Formwork'] });
    expect(units.find((u) => u.unit === 'row:1')?.value).toEqual({ c1: 'Pump', c2: 'Acme' });
    // The computed scores are no unit.
    expect(units.some((u) => JSON.stringify(u.value).includes('totalScore'))).toBe(false);
  });

  it('reads an answer with no values (and no Other text) as unanswered', () => {
    expect(answerUnits(form, [{ questionId: 1, answers: [] }]).size).toBe(0);
    expect([...answerUnits(form, [{ questionId: 2, answers: [], other: 'C45' }]).values()]).toHaveLength(1);
  });
});

describe('mergeAnswers', () => {
  it('keeps both sides where they changed different questions', () => {
    const mine = base.map((a) => (a.questionId === 1 ? text(1, 'Level 3') : a));
    const theirs = [...base, text(6, 'Poured at 9')];
    const merged = mergeAnswers(form, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(find(merged.answers, 1)?.answers).toEqual(['Level 3']);
    expect(find(merged.answers, 6)?.answers).toEqual(['Poured at 9']);
  });

  it('is no conflict when both sides made the same change', () => {
    const changed = base.map((a) => (a.questionId === 1 ? text(1, 'Roof') : a));
    const merged = mergeAnswers(form, base, changed, changed);
    expect(merged.conflicts).toEqual([]);
    expect(find(merged.answers, 1)?.answers).toEqual(['Roof']);
  });

  it('reports a question changed on both sides differently, with the three values, and keeps theirs', () => {
    const mine = base.map((a) => (a.questionId === 1 ? text(1, 'Level 3') : a));
    const theirs = base.map((a) => (a.questionId === 1 ? text(1, 'Basement') : a));
    const merged = mergeAnswers(form, base, mine, theirs);
    expect(merged.conflicts).toEqual([
      {
        questionId: 1,
        unit: '',
        label: 'Location',
        base: { answers: ['Level 2'] },
        mine: { answers: ['Level 3'] },
        theirs: { answers: ['Basement'] },
      },
    ]);
    expect(find(merged.answers, 1)?.answers).toEqual(['Basement']);
  });

  it('treats an option list as one answer: two different ticks are a conflict, not a union', () => {
    const mine = base.map((a) => (a.questionId === 3 ? { questionId: 3, answers: ['Formwork', 'Cover'] } : a));
    const theirs = base.map((a) => (a.questionId === 3 ? { questionId: 3, answers: ['Formwork', 'Rebar'] } : a));
    const merged = mergeAnswers(form, base, mine, theirs);
    expect(merged.conflicts.map((c) => [c.questionId, c.unit])).toEqual([[3, '']]);
  });

  it('merges a grid cell by cell, recomputing the scores; the same cell is a conflict labelled by row and column', () => {
    const mine = base.map((a) => (a.questionId === 4 ? gridAnswer([cell(0, 1, '2'), cell(1, 1, '1')]) : a));
    const theirs = base.map((a) => (a.questionId === 4 ? gridAnswer([cell(0, 1, '1'), cell(1, 1, '0')], 'Tidy') : a));
    const merged = mergeAnswers(form, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    const answer = find(merged.answers, 4);
    expect(answer?.grid).toEqual({ cells: [cell(0, 1, '2'), cell(1, 1, '0')], overallComments: 'Tidy' });
    // The scores are the merged cells' (2 + 0 of 4), never either side's.
    const summary = gridSummary(grid, answer?.grid);
    expect([answer?.totalScore, answer?.maxScore]).toEqual([summary.totalScore, summary.maxScore]);
    expect(answer?.totalScore).toBe(2);

    const clash = base.map((a) => (a.questionId === 4 ? gridAnswer([cell(0, 1, '0'), cell(1, 1, '1')]) : a));
    const conflicted = mergeAnswers(form, base, mine, clash);
    expect(conflicted.conflicts).toEqual([
      { questionId: 4, unit: 'cell:0:1', label: 'Inspection: row 1, Score', base: '1', mine: '2', theirs: '0' },
    ]);
    expect(find(conflicted.answers, 4)?.grid?.cells).toEqual([cell(0, 1, '0'), cell(1, 1, '1')]);
  });

  it('merges a table row by row: a row added on one side and another row changed on the other both stand', () => {
    const mine = base.map((a) =>
      a.questionId === 5
        ? rows({ c1: 'Mixer', c2: 'Acme' }, { c1: 'Pump', c2: 'Acme' }, { c1: 'Crane', c2: 'Lift Co' })
        : a,
    );
    const theirs = base.map((a) =>
      a.questionId === 5 ? rows({ c1: 'Mixer', c2: 'Hire Ltd' }, { c1: 'Pump', c2: 'Acme' }) : a,
    );
    const merged = mergeAnswers(form, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(find(merged.answers, 5)?.answers.map((v) => JSON.parse(String(v)))).toEqual([
      { c1: 'Mixer', c2: 'Hire Ltd' },
      { c1: 'Pump', c2: 'Acme' },
      { c1: 'Crane', c2: 'Lift Co' },
    ]);

    const other = base.map((a) =>
      a.questionId === 5 ? rows({ c1: 'Mixer', c2: 'Other Co' }, { c1: 'Pump', c2: 'Acme' }) : a,
    );
    const conflicted = mergeAnswers(form, base, theirs, other);
    expect(conflicted.conflicts).toEqual([
      {
        questionId: 5,
        unit: 'row:0',
        label: 'Plant: row 1',
        base: { c1: 'Mixer', c2: 'Acme' },
        mine: { c1: 'Mixer', c2: 'Hire Ltd' },
        theirs: { c1: 'Mixer', c2: 'Other Co' },
      },
    ]);
  });

  it('takes a removal as a change: an answer cleared on one side is cleared, cleared against a change is a conflict', () => {
    const mine = base.filter((a) => a.questionId !== 1);
    const merged = mergeAnswers(form, base, mine, base);
    expect(find(merged.answers, 1)).toBeUndefined();
    const theirs = base.map((a) => (a.questionId === 1 ? text(1, 'Level 4') : a));
    const conflicted = mergeAnswers(form, base, mine, theirs);
    expect(conflicted.conflicts).toMatchObject([{ questionId: 1, mine: null, theirs: { answers: ['Level 4'] } }]);
  });

  it('merges a new entry of both sides (no base) where they agree, and reports where they differ', () => {
    const merged = mergeAnswers(form, [], [text(1, 'A'), text(6, 'x')], [text(1, 'A'), text(6, 'y')]);
    expect(merged.conflicts.map((c) => c.questionId)).toEqual([6]);
    expect(find(merged.answers, 1)?.answers).toEqual(['A']);
  });
});

describe('applyResolutions', () => {
  it("puts back mine where chosen, keeps theirs elsewhere, and recomputes a grid's scores", () => {
    const mine = base.map((a) => {
      if (a.questionId === 1) return text(1, 'Level 3');
      if (a.questionId === 4) return gridAnswer([cell(0, 1, '2'), cell(1, 1, '1')]);
      return a;
    });
    const theirs = base.map((a) => {
      if (a.questionId === 1) return text(1, 'Basement');
      if (a.questionId === 4) return gridAnswer([cell(0, 1, '0'), cell(1, 1, '1')]);
      return a;
    });
    const { answers, conflicts } = mergeAnswers(form, base, mine, theirs);
    expect(conflicts.map((c) => `${c.questionId}/${c.unit}`)).toEqual(['1/', '4/cell:0:1']);
    const resolved = applyResolutions(form, answers, conflicts, [
      { questionId: 1, unit: '', chosen: 'theirs' },
      { questionId: 4, unit: 'cell:0:1', chosen: 'mine' },
      { questionId: 99, unit: '', chosen: 'mine' },
    ]);
    expect(find(resolved, 1)?.answers).toEqual(['Basement']);
    expect(find(resolved, 4)?.grid?.cells).toEqual([cell(0, 1, '2'), cell(1, 1, '1')]);
    expect(find(resolved, 4)?.totalScore).toBe(3);
    // Nothing else moved.
    expect(find(resolved, 5)).toEqual(find(base, 5));
  });

  it('removes the answer when the chosen side had none', () => {
    const mine = base.filter((a) => a.questionId !== 1);
    const theirs = base.map((a) => (a.questionId === 1 ? text(1, 'Level 4') : a));
    const { answers, conflicts } = mergeAnswers(form, base, mine, theirs);
    const resolved = applyResolutions(form, answers, conflicts, [{ questionId: 1, unit: '', chosen: 'mine' }]);
    expect(find(resolved, 1)).toBeUndefined();
  });
});
