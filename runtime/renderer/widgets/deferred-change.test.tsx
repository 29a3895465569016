/**
 * The keystroke path (widgets/deferred-change.ts): with a settle time the form hears of a burst of keys
 * once, when typing pauses, and at once when the field is left; without one it hears of every key.
 * SchemaForm gives its widgets the long-form settle time on pages of LONG_FORM_FIELDS or more fields,
 * unless the submit button waits for validity.
 */
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SchemaForm } from '../SchemaForm';
import { LONG_FORM_FIELDS, LONG_FORM_SETTLE_MS, settleMsOf, useDeferredChange } from './deferred-change';

function Field({ settleMs, onChange }: { settleMs: number; onChange: (value: string) => void }) {
  const [text, setText] = useState('');
  const change = useDeferredChange<string>(onChange, settleMs);
  return (
    <input
      aria-label="field"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        change.send(event.target.value);
      }}
      onBlur={change.flush}
    />
  );
}

function SettleProbe(props: WidgetProps) {
  return <output aria-label={props.label}>{settleMsOf(props.registry.formContext)}</output>;
}

function schemaOf(count: number): RJSFSchema {
  const properties: Record<string, RJSFSchema> = {};
  for (let i = 1; i <= count; i++) properties[`q_${i}`] = { type: 'string', title: `Question ${i}` };
  return { type: 'object', properties };
}

describe('the keystroke path', () => {
  it('hands a burst of keys over once typing pauses, and at once when the field is left', async () => {
    const onChange = vi.fn();
    render(
      <>
        <Field settleMs={1000} onChange={onChange} />
        <button type="button">elsewhere</button>
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('field'), 'abc');
    expect(screen.getByLabelText('field')).toHaveValue('abc');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange.mock.calls).toEqual([['abc']]), { timeout: 3000 });
    await user.type(screen.getByLabelText('field'), 'de');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onChange.mock.calls).toEqual([['abc'], ['abcde']]);
  });

  it('hands every key over without a settle time', async () => {
    const onChange = vi.fn();
    render(<Field settleMs={0} onChange={onChange} />);
    await userEvent.setup().type(screen.getByLabelText('field'), 'abc');
    await waitFor(() => expect(onChange.mock.calls).toEqual([['a'], ['ab'], ['abc']]));
  });

  it('gives a long page the settle time, not a short one nor one whose submit waits for validity', () => {
    const probe = (count: number, disableWhileInvalid = false) => {
      const schema = schemaOf(count);
      const { unmount } = render(
        <SchemaForm
          schema={schema}
          uiSchema={{ q_1: { 'ui:widget': SettleProbe } }}
          disableWhileInvalid={disableWhileInvalid}
          submitLabel="Save"
        />,
      );
      const shown = screen.getByLabelText('Question 1').textContent;
      unmount();
      return Number(shown);
    };
    expect(probe(LONG_FORM_FIELDS)).toBe(LONG_FORM_SETTLE_MS);
    expect(probe(LONG_FORM_FIELDS - 1)).toBe(0);
    expect(probe(LONG_FORM_FIELDS, true)).toBe(0);
  });
});
