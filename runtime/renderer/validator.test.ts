/**
 * The forms' validator: RJSF's ValidatorType on the interpreting validator (no code generated, so the
 * page's CSP needs no 'unsafe-eval'), with the registered schemas and the catalogue's error texts.
 */
import type { RJSFSchema } from '@rjsf/utils';
// The registered schemas, as the renderer loads them before a screen that names one (runtime/renderer/documents.ts):
// without it a $ref to a rule family resolves to nothing, whichever test file ran before in the worker.
import '../../engine/validation/registered-refs';
import { transformErrors } from './errors';
import { formValidator } from './validator';

describe('the form validator', () => {
  it('generates no code: validation works where Function and eval are refused', () => {
    const original = globalThis.Function;
    const refuse = () => {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    };
    globalThis.Function = refuse as unknown as FunctionConstructor;
    try {
      const schema: RJSFSchema = { type: 'object', properties: { name: { type: 'string', maxLength: 2 } } };
      expect(formValidator.isValid(schema, { name: 'ab' }, schema)).toBe(true);
      expect(formValidator.validateFormData({ name: 'abc' }, schema).errors).toHaveLength(1);
    } finally {
      globalThis.Function = original;
    }
  });

  it('validates a form with a $ref to a registered rule, as the server would', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { row: { $ref: 'https://site-forms.dev/schemas/rules/lookup-value.json#/$defs/canDelete' } },
    };
    expect(formValidator.isValid(schema, { row: { status: 'Active', isDefault: false } }, schema)).toBe(true);
    expect(formValidator.isValid(schema, { row: { status: 'Active', isDefault: true } }, schema)).toBe(false);
  });

  it('gives RJSF errors by field with the catalogue texts', () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', title: 'E-mail' }, note: { type: 'string', title: 'Note', maxLength: 3 } },
    };
    const { errors, errorSchema } = formValidator.validateFormData(
      { note: 'long' },
      schema,
      undefined,
      transformErrors,
    );
    expect(errors.map((e) => e.property).sort()).toEqual(['.note', 'email']);
    expect(errorSchema).toMatchObject({ email: { __errors: [expect.stringContaining('E-mail')] } });
    expect(errorSchema.note?.__errors?.[0]).toMatch(/3/);
  });

  it('reports a schema it cannot read instead of throwing', () => {
    const schema = { $ref: 'https://site-forms.dev/schemas/rules/none.json#/$defs/x' } as RJSFSchema;
    expect(formValidator.isValid(schema, {}, schema)).toBe(false);
    expect(formValidator.rawValidation(schema, {}).validationError).toBeInstanceOf(Error);
  });
});
