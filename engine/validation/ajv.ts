/**
 * The one Ajv setup of the platform (DESIGN.md "engine/validation"): JSON Schema 2020-12 with
 * ajv-formats, every entity schema (schemas/entities), API request schema (schemas/api) and rule family
 * (schemas/rules) registered through the generated registry's JSON imports, so the same validators run
 * in the browser and on the server.
 * Ajv's English messages never reach a user: errors are mapped to catalogue message ids.
 */
import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { detail, type ErrorDetail } from '../errors';
import { isMessageId, type MessageId } from '../messages/catalogue';
import { registeredRuleFamilies, registeredSchemas } from '../types/generated/registry';
import { LETTERS_AND_DIGITS_PATTERN, NO_WHITESPACE_PATTERN } from './patterns';

/** Names of the registered schemas: the file name without `.schema.json`. */
export type SchemaName = keyof typeof registeredSchemas;

/**
 * Every registered schema document by name (each carries its own `$id`): every file of schemas/entities
 * and schemas/api, listed by the generated registry (`npm run gen`), so a new schema is a JSON file.
 */
export const schemas: Readonly<Record<SchemaName, { $id: string }>> = registeredSchemas;

/**
 * Rule families (schemas/rules, DESIGN.md "Rule families"): JSON Schema `$defs` that screen documents
 * use in conditions and the API checks before it acts, by `$id#/$defs/<rule>`.
 */
export const ruleFamilies: readonly { $id: string }[] = registeredRuleFamilies;

/**
 * The shared Ajv instance: draft 2020-12, `allErrors` (every problem is reported, not just the
 * first), union types allowed (answer values are string | number | boolean), `verbose` (errors carry
 * their schema, which the renderer's form validation reads field titles from), formats from
 * ajv-formats (date, date-time, email, ...). Other modules compile their schemas with it too
 * (engine/forms/validate-submission.ts, screen documents).
 */
export const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, verbose: true });
addFormats(ajv);
/**
 * Annotations of our own in schemas (they validate nothing): the form creator's words for a question's keywords
 * (`x-title` a message id, `x-editor` an editor hint, `x-kinds` the palette entries of a question type;
 * engine/forms/field-types/types.ts PropertySchema) and `x-messages`, the catalogue message of an error by Ajv
 * keyword at that schema (see mapError).
 */
export const ANNOTATION_KEYWORDS = ['x-title', 'x-editor', 'x-kinds', 'x-messages'] as const;
for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
ajv.addSchema(Object.values(schemas));
ajv.addSchema([...ruleFamilies]);

/**
 * True when `data` satisfies the rule `ref` (a `$ref` such as
 * 'https://site-forms.dev/schemas/rules/lookup-value.json#/$defs/canDelete').
 * @throws Error for a ref no registered rule family holds (a programming error, caught by tests)
 */
export function ruleHolds(ref: string, data: unknown): boolean {
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`Unknown rule: ${ref}`);
  return validate(data) === true;
}

/** Most details one validation reports; a hostile body cannot make the error answer huge. */
export const MAX_ERROR_DETAILS = 100;

/**
 * Validates data against a registered schema.
 * @param name schema name, e.g. 'login-request'
 * @param data any parsed JSON value
 * @returns `{ ok: true }`, or `{ ok: false, details }` with one ErrorDetail per problem (at most
 *   {@link MAX_ERROR_DETAILS}); `path` is the JSON pointer of the offending value (for a missing
 *   property, the pointer the property would have); see {@link ajvErrorsToDetails} for message ids.
 */
export function validateSchema(name: SchemaName, data: unknown): { ok: true } | { ok: false; details: ErrorDetail[] } {
  const validate = ajv.getSchema(schemas[name].$id);
  if (!validate) throw new Error(`Schema not registered: ${name}`);
  if (validate(data)) return { ok: true };
  return { ok: false, details: ajvErrorsToDetails(validate.errors ?? [], data) };
}

/**
 * Maps Ajv errors to catalogue ErrorDetails, de-duplicated, at most {@link MAX_ERROR_DETAILS}:
 * - required, and minLength 1 → `validation.required` `{field}`
 * - maxLength → `validation.tooLong` `{field, limit}`
 * - minimum / exclusiveMinimum → `validation.min`, maximum / exclusiveMaximum → `validation.max` `{field, limit}`
 * - type number / integer → `validation.number`; format date → `validation.date`
 * - enum / const → `validation.option`
 * - too few or too many items (minItems, maxItems) → the message the array's schema's `x-messages` names for the
 *   keyword `{field, limit}` (the question library's 200 questions: questionLibrary.tooManyQuestions), else as below
 * - a property a schema refuses (additionalProperties, unevaluatedProperties) → the message its schema's
 *   `x-messages` names for the keyword, with `property` and the object's own text and number fields as
 *   placeholders (a question's foreign keyword: forms.foreignKeyword `{label, type, property}`), else
 *   `validation.invalidBody` `{details: '<field> is not allowed'}`
 * - anything else → `validation.invalidBody` `{details: '<field> <what is wrong>'}`
 * - a value whose schema's `x-messages` names a message for a combining keyword (anyOf: a malformed
 *   condition, forms.conditionMalformed) → that message at the value's path, with the text and number fields
 *   of the object holding the value (the question or page, when `data` is given) as placeholders; the errors
 *   inside the value (each branch's tries) are left out
 * `field` is the property name path in dotted form (`answers[3].questionId`), or `body` for the root.
 * @param data the validated value, for the placeholders of the object holding a value (optional)
 */
