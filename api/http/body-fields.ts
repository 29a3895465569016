/**
 * The fields a body may carry that the server sets itself (issue 20 §3 "Bodies accept every field the
 * specification's entity lists for that payload"; docs/api.md "Conventions"). schemas/api/bodies.json declares,
 * per derived body, the fields it `accept`s (the specification lists them in the payload, e.g. a QR code setup's
 * audit fields): taken and ignored; and the fields it checks against a path parameter (`matchPath`, e.g. the
 * setup's formId against the path's form id): taken when equal, refused when they differ, so a client that
 * believes it writes into another form is told. Both are dropped before the handler, which sees what it saw
 * before: the body's own fields.
 */

import { AppError, detail } from '../../engine/errors';
import bodies from '../../schemas/api/bodies.json';

interface BodyFieldRules {
  title: string;
  accept?: readonly string[];
  matchPath?: Readonly<Record<string, string>>;
}

const rulesByBody: Readonly<Record<string, BodyFieldRules>> = bodies.bodies;

/**
 * The fields of body `name` that the server sets: accepted (ignored) or matched to a path parameter.
 * @returns field names; empty for a body that declares none
 */
export function serverSetBodyFields(name: string): string[] {
  const rules = rulesByBody[name];
  return rules ? [...(rules.accept ?? []), ...Object.keys(rules.matchPath ?? {})] : [];
}

/**
 * Checks a validated body's path-matched fields against the path and drops every server-set field.
 * @param name the body's schema name (the operation's `body`)
 * @param body the body, already valid under its schema
 * @param params the request's path parameters, as text
 * @returns the body without its server-set fields (the same object when it has none)
 * @throws AppError 400 validation.pathMismatch `{ field, value, expected }` when a matched field differs from its
 *   path parameter (a path without that parameter, e.g. a create, matches anything)
 */
export function withoutServerSetFields<T>(name: string, body: T, params: Readonly<Record<string, string>>): T {
  const rules = rulesByBody[name];
  if (!rules || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  for (const [field, param] of Object.entries(rules.matchPath ?? {})) {
    const expected = params[param];
    if (!(field in fields) || expected === undefined || String(fields[field]) === expected) continue;
    const values = { field, value: String(fields[field]), expected };
    throw new AppError(400, 'validation.pathMismatch', values, [
      detail(`/${field}`, 'validation.pathMismatch', values),
    ]);
  }
  const ignored = serverSetBodyFields(name).filter((field) => field in fields);
  if (ignored.length === 0) return body;
  const kept = { ...fields };
  for (const field of ignored) delete kept[field];
  return kept as T;
}
