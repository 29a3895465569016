/**
 * Date: a yyyy-mm-dd date, the date widget; a stored date-time shows its date part (form-configuration.md §5).
 * With `picker: 'month'` the month picker: a month and a year, stored as the month's first day (yyyy-mm-01).
 */
import type { DateQuestion } from '../../types/generated';
import { valueTexts } from './display';
import type { FieldType } from './types';

export const date: FieldType<DateQuestion> = {
  name: 'date',
  questionType: 'Date',
  titleId: 'fieldType.date',
  icon: 'CalendarMonth',
  summaryId: 'fieldType.date.summary',
  description: 'A date, yyyy-mm-dd (date), or with the month picker a month and a year.',
  properties: {
    picker: {
      enum: ['day', 'month'],
      default: 'day',
      'x-title': 'question.picker',
      description:
        "The picker: day (the default) or month (a month and a year, years from the current minus 20 up to but not including plus 20; stored as the month's first day, yyyy-mm-01).",
      'x-editor': 'select',
    },
  },
  example: { question: { id: 6, label: 'Poured', type: 'Date' }, good: '2026-11-20', bad: '20/11/2026' },
  widget: 'date',
  schema: (q) =>
    q.picker === 'month'
      ? { type: 'string', title: q.label, format: 'date', pattern: '^\\d{4}-\\d{2}-01$' }
      : { type: 'string', title: q.label, format: 'date' },
  uiSchema: (q) =>
    q.picker === 'month' ? { 'ui:widget': 'date', 'ui:options': { picker: 'month' } } : { 'ui:widget': 'date' },
  multiValued: false,
  typeMessageId: 'validation.date',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Date',
  ...valueTexts((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value)),
};
