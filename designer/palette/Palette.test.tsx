/**
 * The palette (issue 21 part 2): every field type with its icon, name and summary from the field-type table;
 * the search keeps the types whose name or summary matches; Enter (or a click) adds the type after the selected
 * question, or at the end of the shown page, and selects the new question.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allFieldTypes, fieldTypeOf } from '../../engine/forms/field-types';
import { isMessageId, message } from '../../engine/messages/catalogue';
import { sampleDraft } from '../../engine/test/designer';
import { DesignerStore } from '../store';
import { renderDesigner } from '../test/render';
import { FIELD_TYPE_ICONS } from './icons';
import { Palette } from './Palette';

describe('Palette', () => {
  it('lists every field type with a mapped icon, its name and its summary', () => {
    renderDesigner(new DesignerStore(sampleDraft()), <Palette />);
    for (const type of allFieldTypes()) {
      expect(Object.hasOwn(FIELD_TYPE_ICONS, type.icon), `${type.name}'s icon ${type.icon}`).toBe(true);
      expect(isMessageId(type.summaryId), `${type.name}'s summary`).toBe(true);
      const item = screen.getByTestId(`palette-item-${type.name}`);
      // One tab stop: the first item.
      expect(item).toHaveAttribute('tabindex', type === allFieldTypes()[0] ? '0' : '-1');
      expect(item).toHaveAttribute('role', 'button');
      expect(item).toHaveTextContent(message(type.titleId));
      expect(item).toHaveTextContent(message(type.summaryId));
    }
  });

  it('filters by name and by description, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderDesigner(new DesignerStore(sampleDraft()), <Palette />);
    const search = screen.getByRole('searchbox', { name: message('designerCanvas.search') });
    await user.type(search, 'signa');
    expect(screen.getByTestId('palette-item-signature')).toBeInTheDocument();
    expect(screen.queryByTestId('palette-item-text')).toBeNull();
    await user.clear(search);
    // 'stars'-like words of a summary: the grid's "scores and rating bands".
    await user.type(search, 'rating bands');
    expect(screen.getByTestId('palette-item-grid')).toBeInTheDocument();
    expect(screen.queryByTestId('palette-item-dropdown')).toBeNull();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText(message('designerCanvas.noMatch', { query: 'zzz' }))).toBeInTheDocument();
    await user.clear(search);
    expect(within(screen.getByTestId('designer-palette')).getAllByRole('button')).toHaveLength(allFieldTypes().length);
  });

  it('adds the type after the selected question with Enter, and at the end of the shown page with a click', async () => {
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Palette />);
    store.select(1);
    screen.getByTestId('palette-item-number').focus();
    await user.keyboard('{Enter}');
    const page = () => store.draft.pages[0].questions;
    const [added] = store.getState().selected;
    expect(page().map((q) => q.id)).toEqual([1, added, 2, 3]);
    expect(fieldTypeOf(page()[1]).name).toBe('number');

    store.select(null);
    await user.click(screen.getByTestId('palette-item-signature'));
    const [signature] = store.getState().selected;
    expect(page().map((q) => q.id)).toEqual([1, added, 2, 3, signature]);
    expect(fieldTypeOf(page()[4]).name).toBe('signature');
    // The search box's Enter adds the first type shown; the arrows walk the list.
    store.select(null);
    const search = screen.getByRole('searchbox', { name: message('designerCanvas.search') });
    await user.type(search, 'temperature{Enter}');
    expect(fieldTypeOf(page()[5]).name).toBe('temperature');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('palette-item-temperature')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(search).toHaveFocus();
    await user.clear(search);
    screen.getByTestId('palette-item-checkboxes').focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('palette-item-colour')).toHaveFocus();
    store.undo();
    // One undoable edit each.
    store.undo();
    store.undo();
    expect(page().map((q) => q.id)).toEqual([1, 2, 3]);
  });
});
