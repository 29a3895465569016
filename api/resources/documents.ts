/**
 * Stored documents on their way in and out of the API: the store key never leaves, and the audit fields
 * (created, createdBy, createdById, modified, modifiedBy, modifiedById; administration-data.md §3) are stamped in
 * this one place, for the generic handlers and the named operations alike (issue 20 §1 "Audit stamping lives in
 * one place").
 */

/** A copy of a stored document without the store's `_id` key (never sent to clients). */
export function withoutStoreKey<T extends { _id?: unknown }>(doc: T): Omit<T, '_id'> {
  const { _id, ...rest } = doc;
  return rest;
}

/** Who makes a change: the audit identity of the user (an id and a full name). */
export interface Actor {
  id: number;
  fullName: string;
}

/** The actor of a request: its user, or nobody (id 0, '') for a public call. */
export function actorOf(user: { id: number; fullName: string } | undefined): Actor {
  return { id: user?.id ?? 0, fullName: user?.fullName ?? '' };
}

/** The modified fields of a change by `actor` at `now` (ISO date-time). */
export function modifiedFields(actor: Actor, now: Date) {
  return { modified: now.toISOString(), modifiedBy: actor.fullName, modifiedById: actor.id };
}

/** The audit fields of a write by `actor` at `now`: the created fields kept from `current` when it exists. */
export function auditFields(
  current: { created?: string; createdBy?: string; createdById?: number } | null | undefined,
  actor: Actor,
  now: Date,
) {
  const at = now.toISOString();
  return {
    created: current?.created ?? at,
    createdBy: current?.createdBy ?? actor.fullName,
    createdById: current?.createdById ?? actor.id,
    ...modifiedFields(actor, now),
  };
}
