import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useEffect, useState } from 'react';
import { requiredLabel } from '../labels';
import { pendingEditsOf, settleMsOf, useDeferredChange } from './deferred-change';
import { defineWidget } from './registration';
import { rankWith, schemaTypeIs } from './testers';

/** Input types hz-input offers through ui:options.inputType. */
export type HzInputType = 'text' | 'url' | 'number' | 'email' | 'password';

function isNumericSchema(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes('number') || types.includes('integer');
}

/** Parses typed text for a numeric field: a finite number, or the text itself so validation can say why. */
function toNumberOrText(text: string): number | string {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : text;
}

/**
 * hz-input: a single-line input (form-configuration.md §2 "Form field types"). ui:options.inputType
 * picks text (default), url, number, email or password; a numeric schema gets numbers, an empty
 * input gives undefined so `required` applies. Required fields show ' *' after the label. Typing shows at
 * once and reaches the form in a transition (deferred-change.ts). ui:options.allowedKeys (a character class)
 * lets only those keystrokes type, e.g. letters, digits and space for a QR code name.
 */
export default function HzInputWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, schema, rawErrors = [], autofocus, placeholder } = props;
  const inputType =
    (options.inputType as HzInputType | undefined) ?? (isNumericSchema(schema.type) ? 'number' : 'text');
  const numeric = isNumericSchema(schema.type);
  const allowedKeys = typeof options.allowedKeys === 'string' ? new RegExp(`^${options.allowedKeys}$`) : null;
  const shown = value === undefined || value === null ? '' : String(value);
  // Keeps what the user typed ("1." or "-") while the value is a number.
  const [draft, setDraft] = useState(shown);
  // The form's value while typing lags behind the draft (deferred-change.ts): followed only when settled.
  const change = useDeferredChange<unknown>(onChange, settleMsOf(props.registry.formContext), {
    value,
    pendingEdits: pendingEditsOf(props.registry.formContext),
  });
  useEffect(() => {
    if (change.pending) return;
    setDraft((current) => (numeric && toNumberOrText(current) === value ? current : shown));
  }, [numeric, shown, value, change.pending]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    if (text === '') change.send(options.emptyValue);
    else change.send(numeric ? toNumberOrText(text) : text);
  };

  return (
    <TextField
      id={id}
      name={htmlName || id}
      type={inputType}
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={draft}
      placeholder={placeholder}
      autoFocus={autofocus}
      disabled={disabled}
      error={rawErrors.length > 0}
      fullWidth
      margin="dense"
      onChange={handleChange}
      onBlur={(event) => {
        change.flush();
        onBlur(id, event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') change.flush();
        // ui:options.allowedKeys: a character class of the keystrokes that type (e.g. '[A-Za-z0-9 ]');
        // other printable keys are refused; editing keys (Backspace, arrows) and shortcuts pass.
        const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey;
        if (typed && allowedKeys && !allowedKeys.test(event.key)) event.preventDefault();
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
      slotProps={{
        htmlInput: {
          readOnly: readonly,
          'aria-required': required || undefined,
          autoComplete: typeof options.autoComplete === 'string' ? options.autoComplete : undefined,
          min: typeof schema.minimum === 'number' ? schema.minimum : undefined,
          max: typeof schema.maximum === 'number' ? schema.maximum : undefined,
          step: inputType === 'number' ? 'any' : undefined,
        },
      }}
    />
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget(
  'hz-input',
  HzInputWidget,
  rankWith(1, schemaTypeIs('string', 'number', 'integer')),
);
