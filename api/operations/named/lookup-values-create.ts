/**
 * POST /api/settings/lookupvalues (form-configuration.md §7): adds a list of `{ Name, Status, Type }`
 * as lookup values, Status Active on creation. Each Name is trimmed; the body schema
 * (schemas/api/lookup-values-create.schema.json) already refused empty, blank and over-40 lines.
 * A name already in the type (ignoring white space and case), or twice in the list, answers 409 and
 * nothing is written.
 */
import { AppError } from '../../../engine/errors';
import type { OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { newItem } from '../../resources/handlers';

interface NewLookupValue {
  Name: string;
  Status?: 'Active';
  Type: string;
}

export async function lookupValuesCreate(context: OperationContext): Promise<unknown> {
  const resource = resourceOf('lookup-value');
  const lines = context.body as NewLookupValue[];
  const seen = new Set<string>();
  const items: Array<Record<string, unknown>> = [];
  for (const line of lines) {
    const name = line.Name.trim();
    const key = `${line.Type}\u0000${name.replace(/\s+/g, '').toLowerCase()}`;
    if (seen.has(key)) throw new AppError(409, 'lookupValues.duplicate');
    seen.add(key);
    const item = await newItem(context, resource, {
      type: line.Type,
      name,
      status: 'Active',
      isDefault: false,
      inUse: false,
    });
    items.push(item);
  }
  // All or none: the unique index refuses a taken name (409 lookupValues.duplicate) and the others roll back.
  await context.store.withTransaction(async (tx) => {
    const collection = tx.collection<Record<string, unknown>>(resource.collection);
    for (const item of items) await collection.insertOne(item);
  });
  return items.map(({ _id, ...rest }) => rest);
}
