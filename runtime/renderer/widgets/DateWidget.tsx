import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';

/** The default date range: the current year minus 10 to plus 10 (form-configuration.md §5 "Form fields"). */
export function defaultDateRange(today = new Date()): { min: string; max: string } {
  const year = today.getFullYear();
  return { min: `${year - 10}-01-01`, max: `${year + 10}-12-31` };
}

/**
 * date: a date stored as yyyy-mm-dd. The browser's date input is used (typed or picked; what it
 * cannot parse never reaches the value); ui:options.min / max override the default range.
 */
export default function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, rawErrors = [], autofocus } = props;
  const range = defaultDateRange();
  const min = typeof options.min === 'string' ? options.min : range.min;
  const max = typeof options.max === 'string' ? options.max : range.max;
  return (
    <TextField
      id={id}
      name={htmlName || id}
      type="date"
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={typeof value === 'string' ? value : ''}
      autoFocus={autofocus}
      disabled={disabled}
      error={rawErrors.length > 0}
      fullWidth
      margin="dense"
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly: readonly, min, max, 'aria-required': required || undefined },
      }}
    />
  );
}
