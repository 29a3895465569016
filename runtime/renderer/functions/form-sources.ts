/**
 * Form sources by name (`source.name` of a form document): turn an API answer into a form
 * (JSON Schema, uiSchema, pages, title). A document naming one missing here fails renderer/screens.test.ts.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileFormDefinition } from '../../../engine/forms/compile';
import type { FormDefinition } from '../../api/types';
import type { SchemaFormPage } from '../SchemaForm';

/** What a form source gives the form screen. `data` is kept for the body builder and toFormData. */
export interface FormSourceResult {
  title?: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  pages?: SchemaFormPage[];
  data: unknown;
}

/** Form sources by name. */
export const formSources: Record<string, (answer: unknown) => FormSourceResult> = {
  /** The form of a Public View QR code's entry (qrCodes.publicEntry: { form, entry }), compiled by the engine. */
  publicEntryForm(answer) {
    return formSources.formDefinition((answer as { form: FormDefinition }).form);
  },
  /** The form of a secure link's external page (external.open: { form, … }; issue 25), compiled by the engine. */
  externalForm(answer) {
    return formSources.formDefinition((answer as { form: FormDefinition }).form);
  },
  /** A form definition (GET forms.getForProject) compiled by the engine. */
  formDefinition(answer) {
    const def = answer as FormDefinition;
    const compiled = compileFormDefinition(def);
    return {
      title: def.title,
      schema: compiled.schema as RJSFSchema,
      uiSchema: compiled.uiSchema as UiSchema,
      pages: compiled.pages.map((page) => ({
        id: page.id,
        label: page.label,
        keys: page.keys,
        schema: page.schema as RJSFSchema,
        uiSchema: page.uiSchema as UiSchema,
        visibleWhen: page.visibleWhen,
      })),
      data: def,
    };
  },
};
