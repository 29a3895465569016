/**
 * The field types added to the registry (form-configuration.md §2 "Form field types"): multiSelect,
 * temperatureInput, toggle-button, colour-picker and note, each rendered from a compiled definition.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../../engine/forms/compile';
import type { FormDefinition } from '../../../engine/types/generated';
import { SchemaForm } from '../SchemaForm';

const def = {
  id: 1,
  clientId: 1,
  formArea: 'health-and-safety',
  title: 'Daily check',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: '',
      questions: [
        { id: 1, label: 'Wear PPE at all times.', type: 'Note', helpText: 'Hard hat, boots, hi-vis.' },
        {
          id: 2,
          label: 'Trades on site',
          type: 'MultiSelect',
          required: true,
          options: [
            { id: 1, value: 'Electrical' },
            { id: 2, value: 'Plumbing' },
            { id: 3, value: 'Roofing' },
          ],
        },
        { id: 3, label: 'Unused list', type: 'MultiSelect' },
        { id: 4, label: 'Air temperature', type: 'Temperature', min: -20, max: 45 },
        { id: 5, label: 'Area cleaned', type: 'Toggle' },
        { id: 6, label: 'Permit', type: 'Toggle', onLabel: 'Issued', offLabel: 'Not issued' },
        { id: 7, label: 'Marking colour', type: 'Colour' },
      ],
    },
  ],
} as unknown as FormDefinition;

function renderForm(onChange = vi.fn(), onSubmit = vi.fn()) {
  const compiled = compileFormDefinition(def);
  render(
    <SchemaForm
      schema={compiled.schema as RJSFSchema}
      uiSchema={compiled.uiSchema as UiSchema}
      onChange={onChange}
      onSubmit={onSubmit}
      submitLabel="Submit"
    />,
  );
  return { onChange, onSubmit };
}

describe('more field types', () => {
  it('shows a note with its help, never required, and hides a multi-select with no options', () => {
    renderForm();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Wear PPE at all times.');
    expect(note).toHaveTextContent('Hard hat, boots, hi-vis.');
    expect(screen.getAllByText('Hard hat, boots, hi-vis.')).toHaveLength(1);
    expect(screen.queryByText('Unused list')).toBeNull();
    expect(compileFormDefinition(def).schema.required).toEqual(['q_2']);
  });

  it('answers a multi-select with the chosen values in option order', async () => {
    const { onChange } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Trades on site *' }));
    const list = await screen.findByRole('listbox');
    await user.click(within(list).getByRole('option', { name: 'Roofing' }));
    await user.click(within(list).getByRole('option', { name: 'Electrical' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_2: ['Electrical', 'Roofing'] }));
  });

  it('takes a temperature in degrees C and refuses one beyond the maximum', async () => {
    const { onChange, onSubmit } = renderForm();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Air temperature');
    expect(screen.getByText('°C')).toBeInTheDocument();
    await user.type(field, '60');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_4: 60 }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('toggles Complete / Incomplete (or the question’s own labels) and picks a colour', async () => {
    const { onChange } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_5: true }));
    await user.click(screen.getByRole('button', { name: 'Not issued' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_6: false }));
    expect(screen.getByRole('button', { name: 'Issued' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Marking colour'), { target: { value: '#ff8800' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q_7: '#ff8800' }));
  });
});
