/**
 * MultiSelect: several options of a list (form-configuration.md §2 'multiSelect', §5: hidden when not
 * required and without options). The value is the chosen option values in option order.
 */
import type { MultiSelectQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { optionsProperty, optionValues } from './shared';
import { asIs, type FieldType, type JSONSchema } from './types';

export const multiSelect: FieldType<MultiSelectQuestion> = {
  name: 'multiSelect',
  questionType: 'MultiSelect',
  titleId: 'fieldType.multiSelect',
  icon: 'LibraryAddCheck',
  summaryId: 'fieldType.multiSelect.summary',
  description: 'Several choices of a list (multiSelect).',
  properties: { options: optionsProperty },
  example: {
    question: {
      id: 11,
      label: 'Trades on site',
      type: 'MultiSelect',
      options: [
        { id: 1, value: 'Electrical' },
        { id: 2, value: 'Plumbing' },
      ],
    },
    good: ['Electrical', 'Plumbing'],
    bad: ['Roofing'],
  },
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
  hidden: (q) => q.required !== true && (q.options ?? []).length === 0,
  multiValued: true,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'MultiSelect',
  ...valueTexts(asIs),
};
