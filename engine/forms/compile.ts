/**
 * The form compiler (DESIGN.md "engine/forms"): a form definition made in the form creator becomes a
 * JSON Schema for its answers plus an RJSF uiSchema whose widgets are field-type registry keys
 * (form-configuration.md §2 "Form field types", §5 "Form fields"). The same schema validates the form
 * in the browser (RJSF) and the submitted answers on the server (validate-submission.ts).
 */
import { message } from '../messages/catalogue';
import type { FormDefinition, Question } from '../types/generated';
import { answerKey } from './answer-keys';
import { isHiddenQuestion, optionValues, questionKind } from './questions';

/** A JSON Schema (2020-12) object as the compiler emits it. */
export interface JSONSchema {
  type?: string;
  title?: string;
  properties?: Record<string, JSONSchema>;
  required?: string[];
  items?: JSONSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JSONSchema[];
  not?: JSONSchema;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  uniqueItems?: boolean;
  [keyword: string]: unknown;
}

/** Field-type registry keys (the original's field type names) the compiler puts in 'ui:widget'. */
export const compiledWidgets = ['hz-input', 'hz-textarea', 'hz-select', 'hz-checkbox', 'date'] as const;

/** One of {@link compiledWidgets}. */
export type CompiledWidget = (typeof compiledWidgets)[number];

/** The uiSchema of one answer field. */
export interface FieldUiSchema {
  'ui:widget': CompiledWidget;
  /** `inputType`: the HTML input type of an hz-input ('text', 'url', 'number'). */
  'ui:options'?: { inputType?: 'text' | 'url' | 'number' };
  /** The question's helpText. */
  'ui:help'?: string;
  /** '' for selects, so the blank first option shows (form-configuration.md §5). */
  'ui:placeholder'?: string;
}

/** An RJSF uiSchema of a compiled form or page: field order plus one entry per answer key. */
export interface FormUiSchema {
  'ui:order': string[];
  [answerKey: string]: FieldUiSchema | string[];
}

/** One page of a compiled form, for the multi-page renderer (form-configuration.md §2). */
export interface CompiledPage {
  id: number;
  /** The page label, or 'Page N' (catalogue form.page, N counted from 1) when it is empty. */
  label: string;
  /** Answer keys of the page's shown questions, in order. */
  keys: string[];
  /** The form schema restricted to this page's keys. */
  schema: JSONSchema;
  uiSchema: FormUiSchema;
}

/** A compiled form definition. Treat it as read-only: pages share property schemas with `schema`. */
export interface CompiledForm {
  /** `{ type: 'object', properties: { q_<id>: ... }, required: [...] }` over every shown question. */
  schema: JSONSchema;
  uiSchema: FormUiSchema;
  pages: CompiledPage[];
}

/** Longest answer of a Text question, by extendedType (characters). */
export const TEXT_MAX_LENGTH = { Normal: 4000, Long: 20000, Hyperlink: 4000 } as const;

/** An http, https or ftp address without spaces (form-configuration.md §5 Populate values). */
export const HYPERLINK_PATTERN = '^(https?|ftp)://\\S+$';

/**
 * RJSF `experimental_defaultFormStateBehavior` a compiled form needs: by default RJSF 6 turns a `const`
 * (a required tick box) and the first `oneOf` branch (a dropdown's first option) into default values,
 * which would tick boxes and choose options the user never touched.
 */
export const compiledFormDefaultsBehavior = { constAsDefaults: 'never' } as const;

const optionCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Options of a single select, sorted numerically ('2' before '10') then naturally, case-insensitively;
 * equal values keep their order (form-configuration.md §5: "A single select sorts options numerically").
 */
export function sortSelectOptions(values: readonly string[]): string[] {
  return [...values].sort((a, b) => optionCollator.compare(a, b));
}

