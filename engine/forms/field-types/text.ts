/** Text (extendedType Normal): a one-line text, hz-input (form-configuration.md §2, §5). */

import { valueTexts } from './display';
import { TEXT_MAX_LENGTH } from './shared';
import { asIs, type FieldType } from './types';

export const text: FieldType = {
  name: 'text',
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
