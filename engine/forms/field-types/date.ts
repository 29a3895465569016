/** Date: a yyyy-mm-dd date, the date widget; a stored date-time shows its date part (form-configuration.md §5). */
import type { FieldType } from './types';

export const date: FieldType = {
  name: 'date',
  widget: 'date',
  schema: (q) => ({ type: 'string', title: q.label, format: 'date' }),
  uiSchema: () => ({ 'ui:widget': 'date' }),
  multiValued: false,
  typeMessageId: 'validation.date',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Date',
  displayText: (value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value),
};
