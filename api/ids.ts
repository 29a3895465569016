/**
 * Sequential numbers from the `counters` collection (atomic findOneAndUpdate with $inc and upsert,
 * safe under concurrency in both stores). Used for entity ids and entry numbers.
 */
import type { Store } from './store/port';

interface CounterDoc {
  _id?: string;
  [key: string]: unknown;
  name: string;
  value: number;
}

/** The next value of a named counter, starting at 1. */
export async function nextSequence(store: Store, name: string): Promise<number> {
  const doc = await store
    .collection<CounterDoc>('counters')
    .findOneAndUpdate({ name }, { $inc: { value: 1 } }, { upsert: true, returnDocument: 'after' });
  if (!doc || typeof doc.value !== 'number') throw new Error(`Counter ${name} did not return a value`);
  return doc.value;
}

/** Raises a counter to at least `value` (after seeding fixed ids). */
export async function raiseSequence(store: Store, name: string, value: number): Promise<void> {
  const counters = store.collection<CounterDoc>('counters');
  const current = await counters.findOne({ name });
  if (!current) await counters.updateOne({ name }, { $set: { value } }, { upsert: true });
  else if (current.value < value) await counters.updateOne({ name }, { $set: { value } });
}
