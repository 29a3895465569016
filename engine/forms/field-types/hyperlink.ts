/** Text (extendedType Hyperlink): an http, https or ftp address, hz-input of type url (form-configuration.md §5). */

import type { TextQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { HYPERLINK_PATTERN, TEXT_MAX_LENGTH } from './shared';
import { asIs, type FieldType } from './types';

export const hyperlink: FieldType<TextQuestion> = {
  name: 'hyperlink',
  questionType: 'Text',
  variant: { keyword: 'extendedType', value: 'Hyperlink' },
  titleId: 'fieldType.hyperlink',
  icon: 'Link',
  summaryId: 'fieldType.hyperlink.summary',
  description: 'An http, https or ftp address (hz-input of type url).',
  properties: {},
  example: {
    question: { id: 3, label: 'Photo', type: 'Text', extendedType: 'Hyperlink' },
    good: 'https://x.example/p',
    bad: 'not a link',
  },
  widget: 'hz-input',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: TEXT_MAX_LENGTH.Hyperlink, pattern: HYPERLINK_PATTERN }),
  uiSchema: () => ({ 'ui:widget': 'hz-input', 'ui:options': { inputType: 'url' } }),
  multiValued: false,
  typeMessageId: 'validation.url',
  patternMessageId: 'validation.url',
  constMessageId: 'validation.option',
  columnType: 'HyperLink',
  ...valueTexts(asIs),
};
