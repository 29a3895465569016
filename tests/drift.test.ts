/**
 * The drift test (issue 20 §3 "one definition per field", "Done when: the drift test reports 0"): every field
 * that stands for an entity field says the same about its values as the entity field does.
 *
 * Walked:
 * - bodies: every `body` of the operation catalogue (schemas/api/operations.json). A field that `$ref`s an entity
 *   field is compared with it; keywords schemas/api/bodies.json declares beside the ref (`narrow`) may differ, and
 *   must only take less (an enum a subset). A field of a body derived from an entity that restates the entity's
 *   field is compared with it (a `ruleChecked` one on its type only: the rule answers for the limits); a
 *   hand-written body stands for the entity its fields `$ref` most; a nullable field (`anyOf` with null) for its
 *   other branch.
 * - form screens: every field of a form (schemas/screens, kind form) that `$ref`s a body or entity field is
 *   compared with what it names; a field that shares its name with a field of the body its submit sends and
 *   has no `$ref` restates it (drift `$ref`) and is compared too; a field the body requires is required by the
 *   form or has a default (drift `required`).
 * - register columns: every column of a register that names its `entity` shows a field of that entity (drift
 *   `field` otherwise) in a column type that fits the field's type and format (drift `type`).
 * Compared keywords: engine/validation/drift.ts COMPARED. The count is printed; it must be 0.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredRuleFamilies, registeredSchemas } from '../engine/types/generated/registry';
import { type BodyDeclaration, bodyDrifts, columnDrifts, type Drift, formDrifts } from '../engine/validation/drift';
import { inlineRefs } from '../engine/validation/inline-refs';
import bodyDeclarations from '../schemas/api/bodies.json';
import catalogue from '../schemas/api/operations.json';

type Schema = Record<string, unknown>;

const root = resolve(import.meta.dirname, '..');
const documents: Readonly<Record<string, object>> = Object.fromEntries(
  [...Object.values(registeredSchemas), ...registeredRuleFamilies].map((doc) => [doc.$id, doc]),
);
const schemas = registeredSchemas as unknown as Readonly<Record<string, Schema>>;

const declared = bodyDeclarations.bodies as Readonly<Record<string, BodyDeclaration>>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every screen document under schemas/screens, by id. */
function screenDocuments(): Array<{ id: string; doc: Schema }> {
  const dir = join(root, 'schemas/screens');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json') && file !== 'routes.json')
    .map((file) => ({
      id: relative(dir, join(dir, file)).replace(/\.json$/, ''),
      doc: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Schema,
    }));
}

interface Operation {
  body?: string;
}
const operations = catalogue.operations as unknown as Readonly<Record<string, Operation>>;

/**
 * The entity a hand-written body stands for: the one its fields `$ref` most (a body that is no entity's has none),
 * so a field it restates under the entity's name is compared too.
 */
function entityOf(body: Schema): BodyDeclaration | undefined {
  const counts = new Map<string, number>();
  for (const [, entity] of JSON.stringify(body).matchAll(/entities\/([a-z-]+)\.schema\.json/g))
    counts.set(entity, (counts.get(entity) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top ? { entity: top[0] } : undefined;
}

/** All drifts of the repository's bodies, forms and registers. */
function allDrifts(screens = screenDocuments()): {
  drifts: Drift[];
  walked: { bodies: number; forms: number; columns: number };
} {
  const drifts: Drift[] = [];
  const bodyNames = [...new Set(Object.values(operations).flatMap((op) => (op.body ? [op.body] : [])))];
  for (const name of bodyNames) {
    const body = schemas[name];
    if (body) drifts.push(...bodyDrifts(name, body, declared[name] ?? entityOf(body), documents));
  }
  let forms = 0;
  let columns = 0;
  for (const { id, doc } of screens) {
    if (doc.kind === 'form' && isRecord(doc.schema)) {
      forms++;
      const submit = isRecord(doc.submit) ? doc.submit : {};
      const calls = [submit.call, submit.editCall].filter(isRecord);
      const bodies = calls
        .map((call) => operations[String(call.operation)]?.body)
        .flatMap((name) => (name && schemas[name] ? [schemas[name]] : []));
      drifts.push(...formDrifts(id, doc.schema, bodies, documents));
    }
    if (doc.kind === 'register' && typeof doc.entity === 'string' && Array.isArray(doc.columns)) {
      columns += doc.columns.length;
      drifts.push(...columnDrifts(id, doc.columns.filter(isRecord), schemas[doc.entity] ?? {}, documents));
    }
  }
  return { drifts, walked: { bodies: bodyNames.length, forms, columns } };
}

// Each walk reads and compiles every body, screen and column set: about a second alone, and more than the default
// 5 s limit once in a fresh-clone run while the two cores were busy with browser files.
describe('drift between a field and the entity field it stands for', { timeout: 30_000 }, () => {
  it('is 0 over every body, form screen and register column set', () => {
    const { drifts, walked } = allDrifts();
    console.info(
      `drift: ${drifts.length} differences over ${walked.bodies} bodies, ${walked.forms} form screens and ${walked.columns} register columns`,
    );
    for (const d of drifts)
      console.info(`  ${d.where}: ${d.keyword} ${JSON.stringify(d.field)} vs ${JSON.stringify(d.entity)}`);
    expect(drifts).toEqual([]);
    expect(walked.forms).toBeGreaterThan(15);
    expect(walked.columns).toBeGreaterThan(100);
  });

  it("gives every form field it takes by $ref a type (a form's widget is chosen by the field's type)", () => {
    const untyped: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) for (const [i, item] of node.entries()) visit(item, `${where}/${i}`);
      if (!isRecord(node)) return;
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
        const field = inlineRefs({ $ref: node.$ref }, documents) as Schema;
        if (field.type === undefined && (field.enum !== undefined || field.const !== undefined)) untyped.push(where);
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    for (const { id, doc } of screenDocuments()) if (doc.kind === 'form') visit(doc.schema, id);
    expect(untyped).toEqual([]);
  });

  it('reports a form screen of the repository whose field restates its entity field with other limits', () => {
    const screens = screenDocuments().map(({ id, doc }) => {
      if (id !== 'settings/contact-form') return { id, doc };
      const drifted = structuredClone(doc) as { schema: { properties: Record<string, unknown>; required: string[] } };
      drifted.schema.properties.email = { type: 'string', maxLength: 500 };
      drifted.schema.required = drifted.schema.required.filter((name) => name !== 'lastName');
      return { id, doc: drifted as unknown as Schema };
    });
    const drifts = allDrifts(screens).drifts.map(({ where, keyword }) => `${where}: ${keyword}`);
    expect(drifts.sort()).toEqual([
      'settings/contact-form /properties/email: $ref',
      'settings/contact-form /properties/email: format',
      'settings/contact-form /properties/email: maxLength',
      'settings/contact-form /properties/lastName: required',
    ]);
  });
});

const ENTITY = 'https://site-forms.dev/schemas/entities/thing.schema.json';
const BODY = 'https://site-forms.dev/schemas/api/thing-input.schema.json';
const entity = {
  $id: ENTITY,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    status: { type: 'string', enum: ['Active', 'Inactive', 'Archived'] },
    when: { type: 'string', format: 'date' },
    isActive: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', maxLength: 10 } },
  },
};
const fixtures = { [ENTITY]: entity };
const where = (drifts: Drift[]) => drifts.map((d) => `${d.where}: ${d.keyword}`);

