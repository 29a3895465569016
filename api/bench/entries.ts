/**
 * Entries for the benchmarks at scale (api/bench/scale.ts, api/bench/reads.ts with BENCH_ENTRIES): `count`
 * entries of the Concrete Pour Inspection (form 1) on project 1, each with its own answers (sampleAnswers) and
 * its register read model, written straight into the store in batches of 5,000, as submitEntry would store them;
 * the entry number sequences are raised past them, so that saves through the API go on from there.
 */
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { raiseSequence } from '../ids';
import { readModelOf } from '../operations/entries';
import type { Store } from '../store/port';
import { sampleAnswers } from '../test/harness';

/** The form the entries are of. */
export const benchForm = demoSeed.formDefinitions.find((f) => f.id === 1) as FormDefinition;

/**
 * Writes `count` entries (see the module comment) into a store holding the demo seed; their register rows are
 * built from `registerForm` (the form's version 1 unless told: bench:migration gives version 2, as the register
 * is a while after a publish).
 */
export async function writeBenchEntries(store: Store, count: number, registerForm = benchForm): Promise<void> {
  if (count <= 0) return;
  const form = benchForm;
  const base = { clientId: 1, projectId: 1, formId: form.id, formVersion: 1, formArea: form.formArea };
  const batch = 5_000;
  for (let start = 0; start < count; start += batch) {
    const docs: (FormEntry & { [key: string]: unknown })[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const entry: FormEntry = {
        ...base,
        id: i + 1,
        aggregateRootId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        entryNumber: i + 1,
        globalEntryNumber: i + 1,
        displayGlobalId: `${form.id}-${i + 1}`,
        client: 'Corrib Civil Engineering Ltd',
        date: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        enteredBy: 'Cian Murphy',
        enteredById: 2,
        projectName: 'Demo',
        projectAddress: '',
        isPublic: false,
        answers: sampleAnswers(form, i),
      };
      // As submitEntry stores it: with its register read model.
      docs.push({ ...entry, ...readModelOf(registerForm, entry) });
    }
    await store.collection<FormEntry & { [key: string]: unknown }>('formEntries').insertMany(docs);
  }
  await raiseSequence(store, 'formEntries', count);
  await raiseSequence(store, `entry:1:1:${form.id}`, count);
}
