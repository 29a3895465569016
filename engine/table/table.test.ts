/**
 * The data table's rules (administration-data.md "Data table" §4, §5, §9): numeric input, totals,
 * percentage display, selection and disableCheck, ButtonSelect, date min/max and the year range,
 * required cells, default widths.
 */
import {
  cellEditable,
  cellRequired,
  checkDisabledByLimit,
  checkedCount,
  columnTotal,
  columnWidth,
  DEFAULT_PAGE_SIZE,
  dateLimits,
  dateOutside,
  FILE_PICKER_PAGE_SIZES,
  formatDigits,
  formatTotal,
  isNumericEntry,
  nextOption,
  numericEdit,
  numericValue,
  PAGE_SIZES,
  PERCENTAGE_DIGITS,
  rowProblems,
  selectOnly,
} from '.';

describe('numeric input (§5: 2 decimals, 16 digits; e, -, + and a second point blocked)', () => {
  it('accepts digits with one point and at most 2 decimals', () => {
    for (const text of ['', '0', '12', '12.', '12.3', '12.34', '.5', '1234567890123456', '12345678901234.56'])
      expect(isNumericEntry(text), text).toBe(true);
  });
  it('refuses a third decimal, a 17th digit, e, -, +, a second point and spaces', () => {
    for (const text of [
      '12.345',
      '12345678901234567',
      '123456789012345.67',
      '1e3',
      'e',
      '-1',
      '+1',
      '1.2.3',
      '1 2',
      '1,2',
    ])
      expect(isNumericEntry(text), text).toBe(false);
  });
  it('blocks the keys e, -, + and a second point, and a digit beyond the limits', () => {
    expect(numericEdit('12', 2, 2, 'e')).toBeNull();
    expect(numericEdit('12', 0, 0, '-')).toBeNull();
    expect(numericEdit('12', 2, 2, '+')).toBeNull();
    expect(numericEdit('1.2', 3, 3, '.')).toBeNull();
    expect(numericEdit('1.25', 4, 4, '7')).toBeNull();
    expect(numericEdit('1234567890123456', 16, 16, '7')).toBeNull();
    expect(numericEdit('1.2', 3, 3, '5')).toBe('1.25');
    // Typing over a selection replaces it: the point may move.
    expect(numericEdit('1.25', 1, 4, '9')).toBe('19');
  });
  it('blocks a paste that would exceed 16 digits or 2 decimals, and lets a fitting paste in', () => {
    expect(numericEdit('123', 3, 3, '45678901234567')).toBeNull(); // 17 digits
    expect(numericEdit('123', 3, 3, '4567890123456')).toBe('1234567890123456');
    expect(numericEdit('', 0, 0, '3.14159')).toBeNull();
    expect(numericEdit('99', 0, 2, '3.14')).toBe('3.14');
    expect(numericEdit('', 0, 0, '-5')).toBeNull();
  });
  it('reads an entry as a number, empty as no value', () => {
    expect(numericValue('12.')).toBe(12);
    expect(numericValue('0.25')).toBe(0.25);
    expect(numericValue('')).toBeUndefined();
    expect(numericValue('.')).toBeUndefined();
  });
});

