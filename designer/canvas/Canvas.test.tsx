/**
 * The canvas (issue 21 part 2): every field type renders with the runtime's widgets; only a window of a long
 * page's rows is in the DOM; selection, duplicate, delete with undo (and a confirmation naming what depends on
 * the question), "Move to..." another page, keyboard focus and reorder, and copy and paste between two forms.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newQuestion } from '../../engine/designer';
import { allFieldTypes } from '../../engine/forms/field-types';
import { message } from '../../engine/messages/catalogue';
import { testDefinition } from '../../engine/test/definitions';
import { sampleDraft } from '../../engine/test/designer';
import { DesignerStore } from '../store';
import { layOut, longDraft, renderDesigner, viewport } from '../test/render';
import { forgetCopy } from './actions';
import { Canvas } from './Canvas';

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = layOut();
});
afterAll(() => undoLayout());
beforeEach(() => {
  viewport.height = 800;
  forgetCopy();
});

/**
 * A clipboard of text, as the browser's (user-event's own reads Blobs the test set-up's Node Blob does not give);
 * installed after userEvent.setup(), which puts its own in place.
 */
function fakeClipboard(): { text: string } {
  const held = { text: '' };
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        held.text = text;
      },
      readText: async () => held.text,
    },
  });
  return held;
}

const ids = (store: DesignerStore, page = 0) => store.draft.pages[page].questions.map((q) => q.id);
const row = (id: number) => screen.getByTestId(`canvas-question-${id}`);

