/** Helpers for stored documents leaving the API. */

/** A copy of a stored document without the store's `_id` key (never sent to clients). */
export function withoutStoreKey<T extends { _id?: unknown }>(doc: T): Omit<T, '_id'> {
  const { _id, ...rest } = doc;
  return rest;
}