describe('totals and number display (§9: total 1.2-2 en-US, percentage 1.0-2)', () => {
  const rows = [
    { amount: 1000.1 },
    { amount: '234.4' },
    { amount: '' },
    { amount: null },
    { amount: 'n/a' },
    { groupFieldHeader: 'Block B', amount: 999 },
    { amount: 500, isDeleted: true },
  ];
  it('sums numbers and numeric text, skipping empty cells, group headers and deleted rows', () => {
    expect(columnTotal(rows, 'amount')).toBe(1234.5);
    expect(columnTotal([{ a: 0.1 }, { a: 0.2 }], 'a')).toBe(0.3);
    expect(columnTotal([], 'a')).toBe(0);
  });
  it('formats totals 1.2-2 with en-US grouping', () => {
    expect(formatTotal(1234.5)).toBe('1,234.50');
    expect(formatTotal(0)).toBe('0.00');
    expect(formatTotal(1234567.891)).toBe('1,234,567.89');
  });
  it('formats percentages 1.0-2 and other digits info', () => {
    expect(formatDigits(12.345, PERCENTAGE_DIGITS)).toBe('12.35');
    expect(formatDigits(12, PERCENTAGE_DIGITS)).toBe('12');
    expect(formatDigits(12.5, PERCENTAGE_DIGITS)).toBe('12.5');
    expect(formatDigits(5, '3.1-1')).toBe('005.0');
    expect(formatDigits(1234.5, '1.2-2', 'EUR')).toBe('€1,234.50');
    expect(() => formatDigits(1, '1-2')).toThrow();
  });
});

