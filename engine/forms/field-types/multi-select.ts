/**
 * MultiSelect: several options of a list (form-configuration.md §2 'multiSelect', §5: hidden when not
 * required and without options). The value is the chosen option values in option order.
 */
import { optionValues } from '../questions';
import { valueTexts } from './display';
import { asIs, type FieldType, type JSONSchema } from './types';

export const multiSelect: FieldType = {
  name: 'multiSelect',
  widget: 'multiSelect',
  schema: (q) => {
    const values = optionValues(q);
    const schema: JSONSchema = {
      type: 'array',
      title: q.label,
      uniqueItems: true,
      items: { type: 'string', enum: values },
    };
    if (q.required) schema.minItems = 1;
    if (values.length === 0) schema.items = { type: 'string', not: {} };
    return schema;
  },
  uiSchema: () => ({ 'ui:widget': 'multiSelect' }),
  multiValued: true,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'MultiSelect',
  ...valueTexts(asIs),
};
