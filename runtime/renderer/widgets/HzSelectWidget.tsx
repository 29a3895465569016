import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';
import { hasOptions, rankWith } from './testers';

/** Made on first use: the widget's module is loaded with every form, its sort runs only when a list is shown. */
let collator: Intl.Collator | undefined;

function numericCollator(): Intl.Collator {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator;
}

/**
 * Sorts options numerically by label ('2' before '10', 'Item 2' before 'Item 10'), as a single
 * select does (form-configuration.md §5 "Form fields").
 */
export function sortOptionsNumerically<T extends { label: string }>(options: readonly T[]): T[] {
  const compare = numericCollator().compare;
  return [...options].sort((a, b) => compare(a.label, b.label));
}

/**
 * hz-select: a single select with a blank first option and options sorted numerically
 * (form-configuration.md §5), or in the list's order with `ui:options.keepOrder`. A select that is not
 * required and has no options is hidden.
 * Its accessible name is the label alone ('Label *'), not the label plus the chosen value.
 */
export default function HzSelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, rawErrors = [], autofocus } = props;
  // ui:options keepOrder: the list's own order (e.g. the country list, Ireland and United Kingdom first).
  const given = (options.enumOptions ?? []) as EnumOptionsType[];
  const enumOptions = options.keepOrder === true ? given : sortOptionsNumerically(given);
  if (enumOptions.length === 0 && !required) return null;
  const selected = enumOptions.findIndex((option) => option.value === value);
  const toValue = (index: unknown) =>
    index === '' || index === undefined ? options.emptyValue : enumOptions[Number(index)]?.value;
  const labelId = `${id}-label`;

  return (
    <TextField
      id={id}
      name={htmlName || id}
      select
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={selected < 0 ? '' : String(selected)}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      fullWidth
      margin="dense"
      onChange={(event) => onChange(toValue(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        inputLabel: { id: labelId },
        select: {
          SelectDisplayProps: { 'aria-labelledby': hideLabel ? undefined : labelId } as object,
          required,
        },
      }}
    >
      <MenuItem value="" sx={{ minHeight: 36 }} />
      {enumOptions.map((option, index) => (
        <MenuItem key={String(option.value)} value={String(index)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('hz-select', HzSelectWidget, rankWith(2, hasOptions));