describe('Canvas', () => {
  it('renders a question of every field type with the runtime widgets, read-only, without error', async () => {
    viewport.height = 20000;
    const questions = allFieldTypes().map((type, i) => newQuestion(type.name, i + 1));
    const store = new DesignerStore(testDefinition({ id: 9, title: 'All' }, [{ id: 1, label: 'All', questions }]));
    renderDesigner(store, <Canvas />);
    for (const question of questions) {
      const element = row(question.id);
      expect(element).toHaveTextContent(question.label);
      expect(element.textContent).not.toContain(message('designerCanvas.cannotShow', { problem: '' }).trim());
    }
    // The widgets are the runtime's, disabled: a text question's input.
    const textRow = row(questions[allFieldTypes().findIndex((t) => t.name === 'text')].id);
    expect(within(textRow).getByRole('textbox', { hidden: true })).toBeDisabled();
    // The rich-text editor is the runtime's lazy one: loaded, it replaces its progress bar.
    const richRow = row(questions[allFieldTypes().findIndex((t) => t.name === 'richText')].id);
    await waitFor(() => expect(within(richRow).queryByRole('progressbar', { hidden: true })).toBeNull());
  });

  it('keeps only a window of a 500-question page in the DOM', () => {
    const store = new DesignerStore(longDraft(500));
    renderDesigner(store, <Canvas />);
    const rendered = screen.getByTestId('designer-canvas').querySelectorAll('[data-question-id]');
    expect(rendered.length).toBeGreaterThan(3);
    expect(rendered.length).toBeLessThan(30);
  });

  it('shows a drop zone with a hint on an empty page', () => {
    const store = new DesignerStore(testDefinition({ id: 9, title: 'Empty' }, [{ id: 1, label: '', questions: [] }]));
    renderDesigner(store, <Canvas />);
    expect(screen.getByTestId('canvas-empty')).toHaveTextContent(message('designerCanvas.empty'));
  });

  it('selects on click (Ctrl toggles, Shift ranges), shows required and condition marks', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    await user.click(row(1));
    expect(store.getState().selected).toEqual([1]);
    await user.keyboard('{Shift>}');
    await user.click(row(3));
    await user.keyboard('{/Shift}');
    expect(store.getState().selected).toEqual([1, 2, 3]);
    await user.keyboard('{Control>}');
    await user.click(row(2));
    await user.keyboard('{/Control}');
    expect(store.getState().selected).toEqual([1, 3]);
    expect(row(3)).toHaveTextContent(message('designerCanvas.conditional'));
    expect(row(1)).not.toHaveTextContent(message('designerCanvas.conditional'));
  });

  it('extends the selection with Shift+Arrow and Shift+Home / End from the keyboard, the focus on the row reached', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    // Nothing selected: Shift+ArrowDown selects the focused row and the next.
    row(1).focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(store.getState().selected).toEqual([1, 2]);
    expect(row(2)).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(store.getState().selected).toEqual([1, 2, 3]);
    // Back up: the range shrinks towards its anchor.
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(store.getState().selected).toEqual([1, 2]);
    await user.keyboard('{Shift>}{End}{/Shift}');
    expect(store.getState().selected).toEqual([1, 2, 3]);
    expect(row(3)).toHaveFocus();
    // ArrowUp alone moves the focus and keeps the selection; Enter selects that row alone.
    await user.keyboard('{ArrowUp}');
    expect(row(2)).toHaveFocus();
    expect(store.getState().selected).toEqual([1, 2, 3]);
    await user.keyboard('{Enter}');
    expect(store.getState().selected).toEqual([2]);
    await user.keyboard('{Shift>}{Home}{/Shift}');
    expect(store.getState().selected).toEqual([2, 1]);
  });

  it('duplicates, and deletes with an undoable notice', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    await user.click(row(1));
    await user.click(within(row(1)).getByRole('button', { name: message('designerCanvas.duplicate') }));
    const [copyId] = store.getState().selected;
    expect(ids(store)).toEqual([1, copyId, 2, 3]);
    expect(store.draft.pages[0].questions[1].label).toBe('Area');
    // The copy is selected: Delete on its row deletes it at once (nothing depends on it), Undo brings it back.
    row(copyId).focus();
    await user.keyboard('{Delete}');
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(store.getState().notice).toMatchObject({ messageId: 'designerCanvas.deleted', undoable: true });
    act(() => store.undo());
    expect(ids(store)).toEqual([1, copyId, 2, 3]);
  });

  it('asks before deleting a question others depend on, naming them', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    await user.click(row(2));
    await user.click(within(row(2)).getByRole('button', { name: message('designerCanvas.delete') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(message('designerCanvas.dependentQuestion', { label: 'Permit', page: 'Site' }));
    expect(dialog).toHaveTextContent(message('designerCanvas.dependentPage', { page: 'Checks' }));
    expect(ids(store)).toEqual([1, 2, 3]);
    await user.click(within(dialog).getByRole('button', { name: message('designerCanvas.delete') }));
    expect(ids(store)).toEqual([1, 3]);
    act(() => store.undo());
    expect(ids(store)).toEqual([1, 2, 3]);
  });

  it('moves a question to another page with "Move to..."', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    await user.click(row(1));
    await user.click(within(row(1)).getByRole('button', { name: message('designerCanvas.more') }));
    await user.click(await screen.findByRole('menuitem', { name: message('designerCanvas.moveTo') }));
    await user.click(await screen.findByRole('menuitem', { name: 'Checks' }));
    expect(ids(store, 0)).toEqual([2, 3]);
    expect(ids(store, 1)).toEqual([4, 5, 1]);
    // The page it went to is shown, with the question.
    expect(store.getState().pageId).toBe(2);
    expect(row(1)).toBeInTheDocument();
  });

  it('moves the focus with the arrows and the question with Alt+arrows', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    row(1).focus();
    await user.keyboard('{ArrowDown}');
    expect(row(2)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(row(1)).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(ids(store)).toEqual([2, 1, 3]);
    expect(row(1)).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(ids(store)).toEqual([1, 2, 3]);
    await user.keyboard('{Control>}d{/Control}');
    const [copyId] = store.getState().selected;
    expect(ids(store)).toEqual([1, copyId, 2, 3]);
    // The copy takes the focus; deleting it gives the focus to the row after it.
    await waitFor(() => expect(row(copyId)).toHaveFocus());
    await user.keyboard('{Delete}');
    expect(ids(store)).toEqual([1, 2, 3]);
    await waitFor(() => expect(row(2)).toHaveFocus());
  });

  it('copies with Ctrl+C in one form and pastes with Ctrl+V in another', async () => {
    const user = userEvent.setup();
    const clipboard = fakeClipboard();
    const source = new DesignerStore(sampleDraft());
    const { unmount } = renderDesigner(source, <Canvas />);
    row(2).focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(source.getState().notice).toMatchObject({ messageId: 'designerCanvas.copied' });
    // The clipboard holds the text JSON (user-event's clipboard stands in for the browser's).
    expect(JSON.parse(clipboard.text)).toMatchObject({ sourceFormId: 7 });
    forgetCopy(); // the paste reads the clipboard, not this tab's copy
    unmount();

    const target = new DesignerStore(
      testDefinition({ id: 8, title: 'Other' }, [
        { id: 1, label: 'One', questions: [{ id: 1, label: 'A', type: 'Text' }] },
      ]),
    );
    renderDesigner(target, <Canvas />);
    row(1).focus();
    await user.keyboard('{Control>}v{/Control}');
    const pasted = target.draft.pages[0].questions;
    expect(pasted.map((q) => q.label)).toEqual(['A', 'Hot works?']);
    expect(pasted[1].id).toBe(2);
    expect(target.getState().selected).toEqual([2]);
  });

  it('refuses a paste of text that is not questions', async () => {
    fakeClipboard().text = 'hello';
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Canvas />);
    fireEvent.keyDown(row(1), { key: 'v', ctrlKey: true });
    await vi.waitFor(() => expect(store.getState().notice).toMatchObject({ messageId: 'designer.clipboardInvalid' }));
  });
});
