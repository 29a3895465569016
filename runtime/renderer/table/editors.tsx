/**
 * Editable cells of the data table by column type (administration-data.md §3 "Data table", §5): an
 * editable column's cell edits the row in place through the table's RowStore. Light inputs (InputBase,
 * a native select) so a page of 1,000 editable rows stays responsive. Every input is named by its
 * column's header (aria-label) and marked invalid with its problem's text under it.
 *
 * - Text, Email, Tel, Textarea: text inputs (Textarea multi-line).
 * - Number, Currency, Percentage: numeric entry (engine/table/numeric-input.ts): at most 2 decimals and
 *   16 digits; e, -, + and a second point are blocked; a paste that would exceed the limits is blocked
 *   whole. The row holds the number (an empty cell holds nothing).
 * - Date: yyyy-mm-dd with min and max from engine/table/dates.ts (fixed, another field, ±10 years).
 * - Time: HH:mm, `step` seconds.
 * - Boolean: a tick box.
 * - DropDown: one of `options`; MultiSelect: several; ButtonSelect: a button cycling through them.
 */
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import NativeSelect from '@mui/material/NativeSelect';
import Select from '@mui/material/Select';
import { type ClipboardEvent, type ComponentType, type KeyboardEvent, useEffect, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { dateLimits, isoDate, nextOption, numericEdit, numericValue } from '../../../engine/table';
import type { TableColumn } from '../register/columns';
import type { Row } from './row-store';

/** What an editor gets: its column, the row as edited, the value, and how to change it. */
export interface EditorProps {
  column: TableColumn;
  row: Row;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
}

const inputSx = { fontSize: 'inherit', width: '100%', '& input, & textarea': { py: 0.25 } } as const;

function TextEditor({ column, value, invalid, onChange }: EditorProps) {
  const type = column.type === 'Email' ? 'email' : column.type === 'Tel' ? 'tel' : 'text';
  return (
    <InputBase
      type={type}
      value={value === undefined || value === null ? '' : String(value)}
      multiline={column.type === 'Textarea'}
      error={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      inputProps={{ 'aria-label': column.headerText, 'aria-invalid': invalid }}
      sx={inputSx}
    />
  );
}

/** The text a numeric value shows while edited: the number as typed, '' for none. */
function numericText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The keys numeric entry blocks whatever the text (§5); others are checked on the resulting text. */
const BLOCKED_KEYS = new Set(['e', 'E', '-', '+']);

function NumberEditor({ column, value, invalid, onChange }: EditorProps) {
  const [text, setText] = useState(() => numericText(value));
  // The row changed from elsewhere (a reload, a paste into the row): show its value.
  useEffect(() => {
    setText((shown) => (numericValue(shown) === value || (shown === '' && value == null) ? shown : numericText(value)));
  }, [value]);
  const accept = (next: string) => {
    setText(next);
    onChange(numericValue(next));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const input = event.target as HTMLInputElement;
    if (
      BLOCKED_KEYS.has(event.key) ||
      numericEdit(
        input.value,
        input.selectionStart ?? input.value.length,
        input.selectionEnd ?? input.value.length,
        event.key,
      ) === null
    )
      event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.target as HTMLInputElement;
    const pasted = event.clipboardData.getData('text');
    const next = numericEdit(
      input.value,
      input.selectionStart ?? input.value.length,
      input.selectionEnd ?? input.value.length,
      pasted.trim(),
    );
    event.preventDefault();
    if (next !== null) accept(next);
  };
  return (
    <InputBase
      value={text}
      error={invalid}
      // The last word: whatever reached the input (a drop, autofill) must be an entry, else it is refused.
      onChange={(event) => {
        if (numericEdit(event.target.value, 0, 0, '') !== null) accept(event.target.value);
      }}
      inputProps={{
        'aria-label': column.headerText,
        'aria-invalid': invalid,
        inputMode: 'decimal',
        onKeyDown,
        onPaste,
        ...(column.step !== undefined && { step: column.step }),
      }}
      sx={{ ...inputSx, '& input': { textAlign: 'right', py: 0.25 } }}
    />
  );
}

function DateEditor({ column, row, value, invalid, onChange }: EditorProps) {
  const limits = dateLimits(column, row, new Date());
  return (
    <InputBase
      type="date"
      value={isoDate(value) ?? ''}
      error={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      inputProps={{ 'aria-label': column.headerText, 'aria-invalid': invalid, min: limits.min, max: limits.max }}
      sx={inputSx}
    />
  );
}

function TimeEditor({ column, value, invalid, onChange }: EditorProps) {
  return (
    <InputBase
      type="time"
      value={typeof value === 'string' ? value : ''}
      error={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      inputProps={{ 'aria-label': column.headerText, 'aria-invalid': invalid, step: column.step ?? 60 }}
      sx={inputSx}
    />
  );
}

function BooleanEditor({ column, value, onChange }: EditorProps) {
  return (
    <Checkbox
      size="small"
      checked={value === true}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': column.headerText } }}
    />
  );
}

/** Options are matched by their value as text (a native select's values are text). */
function DropDownEditor({ column, value, invalid, onChange }: EditorProps) {
  const options = column.options ?? [];
  const index = options.findIndex((option) => option.value === value);
  return (
    <NativeSelect
      value={index < 0 ? '' : String(index)}
      error={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : options[Number(event.target.value)]?.value)}
      input={<InputBase sx={inputSx} />}
      inputProps={{ 'aria-label': column.headerText, 'aria-invalid': invalid }}
    >
      <option value="" />
      {options.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {message(option.label)}
        </option>
      ))}
    </NativeSelect>
  );
}

function MultiSelectEditor({ column, value, invalid, onChange }: EditorProps) {
  const options = column.options ?? [];
  const chosen = Array.isArray(value) ? value : [];
  const indexes = options.flatMap((option, i) => (chosen.includes(option.value) ? [String(i)] : []));
  return (
    <Select
      multiple
      variant="standard"
      value={indexes}
      error={invalid}
      onChange={(event) => {
        const picked = typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value;
        const values = picked.map((i) => options[Number(i)]?.value).filter((v) => v !== undefined);
        onChange(values.length > 0 ? values : undefined);
      }}
      renderValue={(selected) => selected.map((i) => message(options[Number(i)].label)).join(', ')}
      inputProps={{ 'aria-label': column.headerText }}
      sx={{ ...inputSx, minWidth: 80 }}
    >
      {options.map((option, i) => (
        <MenuItem key={String(option.value)} value={String(i)}>
          <Checkbox size="small" checked={indexes.includes(String(i))} />
          {message(option.label)}
        </MenuItem>
      ))}
    </Select>
  );
}

/** ButtonSelect: a click moves to the next option and wraps round (engine/table/button-select.ts). */
function ButtonSelectEditor({ column, value, onChange }: EditorProps) {
  const values = (column.options ?? []).map((option) => option.value);
  const option = column.options?.find((o) => o.value === value);
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={column.headerText}
      onClick={() => onChange(nextOption(values, value))}
      sx={{ minWidth: 60, textTransform: 'none' }}
    >
      {option ? message(option.label) : '–'}
    </Button>
  );
}

/** Editors by column type; a type not here is not editable. */
export const editors: Record<string, ComponentType<EditorProps>> = {
  Text: TextEditor,
  Textarea: TextEditor,
  Email: TextEditor,
  Tel: TextEditor,
  Number: NumberEditor,
  Currency: NumberEditor,
  Percentage: NumberEditor,
  Date: DateEditor,
  Time: TimeEditor,
  Boolean: BooleanEditor,
  DropDown: DropDownEditor,
  MultiSelect: MultiSelectEditor,
  ButtonSelect: ButtonSelectEditor,
};
