/**
 * Loads the demo subcontracting records (fixtures/seed/subcontracting.ts) into a new store, raises the counters
 * their ids and entry numbers come from, and sets the lookup values' in-use flags from what they name
 * (api/operations/subcontracting.ts refreshLookupInUse), as the API keeps them after every write.
 */
import type { SubcontractingSeed } from '../../fixtures/seed/subcontracting';
import { raiseSequence } from '../ids';
import { refreshLookupInUse } from '../operations/subcontracting';
import type { Store } from '../store/port';

/** Writes the records of `seed` (none when it is undefined). */
export async function loadSubcontracting(store: Store, seed: SubcontractingSeed | undefined): Promise<void> {
  if (!seed) return;
  const maxId = (items: readonly { id: number }[]) => items.reduce((m, i) => Math.max(m, i.id), 0);
  const sets = [
    ['subcontractors', seed.subcontractors],
    ['subcontractorOrders', seed.subcontractorOrders],
    ['subcontractorPayments', seed.subcontractorPayments],
    ['subcontractorPackages', seed.subcontractorPackages],
    ['subcontractorReturns', seed.subcontractorReturns],
  ] as const;
  for (const [collection, items] of sets) {
    for (const item of items) await store.collection(collection).insertOne({ ...item });
    await raiseSequence(store, collection, maxId(items));
  }
  // Entry numbers count per project.
  for (const [name, items] of [
    ['subcontractorOrders', seed.subcontractorOrders],
    ['subcontractorPackages', seed.subcontractorPackages],
  ] as const)
    for (const item of items)
      await raiseSequence(store, `${name}:${item.clientId}:${item.projectId}`, item.entryNumber);
  await raiseSequence(
    store,
    'subcontractorPackageAttachments',
    maxId(seed.subcontractorPackages.flatMap((p) => p.attachments)),
  );
  for (const clientId of new Set(seed.subcontractors.map((s) => s.clientId))) await refreshLookupInUse(store, clientId);
}
