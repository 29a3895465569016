/** Temperature: degrees C within the question's min and max (form-configuration.md §2 'temperatureInput', §5). */
import type { TemperatureQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { rangeProblems, rangeProperties } from './shared';
import type { FieldType, JSONSchema } from './types';

export const temperature: FieldType<TemperatureQuestion> = {
  name: 'temperature',
  questionType: 'Temperature',
  titleId: 'fieldType.temperature',
  icon: 'Thermostat',
  summaryId: 'fieldType.temperature.summary',
  description: 'Degrees C within min and max (temperatureInput).',
  properties: rangeProperties,
  example: {
    question: { id: 12, label: 'Air temperature', type: 'Temperature', min: -20, max: 45 },
    good: 12.5,
    bad: 60,
  },
  widget: 'temperatureInput',
  schema: (q) => {
    const schema: JSONSchema = { type: 'number', title: q.label };
    if (q.min !== undefined) schema.minimum = q.min;
    if (q.max !== undefined) schema.maximum = q.max;
    return schema;
  },
  uiSchema: (q) => ({ 'ui:widget': 'temperatureInput', 'ui:options': { min: q.min, max: q.max } }),
  definitionProblems: rangeProblems,
  multiValued: false,
  typeMessageId: 'validation.number',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Number',
  ...valueTexts((value) => `${value} °C`),
};
