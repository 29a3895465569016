/**
 * The remaining field types and wrappers of form-configuration.md §2, each rendered from a compiled
 * definition: the equipment table (blocks going forward until every column of every row is filled, §5),
 * table-light, img, the month picker (§5 years), the horizontal and accordion wrappers, and a
 * required-on-page-change question (blocks going forward, not saving).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../../engine/forms/compile';
import { testDefinition } from '../../../engine/test/definitions';
import { SchemaForm, type SchemaFormPage } from '../SchemaForm';
import { monthPickerYears } from './DateWidget';

const BLOCKED =
  'Please note that all required (marked with a *) questions must be completed on this page before you can advance to a further point';

const def = testDefinition({ id: 1, title: 'Plant check' }, [
  {
    id: 1,
    label: 'Plant',
    questions: [
      { id: 1, label: 'Equipment on site', type: 'Table' },
      {
        id: 2,
        label: 'Visitors',
        type: 'TableLight',
        columns: [
          { id: 1, value: 'Name' },
          { id: 2, value: 'Company' },
        ],
      },
      {
        id: 3,
        label: 'Site plan',
        type: 'Image',
        imageFile: 'forms/site-plan.png',
        helpText: 'Walk the site in this order.',
      },
    ],
  },
  {
    id: 2,
    label: 'Permit',
    questions: [
      { id: 4, label: 'Permit number', type: 'Text', wrapper: 'horizontal', requiredOnPageChange: true },
      { id: 5, label: 'Method statement', type: 'Text', extendedType: 'Long', wrapper: 'accordion' },
      { id: 6, label: 'Month of works', type: 'Date', picker: 'month' },
    ],
  },
  { id: 3, label: 'Close', questions: [{ id: 7, label: 'Closing notes', type: 'Text' }] },
]);

function renderForm(onChange = vi.fn(), onSubmit = vi.fn()) {
  const compiled = compileFormDefinition(def);
  render(
    <SchemaForm
      schema={compiled.schema as RJSFSchema}
      uiSchema={compiled.uiSchema as UiSchema}
      pages={compiled.pages as unknown as SchemaFormPage[]}
      onChange={onChange}
      onSubmit={onSubmit}
      submitLabel="Submit"
    />,
  );
  return { onChange, onSubmit };
}

const lastData = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0];

describe('tables, image, month picker, wrappers', () => {
  it('blocks going forward until every column of every equipment row is filled', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    const table = screen.getByRole('table', { name: 'Equipment on site' });
    expect(within(table).getByText('No rows yet.')).toBeInTheDocument();
    for (const heading of ['Item', 'Asset No', 'Description', 'Manufacturer', 'Model No', 'Owner'])
      expect(within(table).getByRole('columnheader', { name: heading })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add row' })[0]);
    await user.type(screen.getByLabelText('Item 1'), 'Generator');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(BLOCKED)).toBeInTheDocument();
    expect(screen.getByText('Fill in every column of row 1.')).toBeInTheDocument();
    for (const [label, text] of [
      ['Asset No 1', 'A-12'],
      ['Description 1', '5 kVA'],
      ['Manufacturer 1', 'Honda'],
      ['Model No 1', 'EU70'],
      ['Owner 1', 'Hire Co'],
    ])
      await user.type(screen.getByLabelText(label), text);
    expect(lastData(onChange).q_1).toEqual([
      {
        item: 'Generator',
        assetNo: 'A-12',
        description: '5 kVA',
        manufacturer: 'Honda',
        modelNo: 'EU70',
        owner: 'Hire Co',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Permit number *')).toBeInTheDocument();
  });

  it('takes a partly filled light-table row, and removes rows', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    const addButtons = screen.getAllByRole('button', { name: 'Add row' });
    await user.click(addButtons[1]);
    await user.click(addButtons[1]);
    await user.type(screen.getByLabelText('Company 2'), 'Acme');
    expect(lastData(onChange).q_2).toEqual([{}, { c2: 'Acme' }]);
    await user.click(screen.getAllByRole('button', { name: 'Remove row 1' })[0]);
    expect(lastData(onChange).q_2).toEqual([{ c2: 'Acme' }]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Permit number *')).toBeInTheDocument();
  });

  it('shows the image from the file store as a thumbnail, never as a question', () => {
    renderForm();
    const figure = screen.getByRole('figure', { name: 'Site plan' });
    const img = within(figure).getByRole('img', { name: 'Site plan' });
    expect(img.getAttribute('src')).toBe('/api/thumbnail/600?file=forms%2Fsite-plan.png');
    expect(within(figure).getByRole('button', { name: 'View site-plan.png' })).toBeInTheDocument();
    expect(compileFormDefinition(def).schema.required).toEqual([]);
    // Its help text shows once (issue 19: it showed twice, the field's and the field template's).
    expect(screen.getAllByText('Walk the site in this order.')).toHaveLength(1);
  });

  it('goes forward past a row left empty in a table that is not required (no answer, issue 19)', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.click(screen.getAllByRole('button', { name: 'Add row' })[0]);
    await user.click(screen.getAllByRole('button', { name: 'Add row' })[1]);
    expect(lastData(onChange)).toMatchObject({ q_1: [{}], q_2: [{}] });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText(BLOCKED)).toBeNull();
    expect(screen.getByLabelText('Permit number *')).toBeInTheDocument();
  });

  it('blocks going forward without a required-on-page-change answer; lays it out beside its label', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const input = screen.getByLabelText('Permit number *');
    expect(input.closest('[data-wrapper="horizontal"]')).not.toBeNull();
    // The label shows once: beside the field, not inside it too.
    expect(screen.getAllByText('Permit number *')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(BLOCKED)).toBeInTheDocument();
    await user.type(input, 'P-77');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Closing notes')).toBeInTheDocument();
    expect(lastData(onChange).q_4).toBe('P-77');
  });

  it('keeps an accordion field closed until its panel is opened', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('button', { name: 'Method statement' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await user.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Method statement' }), 'Lift plan attached');
    expect(lastData(onChange).q_5).toBe('Lift plan attached');
  });

  it('picks a month and a year, stored as the month’s first day; years -20 up to but not including +20', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const group = screen.getByRole('group', { name: 'Month of works' });
    await user.click(within(group).getByRole('combobox', { name: 'Month' }));
    await user.click(screen.getByRole('option', { name: 'March' }));
    expect(lastData(onChange).q_6).toBeUndefined();
    await user.click(within(group).getByRole('combobox', { name: 'Year' }));
    const year = new Date().getFullYear();
    expect(screen.queryByRole('option', { name: String(year + 20) })).toBeNull();
    expect(screen.getByRole('option', { name: String(year - 20) })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: String(year + 19) }));
    expect(lastData(onChange).q_6).toBe(`${year + 19}-03-01`);
    expect(monthPickerYears(new Date(2026, 5, 1))).toHaveLength(40);
    expect(monthPickerYears(new Date(2026, 5, 1)).at(-1)).toBe(2045);
  });
});
