/**
 * Dropdown: a single select, hz-select with a blank first option, options sorted numerically
 * (form-configuration.md §5); with allowOther, 'Other' comes last and asks for a text (the compiler adds
 * the `q_<id>_other` field, shown while Other is chosen). A required select without options can never be answered: `not: {}` says
 * so to both validators.
 */

import { message } from '../../messages/catalogue';
import { optionValues } from '../questions';
import { answerColumn, valuesDisplayText } from './display';
import { OTHER_OPTION, sortSelectOptions } from './shared';
import { asIs, type FieldType } from './types';

/** The chosen option; 'Other' with the text given for it as 'Other: {text}' (catalogue csv.other). */
const answerText: FieldType['answerText'] = (_question, answer, format) => {
  const text = valuesDisplayText(asIs, answer.answers, format.number);
  return text === OTHER_OPTION && answer.other ? message('csv.other', { option: text, text: answer.other }) : text;
};

export const dropdown: FieldType = {
  name: 'dropdown',
  widget: 'hz-select',
  schema: (q) => {
    const values = sortSelectOptions(optionValues(q));
    if (q.allowOther && !values.includes(OTHER_OPTION)) values.push(OTHER_OPTION);
    if (values.length === 0) return { type: 'string', title: q.label, not: {} };
    return { type: 'string', title: q.label, oneOf: values.map((value) => ({ const: value, title: value })) };
  },
  uiSchema: () => ({ 'ui:widget': 'hz-select', 'ui:placeholder': '' }),
  multiValued: false,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'DropDown',
  displayText: asIs,
  answerText,
  csvColumns: answerColumn(answerText),
};
