/** Helpers for stored documents: leaving the API, audit fields, and saving. */
import type { Collection } from '../store/port';

/** A copy of a stored document without the store's `_id` key (never sent to clients). */
export function withoutStoreKey<T extends { _id?: unknown }>(doc: T): Omit<T, '_id'> {
  const { _id, ...rest } = doc;
  return rest;
}

/** The audit fields of an item saved by `actor` at `now`: created* kept from `current` when it exists. */
export function auditFields(
  current: { created?: string; createdBy?: string; createdById?: number } | null | undefined,
  actor: { id: number; fullName: string },
  now: Date,
) {
  const at = now.toISOString();
  return {
    created: current?.created ?? at,
    createdBy: current?.createdBy ?? actor.fullName,
    createdById: current?.createdById ?? actor.id,
    modified: at,
    modifiedBy: actor.fullName,
    modifiedById: actor.id,
  };
}

/** Writes an item: an update of the tenant's item `id` when `exists`, else an insert. */
export async function saveItem<T extends { id: number; clientId: number }>(
  collection: Collection<T & { [key: string]: unknown }>,
  item: T,
  exists: boolean,
): Promise<T> {
  if (exists) await collection.updateOne({ clientId: item.clientId, id: item.id }, { $set: { ...item } });
  else await collection.insertOne({ ...item });
  return item;
}
