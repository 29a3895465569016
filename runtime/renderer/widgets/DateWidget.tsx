import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { isIsoDate } from '../../../engine/table/dates';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';
import { and, formatIs, rankWith, schemaTypeIs } from './testers';

/** The default date range: the current year minus 10 to plus 10 (form-configuration.md §5 "Form fields"). */
export function defaultDateRange(today = new Date()): { min: string; max: string } {
  const year = today.getFullYear();
  return { min: `${year - 10}-01-01`, max: `${year + 10}-12-31` };
}

/**
 * The month picker's years (form-configuration.md §5 "Form fields"): from the current year minus 20 up to
 * but not including the current year plus 20.
 */
export function monthPickerYears(today = new Date()): number[] {
  const year = today.getFullYear();
  return Array.from({ length: 40 }, (_, i) => year - 20 + i);
}

/**
 * True when `text` is a real calendar date written yyyy-mm-dd within [min, max] (ISO dates compare as
 * text). '2026-02-30' is not a date; '2026-2-3' is not the format.
 */
export function isDateWithin(text: string, min: string, max: string): boolean {
  return isIsoDate(text) && text >= min && text <= max;
}

/**
 * date: a date shown and stored as yyyy-mm-dd whatever the browser's locale (a native date input would
 * show mm/dd/yyyy to an American browser). Typed text becomes the value only when it is a real date in
 * the range (by default the current year -10 to +10; ui:options.min / max override it); anything else is
 * not kept: leaving the field puts the last good date back. The calendar button opens the browser's own
 * date picker, whose choice is written in the same format. With `ui:options.picker` 'month', the month
 * picker instead. With `ui:options.defaultToday`, an empty field starts at today's date.
 */
export default function DateWidget(props: WidgetProps) {
  return props.options.picker === 'month' ? <MonthPicker {...props} /> : <DayPicker {...props} />;
}

/**
 * The month picker: a month and a year (years from {@link monthPickerYears}); the value is the month's
 * first day, yyyy-mm-01, set once both are chosen.
 */
function MonthPicker(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, rawErrors = [] } = props;
  const stored = typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? value : '';
  const [month, setMonth] = useState(stored.slice(5, 7));
  const [year, setYear] = useState(stored.slice(0, 4));
  useEffect(() => {
    setMonth(stored.slice(5, 7));
    setYear(stored.slice(0, 4));
  }, [stored]);
  const choose = (nextMonth: string, nextYear: string) => {
    setMonth(nextMonth);
    setYear(nextYear);
    onChange(nextMonth && nextYear ? `${nextYear}-${nextMonth}-01` : props.options.emptyValue);
  };
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  const locked = Boolean(disabled || readonly);
  return (
    // On a phone the label takes a line of its own and the two boxes share the next (issue 19: the year box
    // made the page scroll sideways at 390 px).
    <Stack direction="row" gap={1} sx={{ my: 1, flexWrap: 'wrap' }} role="group" aria-label={label}>
      {!hideLabel && (
        <FormLabel
          sx={{ alignSelf: 'center', minWidth: 120, flexBasis: { xs: '100%', sm: 'auto' } }}
          error={rawErrors.length > 0}
        >
          {requiredLabel(label, required)}
        </FormLabel>
      )}
      <TextField
        id={`${id}-month`}
        select
        size="small"
        label={message('month.month')}
        value={month}
        disabled={locked}
        error={rawErrors.length > 0}
        onChange={(event) => choose(event.target.value, year)}
        sx={{ minWidth: 140, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
      >
        <MenuItem value="">&nbsp;</MenuItem>
        {months.map((m) => (
          <MenuItem key={m} value={m}>
            {format(new Date(2000, Number(m) - 1, 1), 'MMMM')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={`${id}-year`}
        select
        size="small"
        label={message('month.year')}
        value={year}
        disabled={locked}
        error={rawErrors.length > 0}
        onChange={(event) => choose(month, event.target.value)}
        sx={{ minWidth: 110, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
      >
        <MenuItem value="">&nbsp;</MenuItem>
        {monthPickerYears().map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function DayPicker(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const { options, rawErrors = [], autofocus } = props;
  const range = defaultDateRange();
  const min = typeof options.min === 'string' ? options.min : range.min;
  const max = typeof options.max === 'string' ? options.max : range.max;
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(stored);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(stored), [stored]);
  // ui:options.defaultToday: an empty field of a new item starts at today (an employee's start date,
  // administration-data.md §3); once, when the widget mounts empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's emptiness counts
  useEffect(() => {
    if (options.defaultToday === true && stored === '' && !readonly && !disabled)
      onChange(format(new Date(), 'yyyy-MM-dd'));
  }, []);

  const accept = (next: string) => {
    setText(next);
    if (next === '') onChange(options.emptyValue);
    else if (isDateWithin(next, min, max)) onChange(next);
  };

  return (
    <>
      <TextField
        id={id}
        name={htmlName || id}
        label={hideLabel ? undefined : requiredLabel(label, required)}
        value={text}
        placeholder="yyyy-mm-dd"
        autoFocus={autofocus}
        disabled={disabled}
        error={rawErrors.length > 0}
        fullWidth
        margin="dense"
        onChange={(event) => accept(event.target.value.trim())}
        onBlur={() => {
          // Invalid input is not kept (form-configuration.md §5).
          if (text !== '' && !isDateWithin(text, min, max)) setText(stored);
          onBlur(id, stored);
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            readOnly: readonly,
            inputMode: 'numeric',
            maxLength: 10,
            'aria-required': required || undefined,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={message('form.openCalendar')}
                  edge="end"
                  disabled={disabled || readonly}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        value={isDateWithin(stored, min, max) ? stored : ''}
        onChange={(event) => accept(event.target.value)}
        style={{ position: 'absolute', opacity: 0, pointerEvents: 'none', width: 0, height: 0 }}
      />
    </>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget(
  'date',
  DateWidget,
  rankWith(3, and(schemaTypeIs('string'), formatIs('date'))),
);