describe('the drift walk, over deliberately drifted fixtures', () => {
  it("reports a body field whose keyword beside the entity's $ref widens or changes it, or that restates it", () => {
    const body = {
      $id: BODY,
      properties: {
        name: { $ref: `${ENTITY}#/properties/name`, maxLength: 50 },
        status: { $ref: `${ENTITY}#/properties/status`, enum: ['Active', 'Gone'] },
        tags: { type: 'array', items: { type: 'string', maxLength: 12 } },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        isActive: { $ref: `${ENTITY}#/properties/isActive` },
      },
    };
    const declaration = { entity: 'thing', narrow: { status: { enum: ['Active', 'Gone'] } } };
    expect(where(bodyDrifts('thing-input', body, declaration, { ...fixtures, [BODY]: body }))).toEqual([
      'thing-input /properties/name: maxLength',
      'thing-input /properties/status: enum (narrow)',
      'thing-input /properties/tags: items.maxLength',
      'thing-input /properties/when/anyOf/0: format',
    ]);
  });

  it('takes a declared narrowing and a rule-checked field on its type only', () => {
    const body = {
      $id: BODY,
      properties: {
        name: { type: 'string' },
        status: { $ref: `${ENTITY}#/properties/status`, enum: ['Active', 'Inactive'] },
      },
    };
    const declaration = {
      entity: 'thing',
      narrow: { status: { enum: ['Active', 'Inactive'] } },
      ruleChecked: { name: 'thingName' },
    };
    expect(bodyDrifts('thing-input', body, declaration, { ...fixtures, [BODY]: body })).toEqual([]);
  });

  it("reports a form field that restates a body field, overrides a ref's limit, or leaves a required field optional", () => {
    const body = {
      $id: BODY,
      required: ['name', 'status'],
      properties: {
        name: { $ref: `${ENTITY}#/properties/name` },
        status: { $ref: `${ENTITY}#/properties/status` },
        when: { $ref: `${ENTITY}#/properties/when` },
      },
    };
    const form = {
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40 },
        status: { $ref: `${BODY}#/properties/status` },
        when: { $ref: `${ENTITY}#/properties/when`, format: 'date-time' },
        note: { type: 'string' },
      },
    };
    expect(where(formDrifts('test/thing-form', form, [body], { ...fixtures, [BODY]: body }))).toEqual([
      'test/thing-form /properties/name: $ref',
      'test/thing-form /properties/status: required',
      'test/thing-form /properties/when: format',
    ]);
  });

  it('reports a column that names no entity field, a type that does not fit the field, and foreign value labels', () => {
    const columns = [
      { value: 'name', header: 'h', type: 'Text' },
      { value: 'when', header: 'h', type: 'Text' },
      { value: 'isActive', header: 'h', type: 'Number' },
      { value: 'status', header: 'h', type: 'Text', valueLabels: { Active: 'a', Deleted: 'd' } },
      { value: 'colour', header: 'h', type: 'Text' },
      { value: 'count', header: 'h', type: 'Number', derived: 'how many things' },
      { value: 'name', header: 'h', type: 'Text', derived: 'the name' },
    ];
    expect(where(columnDrifts('test/things', columns, entity, fixtures))).toEqual([
      'test/things column when: type',
      'test/things column isActive: type',
      'test/things column status: valueLabels',
      'test/things column colour: field',
      'test/things column name: derived',
    ]);
  });
});
