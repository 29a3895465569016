/**
 * The canvas's speed rule (issue 21 part 2 "drag and drop stays smooth with hundreds of questions"): a question's
 * widgets render again only when its own question changed. Selecting, or editing another question, renders no
 * other row's widgets (RJSF's Form is wrapped here to count each row's renders by its id prefix). An added question
 * shows in the edit's own render with its label in the widgets' place, and its widgets follow after that frame is
 * painted (issue 21 "Speed": the edit's frame holds no RJSF form; docs/performance.md "The third pass", ../after-paint.ts). A page shown (a tab,
 * an Undo of its deletion) mounts the rows in view in the edit's render and the overscan rows after it ("The fourth
 * pass").
 */
import { act, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPage, addQuestion, type Draft, deletePage, updateQuestion } from '../../engine/designer';
import { DesignerStore } from '../store';
import { firstFrameOf, layOut, longDraft, nextPaint, renderDesigner } from '../test/render';
import { Canvas } from './Canvas';

const renders: string[] = [];

vi.mock('@rjsf/mui', async (original) => {
  const actual = (await original()) as { default: ComponentType<{ idPrefix?: string }> };
  const Form = actual.default;
  const Counted = (props: { idPrefix?: string }) => {
    renders.push(String(props.idPrefix));
    return <Form {...props} />;
  };
  return { ...actual, default: Counted };
});

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = layOut();
});
afterAll(() => undoLayout());

describe('Canvas renders', () => {
  it("renders a row's widgets again only when its question changed", async () => {
    const store = new DesignerStore(longDraft(40));
    renderDesigner(store, <Canvas />);
    expect(renders).toContain('design-1');
    renders.length = 0;
    act(() => store.select(2));
    act(() => store.select(3, 'toggle'));
    act(() => store.select(1, 'range'));
    expect(renders).toEqual([]);
    await act(async () => {
      store.edit('updateQuestion', (draft) => updateQuestion(draft, 2, { label: 'Edited' }), { mergeKey: 'label' });
    });
    expect(renders).toEqual(['design-2']);
  });

  it("shows a label typed into a light question in the edit's own render, and a grid's after it", async () => {
    let draft = longDraft(3);
    const grid = addQuestion(draft, 'grid', { pageId: 1, index: 0 });
    if (!grid.ok) throw new Error('no grid');
    draft = grid.definition;
    const gridId = grid.questionIds[0];
    const store = new DesignerStore(draft);
    const { container } = renderDesigner(store, <Canvas />);
    await nextPaint();
    const textId = draft.pages[0].questions[1].id;
    const rowOf = (id: number) => container.querySelector(`[data-testid="canvas-question-${id}"]`);
    renders.length = 0;
    // A text question: its widgets, with the new label, in the edit's own render (one frame, ./QuestionPreview.tsx).
    await firstFrameOf(() =>
      store.edit('updateQuestion', (d) => updateQuestion(d, textId, { label: 'Typed here' }), { mergeKey: 'label' }),
    );
    expect(renders).toEqual([`design-${textId}`]);
    expect(rowOf(textId)?.querySelector('.dc-preview')?.textContent).toContain('Typed here');
    renders.length = 0;
    // A grid: the edit's own render leaves its widgets as they were; they follow in a deferred render.
    await firstFrameOf(() =>
      store.edit('updateQuestion', (d) => updateQuestion(d, gridId, { label: 'Grid typed' }), { mergeKey: 'label' }),
    );
    expect(renders).toEqual([]);
    expect(rowOf(gridId)?.querySelector('.dc-preview')?.textContent).not.toContain('Grid typed');
    await waitFor(() => expect(rowOf(gridId)?.querySelector('.dc-preview')?.textContent).toContain('Grid typed'));
    expect(renders).toEqual([`design-${gridId}`]);
  });

  it("shows an added question at once with its label, then its widgets; no other row's widgets render", async () => {
    const store = new DesignerStore(longDraft(40));
    const { container } = renderDesigner(store, <Canvas />);
    // The canvas has shown its first page: a row mounted now paints its label first.
    await nextPaint();
    act(() => store.select(2));
    renders.length = 0;
    let added = 0;
    await firstFrameOf(() => {
      const outcome = store.edit('addQuestion', (draft, floor) =>
        addQuestion(draft, 'text', { pageId: 1, index: 2 }, floor),
      );
      if (outcome.ok) added = outcome.questionIds[0];
    });
    // The edit's own render: the new row, selected, its label where its widgets will be; no form rendered yet.
    const row = container.querySelector(`[data-testid="canvas-question-${added}"]`);
    expect(row).not.toBeNull();
    expect(row?.getAttribute('data-selected')).not.toBeNull();
    expect(row?.querySelector('[data-preview-pending]')?.textContent).toBe(store.draft.pages[0].questions[2].label);
    expect(renders).toEqual([]);
    // The rows below it were told their new places (their position in the list), without their widgets.
    expect(container.querySelector('[data-testid="canvas-question-3"]')?.getAttribute('aria-label')).toMatch(
      /question 4 of 41$/,
    );
    // Then its widgets, after that frame (../after-paint.ts), and only its own.
    expect(row?.querySelector('[data-preview-pending]')).not.toBeNull();
    await nextPaint();
    await waitFor(() => expect(row?.querySelector('[data-preview-pending]')).toBeNull());
    expect(renders).toEqual([`design-${added}`]);
  });

  it('shows a page restored by Undo with the rows in view first, then the rows around them', async () => {
    // Two pages of 30: the second one deleted, then its deletion undone (it is shown again).
    let draft: Draft = longDraft(30);
    const added = addPage(draft, {});
    if (!added.ok) throw new Error('no page');
    draft = added.definition;
    const second = draft.pages[1].id;
    for (let i = 0; i < 30; i++) {
      const outcome = addQuestion(draft, 'text', { pageId: second });
      if (outcome.ok) draft = outcome.definition;
    }
    const store = new DesignerStore(draft);
    const { container } = renderDesigner(store, <Canvas />);
    const rows = () => [...container.querySelectorAll<HTMLElement>('[data-question-id]')];
    // The opening page: the rows in view (an 800 px canvas, rows estimated at 112 px: 8) and the overscan below (4).
    expect(rows()).toHaveLength(12);
    act(() => store.showPage(second));
    await waitFor(() => expect(rows()).toHaveLength(12));
    act(() => {
      store.edit('deletePage', (d) => deletePage(d, second));
    });
    await waitFor(() => expect(rows()[0]?.dataset.questionId).toBe(String(draft.pages[0].questions[0].id)));
    renders.length = 0;
    await firstFrameOf(() => store.undo());
    // The Undo's own render: the restored page's rows in view only, with their labels; no widgets rendered.
    const secondIds = new Set(draft.pages[1].questions.map((q) => String(q.id)));
    expect(store.getState().pageId).toBe(second);
    expect(rows().map((row) => row.dataset.questionId)).toEqual(
      draft.pages[1].questions.slice(0, 8).map((q) => String(q.id)),
    );
    expect(renders).toEqual([]);
    // Then the overscan rows, and every row's widgets.
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(rows().every((row) => secondIds.has(row.dataset.questionId ?? ''))).toBe(true);
    await waitFor(() => expect(container.querySelector('[data-preview-pending]')).toBeNull());
  });
});
