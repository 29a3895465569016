/**
 * How a widget or custom field joins the renderer (issue 20: "adding a type is one engine file, one widget file and
 * its texts"): its module under runtime/renderer/widgets exports `registration`, made here, and ./index.ts collects
 * every such module of the folder; nothing else names it. `name` is the specification's field-type name that
 * uiSchemas (`ui:widget`) and compiled forms use; the tester ranks the fields it fits (./testers.ts).
 */
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { RANK_NAMED, rankWith, uiWidgetIs, type WidgetTester } from './testers';

/** A widget (one value, RJSF `widgets`) or a custom field (a whole value, RJSF `fields`) of the registry. */
export type WidgetRegistration =
  | { kind: 'widget'; name: string; component: ComponentType<WidgetProps>; tester: WidgetTester }
  | { kind: 'field'; name: string; component: ComponentType<FieldProps>; tester: WidgetTester };

/** What a registration module exports as `registration`: one, or several (one component under two names). */
export type RegistrationExport = WidgetRegistration | readonly WidgetRegistration[];

/** The tester of a widget: it serves the fields naming it, and those `also` ranks. */
function testerOf(name: string, also?: WidgetTester): WidgetTester {
  const named = rankWith(RANK_NAMED, uiWidgetIs(name));
  return also ? (ui, schema) => Math.max(named(ui, schema), also(ui, schema)) : named;
}

/**
 * A widget of the registry.
 * @param name its field-type name (`ui:widget`)
 * @param component the RJSF widget
 * @param also a tester for fields that name no widget (below {@link RANK_NAMED})
 */
export function defineWidget(
  name: string,
  component: ComponentType<WidgetProps>,
  also?: WidgetTester,
): WidgetRegistration {
  return { kind: 'widget', name, component, tester: testerOf(name, also) };
}

/**
 * A custom field of the registry: it renders the whole value (a grid's table, a note's text).
 * @param name its field-type name (`ui:field`; a uiSchema naming it as `ui:widget` gets it as its field too)
 * @param component the RJSF field
 * @param also a tester for fields that name nothing (below {@link RANK_NAMED})
 */
export function defineField(
  name: string,
  component: ComponentType<FieldProps>,
  also?: WidgetTester,
): WidgetRegistration {
  return { kind: 'field', name, component, tester: testerOf(name, also) };
}
