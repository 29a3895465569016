/**
 * inlineRefs (issue 20 §3): a form field that `$ref`s an entity or body field is given that field's constraints
 * in place, its own keywords winning, without the referenced field's annotations; a dangling ref fails loudly.
 */
import { describe, expect, it } from 'vitest';
import { hasDocumentRefs, inlineRefs } from './inline-refs';

const ENTITY = 'https://site-forms.dev/schemas/entities/thing.schema.json';
const BODY = 'https://site-forms.dev/schemas/api/thing-input.schema.json';
const documents = {
  [ENTITY]: {
    $id: ENTITY,
    properties: {
      name: { type: 'string', maxLength: 40, title: 'Name', description: 'The thing' },
      status: { $ref: '#/$defs/status' },
      lines: { type: 'array', items: { $ref: '#/$defs/line' } },
    },
    $defs: {
      status: { type: 'string', enum: ['Active', 'Inactive'], default: 'Active' },
      line: { type: 'object', properties: { title: { type: 'string', maxLength: 5, readOnly: true } } },
    },
  },
  [BODY]: { $id: BODY, properties: { name: { $ref: `${ENTITY}#/properties/name` } } },
};

describe('inlineRefs', () => {
  it('replaces a ref through a body to the entity by the field, without its annotations', () => {
    const schema = { type: 'object', properties: { name: { $ref: `${BODY}#/properties/name` } } };
    expect(inlineRefs(schema, documents)).toEqual({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 40 } },
    });
  });

  it("resolves the referenced field's own local refs in its document, keeping the form's keywords", () => {
    const schema = { properties: { status: { $ref: `${ENTITY}#/properties/status`, default: 'Inactive' } } };
    expect(inlineRefs(schema, documents)).toEqual({
      properties: { status: { type: 'string', enum: ['Active', 'Inactive'], default: 'Inactive' } },
    });
  });

  it('keeps a property named like an annotation keyword (a field called title)', () => {
    const schema = { $ref: `${ENTITY}#/properties/lines` };
    expect(inlineRefs(schema, documents)).toEqual({
      type: 'array',
      items: { type: 'object', properties: { title: { type: 'string', maxLength: 5 } } },
    });
  });

  it("leaves the form's own #/ refs to the renderer", () => {
    const schema = { properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } };
    expect(inlineRefs(schema, documents)).toEqual(schema);
  });

  it('throws for a ref to an unregistered schema or a pointer that names nothing', () => {
    expect(() => inlineRefs({ $ref: 'https://site-forms.dev/schemas/entities/none.schema.json' }, documents)).toThrow(
      /names no registered schema/,
    );
    expect(() => inlineRefs({ $ref: `${ENTITY}#/$defs/accessType` }, documents)).toThrow(/names nothing/);
  });

  it('tells a schema with refs to other documents from one without', () => {
    expect(hasDocumentRefs({ properties: { a: { items: { $ref: `${ENTITY}#/properties/name` } } } })).toBe(true);
    expect(hasDocumentRefs({ properties: { a: { $ref: '#/$defs/a' } } })).toBe(false);
  });
});
