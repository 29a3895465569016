/**
 * The device's merge of a conflict's answers (runtime/offline/answers.ts): units as engine/offline/merge.ts names
 * them (grid cells and comments, table rows, whole answers), each side's changes kept, the user's choice where both
 * changed a unit, and the file paths an entry's answers hold.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, FormDefinition } from '../../engine/types/generated';
import { answerPaths, mergeAnswers } from './answers';

const form = {
  id: 1,
  version: 1,
  formArea: 'quality-assurance',
  pages: [
    {
      id: 1,
      label: 'P',
      questions: [
        { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal' },
        { id: 2, label: 'Plant', type: 'TableLight', columns: [{ key: 'item', label: 'Item' }] },
      ],
    },
  ],
} as unknown as FormDefinition;

const grid = (cells: Array<[number, number, string]>, overallComments?: string): Answer => ({
  questionId: 9,
  answers: [],
  grid: {
    cells: cells.map(([rowIndex, columnIndex, value]) => ({
      cellId: rowIndex * 10 + columnIndex,
      rowIndex,
      columnIndex,
      value,
    })),
    ...(overallComments ? { overallComments } : {}),
  },
});
const row = (item: string) => JSON.stringify({ item });

describe('the device merge', () => {
  it('keeps each side changes by unit and asks only where both changed one', () => {
    const base = [{ questionId: 1, answers: ['L1'] }, { questionId: 2, answers: [row('pump')] }, grid([[0, 0, 'Yes']])];
    const mine = [
      { questionId: 1, answers: ['L2'] },
      { questionId: 2, answers: [row('pump'), row('vibrator')] },
      grid(
        [
          [0, 0, 'Yes'],
          [0, 1, 'No'],
        ],
        'mine',
      ),
    ];
    const theirs = [
      { questionId: 1, answers: ['L3'] },
      { questionId: 2, answers: [row('skip')] },
      grid([[0, 0, 'No']], 'theirs'),
    ];
    const { answers, conflicts } = mergeAnswers(form, base, mine, theirs, (q) => (q === 1 ? 'mine' : undefined));
    expect(conflicts.map((c) => `${c.questionId} ${c.unit}`)).toEqual(['1 ', '9 comments']);
    expect(conflicts[0]).toMatchObject({
      base: { answers: ['L1'] },
      mine: { answers: ['L2'] },
      theirs: { answers: ['L3'] },
    });
    const byId = new Map(answers.map((a) => [a.questionId, a]));
    expect(byId.get(1)?.answers).toEqual(['L2']);
    // Row 0 changed by them, row 1 added by me; the grid cell each side changed kept; the comments the server's.
    expect(byId.get(2)?.answers).toEqual([row('skip'), row('vibrator')]);
    expect(byId.get(9)?.grid).toEqual({
      cells: [
        { cellId: 0, rowIndex: 0, columnIndex: 0, value: 'No' },
        { cellId: 1, rowIndex: 0, columnIndex: 1, value: 'No' },
      ],
      overallComments: 'theirs',
    });
  });

  it('lists the file paths answers hold', () => {
    expect([...answerPaths([{ questionId: 3, answers: ['files/a1/p.jpg', 'text'] }])]).toEqual(['files/a1/p.jpg']);
  });
});
