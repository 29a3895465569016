/**
 * Toggle: an on/off answer shown as two buttons, labelled Complete and Incomplete unless the question
 * names its own (form-configuration.md §2 'toggle-button'). A required toggle needs a choice, either one.
 */
import { message } from '../../messages/catalogue';
import type { ToggleQuestion } from '../../types/generated';
import { valueTexts } from './display';
import type { FieldType } from './types';

export const toggle: FieldType<ToggleQuestion> = {
  name: 'toggle',
  questionType: 'Toggle',
  titleId: 'fieldType.toggle',
  icon: 'ToggleOn',
  summaryId: 'fieldType.toggle.summary',
  description: 'On or off, as two buttons (toggle-button).',
  properties: {
    onLabel: {
      type: 'string',
      maxLength: 100,
      'x-title': 'question.onLabel',
      description: "The label when on; default 'Complete'.",
      'x-editor': 'text',
    },
    offLabel: {
      type: 'string',
      maxLength: 100,
      'x-title': 'question.offLabel',
      description: "The label when off; default 'Incomplete'.",
      'x-editor': 'text',
    },
  },
  example: { question: { id: 13, label: 'Area cleaned', type: 'Toggle' }, good: true, bad: 'yes' },
  widget: 'toggle-button',
  schema: (q) => ({ type: 'boolean', title: q.label }),
  uiSchema: (q) => ({
    'ui:widget': 'toggle-button',
    'ui:options': {
      onLabel: q.onLabel || message('toggle.complete'),
      offLabel: q.offLabel || message('toggle.incomplete'),
    },
  }),
  multiValued: false,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Boolean',
  ...valueTexts((value) => value),
};
