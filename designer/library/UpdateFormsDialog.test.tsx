/**
 * Linked blocks in the form creator (issue 22 §4) over the real API (MSW forwarding to the Hono app): the open
 * form's edited copy of a library block is saved as the item ("Save the selection as this item": a new version,
 * the selection linked to it); the item then offers "Update in 2 forms"; the dialog lists the forms holding the
 * older version with the entries each change of their plan touches; Update with one form unticked updates only the
 * other's working copy (its ids kept), and publishes nothing.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDefinition } from '../../engine/test/definitions';
import type { FormDefinition, FormEntry, Question, QuestionLibraryItem } from '../../engine/types/generated';
import { callOperation } from '../../runtime/api/client';
import { mockApi } from '../../runtime/test/mock-api';
import { DesignerContext, DesignerStore } from '../store';
import { LibraryMenu } from './QuestionLibrary';

const AREA = 'health-and-safety';

const hotWorks = (yes: string, firstId = 1): Question[] => [
  {
    id: firstId,
    label: 'Hot works?',
    type: 'Dropdown',
    options: [
      { id: 1, value: yes },
      { id: 2, value: 'No' },
    ],
  } as Question,
  {
    id: firstId + 1,
    label: 'Permit number',
    type: 'Text',
    visibleWhen: { questionId: firstId, equals: yes },
  } as Question,
];

/** The item's questions as copies at `firstId` on, linked to version 1 of item `itemId`. */
const copies = (itemId: number, yes: string, firstId: number): Question[] =>
  hotWorks(yes, firstId).map((q, i) => ({ ...q, libraryLink: { itemId, questionId: i + 1, version: 1 } }));

describe('UpdateFormsDialog', () => {
  it('saves the edited copy as the item, then updates the forms holding the older version that are ticked', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const item = await callOperation<QuestionLibraryItem>('questionLibrary.create', {
      params: { formArea: AREA },
      body: {
        name: 'Hot works',
        questions: hotWorks('Yes'),
        source: { formId: 5, formArea: AREA, questionIds: [1, 2] },
      },
    });
    const create = (title: string, more: Question[] = []) =>
      callOperation<FormDefinition>('forms.create', {
        params: { formArea: AREA },
        body: {
          title,
          pages: [
            {
              id: 1,
              label: 'Site',
              questions: [{ id: 1, label: 'Area', type: 'Text' }, ...copies(item.id, 'Yes', 2), ...more],
            },
          ],
        },
      });
    const formA = await create('Daily check A');
    // Form B also holds a copy of a question the item no longer has.
    const formB = await create('Daily check B', [
      {
        id: 4,
        label: 'Fire watch',
        type: 'Text',
        libraryLink: { itemId: item.id, questionId: 3, version: 1 },
      } as Question,
    ]);
    await callOperation('forms.publish', { params: { formArea: AREA, id: formA.id } });
    // Form A has three entries, two answering Yes.
    await mockApi
      .store()
      .collection<FormEntry>('formEntries')
      .insertMany(
        [0, 1, 2].map((i) => ({
          id: 800 + i,
          clientId: 1,
          projectId: 1,
          formId: formA.id,
          formVersion: 1,
          formArea: AREA,
          entryNumber: 201 + i,
          globalEntryNumber: 201 + i,
          date: '2026-11-01T08:00:00.000Z',
          enteredBy: 'Aoife Byrne',
          answers: [{ questionId: 2, answers: [i < 2 ? 'Yes' : 'No'] }],
        })),
      );

    // The open form holds the block at 5 and 6, its Yes renamed by the administrator.
    const store = new DesignerStore(
      testDefinition({ id: 9, title: 'Gate check' }, [
        {
          id: 1,
          label: 'Gate',
          questions: [{ id: 1, label: 'Gate', type: 'Text' }, ...copies(item.id, 'Yes, permit issued', 5)],
        },
      ]),
    );
    store.select(5);
    store.select(6, 'toggle');
    const user = userEvent.setup();
    render(
      <DesignerContext.Provider value={store}>
        <LibraryMenu />
      </DesignerContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Question library' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Insert from library…' }));
    const library = await screen.findByRole('dialog', { name: 'Insert from the library' });
    await user.click(await within(library).findByText('Hot works'));
    await user.click(within(library).getByRole('button', { name: 'Save the selection as this item' }));
    await waitFor(() =>
      expect(store.getState().notice).toMatchObject({
        messageId: 'questionLibrary.link.replaced',
        params: { version: 2 },
      }),
    );
    // The open form now holds version 2, under the item's question ids.
    expect(store.draft.pages[0].questions.map((q) => q.libraryLink ?? null)).toEqual([
      null,
      { itemId: item.id, questionId: 1, version: 2 },
      { itemId: item.id, questionId: 2, version: 2 },
    ]);

    // Forms A and B hold version 1.
    await user.click(await within(library).findByRole('button', { name: 'Update in 2 forms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update "Hot works" in forms' });
    const rowA = within(dialog).getByTestId(`library-usage-${formA.id}`);
    expect(rowA).toHaveTextContent('Daily check A (version 1, 2 questions)');
    expect(
      await within(rowA).findByText("'Hot works?': 'Yes' became 'Yes, permit issued': 2 entries"),
    ).toBeInTheDocument();
    const rowB = within(dialog).getByTestId(`library-usage-${formB.id}`);
    expect(rowB).toHaveTextContent('Daily check B (version 1, 3 questions)');
    expect(within(rowB).getByText('No entries yet.')).toBeInTheDocument();
    expect(
      within(rowB).getByText("'Fire watch' is no longer in the library item: it stays in the form, unlinked."),
    ).toBeInTheDocument();
    await user.click(within(rowB).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().notice).toMatchObject({ messageId: 'questionLibrary.link.updated', params: { count: 1 } });

    const get = (id: number) => callOperation<FormDefinition>('forms.get', { params: { formArea: AREA, id } });
    const [a, b] = [await get(formA.id), await get(formB.id)];
    expect(a.pages[0].questions.slice(1)).toEqual([
      expect.objectContaining({
        id: 2,
        options: [
          { id: 1, value: 'Yes, permit issued' },
          { id: 2, value: 'No' },
        ],
        libraryLink: { itemId: item.id, questionId: 1, version: 2 },
      }),
      expect.objectContaining({ id: 3, visibleWhen: { questionId: 2, equals: 'Yes, permit issued' } }),
    ]);
    expect(b.pages[0].questions[1].libraryLink?.version).toBe(1);
    // Nothing was published: A's latest version is still 1.
    const versions = await callOperation<unknown[]>('forms.versions', { params: { formArea: AREA, id: formA.id } });
    expect(versions).toHaveLength(1);
  });
});
