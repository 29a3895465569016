/**
 * The scalar editors of the property panel, one per editor hint of the property schemas (issue 21 part 3):
 * `text` (one line), `textarea`, `number`, `switch`, `select` (the schema's `enum`). Each shows the keyword's
 * `x-title` as its label, takes its limits from the schema and calls `onCommit` with the new value only when
 * the schema takes it: a refused value (a label left empty, a text too long, a number out of range) stays in
 * the field with the refusal under it and changes nothing in the draft. `undefined` removes the keyword.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { PropertySchema } from '../../engine/forms/field-types/types';
import { message } from '../../engine/messages/catalogue';
import { GrowingTextarea } from '../../runtime/renderer/widgets/GrowingTextarea';
import { enumLabel, valueProblem } from './properties';

/** What every scalar editor takes. */
export interface ScalarEditorProps {
  keyword: string;
  schema: PropertySchema;
  /** The keyword's value in the draft. */
  value: unknown;
  /** Called with a value the schema takes (undefined: remove the keyword). */
  onCommit(value: unknown): void;
  /** A problem of the question's definition for this keyword (min above max), shown under the field. */
  problem?: string;
  /** The label, when not the schema's `x-title` (form settings). */
  label?: string;
  disabled?: boolean;
}

/**
 * A text or number held in the field while the schema refuses it: shown as typed with the refusal, not
 * committed; replaced by the draft's value when the draft changes (an undo).
 */
function usePending(value: unknown) {
  const [pending, setPending] = useState<{ text: string; problem: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's value changing (an undo) drops what was typed
  useEffect(() => {
    setPending(null);
  }, [value]);
  return [pending, setPending] as const;
}

/** A one-line text or text-area keyword (`x-editor` text or textarea). */
export function TextProperty({ keyword, schema, value, onCommit, problem, label, disabled }: ScalarEditorProps) {
  const [pending, setPending] = usePending(value);
  const title = label ?? message(schema['x-title']);
  const multiline = schema['x-editor'] === 'textarea';
  const text = pending?.text ?? (typeof value === 'string' ? value : '');
  const shown = pending?.problem ?? problem;
  return (
    <TextField
      id={`property-${keyword}`}
      label={title}
      value={text}
      multiline={multiline}
      // The runtime's growing text area: MUI's TextareaAutosize measures its computed style in a layout effect on
      // every render, a forced layout per text area on each selection (docs/performance.md "The form creator").
      slotProps={multiline ? { input: { inputComponent: GrowingTextarea }, htmlInput: { rows: 2 } } : undefined}
      size="small"
      fullWidth
      disabled={disabled}
      error={Boolean(shown)}
      helperText={shown}
      onChange={(event) => {
        const next = event.target.value;
        const refused = valueProblem(schema, next, title);
        if (refused) {
          setPending({ text: next, problem: refused });
          return;
        }
        setPending(null);
        // An optional text emptied is removed rather than kept as ''.
        onCommit(next === '' && schema.minLength === undefined ? undefined : next);
      }}
    />
  );
}

/** A number keyword (`x-editor` number): empty removes it. */
export function NumberProperty({ keyword, schema, value, onCommit, problem, label, disabled }: ScalarEditorProps) {
  const [pending, setPending] = usePending(value);
  const title = label ?? message(schema['x-title']);
  const text = pending?.text ?? (typeof value === 'number' ? String(value) : '');
  const shown = pending?.problem ?? problem;
  return (
    <TextField
      id={`property-${keyword}`}
      label={title}
      type="number"
      value={text}
      size="small"
      fullWidth
      disabled={disabled}
      error={Boolean(shown)}
      helperText={shown}
      slotProps={{ htmlInput: { min: schema.minimum, max: schema.maximum, step: 'any' } }}
      onChange={(event) => {
        const next = event.target.value;
        if (next.trim() === '') {
          setPending(null);
          onCommit(undefined);
          return;
        }
        const number = Number(next);
        const refused = valueProblem(schema, number, title);
        if (refused) {
          setPending({ text: next, problem: refused });
          return;
        }
        setPending(null);
        onCommit(number);
      }}
    />
  );
}

/** An on/off keyword (`x-editor` switch). */
export function SwitchProperty({ keyword, schema, value, onCommit, label, disabled, problem }: ScalarEditorProps) {
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            id={`property-${keyword}`}
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onCommit(event.target.checked)}
          />
        }
        label={label ?? message(schema['x-title'])}
      />
      {problem && (
        <div role="alert" className="property-problem">
          {problem}
        </div>
      )}
    </div>
  );
}

/** A choice of the schema's `enum` (`x-editor` select), each value by its catalogue label. */
export function SelectProperty({ keyword, schema, value, onCommit, label, disabled, problem }: ScalarEditorProps) {
  const values = (schema.enum ?? []) as unknown[];
  const current = value ?? schema.default ?? '';
  return (
    <TextField
      id={`property-${keyword}`}
      select
      label={label ?? message(schema['x-title'])}
      value={String(current)}
      size="small"
      fullWidth
      disabled={disabled}
      error={Boolean(problem)}
      helperText={problem}
      onChange={(event) => onCommit(values.find((v) => String(v) === event.target.value))}
    >
      {values.map((v) => (
        <MenuItem key={String(v)} value={String(v)}>
          {enumLabel(keyword, v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
