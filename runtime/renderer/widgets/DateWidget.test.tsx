/** The date field (form-configuration.md §5): yyyy-mm-dd whatever the locale, in range, invalid input not kept. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../SchemaForm';
import { defaultDateRange, isDateWithin } from './DateWidget';

describe('the date field', () => {
  it('knows a real date in the format and the range', () => {
    const { min, max } = defaultDateRange(new Date(2026, 10, 22));
    expect([min, max]).toEqual(['2016-01-01', '2036-12-31']);
    expect(isDateWithin('2026-11-20', min, max)).toBe(true);
    expect(isDateWithin('2026-02-30', min, max)).toBe(false);
    expect(isDateWithin('20/11/2026', min, max)).toBe(false);
    expect(isDateWithin('2040-01-01', min, max)).toBe(false);
  });

  it('shows and keeps yyyy-mm-dd, and puts the last good date back after invalid input', async () => {
    const onChange = vi.fn();
    render(
      <SchemaForm
        schema={{ type: 'object', properties: { when: { type: 'string', format: 'date' } } }}
        uiSchema={{ when: { 'ui:widget': 'date', 'ui:title': 'Poured' } }}
        formData={{ when: '2026-03-14' }}
        onChange={onChange}
      />,
    );
    const user = userEvent.setup();
    const field = screen.getByLabelText('Poured');
    expect(field).toHaveValue('2026-03-14');
    await user.clear(field);
    await user.type(field, '2026-11-20');
    expect(onChange).toHaveBeenLastCalledWith({ when: '2026-11-20' });
    await user.clear(field);
    await user.type(field, '11/20/2026');
    await user.tab();
    expect(field).toHaveValue('');
    expect(onChange).not.toHaveBeenCalledWith({ when: '11/20/2026' });
  });
});
