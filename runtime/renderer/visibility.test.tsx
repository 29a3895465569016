/** The renderer follows visibility conditions: hidden fields, cleared values, page links and steps. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../engine/forms/compile';
import type { FormDefinition } from '../../engine/types/generated';
import { hiddenKeys, SchemaForm, type SchemaFormPage } from './SchemaForm';

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

describe('a condition group (issue 21 §4, engine/forms/conditions.ts)', () => {
  it('shows a question while any of its comparisons holds, and hides it (value cleared) when none does', async () => {
    const groupDef = {
      ...def,
      pages: [
        {
          id: 1,
          label: '',
          questions: [
            { id: 1, label: 'Hot work?', type: 'Dropdown', options: yesNo },
            { id: 2, label: 'Height (m)', type: 'Text', extendedType: 'Number' },
            {
              id: 3,
              label: 'Rescue plan',
              type: 'Text',
              required: true,
              visibleWhen: {
                any: [
                  { questionId: 1, equals: 'Yes' },
                  { questionId: 2, atLeast: 2 },
                ],
              },
            },
            // Shown while the rescue plan is not answered: reads a hidden rescue plan as not answered.
            {
              id: 4,
              label: 'Plan to follow',
              type: 'Text',
              visibleWhen: { none: [{ questionId: 3, answered: true }] },
            },
          ],
        },
      ],
    } as unknown as FormDefinition;
    const compiled = compileFormDefinition(groupDef);
    // A left-over rescue plan is read as cleared once it is hidden, as the server does (hiddenQuestionIds).
    expect(hiddenKeys(compiled.uiSchema as UiSchema, { q_2: 1, q_3: 'Tripod' })).toEqual(['q_3']);
    expect(hiddenKeys(compiled.uiSchema as UiSchema, { q_2: 2, q_3: 'Tripod' })).toEqual(['q_4']);
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    render(
      <SchemaForm
        schema={compiled.schema as RJSFSchema}
        uiSchema={compiled.uiSchema as UiSchema}
        onChange={onChange}
        onSubmit={onSubmit}
        submitLabel="Submit"
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByLabelText(/Rescue plan/)).toBeNull();
    expect(screen.getByLabelText('Plan to follow')).toBeInTheDocument();

    // The second comparison alone shows it.
    await user.type(screen.getByLabelText('Height (m)'), '3');
    await user.type(await screen.findByLabelText(/Rescue plan/), 'Tripod');
    await waitFor(() => expect(screen.queryByLabelText('Plan to follow')).toBeNull());

    // Below 2 m and no hot work: hidden again, its answer gone, and the question after it back.
    await user.clear(screen.getByLabelText('Height (m)'));
    await user.type(screen.getByLabelText('Height (m)'), '1');
    await waitFor(() => expect(screen.queryByLabelText(/Rescue plan/)).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ q_2: 1 });
    expect(await screen.findByLabelText('Plan to follow')).toBeInTheDocument();

    // The first comparison alone shows it, and then it is required.
    await choose('Hot work?', 'Yes');
    expect(await screen.findByLabelText(/Rescue plan/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await choose('Hot work?', 'No');
    await waitFor(() => expect(screen.queryByLabelText(/Rescue plan/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ q_1: 'No', q_2: 1 }));
  });
});
