/** Colour: a colour as #rrggbb (form-configuration.md §2 'colour-picker'). */
import type { ColourQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { asIs, type FieldType } from './types';

export const colour: FieldType<ColourQuestion> = {
  name: 'colour',
  questionType: 'Colour',
  titleId: 'fieldType.colour',
  icon: 'Palette',
  summaryId: 'fieldType.colour.summary',
  description: 'A colour as #rrggbb (colour-picker).',
  properties: {},
  example: { question: { id: 14, label: 'Marking colour', type: 'Colour' }, good: '#ff8800', bad: 'orange' },
  widget: 'colour-picker',
  schema: (q) => ({ type: 'string', title: q.label, pattern: '^#[0-9a-fA-F]{6}$' }),
  uiSchema: () => ({ 'ui:widget': 'colour-picker' }),
  multiValued: false,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  ...valueTexts(asIs),
};
