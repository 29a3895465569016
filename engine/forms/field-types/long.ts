/** Text (extendedType Long): a multi-line text, hz-textarea (form-configuration.md §2, §5). */

import type { TextQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { TEXT_MAX_LENGTH } from './shared';
import { asIs, type FieldType } from './types';

export const long: FieldType<TextQuestion> = {
  name: 'long',
  questionType: 'Text',
  variant: { keyword: 'extendedType', value: 'Long' },
  titleId: 'fieldType.long',
  icon: 'Notes',
  summaryId: 'fieldType.long.summary',
  description: 'A text of several lines (hz-textarea).',
  properties: {},
  example: {
    question: { id: 2, label: 'Notes', type: 'Text', extendedType: 'Long' },
    good: 'a\nb',
    bad: 'x'.repeat(20001),
  },
  widget: 'hz-textarea',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: TEXT_MAX_LENGTH.Long }),
  uiSchema: () => ({ 'ui:widget': 'hz-textarea' }),
  multiValued: false,
  typeMessageId: 'validation.type',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Textarea',
  ...valueTexts(asIs),
};
