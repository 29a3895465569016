/**
 * Dropdown: a single select, hz-select with a blank first option, options sorted numerically
 * (form-configuration.md §5); with allowOther, 'Other' comes last and asks for a text: the `q_<id>_other` field,
 * shown while Other is chosen and required with the question, saved as the Answer's `other`. A required select
 * without options can never be answered: `not: {}` says so to both validators. Hidden when not required and
 * without options (§5).
 */

import { message } from '../../messages/catalogue';
import type { DropdownQuestion } from '../../types/generated';
import { answerColumn, valuesDisplayText } from './display';
import { OTHER_OPTION, optionsProperty, optionValues, sortSelectOptions, TEXT_MAX_LENGTH } from './shared';
import { asIs, type FieldType } from './types';

/** The chosen option; 'Other' with the text given for it as 'Other: {text}' (catalogue csv.other). */
const answerText: FieldType['answerText'] = (_question, answer, format) => {
  const text = valuesDisplayText(asIs, answer.answers, format.number);
  return text === OTHER_OPTION && answer.other ? message('csv.other', { option: text, text: answer.other }) : text;
};

export const dropdown: FieldType<DropdownQuestion> = {
  name: 'dropdown',
  questionType: 'Dropdown',
  titleId: 'fieldType.dropdown',
  icon: 'ArrowDropDownCircle',
  summaryId: 'fieldType.dropdown.summary',
  description: 'One choice of a list (hz-select), with a blank first option and the options sorted numerically.',
  properties: {
    options: optionsProperty,
    allowOther: {
      type: 'boolean',
      default: false,
      'x-title': 'question.allowOther',
      description:
        "Offers 'Other' after the options; choosing it shows a text field whose answer is saved as the Answer's `other` (form-configuration.md §3 answer field other).",
      'x-editor': 'switch',
    },
  },
  example: {
    question: {
      id: 5,
      label: 'Grade',
      type: 'Dropdown',
      options: [
        { id: 1, value: 'C30' },
        { id: 2, value: 'C40' },
      ],
    },
    good: 'C40',
    bad: 'C50',
  },
  widget: 'hz-select',
  schema: (q) => {
    const values = sortSelectOptions(optionValues(q));
    if (q.allowOther && !values.includes(OTHER_OPTION)) values.push(OTHER_OPTION);
    if (values.length === 0) return { type: 'string', title: q.label, not: {} };
    return { type: 'string', title: q.label, oneOf: values.map((value) => ({ const: value, title: value })) };
  },
  uiSchema: () => ({ 'ui:widget': 'hz-select', 'ui:placeholder': '' }),
  extraFields: [
    {
      suffix: 'other',
      answerField: 'other',
      when: (q) => q.allowOther === true,
      schema: () => ({ type: 'string', title: message('form.otherSpecify'), maxLength: TEXT_MAX_LENGTH.Normal }),
      uiSchema: () => ({ 'ui:widget': 'hz-input' }),
      shownWhen: (q) => ({ questionId: q.id, equals: OTHER_OPTION }),
      requiredWithQuestion: true,
    },
  ],
  hidden: (q) => q.required !== true && (q.options ?? []).length === 0,
  definitionProblems: (q) =>
    (q.options ?? []).length === 0 ? [{ keyword: 'options', messageId: 'forms.dropdownNeedsOptions' }] : [],
  multiValued: false,
  typeMessageId: 'validation.option',
  patternMessageId: 'validation.type',
  constMessageId: 'validation.option',
  columnType: 'DropDown',
  displayText: asIs,
  answerText,
  csvColumns: answerColumn(answerText),
};
