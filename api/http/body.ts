/**
 * Reading a request body: JSON parse, query-operator guard, schema validation (DESIGN.md "api/":
 * "body validated by the entity schema"). Bad input is answered 400 before any store call.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { AppError } from '../../engine/errors';
import { hasOperatorKeys, type SchemaName, validateSchema } from '../../engine/validation/ajv';
import { withoutServerSetFields } from './body-fields';
import type { ApiEnv } from './env';

/**
 * The request body as text (UTF-8, a leading byte order mark dropped, as `Request.text()` decodes it). When the
 * body limit checked the declared length without reading (`incomingBody`) and the app runs on @hono/node-server,
 * the bytes are read from Node's request itself: building the web Request (an AbortSignal, a Headers copy, a
 * web stream over the Node stream) costs more than a small save's parsing and validation (issue "Performance at
 * scale" §4). Later reads through `c.req` get the same text.
 */
export async function requestText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || (c as Context<ApiEnv>).get('incomingBody') !== true) return c.req.text();
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
  const decoded = bytes.toString('utf8');
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  // Hono keeps a body read as a promise (its type says otherwise).
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
  return text;
}

/**
 * Parses and validates the JSON body, then checks and drops the fields the server sets (api/http/body-fields.ts:
 * the ones the specification lists in the payload are accepted and ignored, or matched to the path).
 * @param schemaName schema of schemas/entities or schemas/api the body must satisfy
 * @param emptyAs value used when the request has no body at all (else an empty body is invalid)
 * @throws AppError 400 validation.badRequest (not JSON), validation.operatorRejected ($-keys),
 *   validation.invalidBody (schema errors, with details), validation.pathMismatch (a field naming another
 *   item than the path)
 */
export async function readBody<T>(c: Context, schemaName: SchemaName, emptyAs?: unknown): Promise<T> {
  const text = await requestText(c);
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
  return withoutServerSetFields(schemaName, body as T, c.req.param() as Record<string, string>);
}
