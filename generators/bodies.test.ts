/**
 * Bodies derived from entities (generators/bodies.ts, schemas/api/bodies.json; issue 20 §3): the committed
 * schemas/api/derived files are what `npm run gen` writes, every field of a derived body is the entity's by
 * `$ref` (never restated), the server's fields are dropped unless the body accepts them read-only, and a
 * declaration that names a field the entity lacks fails the generator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import bodiesMeta from '../schemas/meta/bodies.schema.json';
import { type BodyDeclaration, bodiesFile, deriveBodies, deriveBody, derivedDir, SERVER_SET } from './bodies';
import { generateDerivedSchemas, repoRoot } from './types';

type Schema = { [key: string]: unknown; properties: Record<string, Record<string, unknown>>; required?: string[] };

const declarations = JSON.parse(readFileSync(join(repoRoot, bodiesFile), 'utf8')) as {
  bodies: Record<string, BodyDeclaration>;
};

const entity = {
  id: 'https://site-forms.dev/schemas/entities/plant.schema.json',
  doc: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      id: { type: 'integer', minimum: 1 },
      clientId: { type: 'integer', minimum: 1 },
      name: { type: 'string', minLength: 1, maxLength: 40 },
      status: { enum: ['Active', 'Inactive', 'Archived'] },
      hoursUsed: { type: 'number', readOnly: true },
      created: { type: 'string', format: 'date-time' },
      modifiedBy: { type: 'string' },
    },
  },
};

describe('the derived body schemas', () => {
  it('are the files `npm run gen` writes, and no others', () => {
    const derived = generateDerivedSchemas();
    for (const [path, content] of derived) expect(readFileSync(join(repoRoot, path), 'utf8'), path).toBe(content);
    const onDisk = readdirSync(join(repoRoot, derivedDir)).map((f) => `${derivedDir}/${f}`);
    expect(onDisk.sort()).toEqual([...derived.keys()].sort());
  });

  it('declarations satisfy schemas/meta/bodies.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true });
    const validate = ajv.compile(bodiesMeta);
    expect(validate(declarations), JSON.stringify(validate.errors)).toBe(true);
  });

  it("take every entity field by $ref to the entity's, and restate none", () => {
    for (const body of deriveBodies(repoRoot)) {
      const declaration = declarations.bodies[body.name];
      const own = Object.keys(declaration.properties ?? {});
      const ruled = Object.keys(declaration.ruleChecked ?? {});
      const entityId = `https://site-forms.dev/schemas/entities/${declaration.entity}.schema.json`;
      for (const [field, schema] of Object.entries((body.doc as Schema).properties)) {
        if (own.includes(field) || ruled.includes(field)) continue;
        expect(schema.$ref, `${body.name}.${field}`).toBe(`${entityId}#/properties/${field}`);
        const narrowed = Object.keys(declaration.narrow?.[field] ?? {});
        const extra = Object.keys(schema).filter((k) => !['$ref', 'readOnly', 'description', ...narrowed].includes(k));
        expect(extra, `${body.name}.${field}`).toEqual([]);
      }
    }
  });
});

describe('deriveBody', () => {
  const derive = (declaration: Partial<BodyDeclaration>) =>
    deriveBody(
      'plant-input',
      { title: 'PlantInput', description: 'A plant.', entity: 'plant', ...declaration },
      entity,
    ) as Schema;

  it("drops the server's fields (id, tenant, audit, readOnly) and refers to the rest", () => {
    const body = derive({ required: ['name'] });
    expect(Object.keys(body.properties)).toEqual(['name', 'status']);
    for (const field of SERVER_SET) expect(body.properties).not.toHaveProperty(field);
    expect(body.properties.name).toEqual({ $ref: `${entity.id}#/properties/name` });
    expect(body).toMatchObject({
      $id: 'https://site-forms.dev/schemas/api/plant-input.schema.json',
      title: 'PlantInput',
      type: 'object',
      additionalProperties: false,
      required: ['name'],
    });
  });

  it('declares the differences as data: narrowed, kept, accepted, path-matched, body-only and rule-checked fields', () => {
    const body = derive({
      keep: ['id'],
      narrow: { status: { enum: ['Active', 'Inactive'] } },
      accept: ['hoursUsed'],
      matchPath: { clientId: 'clientId' },
      properties: { confirm: { const: true } },
      ruleChecked: { name: 'engine/rules/plant.ts' },
    });
    expect(Object.keys(body.properties)).toEqual(['id', 'name', 'status', 'confirm', 'clientId', 'hoursUsed']);
    expect(body.properties.status).toEqual({ $ref: `${entity.id}#/properties/status`, enum: ['Active', 'Inactive'] });
    expect(body.properties.hoursUsed).toMatchObject({ $ref: `${entity.id}#/properties/hoursUsed`, readOnly: true });
    expect(body.properties.clientId.description).toMatch(/path's \{clientId\}/);
    expect(body.properties.name).toMatchObject({ type: 'string' });
    expect(body.properties.name).not.toHaveProperty('maxLength');
  });

  it('refuses a field the entity lacks, a required field the body does not take, and a restated entity field', () => {
    expect(() => derive({ omit: ['colour'] })).toThrow(/colour is not a field of plant/);
    expect(() => derive({ required: ['hoursUsed'] })).toThrow(/required hoursUsed is not a field the body takes/);
    expect(() => derive({ properties: { name: { type: 'string' } } })).toThrow(/name is a field of plant/);
  });
});
