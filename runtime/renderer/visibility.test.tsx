/** The renderer follows visibility conditions: hidden fields, cleared values, page links and steps. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../engine/forms/compile';
import type { FormDefinition } from '../../engine/types/generated';
import { SchemaForm, type SchemaFormPage } from './SchemaForm';

const yesNo = [
  { id: 1, value: 'Yes' },
  { id: 2, value: 'No' },
];

const def = {
  id: 3,
  clientId: 1,
  formArea: 'health-and-safety',
  title: 'Permit',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: 'Work',
      questions: [
        { id: 1, label: 'Hot work?', type: 'Dropdown', options: yesNo, required: true },
        {
          id: 2,
          label: 'Fire watch name',
          type: 'Text',
          required: true,
          visibleWhen: { questionId: 1, equals: 'Yes' },
        },
      ],
    },
    {
      id: 2,
      label: 'Hot work permit',
      visibleWhen: { questionId: 1, equals: 'Yes' },
      questions: [{ id: 3, label: 'Permit number', type: 'Text', required: true }],
    },
    { id: 3, label: 'Sign-off', questions: [{ id: 4, label: 'Supervisor', type: 'Text' }] },
  ],
} as unknown as FormDefinition;

function renderForm(onSubmit = vi.fn(), onChange = vi.fn()) {
  const compiled = compileFormDefinition(def);
  render(
    <SchemaForm
      schema={compiled.schema as RJSFSchema}
      uiSchema={compiled.uiSchema as UiSchema}
      pages={compiled.pages as unknown as SchemaFormPage[]}
      onSubmit={onSubmit}
      onChange={onChange}
      submitLabel="Submit"
    />,
  );
  return { onSubmit, onChange };
}

async function choose(label: string, value: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: value }));
}

describe('visibility in the renderer', () => {
  it('shows a question and a page only while their condition holds, and steps over a hidden page', async () => {
    const { onSubmit, onChange } = renderForm();
    const user = userEvent.setup();
    const [links] = screen.getAllByRole('navigation');
    expect(
      within(links)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Work', 'Sign-off']);
    expect(screen.queryByLabelText(/Fire watch name/)).toBeNull();

    await choose('Hot work? *', 'Yes');
    await user.type(await screen.findByLabelText(/Fire watch name/), 'Aoife');
    expect(
      within(screen.getAllByRole('navigation')[0])
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Work', 'Hot work permit', 'Sign-off']);

    // Back to No: the field goes, its value with it, and the permit page is stepped over.
    await choose('Hot work? *', 'No');
    await waitFor(() => expect(screen.queryByLabelText(/Fire watch name/)).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ q_1: 'No' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Supervisor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ q_1: 'No' }));
  });
});

describe('a dropdown with Other', () => {
  it('shows the other text while Other is chosen and clears it when another option is', async () => {
    const otherDef = {
      ...def,
      pages: [
        {
          id: 1,
          label: '',
          questions: [{ id: 1, label: 'Supplier', type: 'Dropdown', allowOther: true, options: yesNo }],
        },
      ],
    } as unknown as FormDefinition;
    const compiled = compileFormDefinition(otherDef);
    const onChange = vi.fn();
    render(
      <SchemaForm
        schema={compiled.schema as RJSFSchema}
        uiSchema={compiled.uiSchema as UiSchema}
        onChange={onChange}
      />,
    );
    expect(screen.queryByLabelText('Other (please specify)')).toBeNull();
    await choose('Supplier', 'Other');
    await userEvent.setup().type(await screen.findByLabelText('Other (please specify)'), 'Local quarry');
    expect(onChange).toHaveBeenLastCalledWith({ q_1: 'Other', q_1_other: 'Local quarry' });
    await choose('Supplier', 'Yes');
    await waitFor(() => expect(screen.queryByLabelText('Other (please specify)')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ q_1: 'Yes' });
  });
});
