/**
 * The page tabs (issue 21 part 2): the pages as tabs; add, rename, move left and right, delete with a
 * confirmation naming how many questions go and what depends on them (undoable); and what a drop does
 * (./dnd.tsx applyDrop: a question onto a tab, a field type onto a row, a tab onto a tab, a row onto a row).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addPage } from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import { sampleDraft } from '../../engine/test/designer';
import { DesignerStore } from '../store';
import { renderDesigner } from '../test/render';
import { applyDrop } from './dnd';
import { PageTabs, tabKeyTarget } from './PageTabs';

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

describe('PageTabs keys (WAI-ARIA tabs)', () => {
  /** A draft of the sample's two pages and a third. */
  const threePages = () => {
    const store = new DesignerStore(sampleDraft());
    store.edit('addPage', (draft, floor) => addPage(draft, { index: 2, label: 'Close-out' }, floor));
    store.showPage(1);
    return store;
  };

  it('is a tab list with one tab in the Tab order: the shown page', () => {
    const store = threePages();
    renderDesigner(store, <PageTabs />);
    const list = screen.getByRole('tablist', { name: message('designerCanvas.pages') });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Site', 'Checks', 'Close-out']);
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs[1]).toHaveAttribute('data-testid', 'page-tab-2');
    act(() => store.showPage(2));
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
  });

  it('moves the focus with the arrows (wrapping), Home and End; Enter or Space shows the focused page', async () => {
    const user = userEvent.setup();
    const store = threePages();
    renderDesigner(store, <PageTabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    await user.tab();
    expect(tab('Site')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Checks')).toHaveFocus();
    // The arrows move the focus only (manual activation): the shown page stays until Enter or Space.
    expect(store.getState().pageId).toBe(1);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Site')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Close-out')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Site')).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(store.getState().pageId).toBe(store.draft.pages[2].id);
    expect(tab('Close-out')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home} ');
    expect(store.getState().pageId).toBe(1);
    // Tab leaves the strip for the page's buttons.
    await user.tab();
    expect(screen.getByRole('button', { name: message('designerCanvas.addPage') })).toHaveFocus();
  });

  it('answers the tab a key goes to', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowDown', 0, 3)).toBeUndefined();
    expect(tabKeyTarget('ArrowRight', -1, 3)).toBeUndefined();
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
