/**
 * The text of a data-table cell and the column the table works with (administration-data.md "Data table"
 * column model, §3, §9): a `TableColumn` is a document's column with its header as text, `formatCell` shows a
 * value by the column's type. Both the cells (./DataCell, ./editors) and the column definitions
 * (../register/columns) read them, so they live here, below both: the cells never import the module that
 * builds the column definitions from them (issue 20 part 8: the register/columns <-> table/DataCell cycle).
 */
import { format as formatDate } from 'date-fns';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { asNumber, formatDigits, PERCENTAGE_DIGITS, TOTAL_DIGITS } from '../../../engine/table';
import type { ColumnSpec } from '../documents';

/** A register row: field → value. */
export type Row = Record<string, unknown>;

/** A column as the table uses it: the document's columns (header by message id) or provided ones. */
export interface TableColumn extends Omit<ColumnSpec, 'header'> {
  headerText: string;
}

function optionLabel(column: Pick<ColumnSpec, 'options'>, value: unknown): string | undefined {
  const option = column.options?.find((o) => o.value === value);
  return option ? message(option.label) : undefined;
}

/**
 * Shows one cell value as text by column type (administration-data.md §3, §9): a value of `valueLabels`
 * by its message; a DropDown, MultiSelect or ButtonSelect value by its option's label; dates by
 * `format`; Number and Currency by `numberPipe` (Currency '1.2-2' by default, with the symbol of an ISO
 * 4217 `format`); Percentage 1.0-2 with '%'; booleans Yes/No; lists joined; attachments by file name.
 */
export function formatCell(
  column: Pick<ColumnSpec, 'type' | 'format' | 'valueLabels' | 'options' | 'numberPipe'>,
  value: unknown,
): string {
  if (value === undefined || value === null) return '';
  const label = column.valueLabels?.[String(value)];
  if (label) return message(label as MessageId);
  if (column.options && !Array.isArray(value)) {
    const text = optionLabel(column, value);
    if (text !== undefined) return text;
  }
  if (column.type === 'Date' && typeof value === 'string' && column.format) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(date, column.format);
  }
  if (column.type === 'Number' || column.type === 'Currency' || column.type === 'Percentage') {
    const number = asNumber(value);
    if (number !== undefined) {
      if (column.type === 'Percentage') return `${formatDigits(number, column.numberPipe ?? PERCENTAGE_DIGITS)}%`;
      if (column.type === 'Currency')
        return formatDigits(number, column.numberPipe ?? TOTAL_DIGITS, currencyCode(column.format));
      return column.numberPipe ? formatDigits(number, column.numberPipe) : String(value);
    }
  }
  if (typeof value === 'boolean') return message(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === 'object'
          ? String((item as Row).originalFileName ?? (item as Row).fileName ?? (item as Row).fileUrl ?? '')
          : (optionLabel(column, item) ?? String(item)),
      )
      .join(', ');
  return String(value);
}

/** An ISO 4217 code (three capitals) as a currency, anything else none. */
function currencyCode(format: string | undefined): string | undefined {
  return format && /^[A-Z]{3}$/.test(format) ? format : undefined;
}
