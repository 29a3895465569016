/**
 * The data-table field's code loads on demand (./LazyDataTableField.tsx, issue 21 "Speed"): until it has come, the
 * field shows its label and a placeholder as tall as the table's header, first page of rows and pager; then the table.
 * A file of its own: the lazy component stays loaded for the rest of a file once it has come.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import { SchemaForm } from '../SchemaForm';
import { placeholderHeight } from './LazyDataTableField';

const schema: RJSFSchema = { type: 'object', properties: { lines: { type: 'array', items: { type: 'object' } } } };
const uiSchema: UiSchema = {
  lines: {
    'ui:field': 'data-table',
    'ui:title': 'Lines',
    'ui:options': { pageSize: 10, columns: [{ value: 'item', header: 'table.description', type: 'Text' }] },
  },
};

describe('the data-table field loaded on demand', () => {
  it('shows its label and a placeholder of the table’s height, then the table', async () => {
    const { container } = render(
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        formData={{ lines: [{ item: 'Pump' }, { item: 'Hoist' }, { item: 'Scaffold' }] }}
        onChange={() => undefined}
      />,
    );
    const placeholder = container.querySelector('[aria-busy="true"]');
    expect(placeholder).not.toBeNull();
    expect(placeholder).toHaveTextContent('Lines');
    expect(placeholder?.querySelector('.MuiSkeleton-root')).toHaveStyle({ height: `${placeholderHeight(3, 10)}px` });
    expect(screen.queryByRole('table')).toBeNull();

    const table = await screen.findByRole('table', {}, { timeout: 30_000 });
    expect(table).toHaveTextContent('Hoist');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('sizes the placeholder by the first page of rows: one row when there are none, at most a page', () => {
    expect(placeholderHeight(0, 10)).toBe(placeholderHeight(1, 10));
    expect(placeholderHeight(3, 10)).toBeLessThan(placeholderHeight(10, 10));
    expect(placeholderHeight(500, 10)).toBe(placeholderHeight(10, 10));
  });
});
