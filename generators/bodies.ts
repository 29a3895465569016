/**
 * Request bodies derived from entities (issue 20 §3 "One definition per field"; in the spirit of Payload's
 * `getEntityInputSchema`): schemas/api/bodies.json declares each body as an entity of schemas/entities less the
 * fields the server sets, plus its own differences (which fields are required, a narrower enum, a body-only
 * field); `npm run gen` writes schemas/api/derived/<name>.schema.json, whose properties `$ref` the entity's,
 * so a limit is written once, in the entity. generators/types.ts registers the derived schemas like any other
 * (the one Ajv, the browser's validator, the OpenAPI document, the TypeScript types).
 *
 * The fields the server sets: {@link SERVER_SET} and every entity property marked `"readOnly": true`. Of those,
 * the ones the specification lists for the payload are `accept`ed (readOnly in the body, dropped before the
 * handler by api/http/body-fields.ts) or, when a path parameter names the same thing, `matchPath`ed (400
 * validation.pathMismatch when they differ).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Repository-relative path of the declarations. */
export const bodiesFile = 'schemas/api/bodies.json';

/** Repository-relative folder of the derived body schemas. */
export const derivedDir = 'schemas/api/derived';

/** Fields every entity's server sets: the store key, the id it assigns, the tenant and the audit fields. */
export const SERVER_SET = [
  '_id',
  'id',
  'clientId',
  'created',
  'modified',
  'createdBy',
  'createdById',
  'modifiedBy',
  'modifiedById',
] as const;

/** One body of schemas/api/bodies.json (schemas/meta/bodies.schema.json says what each key does). */
export interface BodyDeclaration {
  title: string;
  description: string;
  entity: string;
  pick?: string[];
  omit?: string[];
  keep?: string[];
  required?: string[];
  narrow?: Record<string, JsonObject>;
  ruleChecked?: Record<string, string>;
  accept?: string[];
  matchPath?: Record<string, string>;
  properties?: Record<string, JsonObject>;
  conditions?: boolean;
  schema?: JsonObject;
}

/** A derived body schema: its name, repository-relative path and document. */
export interface DerivedBody {
  name: string;
  path: string;
  doc: JsonObject;
}

interface Entity {
  id: string;
  doc: JsonObject;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The declarations of `root`'s schemas/api/bodies.json; none when the file is absent. */
export function readBodyDeclarations(root: string): Record<string, BodyDeclaration> {
  const path = join(root, bodiesFile);
  if (!existsSync(path)) return {};
  return (JSON.parse(readFileSync(path, 'utf8')) as { bodies: Record<string, BodyDeclaration> }).bodies;
}

/**
 * The fields of `entity` the server sets: {@link SERVER_SET} and the properties marked readOnly.
 * @param entity an entity schema document (its `properties`)
 */
export function serverSetFields(entity: JsonObject): string[] {
  const properties = isObject(entity.properties) ? entity.properties : {};
  return Object.keys(properties).filter(
    (field) =>
      (SERVER_SET as readonly string[]).includes(field) ||
      (isObject(properties[field]) && (properties[field] as JsonObject).readOnly === true),
  );
}

/** The JSON type of an entity field (following local `$ref`s), for a rule-checked field. */
function typeOf(entity: Entity, field: string, where: string): Json {
  let node: Json | undefined = (entity.doc.properties as JsonObject)[field];
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 10; hops += 1) {
    const ref: string = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`${where}: ruleChecked ${field} needs a local $ref in the entity`);
    node = ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((n, key) => (isObject(n) ? n[key] : undefined), entity.doc);
  }
  if (!isObject(node) || node.type === undefined) throw new Error(`${where}: ruleChecked ${field} has no type`);
  return node.type;
}

/**
 * Derives one body schema from its declaration.
 * @param name the body's name (its file name without .schema.json)
 * @param declaration the body's entry of schemas/api/bodies.json
 * @param entity the entity's `$id` and document
 * @returns the JSON Schema 2020-12 document of schemas/api/derived/<name>.schema.json
 * @throws Error for a field the entity lacks, a required field the body does not take, or a server-set field
 *   taken as writable without a `pick`
 */
