/**
 * beforeValidate of POST /api/settings/lookupvalues (form-configuration.md §3 'Lookup value', §7; createMany): a
 * line of the body, `{ Name, Status?, Type }` (the spec's casing), as a lookup value: the name trimmed (the body
 * schema refused empty, blank and over-40 lines), Active, not default, not in use.
 */
import type { BeforeValidateHook } from '../resources/hooks';

export const lookupValueLine: BeforeValidateHook = (line) => ({
  type: line.Type,
  name: String(line.Name).trim(),
  status: 'Active',
  isDefault: false,
  inUse: false,
});
