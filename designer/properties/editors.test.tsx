/**
 * The property panel's editors (issue 21 part 3): the option list (add, reorder by button and keyboard, paste a
 * list, 'Other'), the grid's rating bands with the live score preview, the form settings. Rendered with a DesignerStore in DesignerContext; the mock API (the real app over the demo seed)
 * answers the projects list.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addQuestion, findQuestion } from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import { sampleDraft } from '../../engine/test/designer';
import type { Grid, GridRating } from '../../engine/types/generated';
import { mockApi } from '../../runtime/test/mock-api';
import { DesignerContext, DesignerStore } from '../store';
import { PropertyPanel } from './PropertyPanel';

function renderPanel(store = new DesignerStore(sampleDraft())) {
  render(
    <DesignerContext.Provider value={store}>
      <PropertyPanel />
    </DesignerContext.Provider>,
  );
  return store;
}

/** Adds a question of `typeName` on the first page and selects it (the store selects what it adds). */
function add(store: DesignerStore, typeName: string): number {
  const pageId = store.draft.pages[0].id;
  const outcome = store.edit('addQuestion', (d, floor) => addQuestion(d, typeName, { pageId }, floor));
  if (!outcome.ok) throw new Error('not added');
  return outcome.questionIds[0];
}

const panel = () => screen.getByTestId('designer-properties');
const question = (store: DesignerStore, id: number) =>
  findQuestion(store.draft, id)?.question as unknown as Record<string, unknown>;

