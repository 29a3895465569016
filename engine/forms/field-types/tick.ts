/** Checkbox without options: one tick box, hz-checkbox; a required one must be ticked (answer [true]). */
import { valueTexts } from './display';
import { asIs, type FieldType } from './types';

export const tick: FieldType = {
  name: 'tick',
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
