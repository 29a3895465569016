/**
 * "Migrate entries" after Publish (issue 22 §3) over the real API (MSW forwarding to the Hono app): the plan of a
 * renamed option with its count and sample, a mapping chosen per change, Apply with its result, and Revert
 * restoring the entries as they were.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { mockApi } from '../../runtime/test/mock-api';
import { MigrationPanel } from './MigrationPanel';

const pour = demoSeed.formDefinitions[0];

/** Eight entries of version 1 (one answers grade C8/10), then version 2 renaming C8/10, written to the store. */
async function seed(): Promise<FormEntry[]> {
  const store = mockApi.store();
  const entries: FormEntry[] = [...Array(8)].map((_, i) => ({
    id: 700 + i,
    clientId: 1,
    projectId: 1,
    formId: pour.id,
    formVersion: 1,
    formArea: pour.formArea,
    entryNumber: 101 + i,
    globalEntryNumber: 101 + i,
    date: '2026-11-01T08:00:00.000Z',
    enteredBy: 'Aoife Byrne',
    // Entry #102 answers grade C8/10, the others C30/37.
    answers: [
      { questionId: 1, answers: [`Pour ${i}`] },
      { questionId: 3, answers: [i === 1 ? 'C8/10' : 'C30/37'] },
    ],
  }));
  await store.collection<FormEntry>('formEntries').insertMany(entries.map((e) => ({ ...e })));
  const v2: FormDefinition = {
    ...pour,
    version: 2,
    pages: pour.pages.map((page) => ({
      ...page,
      questions: page.questions.map((q) =>
        q.id === 3 && q.type === 'Dropdown'
          ? { ...q, options: q.options?.map((o) => (o.value === 'C8/10' ? { ...o, value: 'C8/10 lean' } : o)) }
          : q,
      ),
    })),
  };
  await store
    .collection('formVersions')
    .insertOne({ formId: pour.id, clientId: 1, formArea: pour.formArea, version: 2, definition: v2 });
  return entries;
}

/** The read model the store keeps beside an entry (api/operations/entries.ts readModelOf): not the entry's own. */
const READ_MODEL = ['_id', 'registerRow', 'registerVersion', 'scorePercent', 'scoreBucket', 'ratingBand', 'entryWeek'];
const stored = async () =>
  (
    await mockApi
      .store()
      .collection<FormEntry & Record<string, unknown>>('formEntries')
      .find({ clientId: 1, formId: pour.id, entryNumber: { $gt: 100 } }, { sort: { entryNumber: 1 } })
  ).map(
    (doc) =>
      Object.fromEntries(Object.entries(doc).filter(([key]) => !READ_MODEL.includes(key))) as unknown as FormEntry,
  );

describe('MigrationPanel', () => {
  it('shows the plan, applies the chosen mapping with its result, and reverts it', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const before = await seed();
    const user = userEvent.setup();
    render(<MigrationPanel formArea="quality-assurance" formId={pour.id} />);

    const change = await screen.findByTestId('migration-change-option:3:C8/10');
    expect(change).toHaveTextContent("'C8/10' became 'C8/10 lean'");
    expect(change).toHaveTextContent('1 entries · For example entries #102');
    expect(screen.getByText(/8 entries were filled in earlier versions \(1\); 1 of them/)).toBeInTheDocument();
    // The default maps the renamed option; the administrator keeps the old answer instead.
    const mapping = within(change).getByRole('combobox', { name: 'What happens to these answers' });
    expect(mapping).toHaveTextContent("Map to 'C8/10 lean'");
    await user.click(mapping);
    await user.click(
      await screen.findByRole('option', { name: "Keep as they are (shown read-only, 'from version N')" }),
    );
    expect(mapping).toHaveTextContent('Keep as they are');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        '1 entries were migrated to version 2; the others keep their version, their answers fit it as they are.',
      ),
    ).toBeInTheDocument();
    const after = await stored();
    expect(after.map((e) => e.formVersion)).toEqual([1, 2, 1, 1, 1, 1, 1, 1]);
    expect(after[1].keptAnswers).toEqual([
      expect.objectContaining({ fromVersion: 1, answer: { questionId: 3, answers: ['C8/10'] } }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('1 entries are back as they were.')).toBeInTheDocument();
    // Back as they were, answers and all; a revert is a write, so a reverted entry's version has gone up (issue 26 §5).
    const unversioned = (rows: FormEntry[]) => rows.map(({ version: _version, ...rest }) => rest);
    const reverted = await stored();
    expect(unversioned(reverted)).toEqual(unversioned(before));
  });

  it('says when no entry of an earlier version is left', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    render(<MigrationPanel formArea="quality-assurance" formId={pour.id} />);
    expect(
      await screen.findByText('No entry was filled in an earlier version: there is nothing to migrate.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
