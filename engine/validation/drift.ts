/**
 * Field drift (issue 20 §3 "one definition per field"; tests/drift.test.ts): whether a field of a body, a form
 * screen or a register column set says something different from the entity field it stands for.
 *
 * A field is compared on its constraints only - the keywords that decide which values pass: {@link COMPARED}
 * (type, string limits, pattern, format, enum/const, number limits, array limits, and the same of array items).
 * Annotations (title, description, default, readOnly...) may differ: a form keeps its own default and titles.
 * `type` is compared as a set (`"string"` equals `["string"]`), `enum` as a set.
 *
 * Pure; the schemas come resolved (engine/validation/inline-refs.ts), so a field that `$ref`s its entity field
 * cannot differ from it unless a keyword beside the ref says otherwise.
 */

import { inlineRefs } from './inline-refs';

/** A JSON Schema of one field, its registered refs resolved. */
export type FieldSchema = Readonly<Record<string, unknown>>;

/** One difference between a field and the entity field it stands for. */
export interface Drift {
  /** Where the field is: `<document> <json pointer>`, e.g. `settings/contact-form /properties/email`. */
  where: string;
  /** The keyword that differs (`items.maxLength` inside an array's items, `required` for required-ness). */
  keyword: string;
  /** The field's value of the keyword (undefined: the field has none). */
  field: unknown;
  /** The entity field's value (undefined: it has none). */
  entity: unknown;
}

/** The keywords compared: those that decide which values a field takes. */
export const COMPARED = [
  'type',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A keyword's value in a comparable form: type and enum as sorted sets, the rest as JSON. */
function comparable(keyword: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (keyword === 'type') return JSON.stringify([value].flat().sort());
  if (keyword === 'enum' && Array.isArray(value)) return JSON.stringify(value.map((v) => JSON.stringify(v)).sort());
  return JSON.stringify(value);
}

/**
 * The differences in constraints between `field` and `entity` (both resolved), array items included.
 * @param where the field's place, copied into each {@link Drift}
 * @param allowed keywords where the field may differ on purpose (declared, e.g. a body's `narrow`)
 * @returns one {@link Drift} per differing keyword, none when they agree
 */
export function fieldDrift(
  where: string,
  field: FieldSchema,
  entity: FieldSchema,
  allowed: readonly string[] = [],
  prefix = '',
): Drift[] {
  const drifts: Drift[] = [];
  for (const keyword of COMPARED) {
    const name = `${prefix}${keyword}`;
    if (allowed.includes(name)) continue;
    if (comparable(keyword, field[keyword]) !== comparable(keyword, entity[keyword])) {
      drifts.push({ where, keyword: name, field: field[keyword], entity: entity[keyword] });
    }
  }
  if (isRecord(field.items) || isRecord(entity.items)) {
    const fieldItems = isRecord(field.items) ? field.items : {};
    const entityItems = isRecord(entity.items) ? entity.items : {};
    drifts.push(...fieldDrift(where, fieldItems, entityItems, allowed, `${prefix}items.`));
  }
  return drifts;
}

/** The column `type`s of the data table (schemas/meta/register.schema.json) each JSON type may be shown as. */
const COLUMN_TYPES: Readonly<Record<string, readonly string[]>> = {
  string: ['Text', 'Textarea', 'Email', 'Tel', 'SelectBox', 'HyperLink', 'DRHyperLink', 'Thumbnail', 'Image'],
  integer: ['Number', 'SelectBox', 'HyperLink', 'Button'],
  number: ['Number', 'Currency', 'Percentage'],
  boolean: ['Boolean', 'CheckBox'],
  array: ['MultiImage', 'MultiUrl', 'MultiHyperLink', 'Text', 'Textarea'],
  object: ['Text'],
};

/** The column types a string of a format must be shown as (a date shown as text would lose its formatting). */
const FORMAT_COLUMN_TYPES: Readonly<Record<string, readonly string[]>> = {
  date: ['Date'],
  'date-time': ['Date', 'Time'],
  email: ['Email', 'Text', 'HyperLink'],
  uri: ['HyperLink', 'Thumbnail', 'Image', 'Text'],
};

/**
 * Whether a register column of `columnType` can show the entity field `entity` (its type and format): a date
 * field in a Date column, a number in a Number/Currency/Percentage one, a boolean in a Boolean/CheckBox one.
 * @returns a {@link Drift} on `type` when it cannot, undefined when it can
 */
export function columnDrift(where: string, columnType: string, entity: FieldSchema): Drift | undefined {
  const format = typeof entity.format === 'string' ? entity.format : undefined;
  const fitting = format && FORMAT_COLUMN_TYPES[format] ? FORMAT_COLUMN_TYPES[format] : undefined;
  const types = [entity.type ?? (Array.isArray(entity.enum) ? 'string' : undefined)]
    .flat()
    .filter((t): t is string => typeof t === 'string' && t !== 'null');
  const ok = fitting
    ? fitting.includes(columnType)
    : types.length === 0 || types.some((t) => (COLUMN_TYPES[t] ?? []).includes(columnType));
  return ok ? undefined : { where, keyword: 'type', field: columnType, entity: format ? `${types}/${format}` : types };
}

/** A JSON Schema (or part of one) as read from a document. */
export type Schema = Record<string, unknown>;

const ENTITIES = 'https://site-forms.dev/schemas/entities/';

/** A body's declaration in schemas/api/bodies.json (the parts the drift walk reads). */
export interface BodyDeclaration {
  entity: string;
  narrow?: Record<string, Record<string, unknown>>;
  ruleChecked?: Record<string, string>;
}

/** A resolved schema (every registered ref in place). */
function resolved(schema: unknown, docs: Readonly<Record<string, object>>): FieldSchema {
  return inlineRefs(schema, docs) as FieldSchema;
}

/** The field a `$ref` names, resolved; undefined for a ref inside its own document. */
function target(ref: unknown, docs: Readonly<Record<string, object>>): FieldSchema | undefined {
  return typeof ref === 'string' && !ref.startsWith('#') ? resolved({ $ref: ref }, docs) : undefined;
}

/** The properties of an object schema, with those of its if/then/else and allOf branches (first wins). */
function propertiesOf(schema: Schema): Array<[string, Schema, string]> {
  const out: Array<[string, Schema, string]> = [];
  const visit = (node: unknown, pointer: string) => {
    if (!isRecord(node)) return;
    if (isRecord(node.properties))
      for (const [name, field] of Object.entries(node.properties))
        if (isRecord(field)) out.push([name, field, `${pointer}/properties/${name}`]);
    for (const branch of ['then', 'else'] as const) visit(node[branch], `${pointer}/${branch}`);
    if (Array.isArray(node.allOf)) {
      for (const [i, part] of node.allOf.entries()) visit(part, `${pointer}/allOf/${i}`);
    }
  };
  visit(schema, '');
  return out;
}

/** The `required` of an object schema and of its top-level allOf parts (those always apply). */
function requiredOf(schema: Schema): string[] {
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isRecord).flatMap((part) => requiredOf(part)) : [];
  return [...own, ...parts];
}

