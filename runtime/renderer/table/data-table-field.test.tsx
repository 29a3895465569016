/**
 * The data table as a form field (ui:field "data-table", administration-data.md §3 "Data table", §4,
 * §5, §9): every table rule seen by a user — numeric entry (2 decimals, 16 digits, e/-/+ and a second
 * point blocked, an oversized paste blocked), footer totals (1.2-2 en-US) following edits, percentage
 * display, ButtonSelect cycling, single selection (Options), a CheckBox limit (disableCheck), date min
 * from another field, required cells, the row model (disabled, disabledCells, changeRowColour,
 * changeColour, isDeleted, groupFieldHeader, fileUrl, attachments), Add/Remove row, the pager.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../SchemaForm';

const schema: RJSFSchema = {
  type: 'object',
  properties: { lines: { type: 'array', items: { type: 'object' } } },
};

const uiSchema: UiSchema = {
  lines: {
    'ui:field': 'data-table',
    'ui:title': 'Lines',
    'ui:options': {
      pageSizes: [10, 25, 50],
      addRow: true,
      removeRow: true,
      columns: [
        { value: 'item', header: 'table.description', type: 'Text', editable: true, required: true },
        { value: 'qty', header: 'qrCode.value', type: 'Number', editable: true, max: 1000, totalInFooter: true },
        { value: 'pct', header: 'employees.accessPlants', type: 'Percentage' },
        {
          value: 'status',
          header: 'qrCode.status',
          type: 'ButtonSelect',
          editable: true,
          options: [
            { value: true, label: 'common.yes' },
            { value: false, label: 'common.no' },
          ],
        },
        { value: 'chosen', header: 'employees.accessAdmin', type: 'Options', editable: true },
        { value: 'active', header: 'employees.isActive', type: 'CheckBox', editable: true, disableCheck: 1 },
        { value: 'start', header: 'projects.startDate', type: 'Date', format: 'yyyy-MM-dd' },
        { value: 'end', header: 'projects.endDate', type: 'Date', editable: true, min: { field: 'start' } },
        { value: 'link', header: 'dataTable.link', type: 'HyperLink' },
        { value: 'files', header: 'contacts.file', type: 'Attachments' },
      ],
    },
  },
};

function lines() {
  return [
    {
      item: 'Pump',
      qty: 200.25,
      pct: 12.5,
      status: true,
      chosen: true,
      active: true,
      start: '2026-03-10',
      end: '2026-03-12',
      link: 'Drawing A',
      fileUrl: 'https://files.example/a.pdf',
      files: [{ originalFileName: 'spec.pdf', fileUrl: 'https://files.example/spec.pdf' }],
      changeRowColour: '#fffde7',
    },
    {
      item: 'Hoist',
      qty: 34.25,
      pct: 7,
      chosen: false,
      active: false,
      disabledCells: ['item'],
      changeColour: { pct: 'red' },
    },
    { groupFieldHeader: 'Block B', qty: 999 },
    { item: 'Skip', qty: 10, disabled: true, isDeleted: true },
  ];
}

/** The form with the table, once the table's code (loaded on demand: ./LazyDataTableField) has rendered it. */
async function setup() {
  const changes: Array<{ lines?: Array<Record<string, unknown>> }> = [];
  render(
    <SchemaForm
      schema={schema}
      uiSchema={uiSchema}
      formData={{ lines: lines() }}
      onChange={(data) => changes.push(data as { lines?: Array<Record<string, unknown>> })}
    />,
  );
  // The first test of a run transforms material-react-table: minutes on a busy machine are seconds here.
  await screen.findByRole('table', {}, { timeout: 30_000 });
  const rows = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .filter((row) => row.closest('tbody'));
  const last = () => changes[changes.length - 1]?.lines ?? [];
  return { rows, last };
}

