/**
 * The question library's menu (issue 21 part 10) over the real API (MSW forwarding to the Hono app): questions
 * selected in one form are saved under a name, found by search in another form and inserted there after the
 * selection as one undoable edit, with new ids and their condition pointing at the copy.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findQuestion } from '../../engine/designer';
import { testDefinition } from '../../engine/test/definitions';
import { sampleDraft } from '../../engine/test/designer';
import { mockApi } from '../../runtime/test/mock-api';
import { DesignerContext, DesignerStore } from '../store';
import { LibraryMenu } from './QuestionLibrary';

function renderMenu(store: DesignerStore) {
  return render(
    <DesignerContext.Provider value={store}>
      <LibraryMenu />
    </DesignerContext.Provider>,
  );
}

async function openMenuItem(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Question library' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('LibraryMenu', () => {
  it('saves the selection under a name, then inserts it into another form after its selection, undoably', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();

    // Form 7: save 'Hot works?' and 'Permit' (shown when Hot works? is Yes).
    const source = new DesignerStore(sampleDraft());
    const first = renderMenu(source);
    await user.click(screen.getByRole('button', { name: 'Question library' }));
    // Nothing selected: nothing to save.
    expect(await screen.findByRole('menuitem', { name: 'Save selection to library…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    source.select(2);
    source.select(3, 'toggle');
    await openMenuItem(user, 'Save selection to library…');
    const saveDialog = await screen.findByRole('dialog', { name: 'Save questions to the library' });
    const name = within(saveDialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Hot works?');
    await user.clear(name);
    await user.type(name, 'Hot works block');
    await user.click(within(saveDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(source.getState().notice).toMatchObject({
        messageId: 'questionLibrary.saved',
        params: { count: 2, name: 'Hot works block' },
      }),
    );
    first.unmount();

    // Form 9, another form: insert it after 'Gate'.
    const target = new DesignerStore(
      testDefinition({ id: 9, title: 'Gate check' }, [
        {
          id: 1,
          label: 'Gate',
          questions: [
            { id: 1, label: 'Gate', type: 'Text' },
            { id: 2, label: 'Notes', type: 'Text' },
          ],
        },
      ]),
    );
    target.select(1);
    const before = target.draft;
    renderMenu(target);
    await openMenuItem(user, 'Insert from library…');
    const insertDialog = await screen.findByRole('dialog', { name: 'Insert from the library' });
    expect(await within(insertDialog).findByText('Hot works block')).toBeInTheDocument();
    const search = within(insertDialog).getByRole('searchbox', { name: 'Search the library' });
    await user.type(search, 'no such block');
    expect(within(insertDialog).getByText('No saved questions match your search.')).toBeInTheDocument();
    // A question's label finds its block too.
    await user.clear(search);
    await user.type(search, 'permit');
    await user.click(within(insertDialog).getByText('Hot works block'));
    await user.click(within(insertDialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const questions = target.draft.pages[0].questions;
    expect(questions.map((q) => q.label)).toEqual(['Gate', 'Hot works?', 'Permit', 'Notes']);
    const [hot, permit] = [questions[1], questions[2]];
    // New ids; the condition follows the copy of the question it reads.
    expect(hot.id).toBeGreaterThan(2);
    expect(permit.id).toBeGreaterThan(hot.id);
    expect(permit.visibleWhen).toEqual({ questionId: hot.id, equals: 'Yes' });
    expect(target.getState().selected).toEqual([hot.id, permit.id]);
    expect(target.getState().notice).toMatchObject({ messageId: 'questionLibrary.inserted' });
    expect(findQuestion(target.draft, 1)?.index).toBe(0);

    // One undo takes the whole insert back.
    target.undo();
    expect(target.draft).toBe(before);
  });

  it('shows the server refusal in the save dialog and keeps it open', async () => {
    // A project user is not the area's administrator: the server refuses.
    await mockApi.logIn('user@demo.local');
    const user = userEvent.setup();
    const store = new DesignerStore(sampleDraft());
    store.select(1);
    renderMenu(store);
    await openMenuItem(user, 'Save selection to library…');
    const dialog = await screen.findByRole('dialog', { name: 'Save questions to the library' });
    // Spaces only are refused before any call.
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '   ');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'Area');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(store.getState().notice).toBeUndefined();
  });
});