export function deriveBody(name: string, declaration: BodyDeclaration, entity: Entity): JsonObject {
  const where = `${bodiesFile} ${name}`;
  const properties = isObject(entity.doc.properties) ? entity.doc.properties : {};
  const has = (field: string) => Object.hasOwn(properties, field);
  const mentioned = [
    ...(declaration.pick ?? []),
    ...(declaration.omit ?? []),
    ...(declaration.keep ?? []),
    ...(declaration.accept ?? []),
    ...Object.keys(declaration.matchPath ?? {}),
    ...Object.keys(declaration.narrow ?? {}),
    ...Object.keys(declaration.ruleChecked ?? {}),
  ];
  for (const field of mentioned)
    if (!has(field)) throw new Error(`${where}: ${field} is not a field of ${declaration.entity}`);
  const serverSet = serverSetFields(entity.doc);
  const ignored = new Set([...(declaration.accept ?? []), ...Object.keys(declaration.matchPath ?? {})]);
  const writable = declaration.pick
    ? declaration.pick
    : Object.keys(properties).filter(
        (field) =>
          (!serverSet.includes(field) || (declaration.keep ?? []).includes(field)) &&
          !(declaration.omit ?? []).includes(field) &&
          !ignored.has(field),
      );
  for (const field of writable) if (ignored.has(field)) throw new Error(`${where}: ${field} is both taken and ignored`);
  for (const field of Object.keys(declaration.properties ?? {}))
    if (has(field))
      throw new Error(`${where}: ${field} is a field of ${declaration.entity}: take it, do not restate it`);
  const ref = (field: string) => `${entity.id}#/properties/${field}`;
  const out: JsonObject = {};
  for (const field of writable) {
    const rule = declaration.ruleChecked?.[field];
    out[field] = rule
      ? {
          type: typeOf(entity, field, where),
          description: `${declaration.entity}.${field}, whose limits ${rule} checks with the specification's texts.`,
        }
      : { $ref: ref(field), ...(declaration.narrow?.[field] ?? {}) };
  }
  for (const [field, schema] of Object.entries(declaration.properties ?? {})) out[field] = schema;
  for (const field of Object.keys(properties).filter((f) => ignored.has(f))) {
    const param = declaration.matchPath?.[field];
    out[field] = {
      $ref: ref(field),
      readOnly: true,
      description: param
        ? `Set by the server from the path's {${param}}: accepted when it is that value (else 400 validation.pathMismatch), then ignored.`
        : 'Set by the server: accepted (the specification lists it in this payload) and ignored.',
    };
  }
  const required = declaration.required ?? [];
  for (const field of required)
    if (!isObject(out[field]) || (out[field] as JsonObject).readOnly === true)
      throw new Error(`${where}: required ${field} is not a field the body takes`);
  const conditions: JsonObject = {};
  if (declaration.conditions)
    for (const keyword of ['if', 'then', 'else'])
      if (entity.doc[keyword] !== undefined) conditions[keyword] = { $ref: `${entity.id}#/${keyword}` };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://site-forms.dev/schemas/api/${name}.schema.json`,
    $comment: `Generated by generators/bodies.ts from ${bodiesFile} and schemas/entities/${declaration.entity}.schema.json — do not edit; run \`npm run gen\`.`,
    title: declaration.title,
    description: declaration.description,
    type: 'object',
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
    properties: out,
    ...conditions,
    ...(declaration.schema ?? {}),
  };
}

/**
 * Every body of `root`'s schemas/api/bodies.json, derived from the entities of schemas/entities.
 * @throws Error for a declaration naming an entity that is not there, or see {@link deriveBody}
 */
export function deriveBodies(root: string): DerivedBody[] {
  const declarations = readBodyDeclarations(root);
  return Object.keys(declarations)
    .sort()
    .map((name) => {
      const declaration = declarations[name];
      const file = join(root, 'schemas/entities', `${declaration.entity}.schema.json`);
      if (!existsSync(file)) throw new Error(`${bodiesFile} ${name}: no entity ${declaration.entity}`);
      const doc = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
      const entity = { id: String(doc.$id), doc };
      return { name, path: `${derivedDir}/${name}.schema.json`, doc: deriveBody(name, declaration, entity) };
    });
}

/** A derived schema's file content: two-space JSON and a final newline. */
export function derivedFileContent(body: DerivedBody): string {
  return `${JSON.stringify(body.doc, null, 2)}\n`;
}
