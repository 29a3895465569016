/**
 * The uiSchema check of the screen documents (issue 20 part 6 "uiSchema checked"): every `uiSchema` of a
 * document of schemas/screens is validated against schemas/meta/ui.schema.json, which lists the `ui:` keys the
 * renderer implements, the widgets a screen may name and each widget's `ui:options` (as RJSF's UiSchema options,
 * per widget). `npm run gen` (generators/types.ts) fails on a problem, and runtime/renderer/screens.test.ts reports
 * the same lines, each naming the document and the key ("settings/contact-form: uiSchema/email: unknown key
 * 'ui:titel'").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The `$id` of the uiSchema meta-schema. */
export const UI_SCHEMA_ID = 'https://site-forms.dev/schemas/meta/ui.schema.json';

/** A screen document: its id (its path under schemas/screens without `.json`) and its JSON. */
export interface ScreenDocumentFile {
  id: string;
  doc: unknown;
}

type Json = unknown;

/** Every `uiSchema` of a document, with its JSON pointer (a form's own JSON Schema is data, not looked into). */
function uiSchemasOf(value: Json, pointer = ''): Array<{ pointer: string; uiSchema: Json }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => uiSchemasOf(item, `${pointer}/${i}`));
  if (!value || typeof value !== 'object') return [];
  const out: Array<{ pointer: string; uiSchema: Json }> = [];
  for (const [key, child] of Object.entries(value as Record<string, Json>)) {
    if (key === 'schema') continue;
    if (key === 'uiSchema') out.push({ pointer: `${pointer}/uiSchema`, uiSchema: child });
    else out.push(...uiSchemasOf(child, `${pointer}/${key}`));
  }
  return out;
}

/** The value at a JSON pointer of `root` (undefined where there is none). */
function at(root: Json, pointer: string): Json {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, Json>)[key] : undefined;
  }
  return node;
}

/** One line for an Ajv error of a uiSchema, or undefined for an error that only leads to another (if, allOf). */
function describe(error: ErrorObject, uiSchema: Json): string | undefined {
  const where = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return undefined;
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      if (where.endsWith('/ui:options')) {
        const owner = at(uiSchema, where.slice(0, -'/ui:options'.length)) as Record<string, Json> | undefined;
        const widget = String(owner?.['ui:widget'] ?? owner?.['ui:field']);
        return `${where}: '${key}' is not an option of the widget ${widget}`;
      }
      return `${where || '/'}: unknown key '${key}'`;
    }
    case 'enum':
      if (/\/ui:(widget|field)$/.test(where))
        return `${where}: '${String(at(uiSchema, where))}' is not a widget a screen document may name`;
      return `${where}: ${error.message}`;
    case 'anyOf':
      return error.schemaPath.includes('/dependentSchemas/') ? undefined : `${where}: ${error.message}`;
    case 'required':
      if (error.schemaPath.includes('/dependentSchemas/'))
        return `${where || '/'}: ui:options without the ui:widget or ui:field they belong to`;
      return `${where}: ${error.message}`;
    default:
      return `${where}: ${error.message}`;
  }
}

/**
 * The problems of the documents' uiSchemas, one line each: `<document id>: uiSchema<pointer>: <what>`.
 * @param validate the compiled schemas/meta/ui.schema.json ({@link uiSchemaValidator})
 * @returns [] when every uiSchema is valid
 */
export function uiSchemaProblems(documents: readonly ScreenDocumentFile[], validate: ValidateFunction): string[] {
  const problems: string[] = [];
  for (const { id, doc } of documents) {
    for (const { pointer, uiSchema } of uiSchemasOf(doc)) {
      if (validate(uiSchema)) continue;
      const lines = new Set<string>();
      for (const error of validate.errors ?? []) {
        const line = describe(error, uiSchema);
        if (line) lines.add(`${id}: ${pointer.slice(1)}${line.startsWith('/') ? '' : ' '}${line}`);
      }
      problems.push(...lines);
    }
  }
  return problems;
}

/**
 * The compiled uiSchema meta-schema of a set of meta-schemas (schemas/meta/*.schema.json: ui.schema.json refers to
 * common and register).
 * @throws Error when no meta-schema has the $id {@link UI_SCHEMA_ID}
 */
export function uiSchemaValidator(metaSchemas: readonly object[]): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  // tsType: the type a generated TypeScript declaration uses (json-schema-to-typescript), not a validation keyword.
  ajv.addKeyword('tsType');
  addFormats(ajv);
  ajv.addSchema([...metaSchemas]);
  const validate = ajv.getSchema(UI_SCHEMA_ID);
  if (!validate) throw new Error(`No meta-schema ${UI_SCHEMA_ID}`);
  return validate;
}

/** The JSON files under `dir`, recursively (their path relative to `dir` without `.json`, and their JSON). */
function jsonTree(dir: string, base = dir): ScreenDocumentFile[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonTree(path, base);
      if (!name.endsWith('.json')) return [];
      return [{ id: relative(base, path).replace(/\.json$/, ''), doc: JSON.parse(readFileSync(path, 'utf8')) }];
    });
}

/**
 * Checks the uiSchemas of every screen document of `root`'s schemas/screens against its schemas/meta.
 * @throws Error listing every problem (one line each, naming the document and the key)
 */
export function checkScreenUiSchemas(root: string): void {
  const metaDir = join(root, 'schemas/meta');
  const metaSchemas = readdirSync(metaDir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(metaDir, name), 'utf8')) as object);
  const documents = jsonTree(join(root, 'schemas/screens')).filter((file) => file.id !== 'routes');
  const problems = uiSchemaProblems(documents, uiSchemaValidator(metaSchemas));
  if (problems.length > 0)
    throw new Error(
      `The uiSchema of a screen document is not one schemas/meta/ui.schema.json allows:\n${problems.join('\n')}`,
    );
}