/** The JSON Schema of one question's main answer (form-configuration.md §5 Form fields). */
export function questionSchema(question: Question): JSONSchema {
  const title = question.label;
  const required = question.required === true;
  switch (questionKind(question)) {
    case 'text':
      return { type: 'string', title, maxLength: TEXT_MAX_LENGTH.Normal };
    case 'long':
      return { type: 'string', title, maxLength: TEXT_MAX_LENGTH.Long };
    case 'hyperlink':
      return { type: 'string', title, maxLength: TEXT_MAX_LENGTH.Hyperlink, pattern: HYPERLINK_PATTERN };
    case 'number': {
      const schema: JSONSchema = { type: 'number', title };
      if (question.min !== undefined) schema.minimum = question.min;
      if (question.max !== undefined) schema.maximum = question.max;
      return schema;
    }
    case 'dropdown': {
      const values = sortSelectOptions(optionValues(question));
      // A required select without options can never be answered; `not: {}` says so to both validators.
      if (values.length === 0) return { type: 'string', title, not: {} };
      return { type: 'string', title, oneOf: values.map((value) => ({ const: value, title: value })) };
    }
    case 'date':
      return { type: 'string', title, format: 'date' };
    case 'checkboxes': {
      const schema: JSONSchema = {
        type: 'array',
        title,
        items: { type: 'string', enum: optionValues(question) },
        uniqueItems: true,
      };
      if (required) schema.minItems = 1;
      return schema;
    }
    case 'tick':
      return required ? { type: 'boolean', title, const: true } : { type: 'boolean', title };
  }
}

/** The uiSchema of one question's field. */
export function questionUiSchema(question: Question): FieldUiSchema {
  let ui: FieldUiSchema;
  switch (questionKind(question)) {
    case 'text':
      ui = { 'ui:widget': 'hz-input', 'ui:options': { inputType: 'text' } };
      break;
    case 'hyperlink':
      ui = { 'ui:widget': 'hz-input', 'ui:options': { inputType: 'url' } };
      break;
    case 'number':
      ui = { 'ui:widget': 'hz-input', 'ui:options': { inputType: 'number' } };
      break;
    case 'long':
      ui = { 'ui:widget': 'hz-textarea' };
      break;
    case 'dropdown':
      ui = { 'ui:widget': 'hz-select', 'ui:placeholder': '' };
      break;
    case 'date':
      ui = { 'ui:widget': 'date' };
      break;
    case 'checkboxes':
    case 'tick':
      ui = { 'ui:widget': 'hz-checkbox' };
      break;
  }
  if (question.helpText) ui['ui:help'] = question.helpText;
  return ui;
}

/**
 * Compiles a form definition.
 * @param def a form definition (schemas/entities/form-definition.schema.json)
 * @returns the whole form's schema and uiSchema plus one schema/uiSchema per page, keyed by
 *   `answerKey(question.id)`. Hidden questions (a Dropdown neither required nor with options) are left
 *   out. A question id repeated in the definition is compiled once, where it first appears.
 * @throws RangeError for a question id that is not a positive integer (see answerKey)
 */
export function compileFormDefinition(def: FormDefinition): CompiledForm {
  const seen = new Set<number>();
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  const uiSchema: FormUiSchema = { 'ui:order': [] };
  const pages: CompiledPage[] = def.pages.map((page, index) => {
    const keys: string[] = [];
    const pageProperties: Record<string, JSONSchema> = {};
    const pageRequired: string[] = [];
    const pageUi: FormUiSchema = { 'ui:order': [] };
    for (const question of page.questions) {
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      if (isHiddenQuestion(question)) continue;
      const key = answerKey(question.id);
      const schema = questionSchema(question);
      const ui = questionUiSchema(question);
      keys.push(key);
      pageProperties[key] = properties[key] = schema;
      pageUi[key] = uiSchema[key] = ui;
      if (question.required === true) {
        pageRequired.push(key);
        required.push(key);
      }
    }
    pageUi['ui:order'] = [...keys];
    uiSchema['ui:order'].push(...keys);
    return {
      id: page.id,
      label: page.label.trim() === '' ? message('form.page', { n: index + 1 }) : page.label,
      keys,
      schema: { type: 'object', properties: pageProperties, required: pageRequired },
      uiSchema: pageUi,
    };
  });
  return { schema: { type: 'object', properties, required }, uiSchema, pages };
}
