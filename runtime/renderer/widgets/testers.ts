/**
 * Ranked testers of the renderer's widgets (issue 20; JSON Forms' `rankWith`, `schemaTypeIs`, `uiTypeIs`): each
 * widget or custom field says how well it fits a field, from the field's uiSchema and JSON Schema, and the
 * renderer gives a field the highest-ranked one (./index.ts pickWidget). A uiSchema naming a widget
 * (`ui:widget`) is served by that widget ({@link RANK_NAMED}, above any schema tester); a field naming none by
 * the widget whose schema tester ranks it highest (a string with options is a select, a date string the date
 * picker), so a screen document need not name the obvious one.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** How well a widget fits a field: {@link NOT_APPLICABLE}, or a rank (higher wins). */
export type WidgetTester = (uiSchema: UiSchema | undefined, schema: RJSFSchema | undefined) => number;

/** A condition on a field. */
export type FieldPredicate = (uiSchema: UiSchema | undefined, schema: RJSFSchema | undefined) => boolean;

/** The rank of a tester that does not apply. */
export const NOT_APPLICABLE = -1;

/** The rank of the widget a uiSchema names: it wins over every tester of the schema. */
export const RANK_NAMED = 100;

/** A tester giving `rank` to the fields `predicate` holds for. */
export function rankWith(rank: number, predicate: FieldPredicate): WidgetTester {
  return (uiSchema, schema) => (predicate(uiSchema, schema) ? rank : NOT_APPLICABLE);
}

/** Holds for a field whose uiSchema names `name` as its `ui:widget` (or its `ui:field`). */
export function uiWidgetIs(name: string): FieldPredicate {
  return (uiSchema) => uiSchema?.['ui:widget'] === name || uiSchema?.['ui:field'] === name;
}

/** Holds for a field whose schema's `type` is one of `types`. */
export function schemaTypeIs(...types: string[]): FieldPredicate {
  return (_ui, schema) => typeof schema?.type === 'string' && types.includes(schema.type);
}

/** Holds for a field whose schema's `format` is `format`. */
export function formatIs(format: string): FieldPredicate {
  return (_ui, schema) => schema?.format === format;
}

/** Holds for a field whose schema lists its values (`enum`, or `oneOf` of `const`s). */
export const hasOptions: FieldPredicate = (_ui, schema) =>
  Array.isArray(schema?.enum) ||
  (Array.isArray(schema?.oneOf) && schema.oneOf.every((o) => typeof o === 'object' && o !== null && 'const' in o));

/** Holds for a list field whose items list their values (several choices of a list). */
export const itemsHaveOptions: FieldPredicate = (_ui, schema) =>
  schema?.type === 'array' &&
  typeof schema.items === 'object' &&
  schema.items !== null &&
  !Array.isArray(schema.items) &&
  hasOptions(undefined, schema.items as RJSFSchema);

/** Holds when every predicate holds. */
export function and(...predicates: FieldPredicate[]): FieldPredicate {
  return (uiSchema, schema) => predicates.every((predicate) => predicate(uiSchema, schema));
}

/** Holds when any predicate holds. */
export function or(...predicates: FieldPredicate[]): FieldPredicate {
  return (uiSchema, schema) => predicates.some((predicate) => predicate(uiSchema, schema));
}
