/**
 * {@link inlineRefs} over the registered schemas (schemas/entities, schemas/api, the derived bodies and the rule
 * families of the generated registry): what a form document's field `$ref`s name. The renderer loads this module
 * only when a form it shows holds such a ref (runtime/renderer/documents.ts), so the first page does not carry
 * the registry.
 */
import { registeredRuleFamilies, registeredSchemas } from '../types/generated/registry';
import { inlineRefs } from './inline-refs';

const documents: Readonly<Record<string, object>> = Object.fromEntries(
  [...Object.values(registeredSchemas), ...registeredRuleFamilies].map((doc) => [doc.$id, doc]),
);

/**
 * `schema` with its refs to registered schemas replaced by the fields they name (see {@link inlineRefs}).
 * @throws Error for a ref to a schema that is not registered or a pointer that names nothing
 */
export function inlineRegisteredRefs<S>(schema: S): S {
  return inlineRefs(schema, documents);
}
