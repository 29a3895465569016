/**
 * The form compiler (DESIGN.md "engine/forms"): a form definition made in the form creator becomes a
 * JSON Schema for its answers plus an RJSF uiSchema whose widgets are field-type registry keys
 * (form-configuration.md §2 "Form field types", §5 "Form fields"), each question through its type of
 * the field-type table (./field-types). The same schema validates the form
 * in the browser (RJSF) and the submitted answers on the server (validate-submission.ts).
 */
import { message } from '../messages/catalogue';
import type { FormDefinition, Question } from '../types/generated';
import { answerKey } from './answer-keys';
import { allFieldTypes, type FieldUiSchema, fieldTypeOf, isHiddenQuestion, type JSONSchema } from './field-types';
import { notifyFields } from './field-types/common';
import type { AnyQuestion, ExtraAnswerField } from './field-types/types';
import { conditionSchema, conditionsOf, conditionsSchema } from './visibility';

export type { FieldUiSchema, JSONSchema } from './field-types';
export { HYPERLINK_PATTERN, sortSelectOptions, TEXT_MAX_LENGTH } from './field-types/shared';

/** Field-type registry keys (the original's field type names) the compiler puts in 'ui:widget' for answers. */
export const compiledWidgets: readonly string[] = [...new Set(allFieldTypes().map((type) => type.widget))];

/** One of {@link compiledWidgets}. */
export type CompiledWidget = string;

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
  /** The page's visibility condition over the form data (engine/forms/visibility.ts); absent: always shown. */
  visibleWhen?: JSONSchema;
}

/** A compiled form definition. Treat it as read-only: pages share property schemas with `schema`. */
export interface CompiledForm {
  /** `{ type: 'object', properties: { q_<id>: ... }, required: [...] }` over every shown question. */
  schema: JSONSchema;
  uiSchema: FormUiSchema;
  pages: CompiledPage[];
}

/**
 * RJSF `experimental_defaultFormStateBehavior` a compiled form needs: by default RJSF 6 turns a `const`
 * (a required tick box) and the first `oneOf` branch (a dropdown's first option) into default values,
 * which would tick boxes and choose options the user never touched.
 */
export const compiledFormDefaultsBehavior = { constAsDefaults: 'never' } as const;

/**
 * The fields a question adds beside its main answer, in compile order: its type's (a Dropdown's other text, a
 * Signature's third-party name), then whom to notify for an answered question with `notify`.
 */
export function extraFieldsOf(question: Question): ExtraAnswerField[] {
  const type = fieldTypeOf(question);
  const own = (type.extraFields ?? []).filter((field) => field.when(question));
  if (type.answerless) return own;
  return [...own, ...notifyFields.filter((field) => field.when(question))];
}

/** The JSON Schema of one question's main answer (its field type's, form-configuration.md §5 Form fields). */
export function questionSchema(question: Question): JSONSchema {
  return fieldTypeOf(question).schema(question);
}

/** The uiSchema of one question's field: its field type's, with the question's help text. */
export function questionUiSchema(question: Question): FieldUiSchema {
  const ui = fieldTypeOf(question).uiSchema(question);
  if (question.helpText) ui['ui:help'] = question.helpText;
  if (question.wrapper && question.wrapper !== 'vertical') {
    // The wrapper shows the label (beside the field, or as the panel's title): the widget's own is hidden.
    ui['ui:wrapper'] = question.wrapper;
    ui['ui:label'] = false;
  }
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
  const conditional: JSONSchema[] = [];
  const pages: CompiledPage[] = def.pages.map((page, index) => {
    const keys: string[] = [];
    const pageProperties: Record<string, JSONSchema> = {};
    const pageRequired: string[] = [];
    const pageConditional: JSONSchema[] = [];
    const pageUi: FormUiSchema = { 'ui:order': [] };
    for (const question of page.questions) {
      // What every answered question may say (a Note or an Image says none of it: never required).
      const { required: isRequired, requiredOnPageChange } = question as AnyQuestion;
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      if (isHiddenQuestion(question)) continue;
      const key = answerKey(question.id);
      const schema = questionSchema(question);
      const ui = questionUiSchema(question);
      const shownWhen = conditionsSchema(conditionsOf(page, question));
      if (shownWhen) ui['ui:visibleWhen'] = shownWhen;
      keys.push(key);
      pageProperties[key] = properties[key] = schema;
      pageUi[key] = uiSchema[key] = ui;
      for (const extra of extraFieldsOf(question)) {
        // A field the question adds beside its answer (the other text, the third party's name, whom to notify):
        // shown with the question, and while its own condition holds; required with a required question when
        // it says so.
        const extraKey = answerKey(question.id, extra.suffix);
        const extraShown = extra.shownWhen
          ? conditionsSchema([...conditionsOf(page, question), extra.shownWhen(question)])
          : shownWhen;
        keys.push(extraKey);
        pageProperties[extraKey] = properties[extraKey] = extra.schema(question);
        const extraUi = extra.uiSchema(question);
        if (extraShown) extraUi['ui:visibleWhen'] = extraShown;
        pageUi[extraKey] = uiSchema[extraKey] = extraUi;
        if (extra.requiredWithQuestion && isRequired === true) {
          if (extraShown) {
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
            const rule: JSONSchema = { if: extraShown, then: { required: [extraKey] } };
            pageConditional.push(rule);
            conditional.push(rule);
          } else {
            pageRequired.push(extraKey);
            required.push(extraKey);
          }
        }
      }
      if (requiredOnPageChange === true && isRequired !== true && !fieldTypeOf(question).answerless) {
        // Needed to go forward from its page, not to save: only the page's schema requires it.
        if (shownWhen) {
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
          pageConditional.push({ if: shownWhen, then: { required: [key] } });
        } else pageRequired.push(key);
      }
      if (isRequired === true && !fieldTypeOf(question).answerless) {
        if (shownWhen) {
          // Required only while shown: a hidden question is never required.
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
          const rule: JSONSchema = { if: shownWhen, then: { required: [key] } };
          pageConditional.push(rule);
          conditional.push(rule);
        } else {
          pageRequired.push(key);
          required.push(key);
        }
      }
    }
    pageUi['ui:order'] = [...keys];
    uiSchema['ui:order'].push(...keys);
    const pageSchema: JSONSchema = { type: 'object', properties: pageProperties, required: pageRequired };
    if (pageConditional.length > 0) pageSchema.allOf = pageConditional;
    return {
      id: page.id,
      label: page.label.trim() === '' ? message('form.page', { n: index + 1 }) : page.label,
      keys,
      schema: pageSchema,
      uiSchema: pageUi,
      ...(page.visibleWhen ? { visibleWhen: conditionSchema(page.visibleWhen) } : {}),
    };
  });
  const schema: JSONSchema = { type: 'object', properties, required };
  if (conditional.length > 0) schema.allOf = conditional;
  return { schema, uiSchema, pages };
}
