/**
 * Sequential numbers from the `counters` collection (atomic findOneAndUpdate with $inc and upsert,
 * safe under concurrency in both stores). Used for entity ids and entry numbers.
 */
import type { CollectionName, DocLike, Store, Stored, UpdateSpec } from './store/port';

interface CounterDoc {
  _id?: string;
  [key: string]: unknown;
  name: string;
  value: number;
}

/** The update that takes the next value of a named counter (created at 1 when missing). */
function sequenceUpdate(name: string): UpdateSpec {
  return {
    collection: 'counters',
    filter: { name },
    update: { $inc: { value: 1 } },
    options: { upsert: true, returnDocument: 'after' },
  };
}

function counterValue(doc: { value?: unknown } | null, name: string): number {
  if (!doc || typeof doc.value !== 'number') throw new Error(`Counter ${name} did not return a value`);
  return doc.value;
}

/** The next value of a named counter, starting at 1. */
export async function nextSequence(store: Store, name: string): Promise<number> {
  const { filter, update, options } = sequenceUpdate(name);
  return counterValue(await store.collection<CounterDoc>('counters').findOneAndUpdate(filter, update, options), name);
}

/**
 * Inserts into `into` the document `build` makes of the next values of the named counters (in the order of
 * `names`), and returns it as stored. On the embedded store the counters and the insert are one write (one
 * group commit instead of two; nothing is kept when the insert fails); on MongoDB the counters are taken
 * together, then the document is inserted (Store.insertAfterUpdates).
 * @throws DuplicateKeyError from the insert; whatever `build` throws
 */
export function insertNumbered<T extends DocLike>(
  store: Store,
  into: CollectionName,
  names: readonly string[],
  build: (values: number[]) => T,
): Promise<Stored<T>> {
  return store.insertAfterUpdates<T>(into, names.map(sequenceUpdate), (results) =>
    build(results.map((doc, i) => counterValue(doc as { value?: unknown } | null, names[i]))),
  );
}

/** Raises a counter to at least `value` (after seeding fixed ids). */
export async function raiseSequence(store: Store, name: string, value: number): Promise<void> {
  const counters = store.collection<CounterDoc>('counters');
  const current = await counters.findOne({ name });
  if (!current) await counters.updateOne({ name }, { $set: { value } }, { upsert: true });
  else if (current.value < value) await counters.updateOne({ name }, { $set: { value } });
}

/**
 * Takes `count` values of a named counter in one step (the ids of an import's new items) and returns the first;
 * the others follow it.
 */
export async function reserveSequence(store: Store, name: string, count: number): Promise<number> {
  const doc = await store
    .collection<CounterDoc>('counters')
    .findOneAndUpdate({ name }, { $inc: { value: count } }, { upsert: true, returnDocument: 'after' });
  return counterValue(doc, name) - count + 1;
}
