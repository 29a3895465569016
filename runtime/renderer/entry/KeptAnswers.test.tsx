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
