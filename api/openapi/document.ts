/**
 * The OpenAPI 3.1 document of the API (DESIGN.md "schemas/api/operations.json: the OpenAPI 3.1 document
 * is generated from it and the schemas"), built from the operation catalogue and the registered schemas
 * of the one Ajv: every operation with its method, the spec's path, path parameters, the JSON body
 * schema, the answer schema and the access it needs (the `sid` session cookie). Entity and request
 * schemas (JSON Schema 2020-12, which OpenAPI 3.1 uses as is) become components; their `$ref`s, absolute
 * `$id`s or document-internal pointers, are rewritten to `#/components/schemas/<name>/...`.
 * Served at GET /api/openapi.json; Swagger UI at /api/docs (api/openapi/routes.ts).
 */
import { type Operation, operations } from '../../engine/api/operations';
import { ruleFamilies, schemas } from '../../engine/validation/ajv';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const components = new Map<string, { name: string; schema: Record<string, Json> }>();
for (const [name, schema] of Object.entries(schemas)) components.set(schema.$id, { name, schema: schema as never });
for (const family of ruleFamilies) {
  const name = `rules-${family.$id.replace(/^.*\/rules\//, '').replace(/\.json$/, '')}`;
  components.set(family.$id, { name, schema: family as never });
}

/** Rewrites a `$ref` met inside the schema whose `$id` is `base` to a pointer into the document. */
function rewriteRef(ref: string, base: string | undefined): string {
  if (ref.startsWith('#')) {
    const home = base ? components.get(base) : undefined;
    return home ? `#/components/schemas/${home.name}${ref.slice(1)}` : ref;
  }
  const url = new URL(ref, base ?? 'https://site-forms.dev/');
  const fragment = url.hash;
  url.hash = '';
  const target = components.get(url.href);
  if (!target) throw new Error(`OpenAPI: unresolvable $ref ${ref}`);
  return `#/components/schemas/${target.name}${fragment ? fragment.slice(1) : ''}`;
}

function rewrite(value: Json | undefined, base: string | undefined): Json {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, base));
  if (value === null || typeof value !== 'object') return value ?? null;
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$id' || key === '$schema') continue;
    out[key] = key === '$ref' && typeof child === 'string' ? rewriteRef(child, base) : rewrite(child, base);
  }
  return out;
}

const errorAnswer = { $ref: '#/components/schemas/Error' };

function operationObject(name: string, op: Operation): Record<string, Json> {
  const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const responses: Record<string, Json> = {
    200: {
      description: 'Success',
      ...(op.answer ? { content: { 'application/json': { schema: rewrite(op.answer as never, undefined) } } } : {}),
    },
    400: { description: 'Invalid input', content: { 'application/json': { schema: errorAnswer } } },
  };
  if (op.access !== 'public')
    responses[401] = { description: 'Not logged in', content: { 'application/json': { schema: errorAnswer } } };
  if (op.access === 'admin')
    responses[403] = { description: 'Not an admin', content: { 'application/json': { schema: errorAnswer } } };
  if (op.access === 'tenant' || op.access === 'admin')
    responses[409] = {
      description: 'No client chosen, or a rule refused',
      content: { 'application/json': { schema: errorAnswer } },
    };
  if (parameters.length > 0)
    responses[404] = {
      description: 'Not found (or another client\u2019s)',
      content: { 'application/json': { schema: errorAnswer } },
    };
  const body = op.body ? schemas[op.body as keyof typeof schemas] : undefined;
  return {
    operationId: name,
    summary: op.summary,
    tags: [name.split('.')[0]],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: rewriteRef(body.$id, undefined) } } },
          },
        }
      : {}),
    responses,
    ...(op.access === 'public' ? { security: [] } : {}),
    'x-access': op.access,
    ...(op.rule ? { 'x-rule': op.rule.$ref } : {}),
  };
}

/** Builds the OpenAPI 3.1 document. @throws Error for a `$ref` no registered schema resolves */
export function openApiDocument(): Record<string, Json> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, op] of Object.entries(operations)) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(name, op);
  }
  const componentSchemas: Record<string, Json> = {
    Error: {
      type: 'object',
      required: ['messageId', 'message'],
      properties: {
        messageId: { type: 'string', description: 'Catalogue message id (schemas/messages/en.json).' },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object' } },
      },
    },
  };
  for (const [id, { name, schema }] of components) componentSchemas[name] = rewrite(schema, id);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site Forms API',
      version: '1.0.0',
      description:
        'Generated from schemas/api/operations.json and the schemas of schemas/entities, schemas/api and schemas/rules.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas: componentSchemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    },
    security: [{ session: [] }],
  };
}
