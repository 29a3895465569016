/**
 * Toggle: an on/off answer shown as two buttons, labelled Complete and Incomplete unless the question
 * names its own (form-configuration.md §2 'toggle-button'). A required toggle needs a choice, either one.
 */
import { message } from '../../messages/catalogue';
import { valueTexts } from './display';
import type { FieldType } from './types';

export const toggle: FieldType = {
  name: 'toggle',
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
