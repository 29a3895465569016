/**
 * A store that fails where a test says (issue 20: "a failure half way leaves nothing"): `failOn(collection,
 * method, skip)` makes the `skip + 1`-th call of `method` on `collection` throw, once, whether it goes through the
 * store or through a transaction's `tx`. Everything else is the wrapped store's.
 */
import type { Collection, CollectionName, Store } from '../store/port';

export interface FailingStore {
  store: Store;
  /** Arms one failure: the call after `skip` others of `method` on `collection` throws `Injected failure`. */
  failOn(collection: CollectionName, method: keyof Collection, skip?: number): void;
  /** Whether the armed failure has happened. */
  fired(): boolean;
}

export function failingStore(inner: Store): FailingStore {
  let armed: { collection: CollectionName; method: string; skip: number } | null = null;
  let fired = false;
  const wrapCollection = (name: CollectionName, collection: Collection) =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (armed && armed.collection === name && armed.method === property) {
            if (armed.skip === 0) {
              armed = null;
              fired = true;
              throw new Error('Injected failure');
            }
            armed.skip -= 1;
          }
          return value.apply(target, args);
        };
      },
    });
  // `root`: the wrapped store for itself and its transactions, as Store.root requires.
  const wrap = (store: Store, root?: Store): Store =>
    new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'root') return root ?? receiver;
        if (property === 'collection') return (name: CollectionName) => wrapCollection(name, target.collection(name));
        if (property === 'withTransaction')
          return <R>(fn: (tx: Store) => Promise<R>) =>
            target.withTransaction((tx) => fn(wrap(tx, root ?? (receiver as Store))));
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    store: wrap(inner),
    failOn(collection, method, skip = 0) {
      armed = { collection, method, skip };
      fired = false;
    },
    fired: () => fired,
  };
}
