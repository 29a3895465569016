import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { requiredLabel } from '../labels';
import { pendingEditsOf, settleMsOf, useDeferredChange } from './deferred-change';
import { GrowingTextarea } from './GrowingTextarea';
import { defineWidget } from './registration';

/**
 * hz-textarea: a multi-line text (form-configuration.md §2); ui:options.rows sets the height (default 3).
 * Typing shows at once and reaches the form in a transition (deferred-change.ts). The textarea grows with its
 * text (GrowingTextarea.tsx: MUI's TextareaAutosize measured each textarea's layout on every render).
 */
export default function HzTextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, rawErrors = [], autofocus, placeholder } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  const shown = typeof value === 'string' ? value : value == null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  const change = useDeferredChange<unknown>(onChange, settleMsOf(props.registry.formContext), {
    value,
    pendingEdits: pendingEditsOf(props.registry.formContext),
  });
  useEffect(() => {
    if (!change.pending) setDraft(shown);
  }, [shown, change.pending]);
  return (
    <TextField
      id={id}
      name={htmlName || id}
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={draft}
      placeholder={placeholder}
      autoFocus={autofocus}
      disabled={disabled}
      error={rawErrors.length > 0}
      multiline
      fullWidth
      margin="dense"
      onChange={(event) => {
        setDraft(event.target.value);
        change.send(event.target.value === '' ? options.emptyValue : event.target.value);
      }}
      onBlur={(event) => {
        change.flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
      slotProps={{
        input: { inputComponent: GrowingTextarea },
        htmlInput: { readOnly: readonly, 'aria-required': required || undefined, rows },
      }}
    />
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('hz-textarea', HzTextareaWidget);
