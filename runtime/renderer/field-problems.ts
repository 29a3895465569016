/**
 * The checks of a form's fields that JSON Schema does not express, run in the browser by SchemaForm beside
 * the schema's own (issue 19): a grid's answer through engine/forms/grid.ts `gridQuestionProblems`, the very
 * rule the server applies (validate-submission through the Grid field type), so a row ticked without its
 * required score is reported under the grid before the server would refuse it.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { asGridAnswer, type Grid, gridQuestionProblems } from '../../engine/forms/grid';
import { message } from '../../engine/messages/catalogue';

/** The grid options the Grid field type compiles into a field's uiSchema. */
interface GridOptions {
  grid?: Grid;
  required?: boolean;
}

/**
 * Messages by field key for the fields of `uiSchema` whose checks JSON Schema cannot make (grid fields),
 * for the data given. A field without a value is left to the schema (its `required`); a value that is no grid
 * answer (`{}`) answers nothing.
 * @param schema the schema of the fields (their titles name them in the messages)
 */
export function fieldProblems(schema: RJSFSchema, uiSchema: UiSchema | undefined, data: Record<string, unknown>) {
  const problems: Record<string, string[]> = {};
  for (const [key, ui] of Object.entries(uiSchema ?? {})) {
    if (!ui || typeof ui !== 'object' || (ui as UiSchema)['ui:field'] !== 'grid') continue;
    const options = ((ui as UiSchema)['ui:options'] ?? {}) as GridOptions;
    const value = data[key];
    if (!options.grid || value === undefined) continue;
    // An untouched grid's value is RJSF's default `{}`: no answer.
    const ids = gridQuestionProblems(options.grid, asGridAnswer(value), { required: options.required });
    if (ids.length === 0) continue;
    const property = schema.properties?.[key];
    const field = String((ui as UiSchema)['ui:title'] ?? (typeof property === 'object' ? property.title : '') ?? key);
    problems[key] = ids.map((id) => message(id, { field, limit: '' }));
  }
  return problems;
}
