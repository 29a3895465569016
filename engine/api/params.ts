/**
 * Typed path parameters of the operation catalogue (issue 20 §4 "Typed parameters and bodies"): every `{name}` of
 * an operation's path is declared in its `params` (schemas/api/operations.json, schemas/meta/operations.schema.json)
 * with a type, and the request pipeline (api/catalogue.ts) reads them once, as Hono's `validator('param')` does:
 * the handler gets numbers, booleans and strings, never the raw text.
 *
 * A malformed value of a type that names a stored thing (`id`, `slug`) answers 404, like a missing one (the path
 * names nothing; docs/decisions.md "Limits"); a malformed option (`boolean`, `integer`, an `enum` string) answers
 * 400 validation.badRequest with a detail naming the parameter. A declaration may set its own `status` and
 * `messageId` (where an answer is pinned by the specification or a behaviour test), or `orNull` (the handler gets
 * null for a malformed value: a guard that answers 'denied' rather than an error).
 */

/** The types a path parameter may have. */
export type ParamType = 'id' | 'slug' | 'boolean' | 'integer' | 'string';

/** A path parameter's declaration with its constraints and its failure. */
export interface ParamSpec {
  type: ParamType;
  /** `string`: the values allowed. */
  enum?: readonly string[];
  /** `integer`: bounds, inclusive. */
  minimum?: number;
  maximum?: number;
  /** The status of a malformed value (default: 404 for id and slug, 400 otherwise). */
  status?: 400 | 404;
  /** The message of a malformed value (default: notFound.generic for a 404, validation.badRequest for a 400). */
  messageId?: string;
  /** A malformed value is null, not an error. */
  orNull?: boolean;
}

/** A path parameter's declaration: a type name, or a type with constraints and its failure. */
export type ParamDeclaration = ParamType | ParamSpec;

/** A parsed parameter value. */
export type ParamValue = string | number | boolean | null;

/** Why a value was refused: the answer's status and message id. */
export interface ParamRefusal {
  name: string;
  value: string;
  status: 400 | 404;
  messageId: string;
}

/** A positive integer of at most 15 digits (below 2^53): every id and entry number of the platform. */
const ID = /^[1-9][0-9]{0,14}$/;
/** A lowercase slug such as a form area ('quality-assurance'). */
const SLUG = /^[a-z][a-z-]{0,39}$/;
const INTEGER = /^-?[0-9]{1,15}$/;

function specOf(declaration: ParamDeclaration): ParamSpec {
  return typeof declaration === 'string' ? { type: declaration } : declaration;
}

/** The value `raw` stands for under `declaration`, or undefined when it is malformed. */
function parsedValue(declaration: ParamDeclaration, raw: string): ParamValue | undefined {
  const d = specOf(declaration);
  switch (d.type) {
    case 'id':
      return ID.test(raw) ? Number(raw) : undefined;
    case 'slug':
      return SLUG.test(raw) ? raw : undefined;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'integer': {
      if (!INTEGER.test(raw)) return undefined;
      const n = Number(raw);
      if ((d.minimum !== undefined && n < d.minimum) || (d.maximum !== undefined && n > d.maximum)) return undefined;
      return n;
    }
    case 'string':
      return raw !== '' && (!d.enum || d.enum.includes(raw)) ? raw : undefined;
  }
}

/** The status and message of a malformed value of `declaration`. */
function refusalOf(name: string, declaration: ParamDeclaration, raw: string): ParamRefusal {
  const own = specOf(declaration);
  const status = own.status ?? (own.type === 'id' || own.type === 'slug' ? 404 : 400);
  return {
    name,
    value: raw,
    status,
    messageId: own.messageId ?? (status === 404 ? 'notFound.generic' : 'validation.badRequest'),
  };
}

/**
 * Reads the path parameters `raw` (as the router matched them) under their declarations.
 * @returns the typed values by name, or the first refusal (declarations in order)
 */
export function parseParams(
  declarations: Readonly<Record<string, ParamDeclaration>>,
  raw: Readonly<Record<string, string | undefined>>,
): { ok: true; params: Record<string, ParamValue> } | { ok: false; refusal: ParamRefusal } {
  const params: Record<string, ParamValue> = {};
  for (const [name, declaration] of Object.entries(declarations)) {
    const text = raw[name] ?? '';
    const value = parsedValue(declaration, text);
    if (value !== undefined) params[name] = value;
    else if (specOf(declaration).orNull) params[name] = null;
    else return { ok: false, refusal: refusalOf(name, declaration, text) };
  }
  return { ok: true, params };
}

/** The names of the `{name}` parameters of a catalogue path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** The TypeScript type of a declared parameter (for the generated operation types). */
export function paramTypeScript(declaration: ParamDeclaration): string {
  const own = specOf(declaration);
  const type = own.type;
  const base =
    type === 'id' || type === 'integer'
      ? 'number'
      : type === 'boolean'
        ? 'boolean'
        : own.enum
          ? own.enum.map((v) => JSON.stringify(v)).join(' | ')
          : 'string';
  return own.orNull ? `${base} | null` : base;
}
