/**
 * Reading a request body: JSON parse, query-operator guard, schema validation (DESIGN.md "api/":
 * "body validated by the entity schema"). Bad input is answered 400 before any store call.
 */
import type { Context } from 'hono';
import { AppError } from '../../engine/errors';
import { hasOperatorKeys, type SchemaName, validateSchema } from '../../engine/validation/ajv';

/**
 * Parses and validates the JSON body.
 * @param schemaName schema of schemas/entities or schemas/api the body must satisfy
 * @param emptyAs value used when the request has no body at all (else an empty body is invalid)
 * @throws AppError 400 validation.badRequest (not JSON), validation.operatorRejected ($-keys),
 *   validation.invalidBody (schema errors, with details)
 */
export async function readBody<T>(c: Context, schemaName: SchemaName, emptyAs?: unknown): Promise<T> {
  const text = await c.req.text();
  let body: unknown;
  if (text.trim() === '' && emptyAs !== undefined) body = emptyAs;
  else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(400, 'validation.badRequest');
    }
  }
  if (hasOperatorKeys(body)) throw new AppError(400, 'validation.operatorRejected');
  const result = validateSchema(schemaName, body);
  if (!result.ok) {
    const summary = result.details
      .slice(0, 3)
      .map((d) => `${d.path || '/'} ${d.message}`)
      .join('; ');
    throw new AppError(400, 'validation.invalidBody', { details: summary }, result.details);
  }
  return body as T;
}

/**
 * A positive integer path parameter.
 * @throws AppError 404 (not 400) for anything else, so a malformed id reads like a missing one.
 */
export function intParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw new AppError(404, 'notFound.generic');
  return Number(raw);
}

/** A lowercase slug path parameter such as a formArea. @throws AppError 404 when malformed. */
export function slugParam(c: Context, name: string): string {
  const raw = c.req.param(name) ?? '';
  if (!/^[a-z][a-z-]{0,39}$/.test(raw)) throw new AppError(404, 'notFound.generic');
  return raw;
}
