/**
 * What every question takes, whatever its type (issue 20 "Self-describing field types"): the keywords of every
 * question (id, type, label, help text, wrapper, condition), the keywords of every question that is answered
 * (required, required on page change, register column, e-mail text, notify) and the fields `notify` adds (whom
 * to notify and whether not to: the Answer's notificationUsers and stopNotification). A field type declares only
 * its own keywords (types.ts `properties`); question-schema.ts puts these beside them.
 */
import { message } from '../../messages/catalogue';
import type { ExtraAnswerField, JSONSchema, PropertySchemas } from './types';

/** Where the shared parts of question.schema.json are: its own `$defs`. */
export const QUESTION_DEFS = '#/$defs';

/** How deep condition groups nest (a group of groups of groups of comparisons): ample for form logic, and a bound. */
export const CONDITION_GROUP_DEPTH = 3;

/**
 * The `$defs` of condition groups, one per nesting level (conditionGroup, conditionGroup2, conditionGroup3; their
 * items condition2, condition3, then comparisons only). Spelt out rather than recursive: a recursive `$ref` has no
 * end for the tools that inline refs (engine/validation/inline-refs.ts), and the levels bound a condition's depth.
 */
function conditionGroupDefinitions(): Record<string, JSONSchema> {
  const defs: Record<string, JSONSchema> = {};
  for (let level = 1; level <= CONDITION_GROUP_DEPTH; level++) {
    const suffix = level === 1 ? '' : String(level);
    const next = level + 1;
    const item = level === CONDITION_GROUP_DEPTH ? `${QUESTION_DEFS}/comparison` : `${QUESTION_DEFS}/condition${next}`;
    const list: JSONSchema = { type: 'array', minItems: 1, maxItems: 100, items: { $ref: item } };
    defs[`conditionGroup${suffix}`] = {
      title: `ConditionGroup${suffix}`,
      description: `Exactly one of: all (every condition holds), any (at least one holds), none (not one holds); a group of nesting level ${level} of ${CONDITION_GROUP_DEPTH}${level === CONDITION_GROUP_DEPTH ? ', of comparisons only' : ''}.`,
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: { all: list, any: list, none: list },
    };
    if (level < CONDITION_GROUP_DEPTH)
      defs[`condition${next}`] = {
        title: `Condition${next}`,
        description: `A condition inside a group: a group of nesting level ${next} or a comparison.`,
        anyOf: [{ $ref: `${QUESTION_DEFS}/conditionGroup${next}` }, { $ref: `${QUESTION_DEFS}/comparison` }],
      };
  }
  return defs;
}

/**
 * Shared parts of the question meta-schema, by name: a choice of a list (QuestionOption) and a visibility
 * condition (VisibleWhen, read by pages too: a ConditionGroup or a Comparison, engine/forms/conditions.ts). Field types add their own (grid.ts: the grid, its rating bands).
 */
export const commonDefinitions: Readonly<Record<string, JSONSchema>> = {
  option: {
    title: 'QuestionOption',
    description: 'A choice of a Dropdown, Checkbox or MultiSelect question, or a column of a TableLight question.',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'value'],
    properties: {
      id: { type: 'integer', minimum: 1 },
      value: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  visibleWhen: {
    title: 'VisibleWhen',
    description:
      "A condition (issue 21 §4; form-configuration.md 'Form field types': questions and pages hidden by condition; engine/forms/conditions.ts): a group of conditions (all, any or none of them hold) or a comparison of one question's answer; groups nest three deep. The question or page is shown only while it holds; a hidden question is never required and its answer is not saved.",
    anyOf: [{ $ref: `${QUESTION_DEFS}/conditionGroup` }, { $ref: `${QUESTION_DEFS}/comparison` }],
    'x-messages': { anyOf: 'forms.conditionMalformed' },
  },
  ...conditionGroupDefinitions(),
  comparison: {
    title: 'Comparison',
    description:
      "A comparison of question `questionId`'s answer (the question by its stable id) with at most one operator: answered / notAnswered (true); equals / notEquals (a value; for a question with several values, one of its values); oneOf (values); contains (a value of a question with several values, or text within a text answer, any case); greaterThan / lessThan / atLeast / atMost (a number, or a yyyy-mm-dd date compared as a date). With no operator: while it is answered at all (the first condition shape, { questionId, equals? | oneOf? }, means what it meant).",
    type: 'object',
    additionalProperties: false,
    required: ['questionId'],
    maxProperties: 2,
    properties: {
      questionId: { type: 'integer', minimum: 1 },
      answered: { const: true },
      notAnswered: { const: true },
      equals: { type: ['string', 'number', 'boolean'] },
      notEquals: { type: ['string', 'number', 'boolean'] },
      oneOf: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: { type: ['string', 'number', 'boolean'] },
      },
      contains: { type: ['string', 'number', 'boolean'], minLength: 1, maxLength: 200 },
      greaterThan: { $ref: `${QUESTION_DEFS}/conditionBound` },
      lessThan: { $ref: `${QUESTION_DEFS}/conditionBound` },
      atLeast: { $ref: `${QUESTION_DEFS}/conditionBound` },
      atMost: { $ref: `${QUESTION_DEFS}/conditionBound` },
    },
  },
  libraryLink: {
    title: 'LibraryLink',
    description:
      "Where a question inserted from the question library came from (issue 22 §4 'Linked blocks'; engine/designer/library-link.ts): the library item's id, the id its question has in the item, and the item's version the question holds. The form creator sets it on insert; 'Update in N forms' replaces the question by the item's newer version. The compiler and the register ignore it.",
    type: 'object',
    additionalProperties: false,
    required: ['itemId', 'questionId', 'version'],
    properties: {
      itemId: { type: 'integer', minimum: 1 },
      questionId: { type: 'integer', minimum: 1 },
      version: { type: 'integer', minimum: 1 },
    },
  },
  conditionBound: {
    title: 'ConditionBound',
    description: 'What an answer is compared with: a number, or a date as yyyy-mm-dd.',
    anyOf: [{ type: 'number' }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }],
  },
};

