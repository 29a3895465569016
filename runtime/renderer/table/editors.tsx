/**
 * Editable cells of the data table by column type (administration-data.md §3 "Data table", §5): an
 * editable column's cell edits the row in place through the table's RowStore. Native inputs styled by
 * class (./styles.tsx), so a page of 1,000 editable rows stays responsive. Every input is named by its
 * column's header (aria-label) and marked invalid (aria-invalid) when its cell has a problem.
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
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { type ClipboardEvent, type ComponentType, type KeyboardEvent, useEffect, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { dateLimits, isoDate, nextOption, numericEdit, numericValue } from '../../../engine/table';
import type { TableColumn } from './cell-text';
import type { Row } from './row-store';

/** What an editor gets: its column, the row as edited, the value, and how to change it. */
export interface EditorProps {
  column: TableColumn;
  row: Row;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
}

function TextEditor({ column, value, invalid, onChange }: EditorProps) {
  const text = value === undefined || value === null ? '' : String(value);
  const change = (next: string) => onChange(next === '' ? undefined : next);
  if (column.type === 'Textarea')
    return (
      <textarea
        className="dt-input"
        rows={2}
        value={text}
        aria-label={column.headerText}
        aria-invalid={invalid}
        onChange={(event) => change(event.target.value)}
      />
    );
  return (
    <input
      className="dt-input"
      type={column.type === 'Email' ? 'email' : column.type === 'Tel' ? 'tel' : 'text'}
      value={text}
      aria-label={column.headerText}
      aria-invalid={invalid}
      onChange={(event) => change(event.target.value)}
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
  // The row changed from elsewhere (a reload): show its value.
  useEffect(() => {
    setText((shown) => (numericValue(shown) === value || (shown === '' && value == null) ? shown : numericText(value)));
  }, [value]);
  const accept = (next: string) => {
    setText(next);
    onChange(numericValue(next));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const input = event.currentTarget;
    const end = input.value.length;
    if (
      BLOCKED_KEYS.has(event.key) ||
      numericEdit(input.value, input.selectionStart ?? end, input.selectionEnd ?? end, event.key) === null
    )
      event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const end = input.value.length;
    const pasted = event.clipboardData.getData('text').trim();
    const next = numericEdit(input.value, input.selectionStart ?? end, input.selectionEnd ?? end, pasted);
    event.preventDefault();
    if (next !== null) accept(next);
  };
  return (
    <input
      className="dt-input dt-number"
      value={text}
      inputMode="decimal"
      step={column.step}
      aria-label={column.headerText}
      aria-invalid={invalid}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      // The last word: whatever reached the input (a drop, autofill) must be an entry, else it is refused.
      onChange={(event) => {
        if (numericEdit(event.target.value, 0, 0, '') !== null) accept(event.target.value);
      }}
    />
  );
}

function DateEditor({ column, row, value, invalid, onChange }: EditorProps) {
  const limits = dateLimits(column, row, new Date());
  return (
    <input
      className="dt-input"
      type="date"
      value={isoDate(value) ?? ''}
      min={limits.min}
      max={limits.max}
      aria-label={column.headerText}
      aria-invalid={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}

function TimeEditor({ column, value, invalid, onChange }: EditorProps) {
  return (
    <input
      className="dt-input"
      type="time"
      value={typeof value === 'string' ? value : ''}
      step={column.step ?? 60}
      aria-label={column.headerText}
      aria-invalid={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}

function BooleanEditor({ column, value, onChange }: EditorProps) {
  return (
    <input
      className="dt-check"
      type="checkbox"
      checked={value === true}
      aria-label={column.headerText}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** Options are matched by their value as text (a native select's values are text). */
function DropDownEditor({ column, value, invalid, onChange }: EditorProps) {
  const options = column.options ?? [];
  const index = options.findIndex((option) => option.value === value);
  return (
    <select
      className="dt-input"
      value={index < 0 ? '' : String(index)}
      aria-label={column.headerText}
      aria-invalid={invalid}
      onChange={(event) => onChange(event.target.value === '' ? undefined : options[Number(event.target.value)]?.value)}
    >
      <option value="" />
      {options.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {message(option.label)}
        </option>
      ))}
    </select>
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
        // In the options' order, whatever the order of the clicks.
        const values = options.filter((_, i) => picked.includes(String(i))).map((option) => option.value);
        onChange(values.length > 0 ? values : undefined);
      }}
      renderValue={(selected) => selected.map((i) => message(options[Number(i)].label)).join(', ')}
      inputProps={{ 'aria-label': column.headerText }}
      sx={{ fontSize: 'inherit', width: '100%', minWidth: 80 }}
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
    <button
      type="button"
      className="dt-button"
      aria-label={column.headerText}
      onClick={() => onChange(nextOption(values, value))}
    >
      {option ? message(option.label) : '–'}
    </button>
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
