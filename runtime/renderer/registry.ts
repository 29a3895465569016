/**
 * Named implementations screen documents refer to (DESIGN.md "schemas/": what JSON cannot say is a
 * named function). A document naming something missing here fails renderer/screens.test.ts.
 *
 * - formSources: turn an API answer into a form (`source.name` of a form document)
 * - toFormData: turn a saved item into form data (`load.toFormData`)
 * - bodyBuilders: turn form data into a request body (`submit.body`)
 * - columnProviders: columns (and a title) added to a register (`dynamicColumns`, `titleFrom`)
 * - machines: machines driving a form (`machine`)
 * - validators: cross-field validators (`validators`); none yet
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileFormDefinition } from '../../engine/forms/compile';
import { answersToFormData, formDataToAnswers } from '../../engine/forms/entry-data';
import { pagingMachine } from '../../engine/machines/paging';
import { registerColumns } from '../../engine/registers/rows';
import { callOperation } from '../api/client';
import { sha512Hex } from '../api/password';
import type { FormDefinition, FormEntry } from '../api/types';
import type { FormData, SchemaFormPage } from './SchemaForm';

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
      })),
      data: def,
    };
  },
};

/** Converters from a loaded item (and the source's data) to form data, by name. */
export const toFormData: Record<string, (item: unknown, sourceData: unknown) => FormData> = {
  /** The item itself (a settings record whose fields are the form's fields). */
  item(item) {
    return { ...(item as FormData) };
  },
  /** A saved form entry's answers, against its form definition. */
  formEntryAnswers(item, sourceData) {
    return answersToFormData(sourceData as FormDefinition, (item as FormEntry).answers);
  },
};

/** What a body builder reads. */
export interface BodyContext {
  formData: FormData;
  /** The form source's data (e.g. the form definition), when the form has a source. */
  sourceData?: unknown;
  /** Route parameters and screen inputs. */
  params: Record<string, string | undefined>;
  /** The loaded item of an edit form. */
  item?: Record<string, unknown>;
}

/** Request bodies from form data, by name. */
export const bodyBuilders: Record<string, (context: BodyContext) => unknown | Promise<unknown>> = {
  /** Login: the e-mail as typed (trimmed) and the SHA-512 of the password (shell-access-navigation.md §3). */
  async loginCredentials({ formData }) {
    return { email: String(formData.email ?? '').trim(), password: await sha512Hex(String(formData.password ?? '')) };
  },
  /** The form data as it is: a form whose fields are the body's (e.g. a resource's create/update). */
  formData({ formData }) {
    return formData;
  },
  /**
   * New lookup values from the form's text area, one per line (form-configuration.md §5 "Lookup values"):
   * `[{ Name, Status: 'Active', Type }]` for the page's lookup type.
   */
  lookupValueLines({ formData, params }) {
    return String(formData.lines ?? '')
      .split(/\r?\n/)
      .map((line) => ({ Name: line.trim(), Status: 'Active', Type: params.type ?? '' }));
  },
  /** The form's fields with the page's type: a code generator setting's input (code-generator-input.schema.json). */
  settingFields({ formData, params }) {
    const fields = ['active', 'start', 'separator', 'end', 'baseStart', 'baseEnd'];
    const body: Record<string, unknown> = { type: params.type };
    for (const field of fields)
      if (formData[field] !== undefined && formData[field] !== null) body[field] = formData[field];
    body.active = formData.active === true;
    return body;
  },
  /** A new form entry: `{ formId, answers }` (form-entry.schema.json $defs/submission). */
  formEntrySubmission({ formData, sourceData, params }) {
    const def = sourceData as FormDefinition;
    const entryNumber = params.entryNumber ? Number(params.entryNumber) : undefined;
    return {
      formId: def.id,
      ...(entryNumber ? { entryNumber } : {}),
      answers: formDataToAnswers(def, formData),
    };
  },
};

/** A column a provider adds: its header is literal text (e.g. a question label), not a message id. */
export interface ProvidedColumn {
  value: string;
  header: string;
  type: string;
}

/** Column providers by name; each reads the route's loader data, or fetches what it needs with the route parameters. */
export const columnProviders: Record<
  string,
  (
    params: Record<string, string | undefined>,
    loaderData: Record<string, unknown>,
  ) => Promise<{ title?: string; columns: ProvidedColumn[] }>
> = {
  /** The form's questions flagged showInRegister, and the form's title: the route's `form` loader data, else fetched. */
  async formRegisterQuestions(params, loaderData) {
    const def =
      (loaderData.form as FormDefinition | undefined) ??
      (await callOperation<FormDefinition>('forms.getForProject', {
        params: { projectId: params.projectId ?? '', formArea: params.formArea ?? '', id: params.formId ?? '' },
      }));
    return { title: def.title, columns: registerColumns(def) };
  },
};

/** Machines by name (engine/machines). */
export const machines = { paging: pagingMachine } as const;

/** Cross-field validators by name. */
export const validators: Record<string, (formData: FormData) => string[]> = {};
