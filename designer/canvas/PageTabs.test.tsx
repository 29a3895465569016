/**
 * The page tabs (issue 21 part 2): the pages as tabs; add, rename, move left and right, delete with a
 * confirmation naming how many questions go and what depends on them (undoable); and what a drop does
 * (./dnd.tsx applyDrop: a question onto a tab, a field type onto a row, a tab onto a tab, a row onto a row).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { message } from '../../engine/messages/catalogue';
import { sampleDraft } from '../../engine/test/designer';
import { DesignerStore } from '../store';
import { renderDesigner } from '../test/render';
import { applyDrop } from './dnd';
import { PageTabs } from './PageTabs';

const tabNames = () => screen.getAllByRole('tab', { hidden: true }).map((tab) => tab.textContent);
/** The shown page's actions button, once no dialog hides it. */
const pageMenu = (page: string) => screen.findByRole('button', { name: message('designerCanvas.pageMenu', { page }) });

describe('PageTabs', () => {
  it('shows the pages as tabs, shows the one chosen, adds a page after the shown one', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <PageTabs />);
    expect(tabNames()).toEqual(['Site', 'Checks']);
    expect(screen.getByRole('tab', { name: 'Site' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Checks' }));
    expect(store.getState().pageId).toBe(2);
    await user.click(screen.getByRole('tab', { name: 'Site' }));
    await user.click(screen.getByRole('button', { name: message('designerCanvas.addPage') }));
    // An unnamed page reads 'Page n' as the form shows it; it is shown.
    expect(tabNames()).toEqual(['Site', message('form.page', { n: 2 }), 'Checks']);
    expect(screen.getByRole('tab', { name: message('form.page', { n: 2 }) })).toHaveAttribute('aria-selected', 'true');
  });

  it('renames the shown page in a dialog and moves it left and right', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <PageTabs />);
    await user.click(await pageMenu('Site'));
    await user.click(await screen.findByRole('menuitem', { name: message('designerCanvas.renamePage') }));
    const name = await screen.findByRole('textbox', { name: message('designerCanvas.pageName') });
    await user.clear(name);
    await user.type(name, 'Site set-up{Enter}');
    expect(tabNames()).toEqual(['Site set-up', 'Checks']);
    await user.click(await pageMenu('Site set-up'));
    expect(screen.getByRole('menuitem', { name: message('designerCanvas.moveLeft') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('menuitem', { name: message('designerCanvas.moveRight') }));
    expect(tabNames()).toEqual(['Checks', 'Site set-up']);
    await user.click(await pageMenu('Site set-up'));
    await user.click(await screen.findByRole('menuitem', { name: message('designerCanvas.moveLeft') }));
    expect(tabNames()).toEqual(['Site set-up', 'Checks']);
    // Each is one undoable step.
    act(() => store.undo());
    act(() => store.undo());
    act(() => store.undo());
    expect(tabNames()).toEqual(['Site', 'Checks']);
  });

  it('asks before deleting a page, naming how many questions go and what depends on them; undo brings it back', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <PageTabs />);
    await user.click(await pageMenu('Site'));
    await user.click(await screen.findByRole('menuitem', { name: message('designerCanvas.deletePage') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(message('designerCanvas.deletePageTitle', { page: 'Site' }));
    expect(dialog).toHaveTextContent(message('designerCanvas.deletePageCount', { count: 3 }));
    expect(dialog).toHaveTextContent(message('designerCanvas.dependentPage', { page: 'Checks' }));
    expect(dialog).toHaveTextContent(message('designerCanvas.dependentQuestion', { label: 'Thanks', page: 'Checks' }));
    await user.click(within(dialog).getByRole('button', { name: message('designerCanvas.deletePage') }));
    expect(tabNames()).toEqual(['Checks']);
    expect(store.getState().notice).toMatchObject({ messageId: 'designerCanvas.pageDeleted', undoable: true });
    // The last page cannot go.
    await user.click(await pageMenu('Checks'));
    expect(screen.getByRole('menuitem', { name: message('designerCanvas.deletePage') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    act(() => store.undo());
    expect(tabNames()).toEqual(['Site', 'Checks']);
    expect(store.draft.pages[0].questions.map((q) => q.id)).toEqual([1, 2, 3]);
  });
});

describe('applyDrop', () => {
  const question = (questionId: number, pageId: number, index: number) =>
    ({ kind: 'question', questionId, pageId, index, count: 3, label: '', pageLabel: '' }) as const;
  const tab = (pageId: number, index: number) => ({ kind: 'pageTab', pageId, index, label: '' }) as const;
  const ids = (store: DesignerStore, page: number) => store.draft.pages[page].questions.map((q) => q.id);

  it('moves a question dropped on a tab to the end of that page, and the selection with it', () => {
    const store = new DesignerStore(sampleDraft());
    store.select(1);
    store.select(3, 'toggle');
    expect(applyDrop(store, question(1, 1, 0), tab(2, 1))).toBe(true);
    expect(ids(store, 0)).toEqual([2]);
    expect(ids(store, 1)).toEqual([4, 5, 1, 3]);
  });

  it('reorders rows: dragged down lands below the row, dragged up above it', () => {
    const store = new DesignerStore(sampleDraft());
    applyDrop(store, question(1, 1, 0), question(2, 1, 1));
    expect(ids(store, 0)).toEqual([2, 1, 3]);
    applyDrop(store, question(3, 1, 2), question(2, 1, 0));
    expect(ids(store, 0)).toEqual([3, 2, 1]);
    // Onto itself: nothing.
    expect(applyDrop(store, question(3, 1, 0), question(3, 1, 0))).toBe(false);
  });

  it('adds a field type before the row it is dropped on, or at the end of a page', () => {
    const store = new DesignerStore(sampleDraft());
    applyDrop(store, { kind: 'type', typeName: 'date', label: 'Date' }, question(2, 1, 1));
    const [added] = store.getState().selected;
    expect(ids(store, 0)).toEqual([1, added, 2, 3]);
    applyDrop(store, { kind: 'type', typeName: 'note', label: 'Note' }, { kind: 'page', pageId: 2, label: 'Checks' });
    expect(ids(store, 1)).toEqual([4, 5, store.getState().selected[0]]);
  });

  it('reorders pages by a tab dropped on another', () => {
    const store = new DesignerStore(sampleDraft());
    expect(applyDrop(store, tab(1, 0), tab(2, 1))).toBe(true);
    expect(store.draft.pages.map((p) => p.id)).toEqual([2, 1]);
  });
});
