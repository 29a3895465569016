import { describe, expect, it } from 'vitest';
import { addPage, addQuestion, deletePage, deleteQuestions, renamePage } from '../engine/designer';
import { sampleDraft } from '../engine/test/designer';
import { DesignerStore } from './store';

describe('DesignerStore', () => {
  it('selects what an edit adds and shows its page; undo and redo restore the draft and a valid page', () => {
    const store = new DesignerStore(sampleDraft());
    const firstPage = store.draft.pages[0].id;
    const added = store.edit('addPage', (d, floor) => addPage(d, {}, floor));
    expect(added.ok).toBe(true);
    const newPage = store.getState().pageId;
    expect(newPage).not.toBe(firstPage);
    store.edit('addQuestion', (d, floor) => addQuestion(d, 'text', { pageId: newPage }, floor));
    const [questionId] = store.getState().selected;
    expect(store.draft.pages.find((p) => p.id === newPage)?.questions.map((q) => q.id)).toContain(questionId);

    store.showPage(firstPage);
    store.edit('deletePage', (d) => deletePage(d, newPage));
    expect(store.draft.pages.some((p) => p.id === newPage)).toBe(false);
    store.undo();
    // The page that came back is shown, with its question.
    expect(store.getState().pageId).toBe(newPage);
    expect(store.draft.pages.find((p) => p.id === newPage)?.questions[0].id).toBe(questionId);
    store.redo();
    expect(store.getState().pageId).toBe(firstPage);
    expect(store.getState().selected).toEqual([]);
  });

  it('closes the form settings when an edit adds a question, so the panel shows the new question', () => {
    const store = new DesignerStore(sampleDraft());
    store.openSettings();
    expect(store.getState().settingsOpen).toBe(true);
    const pageId = store.getState().pageId;
    store.edit('addQuestion', (d, floor) => addQuestion(d, 'text', { pageId }, floor));
    expect(store.getState().settingsOpen).toBe(false);
    expect(store.getState().selected).toHaveLength(1);
  });

  it('turns a refusal into an error notice and changes nothing', () => {
    const store = new DesignerStore(sampleDraft());
    const before = store.draft;
    const only = store.draft.pages.length === 1;
    if (!only) for (const page of store.draft.pages.slice(1)) store.edit('deletePage', (d) => deletePage(d, page.id));
    const outcome = store.edit('deletePage', (d) => deletePage(d, store.draft.pages[0].id));
    expect(outcome.ok).toBe(false);
    expect(store.getState().notice).toMatchObject({ messageId: 'designer.lastPage', severity: 'error' });
    if (only) expect(store.draft).toBe(before);
  });

  it('merges typed edits with one merge key into one undo step, and notifies subscribers', () => {
    const store = new DesignerStore(sampleDraft());
    const pageId = store.draft.pages[0].id;
    const original = store.draft.pages[0].label;
    let calls = 0;
    store.subscribe(() => calls++);
    store.edit('renamePage', (d) => renamePage(d, pageId, 'S'), { mergeKey: 'page' });
    store.edit('renamePage', (d) => renamePage(d, pageId, 'Si'), { mergeKey: 'page' });
    store.edit('renamePage', (d) => renamePage(d, pageId, 'Site'), { mergeKey: 'page' });
    expect(store.draft.pages[0].label).toBe('Site');
    expect(calls).toBe(3);
    store.undo();
    expect(store.draft.pages[0].label).toBe(original);
  });

  it('range-selects questions of the shown page and drops deleted ones from the selection', () => {
    const store = new DesignerStore(sampleDraft());
    const page = store.draft.pages[0];
    for (let i = 0; i < 3; i++) store.edit('addQuestion', (d, f) => addQuestion(d, 'text', { pageId: page.id }, f));
    const ids = store.draft.pages[0].questions.map((q) => q.id);
    store.select(ids[0]);
    store.select(ids[2], 'range');
    expect(store.getState().selected).toEqual(ids.slice(0, 3));
    store.edit('deleteQuestions', (d) => deleteQuestions(d, [ids[1]]), {
      notice: { messageId: 'designer.notFound', undoable: true },
    });
    expect(store.getState().selected).toEqual([ids[0], ids[2]]);
    expect(store.getState().notice).toMatchObject({ undoable: true, severity: 'info' });
  });

  it('extends a range from its anchor, down and back up, the question reached last', () => {
    const store = new DesignerStore(sampleDraft());
    const page = store.draft.pages[0];
    for (let i = 0; i < 4; i++) store.edit('addQuestion', (d, f) => addQuestion(d, 'text', { pageId: page.id }, f));
    const ids = store.draft.pages[0].questions.map((q) => q.id);
    store.select(ids[2]);
    store.select(ids[3], 'range');
    store.select(ids[4], 'range');
    // From the anchor (the question clicked), not from the last selected.
    expect(store.getState().selected).toEqual([ids[2], ids[3], ids[4]]);
    // Back up past the anchor: the range turns round it.
    store.select(ids[1], 'range');
    expect(store.getState().selected).toEqual([ids[2], ids[1]]);
    store.select(ids[0], 'range');
    expect(store.getState().selected).toEqual([ids[1], ids[2], ids[0]]);
    // A toggle sets a new anchor.
    store.select(ids[4], 'toggle');
    store.select(ids[5], 'range');
    expect(store.getState().selected).toEqual([ids[4], ids[5]]);
    // The anchor deleted: the range starts at the last selected.
    store.edit('deleteQuestions', (d) => deleteQuestions(d, [ids[4]]));
    store.select(ids[3], 'range');
    expect(store.getState().selected).toEqual([ids[5], ids[3]]);
  });
});
