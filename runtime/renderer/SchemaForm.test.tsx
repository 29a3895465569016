import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileFormDefinition } from '../../engine/forms/compile';
import { exampleForm } from '../../engine/forms/example-form';
import { testDefinition } from '../../engine/test/definitions';
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
    // Red, dark enough for 4.5:1 on white (#b71c1c: 6.6:1; docs/decisions.md).
    expect(within(navs[0]).getByRole('button', { name: 'General' })).toHaveStyle({ color: 'rgb(183, 28, 28)' });
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

/** A form of two pages whose first holds `count` text fields (a long page at 50), q_1 required. */
function longForm(count: number) {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  for (let i = 1; i <= count; i++) {
    properties[`q_${i}`] = { type: 'string', title: `Question ${i}` };
    uiSchema[`q_${i}`] = { 'ui:widget': 'hz-input' };
  }
  properties.q_last = { type: 'string', title: 'Last question' };
  uiSchema.q_last = { 'ui:widget': 'hz-input' };
  const keys = Object.keys(properties).filter((k) => k !== 'q_last');
  const first = {
    type: 'object',
    required: ['q_1'],
    properties: Object.fromEntries(keys.map((k) => [k, properties[k]])),
  };
  const pages: SchemaFormPage[] = [
    { id: 1, label: 'Long page', keys, schema: first as RJSFSchema, uiSchema },
    {
      id: 2,
      label: 'Short page',
      keys: ['q_last'],
      schema: { type: 'object', properties: { q_last: properties.q_last } },
      uiSchema,
    },
  ];
  return { schema: { type: 'object', required: ['q_1'], properties } as RJSFSchema, uiSchema, pages };
}

