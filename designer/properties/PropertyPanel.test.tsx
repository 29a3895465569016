/**
 * The property panel (issue 21 part 3): generated from each field type's property schema, every edit one undo
 * step, the option list editor, the grid's rating bands with the live score preview, the bulk edit and the form
 * settings. Rendered with a DesignerStore in DesignerContext; the mock API (the real app over the demo seed)
 * answers the projects list.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addQuestion, findQuestion } from '../../engine/designer';
import { allFieldTypes } from '../../engine/forms/field-types';
import { message } from '../../engine/messages/catalogue';
import { sampleDraft } from '../../engine/test/designer';
import type { Grid, GridRating } from '../../engine/types/generated';
import { mockApi } from '../../runtime/test/mock-api';
import { DesignerContext, DesignerStore } from '../store';
import { PropertyPanel } from './PropertyPanel';
import { panelProperties } from './properties';

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

describe('PropertyPanel', () => {
  it("shows every field type's own properties from its property schema, and changes a question's type", () => {
    const store = renderPanel();
    for (const type of allFieldTypes()) {
      act(() => {
        add(store, type.name);
      });
      const region = panel();
      expect(within(region).getByRole('textbox', { name: 'Label' })).toBeInTheDocument();
      for (const { keyword } of panelProperties({ type: type.questionType, ...variantOf(type) })) {
        expect(region.querySelector(`[data-property="${keyword}"]`), `${type.name}: ${keyword}`).not.toBeNull();
      }
      // Each keyword the type declares is edited, whatever its editor.
      for (const [keyword, schema] of Object.entries(type.properties)) {
        if (schema['x-editor'] === 'none') continue;
        const holder = region.querySelector(`[data-property="${keyword}"]`);
        expect(holder?.textContent, `${type.name}: ${keyword}`).toContain(message(schema['x-title']));
      }
    }
    // The type selector retypes the selected question (changeQuestionType keeps its label).
    const id = store.getState().selected[0];
    act(() => {
      store.select(id);
    });
    fireEvent.mouseDown(within(panel()).getByRole('combobox', { name: 'Question type' }));
    fireEvent.click(screen.getByRole('option', { name: message('fieldType.number') }));
    expect(question(store, id)).toMatchObject({ type: 'Text', extendedType: 'Number' });
    expect(within(panel()).getByRole('spinbutton', { name: message('question.min') })).toBeInTheDocument();
  });

  it('makes typing a label one undo step and keeps a refused label out of the draft', async () => {
    const user = userEvent.setup();
    const store = renderPanel();
    act(() => store.select(1));
    const label = within(panel()).getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    // An empty label is refused: the draft keeps the old one and the field says why.
    expect(question(store, 1).label).toBe('Area');
    expect(within(panel()).getByText(message('validation.required', { field: 'Label' }))).toBeInTheDocument();
    await user.type(label, 'Bay');
    expect(question(store, 1).label).toBe('Bay');
    const help = within(panel()).getByRole('textbox', { name: message('question.helpText') });
    await user.type(help, 'Gridline');
    expect(question(store, 1).helpText).toBe('Gridline');
    act(() => store.undo());
    expect(question(store, 1).helpText).toBeUndefined();
    expect(question(store, 1).label).toBe('Bay');
    act(() => store.undo());
    expect(question(store, 1).label).toBe('Area');
    expect(within(panel()).getByRole('textbox', { name: 'Label' })).toHaveValue('Area');
  });

  it('refuses a minimum above the maximum with the type’s own message', async () => {
    const user = userEvent.setup();
    const store = renderPanel();
    act(() => store.select(4));
    await user.type(within(panel()).getByRole('spinbutton', { name: message('question.max') }), '-1');
    expect(question(store, 4).max).toBe(-1);
    expect(
      within(panel()).getByText(message('forms.minAboveMax', { field: message('question.min') })),
    ).toBeInTheDocument();
  });

  it('edits options: add, reorder by button and keyboard, paste a list', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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

  it('edits the switches several selected questions share as one step', async () => {
    const user = userEvent.setup();
    const store = renderPanel();
    act(() => {
      store.select(1);
      store.select(2, 'toggle');
      store.select(5, 'toggle');
    });
    expect(within(panel()).getByText(message('designerProperties.selectedCount', { count: 3 }))).toBeInTheDocument();
    await user.click(within(panel()).getByRole('switch', { name: /^Required/ }));
    expect(question(store, 1).required).toBe(true);
    expect(question(store, 2).required).toBe(true);
    // The note takes no answer: not made required.
    expect(question(store, 5).required).toBeUndefined();
    act(() => store.undo());
    expect(question(store, 1).required).toBeUndefined();
    expect(question(store, 2).required).toBeUndefined();
  });

  it('edits the form settings from the header button: title, category refused, flags, projects', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
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
});

/** The variant keyword of a field type's questions (Text's extendedType), for panelProperties. */
function variantOf(type: ReturnType<typeof allFieldTypes>[number]): Record<string, string> {
  return type.variant ? { [type.variant.keyword]: type.variant.value } : {};
}
