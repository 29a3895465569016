import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

/**
 * temperatureInput: degrees C (form-configuration.md §2, §5): a number within the question's min and
 * max; a value outside them is refused by the schema (and the server) and marked on the field.
 */
export default function TemperatureWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, options } =
    props;
  const { rawErrors = [] } = props;
  const min = typeof options.min === 'number' ? options.min : undefined;
  const max = typeof options.max === 'number' ? options.max : undefined;
  return (
    <TextField
      id={id}
      name={htmlName || id}
      type="number"
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={value ?? ''}
      disabled={disabled}
      error={rawErrors.length > 0}
      margin="dense"
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : Number(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        htmlInput: { readOnly: readonly, min, max, step: 'any' },
        input: { endAdornment: <InputAdornment position="end">{message('temperature.unit')}</InputAdornment> },
      }}
    />
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('temperatureInput', TemperatureWidget);