describe('selection (§4)', () => {
  it('single selection selects one row and clears the others', () => {
    const rows = [{ chosen: true }, { chosen: false }, { chosen: true }, {}];
    const next = selectOnly(rows, 3, 'chosen');
    expect(next.map((r) => r.chosen)).toEqual([false, false, false, true]);
    expect(next[1]).toBe(rows[1]);
  });
  it('disableCheck disables the unchecked rows once the limit is reached, never a checked row', () => {
    const rows = [{ ok: true }, { ok: true }, { ok: false }, {}];
    const checked = checkedCount(rows, 'ok');
    expect(checked).toBe(2);
    expect(rows.map((row) => checkDisabledByLimit(row, 'ok', checked, 2))).toEqual([false, false, true, true]);
    expect(rows.map((row) => checkDisabledByLimit(row, 'ok', checked, 3))).toEqual([false, false, false, false]);
    expect(rows.map((row) => checkDisabledByLimit(row, 'ok', checked, undefined))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('ButtonSelect (§4: cycles and wraps round)', () => {
  it('moves to the next option, wraps after the last, starts at the first from an empty cell', () => {
    const options = ['Open', 'Closed', 'N/A'];
    expect(nextOption(options, 'Open')).toBe('Closed');
    expect(nextOption(options, 'Closed')).toBe('N/A');
    expect(nextOption(options, 'N/A')).toBe('Open');
    expect(nextOption(options, undefined)).toBe('Open');
    expect(nextOption([], 'x')).toBeUndefined();
  });
});

describe('date cells (§5: min/max fixed or another field, years ±10, yyyy-mm-dd)', () => {
  const today = new Date(2026, 4, 17);
  it('offers ten years either side of the current year when no bound is set', () => {
    expect(dateLimits({}, {}, today)).toEqual({ min: '2016-01-01', max: '2036-12-31' });
  });
  it('takes a fixed min and max, and another field of the row', () => {
    expect(dateLimits({ min: '2026-02-01', max: '2026-06-30' }, {}, today)).toEqual({
      min: '2026-02-01',
      max: '2026-06-30',
    });
    const row = { startDate: '2026-03-10T00:00:00.000Z', endDate: '2026-03-20' };
    expect(dateLimits({ min: { field: 'startDate' } }, row, today).min).toBe('2026-03-10');
    expect(dateLimits({ max: { field: 'endDate' } }, row, today).max).toBe('2026-03-20');
    // An empty field leaves the year range.
    expect(dateLimits({ min: { field: 'startDate' } }, {}, today).min).toBe('2016-01-01');
    // A bound beyond the year range is narrowed to it.
    expect(dateLimits({ min: '1990-01-01' }, {}, today).min).toBe('2016-01-01');
  });
  it('tells a date before the min or after the max', () => {
    const limits = { min: '2026-03-10', max: '2026-03-20' };
    expect(dateOutside('2026-03-09', limits)).toBe('min');
    expect(dateOutside('2026-03-10', limits)).toBeUndefined();
    expect(dateOutside('2026-03-21', limits)).toBe('max');
    expect(dateOutside('', limits)).toBeUndefined();
  });
});

describe('cells: editable, required, rule-required, problems (§3 row model, §5)', () => {
  const today = new Date(2026, 4, 17);
  const columns = [
    { value: 'item', type: 'Text', editable: true, required: true },
    {
      value: 'reason',
      type: 'Text',
      editable: true,
      requiredWhen: { properties: { row: { required: ['rejected'], properties: { rejected: { const: true } } } } },
    },
    { value: 'qty', type: 'Number', editable: true, min: 1, max: 100 },
    { value: 'end', type: 'Date', editable: true, min: { field: 'start' } },
    { value: 'note', type: 'Text' },
  ];
  it('a disabled row or a cell named in disabledCells is not editable; a non-editable column never is', () => {
    expect(cellEditable(columns[0], {})).toBe(true);
    expect(cellEditable(columns[0], { disabled: true })).toBe(false);
    expect(cellEditable(columns[0], { disabledCells: ['item'] })).toBe(false);
    expect(cellEditable(columns[2], { disabledCells: ['item'] })).toBe(true);
    expect(cellEditable(columns[4], {})).toBe(false);
  });
  it('a cell is required by the column, or by its rule over the row', () => {
    expect(cellRequired(columns[0], {})).toBe(true);
    expect(cellRequired(columns[1], { rejected: false })).toBe(false);
    expect(cellRequired(columns[1], { rejected: true })).toBe(true);
  });
  it('lists a row’s problems: required, min/max, not numeric, a date before another field', () => {
    expect(rowProblems(columns, { item: 'Pump', qty: 5, end: '2026-03-12', start: '2026-03-10' }, today)).toEqual([]);
    const problems = rowProblems(
      columns,
      { item: '', rejected: true, qty: 101, end: '2026-03-01', start: '2026-03-10' },
      today,
    );
    expect(problems).toEqual([
      { field: 'item', messageId: 'dataTable.required' },
      { field: 'reason', messageId: 'dataTable.required' },
      { field: 'qty', messageId: 'dataTable.aboveMax', values: { max: 100 } },
      { field: 'end', messageId: 'dataTable.belowMin', values: { min: '2026-03-10' } },
    ]);
    expect(rowProblems(columns, { item: 'x', qty: 0 }, today)).toEqual([
      { field: 'qty', messageId: 'dataTable.belowMin', values: { min: 1 } },
    ]);
    expect(rowProblems(columns, { item: 'x', qty: '1e3' }, today)).toEqual([
      { field: 'qty', messageId: 'dataTable.notNumeric' },
    ]);
    // A disabled row is not checked.
    expect(rowProblems(columns, { disabled: true }, today)).toEqual([]);
  });
});

describe('constants and widths (§9)', () => {
  it('page sizes 10-1000 (file pickers 10/25/50), default 10', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100, 500, 1000]);
    expect(FILE_PICKER_PAGE_SIZES).toEqual([10, 25, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
  it('default widths by type, in a table and in the register', () => {
    const width = (column: Parameters<typeof columnWidth>[0]) => columnWidth(column, 'table');
    expect(width({ type: 'Options' })).toBe(50);
    expect(width({ type: 'CheckBox' })).toBe(50);
    expect(width({ type: 'ButtonSelect' })).toBe(100);
    expect(width({ type: 'Percentage' })).toBe(100);
    expect(width({ type: 'DropDown' })).toBe(100);
    expect(width({ type: 'DropDown', editable: true })).toBe(200);
    expect(width({ type: 'Date' })).toBe(120);
    expect(width({ type: 'Date', filterable: false })).toBe(100);
    expect(width({ type: 'Text' })).toBe(200);
    expect(width({ type: 'Text', width: 321 })).toBe(321);
    expect(columnWidth({ type: 'Number' }, 'register')).toBe(100);
    expect(columnWidth({ type: 'Options' }, 'register')).toBe(50);
    expect(columnWidth({ type: 'Date' }, 'register')).toBe(200);
  });
});
