/**
 * Writes to two or more collections run in one transaction (issue 20 §2): `store.withTransaction(fn)` of the
 * store port, where `tx` is a store whose writes are kept together or not at all. Until a store offers it, `fn`
 * runs on the store itself.
 */
import type { Store } from '../store/port';

type TransactionalStore = Store & { withTransaction?: <T>(fn: (tx: Store) => Promise<T>) => Promise<T> };

/** Runs `fn` in a transaction of `store` and returns its result; a throw leaves nothing of it written. */
export function withTransaction<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  const transactional = store as TransactionalStore;
  return transactional.withTransaction ? transactional.withTransaction(fn) : fn(store);
}
