import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';
import { itemsHaveOptions, rankWith } from './testers';

/**
 * multiSelect: several options of a list, chosen in a select (form-configuration.md §2); the value is
 * the chosen values in option order. Hidden when not required and without options (§5). The options are the items'
 * `enum`, or the `oneOf` a form document's fetched options give (a project's lookup values, issue 23).
 */
export default function MultiSelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, schema } =
    props;
  const { rawErrors = [] } = props;
  const items = (schema.items ?? {}) as { enum?: unknown[]; oneOf?: Array<{ const?: unknown }> };
  // The options are the items' enum, or the oneOf consts fetched for the field (form documents' `options`).
  const values = (items.enum ?? items.oneOf?.map((option) => option.const) ?? []).map(String);
  if (values.length === 0 && !required) return null;
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const labelId = `${id}-label`;
  return (
    <TextField
      id={id}
      name={htmlName || id}
      select
      label={hideLabel ? undefined : requiredLabel(label, required)}
      value={chosen}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      fullWidth
      margin="dense"
      onChange={(event) => {
        const picked = event.target.value as unknown as string[];
        const next = values.filter((v) => picked.includes(v));
        onChange(next.length === 0 ? undefined : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        inputLabel: { id: labelId },
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).join(', '),
          SelectDisplayProps: { 'aria-labelledby': hideLabel ? undefined : labelId } as object,
        },
      }}
    >
      {values.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('multiSelect', MultiSelectWidget, rankWith(2, itemsHaveOptions));