describe('data-table form field', () => {
  it('shows the row model: links, attachments, percentages, a group header, disabled rows and cells, colours', async () => {
    const { rows } = await setup();
    const [pump, hoist, header, skip] = rows();
    expect(within(pump).getByRole('link', { name: 'Drawing A' })).toHaveAttribute(
      'href',
      'https://files.example/a.pdf',
    );
    expect(within(pump).getByRole('link', { name: 'spec.pdf' })).toHaveAttribute(
      'href',
      'https://files.example/spec.pdf',
    );
    expect(pump).toHaveTextContent('12.5%');
    expect(pump).toHaveStyle({ backgroundColor: '#fffde7' });
    expect(hoist).toHaveTextContent('7%');
    expect(within(hoist).getByText('7%').closest('td')).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
    // disabledCells: the item of Hoist is text; its quantity stays editable.
    expect(within(hoist).queryByRole('textbox', { name: 'Description' })).toBeNull();
    expect(hoist).toHaveTextContent('Hoist');
    expect(within(hoist).getByRole('textbox', { name: 'Value' })).toBeInTheDocument();
    expect(header).toHaveTextContent('Block B');
    expect(within(header).queryByRole('textbox')).toBeNull();
    // A disabled row edits nothing; a deleted row is struck through and leaves the total.
    expect(within(skip).queryByRole('textbox')).toBeNull();
    expect(within(skip).getByText('Skip').closest('td')).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.getByLabelText('Total Value')).toHaveTextContent('234.50');
    expect(screen.getByText('Records: 1 - 4 of 4')).toBeInTheDocument();
  });

  it('numeric entry: 2 decimals, 16 digits, e - + and a second point blocked, a long paste blocked; the total follows', async () => {
    const user = userEvent.setup();
    const { rows, last } = await setup();
    const qty = within(rows()[1]).getByRole('textbox', { name: 'Value' });
    await user.clear(qty);
    await user.type(qty, '12.345');
    expect(qty).toHaveValue('12.34');
    await user.type(qty, 'e-+.');
    expect(qty).toHaveValue('12.34');
    expect(screen.getByLabelText('Total Value')).toHaveTextContent('212.59');
    expect(last()[1].qty).toBe(12.34);

    await user.clear(qty);
    await user.paste('12345678901234567');
    expect(qty).toHaveValue('');
    await user.paste('1000');
    expect(qty).toHaveValue('1000');
    expect(screen.getByLabelText('Total Value')).toHaveTextContent('1,200.25');
    await user.type(qty, '.5');
    expect(within(rows()[1]).getByText('The most allowed is 1000')).toBeInTheDocument();
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    // What reaches the input by other ways than keys and paste is refused too.
    fireEvent.change(qty, { target: { value: '-3' } });
    expect(qty).toHaveValue('1000.5');
  });

  it('ButtonSelect cycles and wraps; Options selects one row; disableCheck limits checked rows', async () => {
    const user = userEvent.setup();
    const { rows, last } = await setup();
    const status = within(rows()[0]).getByRole('button', { name: 'Status' });
    expect(status).toHaveTextContent('Yes');
    await user.click(status);
    expect(status).toHaveTextContent('No');
    await user.click(status);
    expect(status).toHaveTextContent('Yes');
    const hoistStatus = within(rows()[1]).getByRole('button', { name: 'Status' });
    await user.click(hoistStatus);
    expect(hoistStatus).toHaveTextContent('Yes');

    const [pumpRadio, hoistRadio] = [0, 1].map((i) => within(rows()[i]).getByRole('radio', { name: 'Admin' }));
    expect(pumpRadio).toBeChecked();
    await user.click(hoistRadio);
    expect(hoistRadio).toBeChecked();
    expect(pumpRadio).not.toBeChecked();
    expect(last().map((row) => row.chosen)).toEqual([false, true, undefined, undefined]);

    const [pumpBox, hoistBox] = [0, 1].map((i) => within(rows()[i]).getByRole('checkbox', { name: 'Active' }));
    expect(pumpBox).toBeChecked();
    expect(hoistBox).toBeDisabled();
    await user.click(pumpBox);
    expect(hoistBox).toBeEnabled();
    await user.click(hoistBox);
    expect(pumpBox).toBeDisabled();
    // A disabled row's box is disabled whatever the limit.
    expect(within(rows()[3]).getByRole('checkbox', { name: 'Active' })).toBeDisabled();
  });

  it('date cells take their min from another field and the years ±10; required cells say so', async () => {
    const user = userEvent.setup();
    const { rows } = await setup();
    const end = within(rows()[0]).getByLabelText('End Date');
    expect(end).toHaveAttribute('min', '2026-03-10');
    expect(end).toHaveAttribute('max', `${new Date().getFullYear() + 10}-12-31`);
    expect(within(rows()[1]).getByLabelText('End Date')).toHaveAttribute(
      'min',
      `${new Date().getFullYear() - 10}-01-01`,
    );
    fireEvent.change(end, { target: { value: '2026-03-01' } });
    expect(within(rows()[0]).getByText('The least allowed is 2026-03-10')).toBeInTheDocument();

    const item = within(rows()[0]).getByRole('textbox', { name: 'Description' });
    await user.clear(item);
    expect(within(rows()[0]).getByText('This field is required')).toBeInTheDocument();
  });

  it('adds and removes rows', async () => {
    const user = userEvent.setup();
    const { rows, last } = await setup();
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(last()).toHaveLength(5);
    expect(screen.getByText('Records: 1 - 5 of 5')).toBeInTheDocument();
    await user.click(within(rows()[0]).getByRole('button', { name: 'Remove row' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(last().map((row) => row.item)).toEqual(['Hoist', undefined, 'Skip', undefined]);
    expect(screen.getByLabelText('Total Value')).toHaveTextContent('34.25');
  });
});
