/**
 * Option lists of a form's select fields (form documents' `options`, schemas/meta/form.schema.json): each
 * field's call is made when the form opens and its answer becomes the field's `oneOf` of { const, title },
 * which the select widgets show (e.g. a contact's organisation, role, country and county/province,
 * administration-data.md §3 Contact).
 */
import { callOperation } from '../api/client';
import type { FormDocument } from './documents';
import { resolveCall, type Scope } from './templates';

type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/**
 * An answer's items as options: strings are their own value and label; objects give the `value` field and
 * the `label` field, or a label template such as '{firstName} {lastName} ({organizationName})'.
 */
export function optionsOf(answer: unknown, value = 'id', label = 'name'): Array<{ const: unknown; title: string }> {
  if (!Array.isArray(answer)) return [];
  return answer.map((item) => {
    if (item === null || typeof item !== 'object') return { const: item, title: String(item) };
    const row = item as Record<string, unknown>;
    const title = label.includes('{')
      ? label.replace(/\{(\w+)\}/g, (_, name: string) => String(row[name] ?? ''))
      : String(row[label] ?? '');
    return { const: row[value], title };
  });
}

/**
 * The schema with every `options` field's list fetched (calls made together); a field that is not in the
 * schema is left alone, one with no option and `hideWhenEmpty` is taken out of the schema (and its `required`).
 * @throws ApiError when a call fails
 */
export async function withFetchedOptions<S extends object>(doc: FormDocument, given: S, scope: Scope): Promise<S> {
  const schema = given as Schema;
  const entries = Object.entries(doc.options ?? {});
  if (entries.length === 0) return given;
  const answers = await Promise.all(
    entries.map(([, spec]) => {
      const { params, query } = resolveCall(spec.call, scope);
      return callOperation<unknown>(spec.call.operation, { params, query });
    }),
  );
  const properties = { ...(schema.properties ?? {}) };
  const hidden: string[] = [];
  entries.forEach(([field, spec], i) => {
    if (!properties[field]) return;
    const oneOf = optionsOf(answers[i], spec.value, spec.label);
    // hideWhenEmpty: a field with nothing to choose from is left out of the form.
    if (oneOf.length === 0 && spec.hideWhenEmpty) {
      delete properties[field];
      hidden.push(field);
      return;
    }
    // An array field (several choices) gets the options on its items.
    if (properties[field].type === 'array') {
      const { enum: _enum, ...items } = (properties[field].items ?? {}) as Record<string, unknown>;
      properties[field] = { ...properties[field], items: oneOf.length > 0 ? { ...items, oneOf } : items };
      return;
    }
    const { enum: _enum, ...rest } = properties[field];
    // An empty list would make the field impossible; an empty oneOf is left out.
    properties[field] = oneOf.length > 0 ? { ...rest, oneOf } : rest;
  });
  const required = Array.isArray(schema.required)
    ? { required: (schema.required as string[]).filter((f) => !hidden.includes(f)) }
    : {};
  return { ...schema, properties, ...required } as S;
}
