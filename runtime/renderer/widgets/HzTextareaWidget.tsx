import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';

/** hz-textarea: a multi-line text (form-configuration.md §2); ui:options.rows sets the height (default 3). */
export default function HzTextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, rawErrors = [], autofocus, placeholder } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <TextField
      id={id}
      name={htmlName || id}
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={value ?? ''}
      placeholder={placeholder}
      autoFocus={autofocus}
      disabled={disabled}
      error={rawErrors.length > 0}
      multiline
      minRows={rows}
      fullWidth
      margin="dense"
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      slotProps={{ htmlInput: { readOnly: readonly, 'aria-required': required || undefined } }}
    />
  );
}
