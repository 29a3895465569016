/** Checkbox with options: a group of tick boxes, hz-checkbox; the answer is the ticked option values. */
import type { CheckboxQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { optionsProperty, optionValues } from './shared';
import { and, hasOptions, questionTypeIs, rankWith } from './testers';
import { asIs, type FieldType, type JSONSchema } from './types';

export const checkboxes: FieldType<CheckboxQuestion> = {
  name: 'checkboxes',
  questionType: 'Checkbox',
  // Before the tick box (rank 1): a Checkbox with options is a group of boxes.
  tester: rankWith(2, and(questionTypeIs('Checkbox'), hasOptions)),
  titleId: 'fieldType.checkboxes',
  icon: 'Checklist',
  summaryId: 'fieldType.checkboxes.summary',
  description: 'With options, a box per option (hz-checkbox); the answer is the ticked values.',
  properties: { options: optionsProperty },
  example: {
    question: {
      id: 7,
      label: 'Checks',
      type: 'Checkbox',
      options: [
        { id: 1, value: 'Level' },
        { id: 2, value: 'Cover' },
      ],
    },
    good: ['Cover'],
    bad: ['Other'],
  },
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
