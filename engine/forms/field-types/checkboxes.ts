/** Checkbox with options: a group of tick boxes, hz-checkbox; the answer is the ticked option values. */
import { optionValues } from '../questions';
import { valueTexts } from './display';
import { asIs, type FieldType, type JSONSchema } from './types';

export const checkboxes: FieldType = {
  name: 'checkboxes',
  widget: 'hz-checkbox',
  schema: (q) => {
    const schema: JSONSchema = {
      type: 'array',
      title: q.label,
      items: { type: 'string', enum: optionValues(q) },
      uniqueItems: true,
    };
    if (q.required === true) schema.minItems = 1;
    return schema;
  },
  uiSchema: () => ({ 'ui:widget': 'hz-checkbox' }),
  multiValued: true,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'MultiSelect',
  ...valueTexts(asIs),
};
