import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';
import { rankWith, schemaTypeIs } from './testers';

/**
 * hz-checkbox: a single tick box (boolean schema), or one box per option (array schema with enum
 * items) whose value is the list of ticked option values in option order.
 */
export default function HzCheckboxWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, options, schema } =
    props;
  const { rawErrors = [] } = props;
  const locked = disabled || readonly;

  if (schema.type === 'array') {
    const enumOptions = (options.enumOptions ?? []) as EnumOptionsType[];
    const ticked: unknown[] = Array.isArray(value) ? value : [];
    const toggle = (optionValue: unknown, checked: boolean) => {
      const next = enumOptions
        .map((option) => option.value)
        .filter((v) => (v === optionValue ? checked : ticked.includes(v)));
      onChange(next.length === 0 ? options.emptyValue : next);
    };
    return (
      <FormControl component="fieldset" error={rawErrors.length > 0} margin="dense" id={id}>
        {!hideLabel && <FormLabel component="legend">{requiredLabel(label, required)}</FormLabel>}
        <FormGroup row>
          {enumOptions.map((option, index) => (
            <FormControlLabel
              key={String(option.value)}
              label={option.label}
              control={
                <Checkbox
                  id={`${id}-${index}`}
                  name={id}
                  checked={ticked.includes(option.value)}
                  disabled={locked}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  onBlur={() => onBlur(id, value)}
                  onFocus={() => onFocus(id, value)}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
    );
  }

  return (
    <FormControlLabel
      label={hideLabel ? '' : requiredLabel(label, required)}
      control={
        <Checkbox
          id={id}
          name={id}
          checked={value === true}
          disabled={locked}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          slotProps={{ input: { 'aria-required': required || undefined } as object }}
        />
      }
    />
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('hz-checkbox', HzCheckboxWidget, rankWith(1, schemaTypeIs('boolean')));
