/**
 * The registered schemas (schemas/entities, schemas/api, the derived bodies and the rule families of the generated
 * registry) in the browser: loading this module gives them to the interpreting validator
 * (engine/validation/interpreted.ts {@link provideRegisteredDocuments}), and {@link inlineRegisteredRefs} resolves a
 * form document's field `$ref`s in them. The renderer loads it only before a screen that names a registered document
 * (runtime/renderer/documents.ts), the form creator with its code, so a form page does not carry the registry.
 */
import { registeredRuleFamilies, registeredSchemas } from '../types/generated/registry';
import { inlineRefs } from './inline-refs';
import { provideRegisteredDocuments } from './interpreted';

const registered = [...Object.values(registeredSchemas), ...registeredRuleFamilies];
const documents: Readonly<Record<string, object>> = Object.fromEntries(registered.map((doc) => [doc.$id, doc]));
provideRegisteredDocuments(registered);

/**
 * `schema` with its refs to registered schemas replaced by the fields they name (see {@link inlineRefs}).
 * @throws Error for a ref to a schema that is not registered or a pointer that names nothing
 */
export function inlineRegisteredRefs<S>(schema: S): S {
  return inlineRefs(schema, documents);
}
