/**
 * The browser's JSON Schema validator (docs/security.md "Content-Security-Policy", docs/decisions.md):
 * the same schemas, rule families and JSON Schema 2020-12 semantics as the server's Ajv
 * (engine/validation/ajv.ts), evaluated by an *interpreting* validator, @cfworker/json-schema, that
 * never turns a schema into code. Ajv compiles every schema with `new Function`, which a
 * Content-Security-Policy without 'unsafe-eval' forbids; form definitions and screen conditions are data
 * that arrive at run time, so they cannot be compiled ahead of time either.
 *
 * Errors come out in Ajv's `ErrorObject` shape (keyword, instancePath, schemaPath, params, message,
 * parentSchema), so the renderer's catalogue mapping (runtime/renderer/errors.ts) and RJSF's error
 * processing read them unchanged. The agreement with Ajv is a test (interpreted.test.ts): every
 * registered schema, every rule and the compiled demo forms give the same verdict and keywords.
 *
 * The server never uses this module: it validates with Ajv, which is faster and is the one that decides.
 */
import { dereference, type OutputUnit, type Schema, validate } from '@cfworker/json-schema';
import type { ErrorObject } from 'ajv';

/** A JSON Schema document or sub-schema, as the renderer and the registry hold them. */
export type AnySchema = object | boolean;

type Lookup = Record<string, Schema | boolean>;

/** Where every registered document's `$id` starts (schemas/entities, schemas/api, schemas/rules). */
const REGISTERED_BASE = 'https://site-forms.dev/schemas/';

/**
 * The registered documents (schemas/entities, schemas/api, the rule families) by `$id`, once
 * {@link provideRegisteredDocuments} has given them. This module does not import the registry: a form page's
 * schemas name none of its documents, and the registry is a third of the form page's script (issue 21 "Speed").
 * engine/validation/registered-refs.ts gives them when it loads: the renderer loads it before a screen that names a
 * registered document (runtime/renderer/documents.ts), the form creator with its code.
 */
const documents = new Map<string, object>();
let documentsProvided = false;

/**
 * Makes the registered documents resolvable by `$ref` in {@link interpret} (engine/validation/registered-refs.ts
 * calls it with the generated registry's schemas and rule families). Idempotent.
 * @param given documents with an absolute `$id` under https://site-forms.dev/schemas/
 */
export function provideRegisteredDocuments(given: Iterable<{ $id: string }>): void {
  if (documentsProvided) return;
  documentsProvided = true;
  for (const document of given) documents.set(document.$id, document);
}

/**
 * Every registered document, by absolute URI and by JSON pointer within each, as the interpreter's lookup.
 * A document is dereferenced the first time a URI in it is asked for (some hundred documents took 20-60 ms
 * to prepare at once, before a form page's first paint, and a form names few or none): the lookup is a proxy
 * whose misses dereference the document the URI's base names into the target. Copies: the interpreter
 * marks the documents it reads (non-enumerable `__absolute_uri__`/`__absolute_ref__`), and the server's Ajv
 * reads the originals. Registered documents hold no nested `$id` and no `$anchor` (each URI's base is its
 * document's `$id`). Lookups of a schema's own URIs (`Object.create(registered)`) fall through to it too.
 */
const dereferenced: Lookup = Object.create(null);
const registered: Lookup = new Proxy(dereferenced, {
  get(target, key) {
    if (typeof key !== 'string') return undefined;
    const known = target[key];
    if (known !== undefined) return known;
    const hash = key.indexOf('#');
    const base = hash === -1 ? key : key.slice(0, hash);
    const document = documents.get(base);
    if (document === undefined) {
      if (!documentsProvided && base.startsWith(REGISTERED_BASE))
        throw new Error(
          `${key}: the registered schemas are not loaded (import engine/validation/registered-refs first)`,
        );
      return undefined;
    }
    // Once: a later miss in the same document is a URI it does not hold.
    documents.delete(base);
    dereference(structuredClone(document) as Schema, target);
    return target[key];
  },
});

