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
  /** Route parameters. */
  params: Record<string, string | undefined>;
}

/** Request bodies from form data, by name. */
export const bodyBuilders: Record<string, (context: BodyContext) => unknown | Promise<unknown>> = {
  /** Login: the e-mail as typed (trimmed) and the SHA-512 of the password (shell-access-navigation.md §3). */
  async loginCredentials({ formData }) {
    return { email: String(formData.email ?? '').trim(), password: await sha512Hex(String(formData.password ?? '')) };
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

/** Column providers by name; each fetches what it needs with the route parameters. */
export const columnProviders: Record<
  string,
  (params: Record<string, string | undefined>) => Promise<{ title?: string; columns: ProvidedColumn[] }>
> = {
  /** The form's questions flagged showInRegister, and the form's title. */
  async formRegisterQuestions(params) {
    const def = await callOperation<FormDefinition>('forms.getForProject', {
      params: { projectId: params.projectId ?? '', formArea: params.formArea ?? '', id: params.formId ?? '' },
    });
    return { title: def.title, columns: registerColumns(def) };
  },
};

/** Machines by name (engine/machines). */
export const machines = { paging: pagingMachine } as const;

/** Cross-field validators by name. */
export const validators: Record<string, (formData: FormData) => string[]> = {};
