/** Colour: a colour as #rrggbb (form-configuration.md §2 'colour-picker'). */
import { valueTexts } from './display';
import { asIs, type FieldType } from './types';

export const colour: FieldType = {
  name: 'colour',
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
