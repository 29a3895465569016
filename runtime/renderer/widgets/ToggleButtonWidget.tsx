import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { WidgetProps } from '@rjsf/utils';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

/**
 * toggle-button: an on/off answer as two buttons, 'Complete' and 'Incomplete' unless the question names
 * its own labels (form-configuration.md §2). Pressing the chosen button again clears the answer.
 */
export default function ToggleButtonWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, options } = props;
  const { rawErrors = [] } = props;
  const onLabel = String(options.onLabel ?? message('toggle.complete'));
  const offLabel = String(options.offLabel ?? message('toggle.incomplete'));
  const labelId = `${id}-label`;
  return (
    <FormControl margin="dense" error={rawErrors.length > 0}>
      {!hideLabel && <FormLabel id={labelId}>{requiredLabel(label, required)}</FormLabel>}
      <ToggleButtonGroup
        id={id}
        exclusive
        size="small"
        aria-labelledby={labelId}
        value={value === true ? 'on' : value === false ? 'off' : null}
        disabled={disabled || readonly}
        onChange={(_, next: 'on' | 'off' | null) => onChange(next === null ? undefined : next === 'on')}
      >
        <ToggleButton value="on">{onLabel}</ToggleButton>
        <ToggleButton value="off">{offLabel}</ToggleButton>
      </ToggleButtonGroup>
    </FormControl>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('toggle-button', ToggleButtonWidget);
