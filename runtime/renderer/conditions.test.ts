/** Conditions over the context: absent members, rule $refs, booleans. */
import { holds } from './conditions';
// The registered schemas, as the renderer loads them before a screen that names one (runtime/renderer/documents.ts):
// without it a $ref to a rule family resolves to nothing, whichever test file ran before in the worker.
import '../../engine/validation/registered-refs';

const base = { route: {}, screen: {}, selection: [] };

describe('holds', () => {
  it('treats an undefined member as absent', () => {
    const needsRow = { type: 'object', required: ['row'] };
    expect(holds(needsRow, { ...base, row: undefined })).toBe(false);
    expect(holds(needsRow, { ...base, row: { id: 1 } })).toBe(true);
    const rowActive = {
      type: 'object',
      properties: { row: { type: 'object', properties: { status: { const: 'Active' } } } },
    };
    expect(holds(rowActive, { ...base, row: undefined })).toBe(true);
    expect(holds(rowActive, { ...base, row: { status: 'Inactive' } })).toBe(false);
  });

  it('checks a rule family by $ref, as the API does', () => {
    const canDelete = {
      type: 'object',
      properties: { row: { $ref: 'https://site-forms.dev/schemas/rules/lookup-value.json#/$defs/canDelete' } },
    };
    expect(holds(canDelete, { ...base, row: { type: 'SubContractorPackage', inUse: true, status: 'Active' } })).toBe(
      false,
    );
    expect(holds(canDelete, { ...base, row: { type: 'EmployeeRole', inUse: true, status: 'Active' } })).toBe(true);
    expect(holds(canDelete, { ...base, row: { type: 'EmployeeRole', isDefault: true, status: 'Active' } })).toBe(false);
  });

  it('holds without a condition and follows a boolean one', () => {
    expect(holds(undefined, base)).toBe(true);
    expect(holds(false, base)).toBe(false);
  });
});
