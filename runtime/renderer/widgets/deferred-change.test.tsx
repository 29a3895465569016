/**
 * The keystroke path (widgets/deferred-change.ts): with a settle time the form hears of a burst of keys
 * once, when typing pauses, and at once when the field is left; without one it hears of every key.
 * SchemaForm gives its widgets the long-form settle time on pages of LONG_FORM_FIELDS or more fields,
 * unless the submit button waits for validity. Issue 19: whether the form holds the last edit is read from
 * the form's value as committed, so an edit whose transition never reached the form is handed over on
 * blur (and by the form's pending edits, before Next), and one it holds is not sent again.
 */
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SchemaForm } from '../SchemaForm';
import {
  LONG_FORM_FIELDS,
  LONG_FORM_SETTLE_MS,
  type PendingEdits,
  settleMsOf,
  useDeferredChange,
} from './deferred-change';

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

/** A field of a form whose value is `value` (what the form holds), its flush kept in `pendingEdits`. */
function HeldField({
  value,
  onChange,
  pendingEdits,
}: {
  value: string;
  onChange: (value: string) => void;
  pendingEdits?: PendingEdits;
}) {
  const [text, setText] = useState(value);
  const change = useDeferredChange<string>(onChange, 0, { value, pendingEdits });
  return (
    <input
      aria-label="held"
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

  it('hands an edit over on blur when the form does not hold it (its transition never reached the form)', async () => {
    // A form that lost the transitions (React threw their render away): its value stays ''.
    const onChange = vi.fn();
    render(
      <>
        <HeldField value="" onChange={onChange} />
        <button type="button">elsewhere</button>
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('held'), 'ab');
    expect(onChange.mock.calls).toEqual([['a'], ['ab']]);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onChange.mock.calls).toEqual([['a'], ['ab'], ['ab']]);
  });

  it('sends nothing more on blur when the form holds the edit, and keeps its flush with the form', async () => {
    const calls: string[] = [];
    function Form({ pendingEdits }: { pendingEdits: PendingEdits }) {
      const [value, setValue] = useState('');
      const hold = (next: string) => {
        calls.push(next);
        setValue(next);
      };
      return <HeldField value={value} onChange={hold} pendingEdits={pendingEdits} />;
    }
    const pendingEdits: PendingEdits = new Set();
    const { unmount } = render(
      <>
        <Form pendingEdits={pendingEdits} />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(pendingEdits.size).toBe(1);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('held'), 'ab');
    await waitFor(() => expect(calls).toEqual(['a', 'ab']));
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    for (const flush of pendingEdits) flush();
    expect(calls).toEqual(['a', 'ab']);
    expect(screen.getByLabelText('held')).toHaveValue('ab');
    unmount();
    expect(pendingEdits.size).toBe(0);
  });
});
