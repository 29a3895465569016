/** One Ajv in the front end: the forms' validator is the engine's instance, with its registered schemas. */
import type { RJSFSchema } from '@rjsf/utils';
import { ajv } from '../../engine/validation/ajv';
import { formValidator } from './validator';

describe('the form validator', () => {
  it('runs on the one shared Ajv', () => {
    expect((formValidator as unknown as { ajv: unknown }).ajv).toBe(ajv);
  });

  it('validates a form with a $ref to a registered rule, as the server would', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { row: { $ref: 'https://site-forms.dev/schemas/rules/lookup-value.json#/$defs/canDelete' } },
    };
    expect(formValidator.isValid(schema, { row: { status: 'Active', isDefault: false } }, schema)).toBe(true);
    expect(formValidator.isValid(schema, { row: { status: 'Active', isDefault: true } }, schema)).toBe(false);
  });
});
