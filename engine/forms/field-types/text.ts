/** Text (extendedType Normal, the default): a one-line text, hz-input (form-configuration.md §2, §5). */

import type { TextQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { TEXT_MAX_LENGTH } from './shared';
import { asIs, type FieldType } from './types';

export const text: FieldType<TextQuestion> = {
  name: 'text',
  questionType: 'Text',
  variant: { keyword: 'extendedType', value: 'Normal', isDefault: true },
  titleId: 'fieldType.text',
  icon: 'ShortText',
  summaryId: 'fieldType.text.summary',
  description: 'A one-line text (hz-input).',
  properties: {},
  example: { question: { id: 1, label: 'Text', type: 'Text' }, good: 'Bay 4', bad: 4 },
  widget: 'hz-input',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: TEXT_MAX_LENGTH.Normal }),
  uiSchema: () => ({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'text' } }),
  multiValued: false,
  typeMessageId: 'validation.type',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'Text',
  ...valueTexts(asIs),
};
