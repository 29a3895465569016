import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

/** colour-picker: the browser's colour input; the value is #rrggbb (form-configuration.md §2). */
export default function ColourPickerWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { rawErrors = [] } = props;
  return (
    <TextField
      id={id}
      name={htmlName || id}
      type="color"
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={typeof value === 'string' && value !== '' ? value : '#000000'}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      margin="dense"
      sx={{ minWidth: 120 }}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('colour-picker', ColourPickerWidget);
