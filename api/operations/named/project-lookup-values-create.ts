/**
 * POST /api/projects/{projectId}/lookupvalues (projects/{id}/edit/lookupvalues; docs/decisions.md
 * "Projects"): adds `[{ Name, Status?, Type }]` as lookup values of the project, Active. Each Name is
 * trimmed; the body schema (schemas/api/project-lookup-values-create.schema.json) already refused empty,
 * blank and over-40 lines and types that are not project lookup types. A name already in the project's
 * type (ignoring white space and case), or twice in the list, answers 409 lookupValues.duplicate and
 * nothing is written.
 */
import { AppError } from '../../../engine/errors';
import { intParam } from '../../http/body';
import type { OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { newItem } from '../../resources/handlers';

interface NewProjectLookupValue {
  Name: string;
  Status?: 'Active';
  Type: string;
}

export async function projectLookupValuesCreate(context: OperationContext): Promise<unknown> {
  const resource = resourceOf('project-lookup-value');
  const projectId = intParam(context.http, 'projectId');
  const lines = context.body as NewProjectLookupValue[];
  const seen = new Set<string>();
  const items: Array<Record<string, unknown>> = [];
  for (const line of lines) {
    const name = line.Name.trim();
    const key = `${line.Type}\u0000${name.replace(/\s+/g, '').toLowerCase()}`;
    if (seen.has(key)) throw new AppError(409, 'lookupValues.duplicate');
    seen.add(key);
    items.push(await newItem(context, resource, { projectId, type: line.Type, name, status: 'Active' }));
  }
  // All or none: the unique index refuses a taken name (409 lookupValues.duplicate) and the others roll back.
  await context.store.withTransaction(async (tx) => {
    const collection = tx.collection<Record<string, unknown>>(resource.collection);
    for (const item of items) await collection.insertOne(item);
  });
  return items.map(({ _id, ...rest }) => rest);
}