describe('SchemaForm paging and refusals (issue 19)', () => {
  const scrollIntoView = vi.fn();
  const original = Element.prototype.scrollIntoView;
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });

  it('opens each page at its top with focus on its heading, after Next, Previous and a page link', async () => {
    const user = userEvent.setup();
    const { schema, uiSchema, pages } = compiledExample();
    render(
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        pages={pages}
        submitLabel="Submit"
        formData={{ q_1: 'Bay 3', q_2: '2026-03-01', q_3: 'C30/37', q_6: true }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const second = screen.getByRole('heading', { level: 2, name: 'Page 2' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('tabindex', '-1');
    // The form's top (the page links above the heading) is scrolled to, at the top of the view.
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    const top = scrollIntoView.mock.contexts.at(-1) as HTMLElement;
    expect(top).toContainElement(screen.getAllByRole('navigation')[0]);
    expect(top).toContainElement(second);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toHaveFocus();
    await user.click(within(screen.getAllByRole('navigation')[1]).getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Page 2' })).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(3);
  });

  it('hands over an edit still on its way before it validates Next or submits (a long page types in pauses)', async () => {
    const onPageLeave = vi.fn();
    const { schema, uiSchema, pages } = longForm(50);
    render(
      <SchemaForm schema={schema} uiSchema={uiSchema} pages={pages} onPageLeave={onPageLeave} submitLabel="Submit" />,
    );
    // Typed, and Next clicked at once, with no blur between (the long page's field waits for a pause).
    fireEvent.change(screen.getByLabelText('Question 1 *'), { target: { value: 'Typed just now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText(BLOCKED)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Short page' })).toBeInTheDocument();
    await waitFor(() => expect(onPageLeave).toHaveBeenCalledTimes(1));
    expect(onPageLeave.mock.calls[0][0]).toMatchObject({ q_1: 'Typed just now' });
  });

  it('submits an edit still on its way (a click on Submit right after typing)', async () => {
    const onSubmit = vi.fn();
    const { schema, uiSchema, pages } = longForm(50);
    render(<SchemaForm schema={pages[0].schema} uiSchema={uiSchema} submitLabel="Submit" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Question 1 *'), { target: { value: 'Typed just now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ q_1: 'Typed just now' });
    expect(schema.required).toEqual(['q_1']);
  });

  it("shows the server's messages at their questions, marks their pages and opens the first; a change clears one", async () => {
    const user = userEvent.setup();
    const { schema, uiSchema, pages } = compiledExample();
    const props = {
      schema,
      uiSchema,
      pages,
      submitLabel: 'Submit',
      formData: { q_1: 'Bay 3', q_2: '2026-03-01', q_3: 'C30/37', q_6: true },
    };
    const { rerender } = render(<SchemaForm {...props} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(activePage()).toBe('Page 2');
    rerender(<SchemaForm {...props} serverErrors={{ q_2: ['Pour date must be in the last 10 years.'] }} />);
    // The first page holding a message opens, at its top.
    await waitFor(() => expect(activePage()).toBe('General'));
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toHaveFocus();
    expect(screen.getByText('Pour date must be in the last 10 years.')).toBeInTheDocument();
    for (const nav of screen.getAllByRole('navigation')) {
      expect(within(nav).getByRole('button', { name: 'General' })).toHaveAccessibleDescription(
        'Has answers that need attention',
      );
      expect(within(nav).getByRole('button', { name: 'General' }).querySelector('svg')).not.toBeNull();
      expect(within(nav).getByRole('button', { name: 'Page 2' })).not.toHaveAccessibleDescription();
    }
    // Answered again: the message and the mark go.
    const date = screen.getByLabelText('Pour date *');
    fireEvent.change(date, { target: { value: '2026-03-02' } });
    fireEvent.blur(date);
    await waitFor(() => expect(screen.queryByText('Pour date must be in the last 10 years.')).toBeNull());
    expect(
      within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'General' }),
    ).not.toHaveAccessibleDescription();
  });

  it('marks a page the browser finds wrong at a refused submit, and opens it, until it is put right', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const yesNo = [
      { id: 1, value: 'Yes' },
      { id: 2, value: 'No' },
    ];
    const compiled = compileFormDefinition(
      testDefinition({ id: 3, title: 'Permit' }, [
        { id: 1, label: 'Work', questions: [{ id: 1, label: 'Hot work?', type: 'Dropdown', options: yesNo }] },
        {
          id: 2,
          label: 'Hot work permit',
          visibleWhen: { questionId: 1, equals: 'Yes' },
          questions: [{ id: 3, label: 'Permit number', type: 'Text', required: true }],
        },
        { id: 3, label: 'Sign-off', questions: [{ id: 4, label: 'Supervisor', type: 'Text' }] },
      ]),
    );
    render(
      <SchemaForm
        schema={compiled.schema as RJSFSchema}
        uiSchema={compiled.uiSchema as UiSchema}
        pages={compiled.pages as unknown as SchemaFormPage[]}
        submitLabel="Submit"
        onSubmit={onSubmit}
      />,
    );
    // Straight to the sign-off by its link, then hot work turns out to be Yes (its page was never filled).
    await user.click(within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'Sign-off' }));
    await user.click(within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'Work' }));
    await user.click(screen.getByRole('combobox', { name: 'Hot work?' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'Sign-off' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(activePage()).toBe('Hot work permit'));
    expect(onSubmit).not.toHaveBeenCalled();
    const permitLink = () =>
      within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'Hot work permit' });
    expect(permitLink()).toHaveAccessibleDescription('Has answers that need attention');
    expect(
      within(screen.getAllByRole('navigation')[0]).getByRole('button', { name: 'Work' }),
    ).not.toHaveAccessibleDescription();
    await user.type(await screen.findByLabelText('Permit number *'), 'HW-1');
    await waitFor(() => expect(permitLink()).not.toHaveAccessibleDescription());
  });

  it('says when the data differs from what the form started with: defaults are not changes, a revert is none', async () => {
    const user = userEvent.setup();
    const onDirtyChange = vi.fn();
    render(
      <SchemaForm
        schema={{
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name' },
            start: { type: 'string', title: 'Start date' },
            active: { type: 'boolean', title: 'Active', default: false },
          },
        }}
        uiSchema={{
          name: { 'ui:widget': 'hz-input' },
          start: { 'ui:widget': 'date', 'ui:options': { defaultToday: true } },
          active: { 'ui:widget': 'hz-checkbox' },
        }}
        onDirtyChange={onDirtyChange}
      />,
    );
    // RJSF's default (active: false) and the date's (today) are what the form started with.
    await waitFor(() => expect(screen.getByLabelText('Start date')).not.toHaveValue(''));
    expect(onDirtyChange).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    await user.clear(screen.getByLabelText('Name'));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    expect(onDirtyChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });
});
