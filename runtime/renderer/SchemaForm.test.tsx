import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../engine/forms/compile';
import { exampleForm } from '../../engine/forms/example-form';
import { SchemaForm, type SchemaFormPage } from './SchemaForm';

const BLOCKED =
  'Please note that all required (marked with a *) questions must be completed on this page before you can advance to a further point';

function compiledExample() {
  const compiled = compileFormDefinition(exampleForm);
  return {
    schema: compiled.schema as RJSFSchema,
    uiSchema: compiled.uiSchema as UiSchema,
    pages: compiled.pages as unknown as SchemaFormPage[],
  };
}

function activePage(): string {
  const [top] = screen.getAllByRole('navigation');
  return within(top).getByRole('button', { current: 'page' }).textContent ?? '';
}

describe('SchemaForm', () => {
  it("shows ' *' after the label of required fields only", () => {
    render(
      <SchemaForm
        schema={{ type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } }}
        uiSchema={{
          a: { 'ui:widget': 'hz-input', 'ui:title': 'Site' },
          b: { 'ui:widget': 'hz-input', 'ui:title': 'Notes' },
        }}
      />,
    );
    expect(screen.getByLabelText('Site *')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    expect(screen.queryByLabelText('Notes *')).toBeNull();
  });

  it('hz-select: a blank first option, then the options sorted numerically', async () => {
    const user = userEvent.setup();
    render(
      <SchemaForm
        schema={{
          type: 'object',
          properties: {
            grade: {
              type: 'string',
              oneOf: ['10', 'Item 10', '9', 'Item 2', '2'].map((v) => ({ const: v, title: v })),
            },
          },
        }}
        uiSchema={{ grade: { 'ui:widget': 'hz-select', 'ui:title': 'Grade' } }}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Grade' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['', '2', '9', '10', 'Item 2', 'Item 10']);
  });

  it('renders every compiled field type through the registry', () => {
    const { schema, uiSchema } = compiledExample();
    render(<SchemaForm schema={schema} uiSchema={uiSchema} />);
    expect(screen.getByLabelText('Pour location *')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Pour date *')).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(screen.getByRole('combobox', { name: 'Concrete grade *' })).toBeInTheDocument();
    expect(screen.getByLabelText('Slump (mm)')).toHaveAttribute('type', 'number');
    expect(screen.getByRole('checkbox', { name: 'Formwork' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cubes taken *' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comments')).toBeInstanceOf(HTMLTextAreaElement);
    expect(screen.getByLabelText('Photo link')).toHaveAttribute('type', 'url');
    // A select that is not required and has no options is hidden.
    expect(screen.queryByText('Unused select')).toBeNull();
  });

  it('shows page links above and below, the active one in red, and blocks Next while the page has errors', async () => {
    const user = userEvent.setup();
    const { schema, uiSchema, pages } = compiledExample();
    render(<SchemaForm schema={schema} uiSchema={uiSchema} pages={pages} submitLabel="Submit" />);

    const navs = screen.getAllByRole('navigation');
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(
        within(nav)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['General', 'Page 2']);
    }
    expect(activePage()).toBe('General');
    expect(within(navs[0]).getByRole('button', { name: 'General' })).toHaveStyle({ color: 'rgb(255, 0, 0)' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BLOCKED);
    expect(activePage()).toBe('General');
    expect(screen.getByText('Pour location is required.')).toBeInTheDocument();

    // A page link forward is blocked too.
    await user.click(within(navs[1]).getByRole('button', { name: 'Page 2' }));
    expect(activePage()).toBe('General');

    await user.type(screen.getByLabelText('Pour location *'), 'Level 2 slab');
    expect(screen.queryByText(BLOCKED)).toBeNull();
    fireEvent.change(screen.getByLabelText('Pour date *'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('combobox', { name: 'Concrete grade *' }));
    await user.click(screen.getByRole('option', { name: 'C30/37' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cubes taken *' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(activePage()).toBe('Page 2');
    expect(screen.queryByText(BLOCKED)).toBeNull();
    expect(screen.getByLabelText('Comments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(activePage()).toBe('General');
    expect(screen.getByLabelText('Pour location *')).toHaveValue('Level 2 slab');
  });

  it('submits valid data of every page', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { schema, uiSchema, pages } = compiledExample();
    render(
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        pages={pages}
        submitLabel="Submit"
        onSubmit={onSubmit}
        formData={{ q_1: 'Bay 3', q_2: '2026-03-01', q_3: 'C30/37', q_6: true }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Temperature (°C)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ q_1: 'Bay 3', q_3: 'C30/37', q_6: true, q_11: 12.5 });
  });

  it('skips the checks in view state and shows no submit button', async () => {
    const user = userEvent.setup();
    const { schema, uiSchema, pages } = compiledExample();
    render(<SchemaForm schema={schema} uiSchema={uiSchema} pages={pages} readonly submitLabel="Submit" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(activePage()).toBe('Page 2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('disables the submit button while the data is invalid when asked to', async () => {
    const user = userEvent.setup();
    render(
      <SchemaForm
        schema={{ type: 'object', required: ['a'], properties: { a: { type: 'string', minLength: 1 } } }}
        uiSchema={{ a: { 'ui:widget': 'hz-input', 'ui:title': 'Name' } }}
        submitLabel="Save"
        disableWhileInvalid
      />,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByLabelText('Name *'), 'x');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
