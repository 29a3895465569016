import { describe, expect, it } from 'vitest';
import { definitionFaults, layout, sampleDraft } from '../test/designer';
import type { FormDefinition } from '../types/generated';
import {
  CLIPBOARD_FORMAT,
  copyQuestions,
  duplicateQuestions,
  findQuestion,
  MAX_QUESTIONS,
  pasteQuestions,
  readClipboard,
} from './index';

function pasted(outcome: ReturnType<typeof pasteQuestions>): FormDefinition {
  if (!outcome.ok) throw new Error(outcome.messageId);
  return outcome.definition;
}

describe('copy and paste', () => {
  it('the clipboard is JSON with a format marker and version, read back as it was', () => {
    const clipboard = copyQuestions(sampleDraft(), [3, 2, 99]);
    expect(clipboard).toMatchObject({ format: CLIPBOARD_FORMAT, version: 1, sourceFormId: 7 });
    expect(clipboard.questions.map((question) => question.id)).toEqual([2, 3]);
    expect(readClipboard(JSON.stringify(clipboard))).toEqual(clipboard);
    const numbers = { ...clipboard, questions: [{ id: 1, type: 'Text', extendedType: 'Number', label: 'A', min: 1 }] };
    expect(readClipboard(numbers)).toEqual(numbers);
    for (const bad of [
      'not json',
      '{}',
      JSON.stringify({ ...clipboard, version: 2 }),
      JSON.stringify({ ...clipboard, questions: [] }),
      JSON.stringify({ ...clipboard, questions: [{ id: 'x', type: 'Text', label: 'A' }] }),
      JSON.stringify({ ...clipboard, questions: [{ id: 1, type: 'Bogus', label: 'A' }] }),
      JSON.stringify({ ...clipboard, questions: [{ id: 1, type: 'Dropdown', label: 'A', min: 1 }] }),
      null,
    ])
      expect(readClipboard(bad)).toBeUndefined();
  });

  it('pasted into the same form: new ids, conditions among the block follow the copies, others are kept', () => {
    const draft = sampleDraft();
    const clipboard = copyQuestions(draft, [2, 3, 5]);
    const outcome = pasteQuestions(draft, clipboard, { pageId: 2, index: 0 });
    expect(outcome).toMatchObject({ ok: true, questionIds: [6, 7, 8], unlinked: [] });
    const def = pasted(outcome);
    expect(layout(def)).toEqual({ 1: [1, 2, 3], 2: [6, 7, 8, 4, 5] });
    expect(findQuestion(def, 7)?.question.visibleWhen).toEqual({ questionId: 6, equals: 'Yes' });
    expect(findQuestion(def, 8)?.question.visibleWhen).toEqual({ questionId: 1 });
    expect(findQuestion(def, 3)?.question.visibleWhen).toEqual({ questionId: 2, equals: 'Yes' });
    expect(definitionFaults(def)).toEqual([]);
  });

  it('pasted into another form: ids unique there, a condition on a question left behind is removed and reported', () => {
    const clipboard = JSON.parse(JSON.stringify(copyQuestions(sampleDraft(), [3, 5])));
    const other = { ...sampleDraft(), id: 8 };
    const outcome = pasteQuestions(other, readClipboard(clipboard) ?? clipboard, { pageId: 1 }, { question: 20 });
    expect(outcome).toMatchObject({ ok: true, questionIds: [21, 22], unlinked: [21, 22] });
    const def = pasted(outcome);
    expect(findQuestion(def, 21)?.question).toEqual({ id: 21, label: 'Permit', type: 'Text', extendedType: 'Long' });
    expect(definitionFaults(def)).toEqual([]);
  });

  it('a grid pasted names its new question in its table', () => {
    const draft = sampleDraft();
    const withGrid = pasted(
      pasteQuestions(
        draft,
        {
          format: CLIPBOARD_FORMAT,
          version: 1,
          sourceFormId: 3,
          questions: [
            {
              id: 40,
              label: 'Checklist',
              type: 'Grid',
              grid: {
                questionId: 40,
                totalColumns: 1,
                totalRows: 1,
                headers: [{ index: 0, label: 'Done' }],
                cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 1, type: 'Tickbox' } }],
              },
            },
          ],
        },
        { pageId: 1 },
      ),
    );
    expect(findQuestion(withGrid, 6)?.question).toMatchObject({ id: 6, grid: { questionId: 6 } });
  });

  it('refuses beyond the form’s question limit, and a page not in the form', () => {
    const draft = sampleDraft();
    const many = {
      ...copyQuestions(draft, [1]),
      questions: Array.from({ length: MAX_QUESTIONS }, (_, i) => ({ id: i + 1, label: 'A', type: 'Text' }) as never),
    };
    expect(pasteQuestions(draft, many, { pageId: 1 })).toMatchObject({
      ok: false,
      messageId: 'designer.tooManyQuestions',
    });
    expect(pasteQuestions(draft, copyQuestions(draft, [1]), { pageId: 5 })).toMatchObject({
      messageId: 'designer.notFound',
    });
  });
});

describe('duplicate', () => {
  it('puts the copies right after the last of the originals, a condition among them following the copies', () => {
    const draft = sampleDraft();
    const outcome = duplicateQuestions(draft, [2, 3]);
    expect(outcome).toMatchObject({ ok: true, questionIds: [6, 7] });
    const def = pasted(outcome);
    expect(layout(def)[1]).toEqual([1, 2, 3, 6, 7]);
    expect(findQuestion(def, 6)?.question).toMatchObject({
      label: 'Hot works?',
      options: [{ value: 'Yes' }, { value: 'No' }],
    });
    expect(findQuestion(def, 7)?.question.visibleWhen).toEqual({ questionId: 6, equals: 'Yes' });
    expect(layout(pasted(duplicateQuestions(draft, [5])))[2]).toEqual([4, 5, 6]);
    expect(findQuestion(pasted(duplicateQuestions(draft, [5])), 6)?.question.visibleWhen).toEqual({ questionId: 1 });
    expect(duplicateQuestions(draft, [99])).toEqual({ ok: false, messageId: 'designer.notFound' });
  });
});