/** Fields an array field's items hold, walked like top-level ones (a payment's lines, an order's answers). */
function nestedFields(field: Schema, pointer: string): Array<[string, Schema, string]> {
  return isRecord(field.items) ? propertiesOf(field.items).map(([n, f, p]) => [n, f, `${pointer}/items${p}`]) : [];
}

/** The field a nullable field (`anyOf: [field, { type: 'null' }]`: 'or null to clear it') stands for, and its index. */
function nullableBranch(field: Schema): { branch: Schema; index: number } | undefined {
  const branches = Array.isArray(field.anyOf) ? field.anyOf : [];
  if (branches.length !== 2) return undefined;
  const index = branches.findIndex((b) => !(isRecord(b) && b.type === 'null' && Object.keys(b).length === 1));
  const other = branches[1 - index];
  return index >= 0 && isRecord(other) && other.type === 'null' && isRecord(branches[index])
    ? { branch: branches[index], index }
    : undefined;
}

/**
 * The drifts of one body schema against its entity.
 * @param docs the registered documents to resolve in (a test passes its own)
 */
export function bodyDrifts(
  name: string,
  body: Schema,
  declaration: BodyDeclaration | undefined,
  docs: Readonly<Record<string, object>>,
): Drift[] {
  const entity = declaration ? (docs[`${ENTITIES}${declaration.entity}.schema.json`] as Schema | undefined) : undefined;
  const entityFields = isRecord(entity?.properties) ? entity.properties : {};
  const drifts: Drift[] = [];
  const walk = (fieldName: string, field: Schema, pointer: string, top: boolean): void => {
    const orNull = nullableBranch(field);
    if (orNull) {
      walk(fieldName, orNull.branch, `${pointer}/anyOf/${orNull.index}`, top);
      return;
    }
    const where = `${name} ${pointer}`;
    const ref = typeof field.$ref === 'string' ? new URL(field.$ref, String(body.$id)).href : undefined;
    const named = ref?.startsWith(String(body.$id)) ? undefined : target(ref, docs);
    const narrowed = top ? Object.keys(declaration?.narrow?.[fieldName] ?? {}) : [];
    const own = () => resolved({ $ref: `${String(body.$id)}#${pointer}` }, docs);
    if (named && ref?.startsWith(ENTITIES)) {
      drifts.push(...fieldDrift(where, own(), named, narrowed));
      for (const keyword of narrowed) {
        const mine = own();
        if (keyword === 'enum' && Array.isArray(mine.enum) && Array.isArray(named.enum)) {
          const wider = mine.enum.filter((v) => !(named.enum as unknown[]).includes(v));
          if (wider.length) drifts.push({ where, keyword: 'enum (narrow)', field: mine.enum, entity: named.enum });
        }
      }
    } else if (top && !named && isRecord(entityFields[fieldName])) {
      const mine = own();
      const theirs = resolved({ $ref: `${String(entity?.$id)}#/properties/${fieldName}` }, docs);
      if (declaration?.ruleChecked?.[fieldName]) {
        if (JSON.stringify(mine.type) !== JSON.stringify(theirs.type))
          drifts.push({ where, keyword: 'type', field: mine.type, entity: theirs.type });
      } else drifts.push(...fieldDrift(where, mine, theirs));
    }
    if (!named) for (const [n, f, p] of nestedFields(field, pointer)) walk(n, f, p, false);
  };
  for (const [fieldName, field, pointer] of propertiesOf(body))
    walk(fieldName, field, pointer, pointer.split('/').length === 3);
  return drifts;
}

