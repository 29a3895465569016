/** Checkbox without options: one tick box, hz-checkbox; a required one must be ticked (answer [true]). */
import type { CheckboxQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { optionsProperty } from './shared';
import { asIs, type FieldType } from './types';

export const tick: FieldType<CheckboxQuestion> = {
  name: 'tick',
  questionType: 'Checkbox',
  titleId: 'fieldType.tick',
  icon: 'CheckBox',
  summaryId: 'fieldType.tick.summary',
  description: 'Without options, one tick box (hz-checkbox); a required one must be ticked.',
  properties: { options: optionsProperty },
  example: { question: { id: 8, label: 'Signed off', type: 'Checkbox', required: true }, good: true, bad: false },
  widget: 'hz-checkbox',
  schema: (q) =>
    q.required === true ? { type: 'boolean', title: q.label, const: true } : { type: 'boolean', title: q.label },
  uiSchema: () => ({ 'ui:widget': 'hz-checkbox' }),
  multiValued: false,
  typeMessageId: 'validation.type',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.required',
  columnType: 'Boolean',
  ...valueTexts(asIs),
};
