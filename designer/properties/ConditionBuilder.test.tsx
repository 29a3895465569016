/**
 * The condition builder (issue 21 part 4) in the property panel: an all/any group with a number comparison and
 * a nested group, built with labelled controls, lands in the draft as a condition the form-definition schema
 * takes and engine/forms/conditions evaluates as meant; an incomplete comparison changes nothing; the first
 * `{ questionId, equals }` shape loads; a page's condition is edited the same way.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { findQuestion } from '../../engine/designer';
import { conditionDepth, conditionHolds, conditionSchema } from '../../engine/forms/conditions';
import { message } from '../../engine/messages/catalogue';
import { definitionFaults, sampleDraft } from '../../engine/test/designer';
import { DesignerContext, DesignerStore } from '../store';
import { answerKindOf, operatorsFor } from './ConditionBuilder';
import { PropertyPanel } from './PropertyPanel';

function renderPanel() {
  const store = new DesignerStore(sampleDraft());
  render(
    <DesignerContext.Provider value={store}>
      <PropertyPanel />
    </DesignerContext.Provider>,
  );
  return store;
}

const panel = () => screen.getByTestId('designer-properties');
const visibleWhenOf = (store: DesignerStore, id: number) => findQuestion(store.draft, id)?.question.visibleWhen;

describe('ConditionBuilder', () => {
  it('builds an any group with a number comparison and a nested all group that conditions.ts accepts', async () => {
    const store = renderPanel();
    // Question 5 (a note on page 2) is shown when question 1 is answered: the first shape loads as a group of it.
    act(() => store.select(5));
    const builder = within(panel()).getByRole('group', { name: message('question.visibleWhen') });
    const first = within(builder).getByRole('listitem', { name: 'Condition 1' });
    expect(within(first).getByRole('combobox', { name: 'Question' })).toHaveValue('1');
    expect(within(first).getByRole('combobox', { name: 'Operator' })).toHaveValue('answered');

    fireEvent.change(within(builder).getAllByRole('combobox', { name: 'Show when' })[0], { target: { value: 'any' } });
    expect(visibleWhenOf(store, 5)).toEqual({ any: [{ questionId: 1, answered: true }] });

    // A new comparison reads the nearest question before (4, a number): incomplete until it has a value.
    fireEvent.click(within(builder).getAllByRole('button', { name: 'Add condition' })[0]);
    const second = within(builder).getByRole('listitem', { name: 'Condition 2' });
    expect(within(second).getByRole('combobox', { name: 'Question' })).toHaveValue('4');
    const operators = within(within(second).getByRole('combobox', { name: 'Operator' }))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(operators).toEqual([
      'answered',
      'notAnswered',
      'equals',
      'notEquals',
      'greaterThan',
      'lessThan',
      'atLeast',
      'atMost',
    ]);
    expect(within(panel()).getByRole('status')).toHaveTextContent(message('designerProperties.condition.incomplete'));
    expect(visibleWhenOf(store, 5)).toEqual({ any: [{ questionId: 1, answered: true }] });
    fireEvent.change(within(second).getByRole('combobox', { name: 'Operator' }), { target: { value: 'greaterThan' } });
    fireEvent.change(within(second).getByRole('spinbutton', { name: 'Value' }), { target: { value: '3' } });
    expect(visibleWhenOf(store, 5)).toEqual({
      any: [
        { questionId: 1, answered: true },
        { questionId: 4, greaterThan: 3 },
      ],
    });

    // A nested group: all of (question 2 equals No).
    fireEvent.click(within(builder).getAllByRole('button', { name: 'Add group' })[0]);
    const group = within(builder).getByRole('group', { name: 'Group 3' });
    fireEvent.change(within(group).getByRole('combobox', { name: 'Show when' }), { target: { value: 'all' } });
    const inner = within(group).getByRole('listitem', { name: 'Condition 3.1' });
    fireEvent.change(within(inner).getByRole('combobox', { name: 'Question' }), { target: { value: '2' } });
    // A choice question offers its options as the value.
    const value = within(inner).getByRole('combobox', { name: 'Value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Yes', 'No']);
    fireEvent.change(value, { target: { value: 'No' } });

    const condition = visibleWhenOf(store, 5);
    expect(condition).toEqual({
      any: [
        { questionId: 1, answered: true },
        { questionId: 4, greaterThan: 3 },
        { all: [{ questionId: 2, equals: 'No' }] },
      ],
    });
    if (!condition) throw new Error('no condition');
    // axe finds no serious or critical violation in the panel with a nested group (contrast is the browser's
    // journeys' to check: jsdom lays nothing out).
    const results = await axe.run(panel(), { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    expect(conditionDepth(condition)).toBe(2);
    // The form-definition schema takes it and the compiler compiles it.
    expect(definitionFaults(store.draft)).toEqual([]);
    expect(conditionSchema(condition)).toHaveProperty('anyOf');
    expect(conditionHolds(condition, {})).toBe(false);
    expect(conditionHolds(condition, { q_4: 5 })).toBe(true);
    expect(conditionHolds(condition, { q_4: 3 })).toBe(false);
    expect(conditionHolds(condition, { q_2: 'No' })).toBe(true);
    expect(conditionHolds(condition, { q_1: 'Bay 4' })).toBe(true);

    // Removing every comparison removes the condition.
    for (const name of ['Remove group 3', 'Remove condition 2', 'Remove condition 1'])
      fireEvent.click(within(builder).getByRole('button', { name }));
    expect(visibleWhenOf(store, 5)).toBeUndefined();
    act(() => store.undo());
    // Each removal was its own step: undo brings back the last comparison removed.
    expect(visibleWhenOf(store, 5)).toEqual({ any: [{ questionId: 1, answered: true }] });
  });

  it('loads the first condition shape as it is and offers only the questions before', () => {
    const store = renderPanel();
    act(() => store.select(3));
    const before = store.draft;
    const comparison = within(panel()).getByRole('listitem', { name: 'Condition 1' });
    expect(within(comparison).getByRole('combobox', { name: 'Question' })).toHaveValue('2');
    expect(within(comparison).getByRole('combobox', { name: 'Operator' })).toHaveValue('equals');
    expect(within(comparison).getByRole('combobox', { name: 'Value' })).toHaveValue('Yes');
    // Questions 1 and 2 come before question 3; nothing was written by loading.
    const questions = within(within(comparison).getByRole('combobox', { name: 'Question' })).getAllByRole('option');
    expect(questions.map((o) => (o as HTMLOptionElement).value)).toEqual(['1', '2']);
    expect(store.draft).toBe(before);
    // one of: several options chosen.
    fireEvent.change(within(comparison).getByRole('combobox', { name: 'Operator' }), { target: { value: 'oneOf' } });
    expect(visibleWhenOf(store, 3)).toEqual({ all: [{ questionId: 2, oneOf: ['Yes'] }] });
  });

  it("edits a page's condition when no question is selected", () => {
    const store = renderPanel();
    act(() => store.showPage(2));
    const comparison = within(panel()).getByRole('listitem', { name: 'Condition 1' });
    expect(within(comparison).getByRole('combobox', { name: 'Value' })).toHaveValue('Yes');
    fireEvent.change(within(comparison).getByRole('combobox', { name: 'Operator' }), {
      target: { value: 'notEquals' },
    });
    expect(store.draft.pages[1].visibleWhen).toEqual({ all: [{ questionId: 2, notEquals: 'Yes' }] });
    fireEvent.click(within(comparison).getByRole('button', { name: 'Remove condition 1' }));
    expect(store.draft.pages[1].visibleWhen).toBeUndefined();
    expect(definitionFaults(store.draft)).toEqual([]);
  });

  it('offers operators fitting each kind of answer', () => {
    expect(answerKindOf({ id: 1, label: 'd', type: 'Date' })).toBe('date');
    expect(operatorsFor({ id: 1, label: 't', type: 'Toggle' })).toEqual(['answered', 'notAnswered', 'equals']);
    expect(operatorsFor({ id: 1, label: 'm', type: 'MultiSelect', options: [] })).toContain('contains');
    expect(operatorsFor({ id: 1, label: 's', type: 'Signature' })).toEqual(['answered', 'notAnswered']);
  });
});
