/**
 * beforeValidate of POST /api/projects/{projectId}/lookupvalues (projects/{id}/edit/lookupvalues; docs/decisions.md
 * "Projects"; createMany): a line of the body, `{ Name, Status?, Type }`, as a lookup value of the path's project
 * (the handler's filter gives its projectId): the name trimmed, Active.
 */
import type { BeforeValidateHook } from '../resources/hooks';

export const projectLookupValueLine: BeforeValidateHook = (line) => ({
  type: line.Type,
  name: String(line.Name).trim(),
  status: 'Active',
});
