/**
 * The browser's interpreting validator agrees with the server's Ajv: the same verdict and the same
 * failing keywords at the same places, for every registered schema, every rule family, the compiled demo
 * forms and the keywords the error mapping reads (engine/validation/interpreted.ts).
 */
import type { ErrorObject } from 'ajv';
import { demoSeed } from '../../fixtures/seed';
import { compileFormDefinition } from '../forms/compile';
import { ajv, ruleFamilies, schemas } from './ajv';
import { asJson, interpret, satisfies } from './interpreted';
// Gives the registered schemas to the interpreter, as the renderer does before a screen that names one.
import './registered-refs';

function ajvVerdict(schema: object, data: unknown): { valid: boolean; errors: ErrorObject[] } {
  const validate = ajv.compile(schema);
  const valid = validate(asJson(data)) === true;
  return { valid, errors: validate.errors ?? [] };
}

/** The failing leaf keywords and where they are, as a sorted list. */
function places(errors: readonly ErrorObject[]): string[] {
  return [...new Set(errors.map((e) => `${e.keyword}@${e.instancePath}`))].sort();
}

function expectAgreement(schema: object, data: unknown, label: string) {
  const expected = ajvVerdict(schema, data);
  const actual = interpret(schema, data);
  expect(actual.valid, `${label}: ${JSON.stringify(data)}`).toBe(expected.valid);
  expect(places(actual.errors), `${label}: ${JSON.stringify(data)}`).toEqual(places(expected.errors));
}

const probes: unknown[] = [
  null,
  {},
  'text',
  12,
  [],
  { id: 'x', name: 7, status: 'Unknown', unknownMember: true },
  { id: 1, clientId: 1, name: 'N', status: 'Active', email: 'not an email', createdAt: 'yesterday' },
];

describe('the interpreting validator agrees with Ajv', () => {
  it('on every registered schema', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      for (const probe of probes) expectAgreement({ $ref: schema.$id }, probe, name);
    }
  });

  it('on every rule of every rule family', () => {
    const rows = [
      { status: 'Active', isDefault: false, type: 'Trade', inUse: false },
      { status: 'Active', isDefault: true, type: 'Trade' },
      { status: 'Inactive', isDefault: false, type: 'SubContractorPackage', inUse: true },
      { status: 'Active', isDefault: false, type: 'SubContractorPaymentTerms', inUse: true },
      {},
    ];
    for (const family of ruleFamilies as { $id: string; $defs?: Record<string, unknown> }[]) {
      for (const rule of Object.keys(family.$defs ?? {})) {
        for (const row of rows) expectAgreement({ $ref: `${family.$id}#/$defs/${rule}` }, row, rule);
      }
    }
  });

  it('on the compiled demo forms, empty and with wrong answers', () => {
    for (const definition of demoSeed.formDefinitions) {
      const { schema } = compileFormDefinition(definition);
      expectAgreement(schema, {}, definition.title);
      const wrong = Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, 'x'.repeat(5000)]));
      expectAgreement(schema, wrong, definition.title);
    }
  });
});

describe('Ajv-shaped errors', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'a/b'],
    properties: {
      name: { type: 'string', maxLength: 3, title: 'Name' },
      'a/b': { type: 'number', minimum: 2 },
      when: { type: 'string', format: 'date' },
      link: { type: 'string', pattern: '^https?://' },
      tick: { const: true },
      choice: { enum: ['A', 'B'] },
      rule: { $ref: 'https://site-forms.dev/schemas/rules/lookup-value.json#/$defs/isDefault' },
    },
  };

  it('carry the params the catalogue mapping reads', () => {
    const { valid, errors } = interpret(schema, {
      name: 'Four',
      when: '2026-13-45',
      link: 'ftp://x',
      tick: false,
      choice: 'C',
      rule: { isDefault: false },
      extra: 1,
    });
    expect(valid).toBe(false);
    const byKeyword = Object.fromEntries(errors.map((e) => [e.keyword, e]));
    expect(byKeyword.maxLength).toMatchObject({ instancePath: '/name', params: { limit: 3 } });
    expect(byKeyword.maxLength.parentSchema).toMatchObject({ title: 'Name' });
    expect(byKeyword.required).toMatchObject({ instancePath: '', params: { missingProperty: 'a/b' } });
    expect(byKeyword.format).toMatchObject({ instancePath: '/when', params: { format: 'date' } });
    expect(byKeyword.pattern).toMatchObject({ instancePath: '/link', params: { pattern: '^https?://' } });
    expect(errors.filter((e) => e.keyword === 'const').map((e) => [e.instancePath, e.params.allowedValue])).toEqual([
      ['/tick', true],
      ['/rule/isDefault', true],
    ]);
    expect(byKeyword.enum).toMatchObject({ instancePath: '/choice', params: { allowedValues: ['A', 'B'] } });
    expect(byKeyword.additionalProperties).toMatchObject({ instancePath: '', params: { additionalProperty: 'extra' } });
    expect(places(errors)).toEqual(
      places(
        ajvVerdict(schema, {
          name: 'Four',
          when: '2026-13-45',
          link: 'ftp://x',
          tick: false,
          choice: 'C',
          rule: { isDefault: false },
          extra: 1,
        }).errors,
      ),
    );
  });

  it('count undefined members as absent, as Ajv does', () => {
    expect(
      satisfies({ type: 'object', properties: { row: { type: 'object' } } }, { row: undefined, user: undefined }),
    ).toBe(true);
    expect(satisfies({ required: ['row'] }, { row: undefined })).toBe(false);
  });

  it('resolve a part of a form against its root', () => {
    const root = {
      $defs: { short: { type: 'string', maxLength: 2 } },
      type: 'object',
      properties: { a: { $ref: '#/$defs/short' } },
    };
    expect(satisfies({ $ref: '#/$defs/short' }, 'ab', root)).toBe(true);
    expect(satisfies({ $ref: '#/$defs/short' }, 'abc', root)).toBe(false);
    expect(satisfies(root, { a: 'abc' })).toBe(false);
  });

  it('refuse a $ref that resolves nowhere', () => {
    expect(() => interpret({ $ref: 'https://site-forms.dev/schemas/rules/none.json#/$defs/x' }, {})).toThrow(
      /Unresolved/,
    );
  });
});

describe('the registered schemas', () => {
  it("are not the interpreter's until registered-refs gives them, and a ref to one says so", async () => {
    vi.resetModules();
    const fresh = await import('./interpreted');
    const ref = { $ref: 'https://site-forms.dev/schemas/entities/contact.schema.json' };
    // Schemas that name no registered document validate without the registry (a form page's).
    expect(fresh.interpret({ type: 'string', minLength: 2 }, 'ab').valid).toBe(true);
    expect(() => fresh.interpret(ref, {})).toThrow(/registered schemas are not loaded/);
    await import('./registered-refs');
    expect(fresh.interpret(ref, {}).valid).toBe(false);
    expect(fresh.interpret({ $ref: `${ref.$ref}#/properties/email` }, 'site@example.com').valid).toBe(true);
  });
});