interface Prepared {
  schema: Schema | boolean;
  lookup: Lookup;
}

const prepared = new WeakMap<object, Prepared>();

/**
 * The schema to interpret and the lookup its `$ref`s resolve in: the registered schemas, then the
 * schema's own pointers. A schema whose `$id` is registered is the registered one.
 */
function prepare(schema: AnySchema): Prepared {
  if (typeof schema === 'boolean') return { schema, lookup: registered };
  const known = prepared.get(schema);
  if (known) return known;
  const id = (schema as { $id?: unknown }).$id;
  let result: Prepared;
  if (typeof id === 'string' && registered[id] !== undefined) {
    result = { schema: registered[id], lookup: registered };
  } else {
    const lookup: Lookup = Object.create(registered);
    dereference(schema as Schema, lookup);
    result = { schema: schema as Schema, lookup };
  }
  prepared.set(schema, result);
  return result;
}

let subSchemaCount = 0;

/**
 * Prepares `schema` as a part of `rootSchema`: its local `$ref`s ('#/$defs/x') resolve in the root,
 * as RJSF expects when it checks one option of an anyOf/oneOf or an `if` against the form's data.
 */
function prepareWithin(schema: AnySchema, rootSchema: AnySchema): Prepared {
  if (schema === rootSchema || typeof schema === 'boolean') return prepare(schema);
  const root = prepare(rootSchema);
  const lookup: Lookup = Object.create(root.lookup);
  subSchemaCount += 1;
  const base = new URL('https://site-forms.dev/interpreted/');
  // A base pointer of its own, so the part never collides with the root's URI; its '#/…' refs resolve
  // against the same base URI as the root's pointers.
  const rootUri = (root.schema as { __absolute_uri__?: string }).__absolute_uri__;
  dereference(schema as Schema, lookup, rootUri ? new URL(rootUri) : base, `/__part${subSchemaCount}`);
  return { schema: schema as Schema, lookup };
}

/**
 * A JSON value with what JSON cannot hold removed (an `undefined` member is absent, an `undefined`
 * array item is null, functions and symbols are dropped), as Ajv sees `undefined` members. RJSF form
 * data and condition contexts hold `undefined` members, which the interpreter refuses.
 */
export function asJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? undefined : value;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => asJson(item) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const json = asJson(item);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

/** Result of {@link interpret}: the verdict and, when invalid, Ajv-shaped errors (leaf keywords). */
export interface Interpretation {
  valid: boolean;
  errors: ErrorObject[];
}

/**
 * Validates `data` against `schema` (JSON Schema 2020-12, all errors).
 * @param schema a schema object or boolean; `$ref`s to registered schemas and rule families resolve
 * @param data any value; `undefined` members count as absent
 * @param rootSchema the document `schema` is a part of, for its local `$ref`s (default: `schema`)
 * @throws Error for a `$ref` that resolves nowhere (a programming error the screens test catches)
 */
export function interpret(schema: AnySchema, data: unknown, rootSchema: AnySchema = schema): Interpretation {
  const target = prepareWithin(schema, rootSchema);
  const instance = asJson(data);
  const result = validate(instance ?? null, target.schema, '2020-12', target.lookup, false);
  if (result.valid) return { valid: true, errors: [] };
  return { valid: false, errors: toAjvErrors(result.errors, target) };
}

/** True when `data` satisfies `schema`; see {@link interpret}. */
export function satisfies(schema: AnySchema, data: unknown, rootSchema: AnySchema = schema): boolean {
  return interpret(schema, data, rootSchema).valid;
}

/** Keywords whose failure only says "a part below failed": Ajv reports the part, not the wrapper. */
const WRAPPERS = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'allOf',
  'dependentSchemas',
  'dependencies',
  'propertyNames',
]);

