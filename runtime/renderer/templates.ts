/**
 * Route templates and call specs of screen documents, filled from a scope: the row (row actions)
 * first, then the route parameters. `{name}` is a placeholder; a name found nowhere is an error,
 * because a document that navigates to a half-filled path is a bug to catch in tests.
 */
import type { BodyValue, CallSpec } from './documents';

/** Values a template can read: a row and the route parameters, searched in that order. */
export type Scope = Array<Record<string, unknown> | undefined>;

function lookup(scope: Scope, name: string): unknown {
  for (const source of scope) {
    if (source && Object.hasOwn(source, name)) {
      const value = source[name];
      if (value !== undefined && value !== null && value !== '') return value;
    }
  }
  return undefined;
}

/**
 * Fills `{name}` placeholders.
 * @param encode URI-encode each value (true for paths)
 * @throws Error when a placeholder has no value in the scope
 */
export function fillTemplate(template: string, scope: Scope, encode = true): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = lookup(scope, name);
    if (value === undefined) throw new Error(`Template ${template}: no value for {${name}}`);
    return encode ? encodeURIComponent(String(value)) : String(value);
  });
}

/** `template` filled (values not encoded), or undefined when a placeholder has no value in the scope yet. */
export function fillKnown(template: string, scope: Scope, encode = false): string | undefined {
  return templateNames(template).every((name) => lookup(scope, name) !== undefined)
    ? fillTemplate(template, scope, encode)
    : undefined;
}

/**
 * The path parameters of a call whose placeholders have values in the scope (the others left out): what an access
 * question can read before the call can be made (a row not chosen yet).
 */
export function knownParams(call: CallSpec, scope: Scope): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, template] of Object.entries(call.params ?? {})) {
    const value = fillKnown(template, scope);
    if (value !== undefined) params[key] = value;
  }
  return params;
}

/** Placeholder names of a template, e.g. ['projectId', 'formId']. */
export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

type ParamRef = { param: string; type?: 'string' | 'integer' };

function paramValue(value: ParamRef, scope: Scope): unknown {
  const raw = lookup(scope, value.param);
  if (raw === undefined) throw new Error(`Body parameter ${value.param} has no value`);
  if (value.type === 'integer') {
    const number = Number(raw);
    if (!Number.isInteger(number)) throw new Error(`Body parameter ${value.param} is not an integer: ${String(raw)}`);
    return number;
  }
  return String(raw);
}

const isParamRef = (value: object): value is ParamRef => 'param' in value;

/**
 * A `rows` body value (common.schema.json "value"): one item per selected row (read from the row first, then the
 * scope); with none selected, the scope's one item when it holds every parameter named, else none.
 */
function rowsValue(spec: ParamRef | Record<string, ParamRef>, scope: Scope, selection?: readonly Row[]): unknown[] {
  const refs = isParamRef(spec) ? [spec] : Object.values(spec);
  const item = (itemScope: Scope) =>
    isParamRef(spec)
      ? paramValue(spec, itemScope)
      : Object.fromEntries(Object.entries(spec).map(([key, ref]) => [key, paramValue(ref, itemScope)]));
  if (selection && selection.length > 0) return selection.map((row) => item([row, ...scope]));
  return refs.every((ref) => lookup(scope, ref.param) !== undefined) ? [item(scope)] : [];
}

function bodyValue(value: BodyValue, scope: Scope, selection?: readonly Row[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  if ('rows' in value) return rowsValue(value.rows, scope, selection);
  return paramValue(value, scope);
}

/** A row an action works on (a register's selected row). */
type Row = Record<string, unknown>;

/**
 * Resolves a call spec: path parameters as strings (not encoded: the API client encodes them), the
 * query parameters whose placeholders have values, and the body's values (`rows` values over `selection`, the
 * register's selected rows).
 */
export function resolveCall(
  call: CallSpec,
  scope: Scope,
  selection?: readonly Row[],
): { params: Record<string, string>; body: Record<string, unknown> | undefined; query?: Record<string, string> } {
  const params: Record<string, string> = {};
  for (const [key, template] of Object.entries(call.params ?? {})) params[key] = fillTemplate(template, scope, false);
  let query: Record<string, string> | undefined;
  for (const [key, template] of Object.entries(call.query ?? {})) {
    // A query parameter whose placeholder has no value is left out (it is optional, unlike a path's).
    const value = templateNames(template).every((name) => lookup(scope, name) !== undefined)
      ? fillTemplate(template, scope, false)
      : '';
    if (value !== '') query = { ...query, [key]: value };
  }
  if (!call.body) return { params, body: undefined, ...(query && { query }) };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.body)) body[key] = bodyValue(value, scope, selection);
  return { params, body, ...(query && { query }) };
}

/** True when every placeholder of a call's path parameters has a value in the scope. */
export function callFillable(call: CallSpec, scope: Scope): boolean {
  return Object.values(call.params ?? {}).every((template) =>
    templateNames(template).every((name) => lookup(scope, name) !== undefined),
  );
}