export function ajvErrorsToDetails(errors: readonly ErrorObject[], data?: unknown): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const seen = new Set<string>();
  // Values reported as a whole by their schema's own message: what failed inside them is that message's.
  const whole = errors.filter((error) => COMBINING.has(error.keyword) && ownMessage(error) !== undefined);
  const inside = (error: ErrorObject) =>
    whole.some(
      (w) =>
        w !== error && (error.instancePath === w.instancePath || error.instancePath.startsWith(`${w.instancePath}/`)),
    );
  for (const error of errors) {
    // A failed `if`/`then` is reported by what failed in the `then`; the `if` error itself says nothing more.
    if (error.keyword === 'if') continue;
    if (inside(error)) continue;
    const wholeMessage = whole.includes(error) ? ownMessage(error) : undefined;
    const mapped = wholeMessage
      ? detail(error.instancePath, wholeMessage, scalarFields(holderOf(data, error.instancePath)))
      : mapError(error);
    const key = `${mapped.path}\u0000${mapped.messageId}\u0000${mapped.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(mapped);
    if (out.length >= MAX_ERROR_DETAILS) break;
  }
  return out;
}

function mapError(error: ErrorObject): ErrorDetail {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const path = `${error.instancePath}/${escapePointer(String(params.missingProperty))}`;
      return detail(path, 'validation.required', { field: fieldName(path) });
    }
    case 'minLength':
      if (params.limit === 1) return detail(error.instancePath, 'validation.required', { field: field(error) });
      break;
    case 'maxLength':
      return detail(error.instancePath, 'validation.tooLong', { field: field(error), limit: Number(params.limit) });
    case 'minimum':
    case 'exclusiveMinimum':
      return detail(error.instancePath, 'validation.min', { field: field(error), limit: Number(params.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return detail(error.instancePath, 'validation.max', { field: field(error), limit: Number(params.limit) });
    case 'type':
      if (params.type === 'number' || params.type === 'integer')
        return detail(error.instancePath, 'validation.number', { field: field(error) });
      break;
    case 'format':
      if (params.format === 'date') return detail(error.instancePath, 'validation.date', { field: field(error) });
      break;
    case 'enum':
    case 'const':
      return detail(error.instancePath, 'validation.option', { field: field(error) });
    case 'pattern':
      // The two text rules of administration-data.md §5 Employee have texts of their own.
      if (params.pattern === NO_WHITESPACE_PATTERN) return detail(error.instancePath, 'validation.noWhitespace');
      if (params.pattern === LETTERS_AND_DIGITS_PATTERN)
        return detail(error.instancePath, 'validation.lettersAndDigits', { field: field(error) });
      break;
    case 'minItems':
    case 'maxItems': {
      const own = ownMessage(error);
      if (own) return detail(error.instancePath, own, { field: field(error), limit: Number(params.limit) });
      break;
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const property = String(params.additionalProperty ?? params.unevaluatedProperty);
      const path = `${error.instancePath}/${escapePointer(property)}`;
      const own = ownMessage(error);
      if (own) return detail(path, own, { ...scalarFields(error.data), property });
      return detail(path, 'validation.invalidBody', { details: `${fieldName(path)} is not allowed` });
    }
  }
  return detail(error.instancePath, 'validation.invalidBody', {
    details: `${field(error)} ${error.message ?? 'is not valid'}`,
  });
}

/** Keywords whose failure an `x-messages` entry reports for the whole value. */
const COMBINING: ReadonlySet<string> = new Set(['anyOf', 'oneOf']);

/** The object or array holding the value at `pointer` in `data` (undefined for the root or a path not in it). */
function holderOf(data: unknown, pointer: string): unknown {
  const steps = pointer
    .split('/')
    .slice(1, -1)
    .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (pointer === '') return undefined;
  let at: unknown = data;
  for (const step of steps) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

/** The catalogue message the failing schema names for its keyword (`x-messages`), if any. */
function ownMessage(error: ErrorObject): MessageId | undefined {
  const messages = (error.parentSchema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  const id = messages?.[error.keyword];
  return id !== undefined && isMessageId(id) ? id : undefined;
}

/** The text and number fields of an object (a question's label, type, id), as message placeholders. */
function scalarFields(data: unknown): Record<string, string | number> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

function field(error: ErrorObject): string {
  return fieldName(error.instancePath);
}

/** '/answers/3/questionId' → 'answers[3].questionId'; '' → 'body'. */
function fieldName(pointer: string): string {
  if (pointer === '') return 'body';
  let name = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) name += `[${segment}]`;
    else name += name === '' ? segment : `.${segment}`;
  }
  return name;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * True when any object key at any depth of `value` starts with `$` (a MongoDB query operator such as
 * `$ne` or `$where`): the API answers such bodies 400 `validation.operatorRejected` before anything
 * else looks at them (docs/api.md Conventions). Arrays are searched too; cycles are tolerated.
 */
export function hasOperatorKeys(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.startsWith('$')) return true;
      stack.push(item);
    }
  }
  return false;
}
