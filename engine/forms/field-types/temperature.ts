/** Temperature: degrees C within the question's min and max (form-configuration.md §2 'temperatureInput', §5). */
import { valueTexts } from './display';
import type { FieldType, JSONSchema } from './types';

export const temperature: FieldType = {
  name: 'temperature',
  widget: 'temperatureInput',
  schema: (q) => {
    const schema: JSONSchema = { type: 'number', title: q.label };
    if (q.min !== undefined) schema.minimum = q.min;
    if (q.max !== undefined) schema.maximum = q.max;
    return schema;
  },
  uiSchema: (q) => ({ 'ui:widget': 'temperatureInput', 'ui:options': { min: q.min, max: q.max } }),
  multiValued: false,
  typeMessageId: 'validation.number',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Number',
  ...valueTexts((value) => `${value} °C`),
};
