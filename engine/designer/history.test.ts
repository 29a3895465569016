import { describe, expect, it } from 'vitest';
import { layout, sampleDraft } from '../test/designer';
import {
  addPage,
  addQuestion,
  canRedo,
  canUndo,
  createHistory,
  deletePage,
  deleteQuestions,
  findQuestion,
  highestIds,
  nextQuestionId,
  perform,
  record,
  redo,
  redoKind,
  undo,
  undoKind,
  updateQuestion,
} from './index';

describe('undo and redo', () => {
  it('undo of a page deletion brings the page back with its questions, in its place; redo deletes it again', () => {
    const start = createHistory(sampleDraft());
    const { history: deleted } = perform(start, 'deletePage', (draft) => deletePage(draft, 1));
    expect(layout(deleted.present)).toEqual({ 2: [4, 5] });
    expect(undoKind(deleted)).toBe('deletePage');
    const undone = undo(deleted);
    expect(undone.present).toBe(start.present);
    expect(redoKind(undone)).toBe('deletePage');
    expect(redo(undone).present).toBe(deleted.present);
  });

  it('undo of a delete on another page restores the question where it was, after edits on other pages', () => {
    let history = createHistory(sampleDraft());
    history = perform(history, 'deleteQuestions', (draft) => deleteQuestions(draft, [2])).history;
    history = perform(history, 'addQuestion', (draft, floor) =>
      addQuestion(draft, 'text', { pageId: 2 }, floor),
    ).history;
    expect(layout(history.present)).toEqual({ 1: [1, 3], 2: [4, 5, 6] });
    history = undo(undo(history));
    expect(layout(history.present)).toEqual({ 1: [1, 2, 3], 2: [4, 5] });
    expect(findQuestion(history.present, 2)?.question.label).toBe('Hot works?');
  });

  it('a new edit clears what could be redone; a refused edit or one that changes nothing records nothing', () => {
    let history = createHistory(sampleDraft());
    history = perform(history, 'addPage', (draft, floor) => addPage(draft, {}, floor)).history;
    history = undo(history);
    expect(canRedo(history)).toBe(true);
    history = perform(history, 'deletePage', (draft) => deletePage(draft, 2)).history;
    expect(canRedo(history)).toBe(false);
    expect(history.past).toHaveLength(1);
    const refusedEdit = perform(history, 'deletePage', (draft) => deletePage(draft, 1));
    expect(refusedEdit.outcome).toEqual({ ok: false, messageId: 'designer.lastPage' });
    expect(refusedEdit.history).toBe(history);
    expect(record(history, { ok: true, definition: history.present, questionIds: [] }, 'renamePage')).toBe(history);
    expect(undo(createHistory(sampleDraft())).past).toEqual([]);
    expect(redo(history)).toBe(history);
  });

  it('keeps at most `limit` steps, the oldest going first', () => {
    let history = createHistory(sampleDraft(), { limit: 3 });
    for (const label of ['a', 'b', 'c', 'd', 'e'])
      history = perform(history, 'updateQuestion', (draft) => updateQuestion(draft, 1, { label })).history;
    expect(history.past).toHaveLength(3);
    while (canUndo(history)) history = undo(history);
    expect(findQuestion(history.present, 1)?.question.label).toBe('b');
    expect(createHistory(sampleDraft()).limit).toBe(200);
  });

  it('edits with the same merge key in a row are one step (typing a label)', () => {
    let history = createHistory(sampleDraft());
    for (const label of ['H', 'Ho', 'Hot'])
      history = perform(history, 'updateQuestion', (draft) => updateQuestion(draft, 1, { label }), 'q1.label').history;
    history = perform(history, 'updateQuestion', (draft) => updateQuestion(draft, 1, { required: true })).history;
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(findQuestion(history.present, 1)?.question).toMatchObject({ label: 'Hot' });
    expect(findQuestion(undo(history).present, 1)?.question.label).toBe('Area');
  });

  it('never gives an undone question’s id to a new question (nor one below the floor it started with)', () => {
    let history = createHistory(sampleDraft(), { floor: { question: 3 } });
    expect(history.floor).toEqual({ question: 5, page: 2 });
    history = perform(history, 'addQuestion', (draft, floor) =>
      addQuestion(draft, 'text', { pageId: 1 }, floor),
    ).history;
    history = undo(history);
    const again = perform(history, 'addQuestion', (draft, floor) => addQuestion(draft, 'text', { pageId: 1 }, floor));
    expect(again.outcome).toMatchObject({ questionIds: [7] });
    expect(createHistory(sampleDraft(), { floor: { question: 100, page: 50 } }).floor).toEqual({
      question: 100,
      page: 50,
    });
  });
});

describe('the highest ids (kept per page between edits)', () => {
  it('follow every edit: an added question, a page whose array was filled after it was first counted', () => {
    let draft = sampleDraft();
    const before = highestIds(draft).question;
    const added = addQuestion(draft, 'text', { pageId: draft.pages[1].id });
    if (!added.ok) throw new Error('not added');
    draft = added.definition;
    expect(highestIds(draft).question).toBe(before + 1);
    expect(nextQuestionId(draft)).toBe(before + 2);
    // An array a builder is still filling (the importers push into theirs) is counted again.
    const questions = [...draft.pages[0].questions];
    const page = { ...draft.pages[0], questions };
    expect(nextQuestionId({ pages: [page] })).toBe(Math.max(...questions.map((q) => q.id)) + 1);
    questions.push({ ...questions[0], id: 900 });
    expect(nextQuestionId({ pages: [page] })).toBe(901);
  });
});