/** The keywords every question takes besides its `type` (which question-schema.ts sets per type). */
export const questionProperties: PropertySchemas = {
  id: {
    type: 'integer',
    minimum: 1,
    'x-title': 'question.id',
    description: "The question's id, unique in the form; its answer's key is q_<id> (engine/forms/answer-keys.ts).",
    'x-editor': 'none',
  },
  label: {
    type: 'string',
    minLength: 1,
    maxLength: 500,
    'x-title': 'question.label',
    description: "The question's text, shown with its field (a Note's text).",
    'x-editor': 'textarea',
  },
  helpText: {
    type: 'string',
    maxLength: 1000,
    'x-title': 'question.helpText',
    description: 'A hint shown under the field.',
    'x-editor': 'textarea',
  },
  wrapper: {
    enum: ['vertical', 'horizontal', 'accordion'],
    default: 'vertical',
    'x-title': 'question.wrapper',
    description:
      "How the field is laid out (form-configuration.md §2 'Wrappers'): vertical (label above the field, the default and the signature's), horizontal (label beside the field, stacked on a phone), accordion (the field in a panel under its label that opens and closes).",
    'x-editor': 'select',
  },
  visibleWhen: {
    $ref: `${QUESTION_DEFS}/visibleWhen`,
    'x-title': 'question.visibleWhen',
    description:
      'Shown only while a condition on earlier questions holds (all / any / none of comparisons); a hidden question is never required.',
    'x-editor': 'condition',
  },
  libraryLink: {
    $ref: `${QUESTION_DEFS}/libraryLink`,
    'x-title': 'questionLibrary.link.title',
    description:
      'The library item (and its version) this question is a copy of; set by the form creator, not shown in the property panel.',
    'x-editor': 'none',
  },
};

/** The keywords every question that takes an answer takes (not a Note or an Image). */
export const answerProperties: PropertySchemas = {
  required: {
    type: 'boolean',
    default: false,
    'x-title': 'question.required',
    description: 'Must be answered to submit the form (shown with * after the label).',
    'x-editor': 'switch',
  },
  requiredOnPageChange: {
    type: 'boolean',
    default: false,
    'x-title': 'question.requiredOnPageChange',
    description:
      "Must be answered before the user may go forward to a later page (form-configuration.md §5 'Multi-page renderer'); not required to submit from the page it is on.",
    'x-editor': 'switch',
  },
  showInRegister: {
    type: 'boolean',
    default: false,
    'x-title': 'question.showInRegister',
    description: "Also shown as a column of the form's register.",
    'x-editor': 'switch',
  },
  emailText: {
    type: 'boolean',
    default: false,
    'x-title': 'question.emailText',
    description:
      "The answer's text goes into the form's notification e-mail; its saved Answer carries isEmailText (form-configuration.md §3 answer fields).",
    'x-editor': 'switch',
  },
  notify: {
    type: 'boolean',
    default: false,
    'x-title': 'question.notify',
    description:
      "The answer may notify people: the form asks whom to notify (the project's users, saved as the Answer's notificationUsers) and offers 'Do not send the notification' (stopNotification).",
    'x-editor': 'switch',
  },
};

/**
 * The fields `notify` adds to an answered question: whom to notify (the project's users by id, the notify-users
 * widget) and whether not to send the notification.
 */
export const notifyFields: readonly ExtraAnswerField[] = [
  {
    suffix: 'user',
    answerField: 'notificationUsers',
    when: (question) => question.notify === true,
    schema: () => ({
      type: 'array',
      title: message('notify.users'),
      uniqueItems: true,
      maxItems: 200,
      items: { type: 'integer', minimum: 1 },
    }),
    uiSchema: () => ({ 'ui:widget': 'notify-users' }),
  },
  {
    suffix: 'stopnoti',
    answerField: 'stopNotification',
    when: (question) => question.notify === true,
    schema: () => ({ type: 'boolean', title: message('notify.stop') }),
    uiSchema: () => ({ 'ui:widget': 'hz-checkbox' }),
  },
];
