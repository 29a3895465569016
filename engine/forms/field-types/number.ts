/** Text (extendedType Number): a number within the question's min and max, hz-input of type number (form-configuration.md §5). */
import type { TextQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { rangeProblems, rangeProperties } from './shared';
import { asIs, type FieldType, type JSONSchema } from './types';

export const number: FieldType<TextQuestion> = {
  name: 'number',
  questionType: 'Text',
  variant: { keyword: 'extendedType', value: 'Number' },
  titleId: 'fieldType.number',
  icon: 'Pin',
  summaryId: 'fieldType.number.summary',
  description: 'A number within min and max (hz-input of type number).',
  properties: rangeProperties,
  example: {
    question: { id: 4, label: 'Slump', type: 'Text', extendedType: 'Number', min: 0, max: 200 },
    good: 75,
    bad: 201,
  },
  widget: 'hz-input',
  schema: (q) => {
    const schema: JSONSchema = { type: 'number', title: q.label };
    if (q.min !== undefined) schema.minimum = q.min;
    if (q.max !== undefined) schema.maximum = q.max;
    return schema;
  },
  uiSchema: () => ({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'number' } }),
  definitionProblems: rangeProblems,
  multiValued: false,
  typeMessageId: 'validation.number',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Number',
  ...valueTexts(asIs),
};
