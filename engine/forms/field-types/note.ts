/** Note: a text the form shows (its label and help text) with no answer (form-configuration.md §2 'note'). */
import { noColumns } from './display';
import { asIs, type FieldType } from './types';

export const note: FieldType = {
  name: 'note',
  questionType: 'Note',
  titleId: 'fieldType.note',
  icon: 'StickyNote2',
  summaryId: 'fieldType.note.summary',
  description: 'A text shown in the form, never answered (note).',
  properties: {},
  example: { question: { id: 15, label: 'Wear PPE at all times.', type: 'Note' }, good: null, bad: 'x' },
  widget: 'note',
  schema: (q) => ({ type: 'null', title: q.label }),
  uiSchema: () => ({ 'ui:widget': 'note', 'ui:field': 'note' }),
  multiValued: false,
  answerless: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  displayText: asIs,
  // Nothing is saved, so there is nothing to show: no text and no column of the CSV.
  answerText: () => '',
  csvColumns: noColumns,
  // A note is never answered: nothing is saved, and a saved answer is refused.
  answerOf: () => undefined,
  formValueOf: () => undefined,
  problems: (_question, answer) =>
    (answer.answers ?? []).some((v) => v !== '') || answer.grid ? ['validation.invalid'] : [],
};