function toAjvErrors(units: readonly OutputUnit[], target: Prepared): ErrorObject[] {
  const errors: ErrorObject[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    if (WRAPPERS.has(unit.keyword)) continue;
    if (unit.keyword === 'additionalProperties' || unit.keyword === 'unevaluatedProperties') {
      // Followed by the `false` schema's own error at the property's location when the schema is false.
      const next = units[index + 1];
      if (next?.keyword === 'false') {
        const property = decodeSegment(next.instanceLocation.slice(next.instanceLocation.lastIndexOf('/') + 1));
        errors.push(
          error(unit, target, unit.keyword, {
            [unit.keyword === 'additionalProperties' ? 'additionalProperty' : 'unevaluatedProperty']: property,
          }),
        );
        index += 1;
      }
      continue;
    }
    if (unit.keyword === 'false') {
      errors.push(error(unit, target, 'false schema', {}));
      continue;
    }
    errors.push(error(unit, target, unit.keyword, undefined));
  }
  return errors;
}

function error(
  unit: OutputUnit,
  target: Prepared,
  keyword: string,
  given: Record<string, unknown> | undefined,
): ErrorObject {
  const schemaPath = unit.keywordLocation;
  const parentSchema = parentOf(schemaPath, target);
  const params = given ?? paramsOf(unit, parentSchema);
  return {
    keyword,
    instancePath: pointerOf(unit.instanceLocation),
    schemaPath,
    params,
    message: unit.error,
    schema: parentSchema?.[keyword],
    parentSchema,
  } as ErrorObject;
}

/** Ajv's `params` for a keyword, read from the schema that holds it. */
function paramsOf(unit: OutputUnit, parent: Record<string, unknown> | undefined): Record<string, unknown> {
  const value = parent?.[unit.keyword];
  switch (unit.keyword) {
    case 'required':
      return { missingProperty: /required property "(.*)"\.$/s.exec(unit.error)?.[1] ?? '' };
    case 'type':
      return { type: Array.isArray(value) ? value.join(',') : value };
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
    case 'minContains':
    case 'maxContains':
      return { limit: value };
    case 'minimum':
      return { comparison: '>=', limit: value };
    case 'maximum':
      return { comparison: '<=', limit: value };
    case 'exclusiveMinimum':
      return { comparison: '>', limit: value };
    case 'exclusiveMaximum':
      return { comparison: '<', limit: value };
    case 'multipleOf':
      return { multipleOf: value };
    case 'pattern':
      return { pattern: value };
    case 'format':
      return { format: value };
    case 'const':
      return { allowedValue: value };
    case 'enum':
      return { allowedValues: value };
    case 'if':
      return { failingKeyword: unit.error.includes('"else"') ? 'else' : 'then' };
    case 'oneOf':
      return { passingSchemas: null };
    default:
      return {};
  }
}

/** The schema object that holds the keyword at `keywordLocation` ('#/properties/a/$ref/maxLength'). */
function parentOf(keywordLocation: string, target: Prepared): Record<string, unknown> | undefined {
  const segments = keywordLocation.split('/').slice(1, -1);
  let node: unknown = target.schema;
  for (const raw of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    const holder = node as Record<string, unknown> & { __absolute_ref__?: string };
    if (raw === '$ref' && typeof holder.$ref === 'string') {
      node = target.lookup[holder.__absolute_ref__ ?? holder.$ref];
      continue;
    }
    node = holder[decodeSegment(raw)];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

/** '#/answers/0/a%20b' → '/answers/0/a b' (Ajv's instancePath: a JSON pointer, not URI-encoded). */
function pointerOf(location: string): string {
  const pointer = location.replace(/^#/, '');
  return pointer === ''
    ? ''
    : pointer
        .split('/')
        .map((segment) => (segment === '' ? '' : safeDecode(segment)))
        .join('/');
}

function decodeSegment(segment: string): string {
  return safeDecode(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