describe('Property editors', () => {
  it('edits options: add, reorder by button and keyboard, paste a list', async () => {
    const user = userEvent.setup({ delay: null });
    const store = renderPanel();
    act(() => store.select(2));
    const options = () => (question(store, 2).options as { id: number; value: string }[]).map((o) => o.value);
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.addOption') }));
    expect(options()).toEqual(['Yes', 'No', 'Option 3']);
    // The new option's field has the focus: typing renames it.
    await user.clear(document.activeElement as HTMLElement);
    await user.type(document.activeElement as HTMLElement, 'N/A');
    expect(options()).toEqual(['Yes', 'No', 'N/A']);
    await user.click(within(panel()).getByRole('button', { name: "Move 'N/A' up" }));
    expect(options()).toEqual(['Yes', 'N/A', 'No']);
    // Alt+ArrowUp in an option's field moves it up.
    const na = within(panel()).getByRole('textbox', { name: 'Option 2' });
    na.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(options()).toEqual(['N/A', 'Yes', 'No']);
    const ids = (question(store, 2).options as { id: number; value: string }[]).map((o) => o.id);
    // Paste a list: one option per line; kept texts keep their ids.
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.pasteList') }));
    const list = within(panel()).getByRole('textbox', {
      name: message('designerProperties.pasteListLabel', { list: message('question.options') }),
    });
    await user.clear(list);
    await user.click(list);
    await user.paste('Yes\nNo\n\n  Not applicable  \nUnknown');
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.pasteListApply') }));
    const after = question(store, 2).options as { id: number; value: string }[];
    expect(after.map((o) => o.value)).toEqual(['Yes', 'No', 'Not applicable', 'Unknown']);
    expect(after[0].id).toBe(ids[1]);
    expect(new Set(after.map((o) => o.id)).size).toBe(4);
    // Pasting several lines into one option's field makes one option per line.
    const first = within(panel()).getByRole('textbox', { name: 'Option 4' });
    await user.clear(first);
    await user.click(first);
    await user.paste('Maybe\nLater');
    expect(options()).toEqual(['Yes', 'No', 'Not applicable', 'Maybe', 'Later']);
    // 'Other' is the Dropdown's own switch.
    await user.click(within(panel()).getByRole('switch', { name: message('question.allowOther') }));
    expect(question(store, 2).allowOther).toBe(true);
  });

  it('edits rating bands with the live score preview following', async () => {
    const user = userEvent.setup({ delay: null });
    const store = renderPanel();
    let id = 0;
    act(() => {
      id = add(store, 'grid');
    });
    // A Dropdown column scores: its options are numbers (0, 1, 2 to start).
    fireEvent.change(within(panel()).getByRole('combobox', { name: 'Cell type of column 1' }), {
      target: { value: 'Dropdown' },
    });
    const grid = () => question(store, id).grid as Grid;
    expect(grid().cells[0].cellQuestion).toMatchObject({
      type: 'Dropdown',
      options: [{ value: '0' }, { value: '1' }, { value: '2' }],
    });
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.grid.addRow') }));
    expect(grid().totalRows).toBe(2);
    const summary = () => screen.getByTestId('score-preview-summary').textContent;
    // Every row at its best: 4 of 4, no band yet.
    expect(summary()).toBe(
      message('designerProperties.ratings.summary', {
        totalScore: 4,
        maxScore: 4,
        ratingPercentage: 100,
        ratingLabel: message('designerProperties.ratings.noBand'),
      }),
    );
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.ratings.add') }));
    expect(question(store, id).ratings).toEqual([{ min: 0, max: 100, label: 'Rating 1' }]);
    const max = within(panel()).getByRole('spinbutton', { name: 'Band 1 to (%)' });
    await user.clear(max);
    await user.type(max, '60');
    const label = within(panel()).getByRole('textbox', { name: 'Band 1 rating' });
    await user.clear(label);
    await user.type(label, 'Poor');
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.ratings.add') }));
    const secondLabel = within(panel()).getByRole('textbox', { name: 'Band 2 rating' });
    await user.clear(secondLabel);
    await user.type(secondLabel, 'Good');
    expect(question(store, id).ratings as GridRating[]).toEqual([
      { min: 0, max: 60, label: 'Poor' },
      { min: 60.01, max: 100, label: 'Good' },
    ]);
    expect(summary()).toContain('Good');
    // The administrator changes the sample: row 1 scores 0, so 2 of 4 (50%) is Poor.
    fireEvent.change(within(panel()).getByRole('combobox', { name: 'Row 1: Column 1' }), { target: { value: '0' } });
    expect(summary()).toBe(
      message('designerProperties.ratings.summary', {
        totalScore: 2,
        maxScore: 4,
        ratingPercentage: 50,
        ratingLabel: 'Poor',
      }),
    );
    // Editing a band updates the preview at once.
    const firstMax = within(panel()).getByRole('spinbutton', { name: 'Band 1 to (%)' });
    await user.clear(firstMax);
    await user.type(firstMax, '40');
    expect(summary()).toContain(message('designerProperties.ratings.noBand'));
    // Typing the label was one undo step.
    act(() => store.undo());
    expect((question(store, id).ratings as GridRating[])[0].max).toBe(60);
  });

  it('edits the form settings from the header button: title, category refused, flags, projects', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    const store = renderPanel();
    await user.click(within(panel()).getByRole('button', { name: message('designerProperties.formSettings') }));
    expect(store.getState().settingsOpen).toBe(true);
    const title = within(panel()).getByRole('textbox', { name: message('designerProperties.settings.title') });
    await user.clear(title);
    expect(store.draft.title).toBe('Inspection');
    await user.type(title, 'Daily check');
    expect(store.draft.title).toBe('Daily check');
    const category = within(panel()).getByRole('textbox', { name: message('designerProperties.settings.category') });
    await user.type(category, 'bad Category');
    expect(store.draft.category).toBe('bad');
    expect(
      within(panel()).getByText(
        message('validation.invalid', { field: message('designerProperties.settings.category') }),
      ),
    ).toBeInTheDocument();
    await user.click(
      within(panel()).getByRole('switch', { name: message('designerProperties.settings.displayEntryCreateButton') }),
    );
    await user.click(within(panel()).getByRole('switch', { name: message('designerProperties.settings.askLevel') }));
    expect(store.draft).toMatchObject({ displayEntryCreateButton: true, askLevel: true });
    const projects = within(panel()).getByRole('combobox', { name: message('designerProperties.settings.projectIds') });
    await user.click(projects);
    const first = await screen.findAllByRole('option');
    await user.click(first[0]);
    await waitFor(() => expect(store.draft.projectIds).toHaveLength(1));
    act(() => store.undo());
    expect(store.draft.projectIds).toBeUndefined();
  });

  it("chooses an Image question's picture by uploading it into the client's file store", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    const store = renderPanel();
    let id = 0;
    act(() => {
      id = add(store, 'image');
    });
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const input = panel().querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([png], 'site plan.png', { type: 'image/png' }));
    await waitFor(() => expect(question(store, id).imageFile).toBe('forms/site plan.png'));
    expect(
      within(panel()).getByRole('img', {
        name: message('designerProperties.picture.preview', { name: 'site plan.png' }),
      }),
    ).toBeInTheDocument();
    // The definition problem (no picture) is gone.
    expect(
      within(panel()).queryByText(message('forms.imageNeedsFile', { field: message('question.imageFile') })),
    ).toBeNull();
  });
});
