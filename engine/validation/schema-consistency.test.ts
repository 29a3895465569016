/**
 * The form-definition-input schema repeats the form definition's fields (JSON Schema cannot say
 * "all but"). This keeps the two from drifting: a field added to the definition but forgotten in
 * the input would make the API reject what the form creator sends.
 */
import { describe, expect, it } from 'vitest';
import formDefinitionInput from '../../schemas/api/derived/form-definition-input.schema.json';
import formDefinition from '../../schemas/entities/form-definition.schema.json';

/**
 * Fields the server sets; clients never send them. (formArea may be sent; the path's value wins. `modified` may be
 * sent back as loaded: the concurrent-save guard, issue 21; the server still sets it.)
 */
const SERVER_FIELDS = [
  '_id',
  'id',
  'clientId',
  'status',
  'version',
  'created',
  'publishedAt',
  'createdBy',
  'createdById',
  'modifiedBy',
  'modifiedById',
];

describe('form-definition-input', () => {
  it('has every field of the form definition except those the server sets', () => {
    const expected = Object.keys(formDefinition.properties).filter((k) => !SERVER_FIELDS.includes(k));
    expect(Object.keys(formDefinitionInput.properties).sort()).toEqual(expected.sort());
  });

  it('requires what the definition requires, less the server fields', () => {
    const expected = formDefinition.required.filter((k) => !SERVER_FIELDS.includes(k) && k !== 'formArea');
    expect([...(formDefinitionInput.required ?? [])].sort()).toEqual(expected.sort());
  });
});
