/**
 * What the property panel shows for a question (issue 21 part 3, "Property panel generated from the field
 * types' property schemas"): the keywords its field type takes — the common ones of every question
 * (engine/forms/field-types/common.ts), then its type's own — in the order the question meta-schema lists them
 * (engine/forms/field-types/question-schema.ts), each with its property schema (`x-title`, `x-editor`, type,
 * default, limits). Keywords whose editor is `none` (id, type) and a variant keyword (Text's extendedType: the
 * type selector changes it) are left out. Also the problems of a value against its schema and of the question
 * against its type's definition rules, so the panel shows the refusal next to the field.
 */
import { fieldTypeOf } from '../../engine/forms/field-types';
import { answerProperties, questionProperties } from '../../engine/forms/field-types/common';
import type { AnyQuestion, PropertySchema } from '../../engine/forms/field-types/types';
import { type MessageId, message } from '../../engine/messages/catalogue';

/** One keyword the panel edits: its name and its property schema. */
export interface PanelProperty {
  keyword: string;
  schema: PropertySchema;
}

/**
 * The keywords the panel edits for `question`, in the meta-schema's order: label, required, required on page
 * change, help text, the type's own, show in register, e-mail text, notify, wrapper, condition.
 */
export function panelProperties(question: Pick<AnyQuestion, 'type'>): PanelProperty[] {
  const type = fieldTypeOf(question);
  const out: PanelProperty[] = [{ keyword: 'label', schema: questionProperties.label }];
  if (!type.answerless)
    out.push(
      { keyword: 'required', schema: answerProperties.required },
      { keyword: 'requiredOnPageChange', schema: answerProperties.requiredOnPageChange },
    );
  out.push({ keyword: 'helpText', schema: questionProperties.helpText });
  for (const [keyword, schema] of Object.entries(type.properties)) out.push({ keyword, schema });
  if (!type.answerless)
    for (const keyword of ['showInRegister', 'emailText', 'notify'] as const)
      out.push({ keyword, schema: answerProperties[keyword] });
  out.push(
    { keyword: 'wrapper', schema: questionProperties.wrapper },
    { keyword: 'visibleWhen', schema: questionProperties.visibleWhen },
  );
  return out.filter((p) => p.schema['x-editor'] !== 'none');
}

/** The switches every one of several selected questions takes (the bulk edit): required, show in register. */
export const BULK_SWITCHES = ['required', 'showInRegister'] as const;

/** A problem to show under a field: its message text. */
export type ValueProblem = string;

/**
 * The problem of a scalar `value` against its keyword's schema (its limits), or undefined when the schema takes
 * it: a required text left empty (minLength), too long, not matching the pattern, a number out of range.
 * `field` is the label the message names.
 */
export function valueProblem(schema: PropertySchema, value: unknown, field: string): ValueProblem | undefined {
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.trim().length < (schema.minLength as number))
      return message('validation.required', { field });
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return message('validation.tooLong', { field, limit: schema.maxLength });
    if (schema.pattern && value !== '' && !new RegExp(schema.pattern, 'u').test(value))
      return message('validation.invalid', { field });
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return message('validation.number', { field });
    if (schema.minimum !== undefined && value < schema.minimum)
      return message('validation.min', { field, limit: schema.minimum });
    if (schema.maximum !== undefined && value > schema.maximum)
      return message('validation.max', { field, limit: schema.maximum });
  }
  return undefined;
}

/**
 * The definition problems of `question` (its type's rules the property schema cannot say: min above max, a
 * Dropdown without options, a table without columns, an image without a picture) by keyword, as texts naming
 * the keyword's title.
 */
export function definitionProblemsOf(question: AnyQuestion): Map<string, string> {
  const type = fieldTypeOf(question);
  const out = new Map<string, string>();
  for (const problem of type.definitionProblems?.(question) ?? []) {
    const schema = panelProperties(question).find((p) => p.keyword === problem.keyword)?.schema;
    const field = schema ? message(schema['x-title']) : question.label;
    out.set(problem.keyword, message(problem.messageId, { field }));
  }
  return out;
}

/** The label of an `enum` value of a keyword (designerProperties.enum.<keyword>.<value>), or the value itself. */
export function enumLabel(keyword: string, value: unknown): string {
  const id = `designerProperties.enum.${keyword}.${String(value)}`;
  try {
    return message(id as MessageId);
  } catch {
    return String(value);
  }
}