/**
 * Form fields whose body builder (runtime/renderer/functions/body-builders.ts) sends something else than what is
 * typed, so the body's field of that name is not what the form's stands for: by form screen, field -> why.
 */
export const TRANSFORMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'shell/login': { password: 'loginCredentials sends the SHA-512 of the typed password' },
  'shell/password': {
    oldPassword: 'passwordChange sends the SHA-512 of the typed password',
    newPassword: 'passwordChange sends the SHA-512 of the typed password',
  },
  'subcontracting/payment-form': { lines: "subcontracting sends each line's typed amount as a number" },
};

/**
 * The drifts of one form screen's schema against the fields it names and the bodies its submit sends.
 * @param bodies the bodies the form's submit calls take, as registered (not resolved): a body field that `$ref`s an
 *   entity field stands for it, so a form field of its name must `$ref` too
 */
export function formDrifts(
  id: string,
  schema: Schema,
  bodies: readonly Schema[],
  docs: Readonly<Record<string, object>>,
): Drift[] {
  const drifts: Drift[] = [];
  const formRequired = new Set(requiredOf(schema));
  const transformed = TRANSFORMED[id] ?? {};
  const walk = (fieldName: string, field: Schema, pointer: string, top: boolean) => {
    const where = `${id} ${pointer}`;
    const named = target(field.$ref, docs);
    const own = () => resolved(field, docs);
    if (named) drifts.push(...fieldDrift(where, own(), named));
    else if (top && !transformed[fieldName]) {
      const body = bodies.find((b) => isRecord(b.properties) && isRecord(b.properties[fieldName]));
      const raw = body && isRecord(body.properties) ? (body.properties[fieldName] as Schema) : undefined;
      if (body && raw && !raw.readOnly) {
        const ref = typeof raw.$ref === 'string' ? new URL(raw.$ref, String(body.$id)).href : '';
        if (ref.startsWith(ENTITIES))
          drifts.push({
            where,
            keyword: '$ref',
            field: undefined,
            entity: `${String(body.$id)}#/properties/${fieldName}`,
          });
        drifts.push(
          ...fieldDrift(where, own(), resolved({ $ref: `${String(body.$id)}#/properties/${fieldName}` }, docs)),
        );
      }
    }
    if (top && !transformed[fieldName]) {
      const requiredByBody = bodies.some(
        (b) => Array.isArray(b.required) && b.required.includes(fieldName) && isRecord(b.properties),
      );
      if (requiredByBody && !formRequired.has(fieldName) && field.default === undefined)
        drifts.push({ where, keyword: 'required', field: false, entity: true });
    }
    if (!named) for (const [n, f, p] of nestedFields(field, pointer)) walk(n, f, p, false);
  };
  for (const [fieldName, field, pointer] of propertiesOf(schema))
    walk(fieldName, field, pointer, !pointer.includes('/items/'));
  return drifts;
}

/**
 * The drifts of one register's columns against its entity: a column names a field of the entity (or says what it
 * shows instead: `derived`), in a column type that fits the field, or with `valueLabels` for values the field takes.
 */
export function columnDrifts(
  id: string,
  columns: readonly Schema[],
  entity: Schema,
  docs: Readonly<Record<string, object>>,
): Drift[] {
  const fields = isRecord(entity.properties) ? entity.properties : {};
  const drifts: Drift[] = [];
  for (const column of columns) {
    const value = String(column.value);
    const where = `${id} column ${value}`;
    if (!isRecord(fields[value])) {
      if (column.derived === undefined) drifts.push({ where, keyword: 'field', field: value, entity: undefined });
      continue;
    }
    if (column.derived !== undefined) {
      drifts.push({ where, keyword: 'derived', field: column.derived, entity: `the entity field ${value}` });
      continue;
    }
    const field = resolved({ $ref: `${String(entity.$id)}#/properties/${value}` }, docs);
    if (isRecord(column.valueLabels)) {
      const values = Array.isArray(field.enum)
        ? field.enum.map(String)
        : [field.type].flat().includes('boolean')
          ? ['true', 'false']
          : undefined;
      const foreign = values ? Object.keys(column.valueLabels).filter((key) => !values.includes(key)) : [];
      if (foreign.length) drifts.push({ where, keyword: 'valueLabels', field: foreign, entity: values });
      continue;
    }
    const drift = columnDrift(where, String(column.type), field);
    if (drift) drifts.push(drift);
  }
  return drifts;
}
