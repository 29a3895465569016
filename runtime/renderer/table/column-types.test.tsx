/**
 * The column types of the data table not covered by data-table-field.test.tsx (administration-data.md §3
 * "Data table" column types, §5 rule-required cells), each shown and, where editable, edited in a
 * data-table form field: Textarea, Email, Tel, Time, Boolean, MultiSelect, SelectBox, Currency (format
 * and numberPipe), Number (numberPipe), Thumbnail, Image, MultiImage, DRHyperLink, MultiHyperLink,
 * MultiUrl, Button, and `requiredWhen`.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../SchemaForm';

const schema: RJSFSchema = { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } };

/** The form with the table, once the table's code (loaded on demand: ./LazyDataTableField) has rendered it. */
async function form(columns: unknown[], rows: unknown[]) {
  const uiSchema: UiSchema = { rows: { 'ui:field': 'data-table', 'ui:title': 'Rows', 'ui:options': { columns } } };
  const changes: Array<Record<string, unknown>[]> = [];
  render(
    <SchemaForm
      schema={schema}
      uiSchema={uiSchema}
      formData={{ rows }}
      onChange={(data) => changes.push((data as { rows: Record<string, unknown>[] }).rows)}
    />,
  );
  // The first test of a run transforms material-react-table: minutes on a busy machine are seconds here.
  await screen.findByRole('table', {}, { timeout: 30_000 });
  const row = (i: number) =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .filter((r) => r.closest('tbody'))[i];
  return { row, last: () => changes[changes.length - 1] };
}

describe('data table column types', () => {
  it('edits Textarea, Email, Tel, Time, Boolean, MultiSelect and SelectBox cells in place', async () => {
    const user = userEvent.setup();
    const { row, last } = await form(
      [
        { value: 'notes', header: 'projects.description', type: 'Textarea', editable: true },
        { value: 'email', header: 'employees.email', type: 'Email', editable: true },
        { value: 'mobile', header: 'employees.mobile', type: 'Tel', editable: true },
        { value: 'time', header: 'projects.startDate', type: 'Time', editable: true, step: 900 },
        { value: 'hr', header: 'employees.accessHR', type: 'Boolean', editable: true },
        {
          value: 'kinds',
          header: 'employees.type',
          type: 'MultiSelect',
          editable: true,
          options: [
            { value: 'Administration', label: 'employees.type.Administration' },
            { value: 'Labour', label: 'employees.type.Labour' },
          ],
        },
        { value: 'picked', header: 'employees.accessAdmin', type: 'SelectBox', editable: true },
      ],
      [{ notes: 'Line one', email: 'a@b.ie', mobile: '0871', time: '08:00', hr: false, kinds: ['Labour'] }],
    );
    const notes = within(row(0)).getByRole('textbox', { name: 'Description' });
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, '{Enter}two');
    expect(last()[0].notes).toBe('Line one\ntwo');
    expect(within(row(0)).getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(within(row(0)).getByRole('textbox', { name: 'Mobile' })).toHaveAttribute('type', 'tel');
    const time = within(row(0)).getByLabelText('Start Date');
    expect(time).toHaveAttribute('type', 'time');
    expect(time).toHaveAttribute('step', '900');
    fireEvent.change(time, { target: { value: '09:15' } });
    expect(last()[0].time).toBe('09:15');
    await user.click(within(row(0)).getByRole('checkbox', { name: 'HR' }));
    expect(last()[0].hr).toBe(true);
    expect(row(0)).toHaveTextContent('Labour');
    await user.click(within(row(0)).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Administration' }));
    expect(last()[0].kinds).toEqual(['Administration', 'Labour']);
    await user.keyboard('{Escape}');
    await user.click(within(row(0)).getByRole('checkbox', { name: 'Admin' }));
    expect(last()[0].picked).toBe(true);
  });

  it('shows Currency, Number, images and links by type, and a Button per row', async () => {
    const { row } = await form(
      [
        { value: 'amount', header: 'table.description', type: 'Currency', format: 'EUR' },
        { value: 'rate', header: 'qrCode.value', type: 'Currency' },
        { value: 'qty', header: 'employees.accessHR', type: 'Number', numberPipe: '1.1-1' },
        { value: 'photo', header: 'projects.startDate', type: 'Thumbnail' },
        { value: 'logo', header: 'projects.endDate', type: 'Image' },
        { value: 'photos', header: 'employees.email', type: 'MultiImage' },
        { value: 'drawing', header: 'dataTable.link', type: 'DRHyperLink' },
        { value: 'links', header: 'contacts.file', type: 'MultiHyperLink' },
        { value: 'urls', header: 'employees.mobile', type: 'MultiUrl' },
        { value: 'open', header: 'employees.edit', type: 'Button' },
      ],
      [
        {
          amount: 1234.5,
          rate: '12',
          qty: 3,
          photo: 'data:image/png;base64,iVBORw0KGgo=',
          logo: '',
          photos: ['https://files.example/1.png', 'https://files.example/2.png'],
          drawing: 'A-101',
          fileUrl: 'https://files.example/A-101.pdf',
          isFolder: true,
          links: ['https://files.example/x.pdf', 'javascript:alert(1)'],
          urls: [{ url: 'https://example.ie', fileName: 'Site' }],
        },
      ],
    );
    const r = row(0);
    expect(r).toHaveTextContent('€1,234.50');
    expect(r).toHaveTextContent('12.00');
    expect(r).toHaveTextContent('3.0');
    expect(within(r).getAllByRole('img').length).toBeGreaterThanOrEqual(3);
    // Thumbnail at §9's default width of 200 px (the row has no name: the header describes it).
    expect(within(r).getByRole('img', { name: 'Start Date' })).toHaveAttribute('width', '200');
    expect(within(r).getByRole('link', { name: 'A-101' })).toHaveAttribute('href', 'https://files.example/A-101.pdf');
    expect(within(r).getByTitle('Folder')).toBeInTheDocument();
    expect(within(r).getByRole('link', { name: 'https://files.example/x.pdf' })).toHaveAttribute('target', '_blank');
    // A script URL is shown as text, never as a link.
    expect(within(r).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(r).toHaveTextContent('javascript:alert(1)');
    expect(within(r).getByRole('link', { name: 'Site' })).toHaveAttribute('href', 'https://example.ie');
    expect(within(r).getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('requiredWhen: a cell is required while the rule over its row holds', async () => {
    const user = userEvent.setup();
    const { row } = await form(
      [
        {
          value: 'approved',
          header: 'qrCode.status',
          type: 'ButtonSelect',
          editable: true,
          options: [
            { value: true, label: 'common.yes' },
            { value: false, label: 'common.no' },
          ],
        },
        {
          value: 'reason',
          header: 'table.description',
          type: 'Text',
          editable: true,
          requiredWhen: {
            properties: { row: { required: ['approved'], properties: { approved: { const: false } } } },
          },
        },
      ],
      [{ approved: true }],
    );
    expect(within(row(0)).queryByText('This field is required')).toBeNull();
    await user.click(within(row(0)).getByRole('button', { name: 'Status' }));
    expect(within(row(0)).getByText('This field is required')).toBeInTheDocument();
    await user.type(within(row(0)).getByRole('textbox', { name: 'Description' }), 'Late delivery');
    expect(within(row(0)).queryByText('This field is required')).toBeNull();
  });
});
