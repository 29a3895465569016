/**
 * A migrated entry's kept answers (issue 22 §3, mapping "keep") through the real entry route, renderer and API
 * client against the mock API: the entry opens with its current version's answers in the form, and the answers a
 * migration kept are listed read-only with their question's label then and "from version N".
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormEntry } from '../../../engine/types/generated';
import { demoSeed } from '../../../fixtures/seed';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';
import { keptAnswerText } from './KeptAnswers';

const pour = demoSeed.formDefinitions[0];

describe('kept answers of a migrated entry', () => {
  it('shows them read-only, "from version N", beside the form', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const entry: FormEntry = {
      id: 900,
      clientId: 1,
      projectId: 1,
      formId: pour.id,
      formVersion: pour.version,
      formArea: pour.formArea,
      entryNumber: 41,
      globalEntryNumber: 41,
      date: '2026-11-01T08:00:00.000Z',
      enteredBy: 'Aoife Byrne',
      answers: [{ questionId: 1, answers: ['Pour 2'] }],
      keptAnswers: [
        { fromVersion: 1, migrationId: 1, label: 'Old grade', answer: { questionId: 3, answers: ['C8/10'] } },
        {
          fromVersion: 2,
          migrationId: 2,
          label: 'Checks',
          answer: {
            questionId: 77,
            answers: [],
            grid: { cells: [{ cellId: 1, rowIndex: 0, columnIndex: 0, value: true }] },
          },
        },
      ],
    };
    await mockApi.store().collection<FormEntry>('formEntries').insertOne(entry);
    renderApp(`/projects/1/qa/${pour.id}/entry/41`);
    const kept = await screen.findByRole('region', { name: 'Answers from earlier versions' });
    expect(within(kept).getByText('Old grade (from version 1)')).toBeInTheDocument();
    expect(within(kept).getByText('C8/10')).toBeInTheDocument();
    expect(within(kept).getByText('Checks (from version 2)')).toBeInTheDocument();
    expect(keptAnswerText(entry.keptAnswers?.[1] as never)).toBe('✓');
  });
});

describe('an entry of an earlier version', () => {
  it('opens with the version it was filled in (source.viewVersion); a new entry with the latest', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const store = mockApi.store();
    const first = pour.pages[0].questions[0];
    const later = {
      ...pour,
      version: pour.version + 1,
      pages: [
        {
          ...pour.pages[0],
          questions: [{ ...first, label: 'Pour reference (version 2)' }, ...pour.pages[0].questions.slice(1)],
        },
        ...pour.pages.slice(1),
      ],
    };
    await store.collection('formVersions').insertOne({
      formId: pour.id,
      clientId: 1,
      formArea: pour.formArea,
      version: later.version,
      definition: later,
    });
    const entry: FormEntry = {
      id: 901,
      clientId: 1,
      projectId: 1,
      formId: pour.id,
      formVersion: pour.version,
      formArea: pour.formArea,
      entryNumber: 42,
      globalEntryNumber: 42,
      date: '2026-11-01T08:00:00.000Z',
      enteredBy: 'Aoife Byrne',
      answers: [{ questionId: first.id, answers: ['Pour 3'] }],
    };
    await store.collection<FormEntry>('formEntries').insertOne(entry);
    const view = renderApp(`/projects/1/qa/${pour.id}/entry/42`);
    expect(await screen.findByDisplayValue('Pour 3')).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(`^${first.label}`)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Pour reference \(version 2\)/)).toBeNull();
    view.unmount();
    renderApp(`/projects/1/qa/${pour.id}/add`);
    expect((await screen.findAllByText(/Pour reference \(version 2\)/)).length).toBeGreaterThan(0);
  });
});
