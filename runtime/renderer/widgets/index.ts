/**
 * The field-type registry: widgets and custom fields keyed by the specification's field-type names
 * (form-configuration.md §2 "Form field types"), so a form definition written for the original reads the same
 * here. Every module of this folder that exports a `registration` (./registration.ts) is collected; nothing lists
 * them, so a new widget is its one file (issue 20; docs/authoring.md "A new question type"). Parts loaded on demand
 * (the rich-text editor, the image markup) live in ./lazy and are not collected; the data-table field is collected
 * through its lazy registration (../table/LazyDataTableField.tsx), so material-react-table loads with the first table. Screen documents and compiled
 * forms naming a widget that is not here fail the registry check (renderer/screens.test.ts).
 *
 * A field's widget is the one whose ranked tester (./testers.ts) fits it best: the one its uiSchema names, or, for
 * a field naming none, the one its JSON Schema suits (withTestedWidgets).
 */
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType, UiSchema } from '@rjsf/utils';
import ProgressiveObjectFieldTemplate from './ProgressiveObjectFieldTemplate';
import type { RegistrationExport, WidgetRegistration } from './registration';
import { NOT_APPLICABLE } from './testers';
import WrapperFieldTemplate from './WrapperFieldTemplate';

export { defineField, defineWidget, type WidgetRegistration } from './registration';

/** Every widget and custom field, in registration order. */
const registrations: WidgetRegistration[] = [];

/** The widgets by name (RJSF `widgets`). */
export const widgets: RegistryWidgetsType = {};

/** The custom fields by name (RJSF `fields`): they render a whole value themselves (a grid's table). */
export const fields: RegistryFieldsType = {};

/**
 * Adds a widget or custom field to the registry (this folder's are added when it loads; a widget shipped elsewhere,
 * e.g. tests/fixtures/question-type, calls this).
 * @throws Error for a name already taken
 */
export function registerWidget(registration: WidgetRegistration): void {
  if (isWidgetName(registration.name)) throw new Error(`Widget ${registration.name} is registered twice`);
  registrations.push(registration);
  if (registration.kind === 'widget') widgets[registration.name] = registration.component;
  else fields[registration.name] = registration.component;
}

// Whole modules, not `import: 'registration'`: a module of the folder without one (the wrapper template) is fine.
const modules = import.meta.glob<{ registration?: RegistrationExport }>(
  ['./*.tsx', '!./*.test.tsx', '../table/LazyDataTableField.tsx'],
  { eager: true },
);
for (const path of Object.keys(modules).sort()) {
  const exported = modules[path].registration;
  if (!exported) continue;
  for (const registration of Array.isArray(exported) ? exported : [exported as WidgetRegistration])
    registerWidget(registration);
}

/** A field-type name of the registry. */
export type WidgetName = string;

/** True when `name` is a key of the field-type registry (a widget or a custom field). */
export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgets, name) || Object.hasOwn(fields, name);
}

/** The widget or custom field that fits a field best, or undefined when none does (RJSF's default serves it). */
export function pickWidget(
  uiSchema: UiSchema | undefined,
  schema: RJSFSchema | undefined,
): WidgetRegistration | undefined {
  let best: WidgetRegistration | undefined;
  let bestRank = NOT_APPLICABLE;
  for (const registration of registrations) {
    const rank = registration.tester(uiSchema, schema);
    if (rank > bestRank) {
      best = registration;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * The uiSchema of an object schema with each property's widget made explicit by the ranked testers: a property
 * naming no widget gets the best-fitting one (if any fits), and a property naming a custom field as its
 * `ui:widget` gets it as its `ui:field` too. Nested objects are resolved likewise; anything else is left as is.
 */
export function withTestedWidgets(schema: RJSFSchema | undefined, uiSchema: UiSchema): UiSchema {
  const properties = schema?.properties;
  if (!properties) return uiSchema;
  let out: UiSchema | undefined;
  for (const [key, child] of Object.entries(properties)) {
    if (typeof child !== 'object' || child === null) continue;
    const given = (uiSchema[key] ?? undefined) as UiSchema | undefined;
    if (given?.['ui:widget'] === 'hidden') continue;
    let resolved: UiSchema | undefined;
    if (child.type === 'object' && child.properties && !given?.['ui:widget'] && !given?.['ui:field']) {
      const nested = withTestedWidgets(child as RJSFSchema, given ?? {});
      if (nested !== (given ?? {})) resolved = nested;
    } else {
      const picked = pickWidget(given, child as RJSFSchema);
      if (picked && picked.kind === 'field' && given?.['ui:field'] !== picked.name)
        resolved = { ...given, 'ui:widget': picked.name, 'ui:field': picked.name };
      else if (picked && picked.kind === 'widget' && !given?.['ui:widget'] && !given?.['ui:field'])
        resolved = { ...given, 'ui:widget': picked.name };
    }
    if (resolved) {
      out ??= { ...uiSchema };
      out[key] = resolved;
    }
  }
  return out ?? uiSchema;
}

/**
 * The field template: the wrappers (horizontal, vertical, accordion) around each field, by `ui:wrapper`; the object
 * template: a long page's fields in two renders (ProgressiveObjectFieldTemplate.tsx).
 */
export const templates: Partial<TemplatesType> = {
  FieldTemplate: WrapperFieldTemplate,
  ObjectFieldTemplate: ProgressiveObjectFieldTemplate,
};
