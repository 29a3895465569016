/**
 * Drafts in the runtime (issue "The main job as a site user meets it"; docs/decisions.md "Drafts"), through the
 * real routes, renderer and API client against the mock API: a Site Safety Inspection left after Next is kept as
 * a draft when Cancel's question is answered Keep draft, is found in the register through its 'Drafts: 1'
 * button with the status Draft, continues at the page it was left on and is submitted; another is discarded
 * from the same question; a Cancel pressed while Next's page save is in flight says "saved as a draft" once it has
 * answered; a view user is offered neither Add nor the draft's Continue and Discard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { mswPath } from '../fixtures/msw/handlers';
import { mockApi, server } from './test/mock-api';
import { renderApp } from './test/render';

const REGISTER = '/projects/1/health-and-safety/5';

/** Fills what page 1 of the Site Safety Inspection needs to go forward, then presses Next. */
async function fillFirstPage(user: UserEvent, inspector: string) {
  await user.type(await screen.findByLabelText(/^Inspected by/), inspector);
  await user.type(screen.getByLabelText(/^Inspection date/), '2026-11-20');
  await user.type(screen.getByLabelText(/^Area inspected/), 'Block A');
  await user.click(screen.getByRole('combobox', { name: /^Hot work on site\?/ }));
  await user.click(await screen.findByRole('option', { name: 'No' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Findings and sign-off' });
}

describe('drafts', () => {
  it('keeps a draft on Cancel, finds it in the register, continues it where it was left and submits it', async () => {
    await mockApi.logIn('user@demo.local');
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`${REGISTER}/add`);
    const path = () => router.state.location.pathname;
    await fillFirstPage(user, 'Seán Doyle');
    // The page save made a draft; Cancel says so and asks what to do with it.
    await waitFor(async () => expect((await mockApi.entries()).map((e) => e.isDraft)).toEqual([true]));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent(
      'This entry is saved as a draft. Keep the draft to finish it later, or discard it?',
    );
    await user.click(within(question).getByRole('button', { name: 'Keep draft' }));
    await waitFor(() => expect(path()).toBe(REGISTER));

    // The register lists submitted entries by default and says a draft is there.
    await screen.findByText('No records found');
    await user.click(await screen.findByRole('button', { name: 'Drafts: 1' }));
    const row = await screen.findByRole('row', { name: /Seán Doyle/ });
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'QR Code' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();

    // Continue opens the draft at the page it was left on; Submit ends it.
    await user.click(within(row).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe(`${REGISTER}/entry/1/edit`));
    await screen.findByRole('heading', { name: 'Findings and sign-off' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(path()).toBe(REGISTER));
    const [entry] = await mockApi.entries();
    expect(entry).toMatchObject({ entryNumber: 1, isDraft: false, enteredBy: 'Cian Murphy' });
    expect(entry.activePageOrder).toBeUndefined();
    const submitted = await screen.findByRole('row', { name: /Seán Doyle/ });
    expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
    // The Site Safety Inspection allows changing submitted entries: the register offers Edit.
    expect(within(submitted).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Drafts:/ })).toBeNull();
  });

  it('says the entry is a draft once a page save still in flight at Cancel has answered', async () => {
    await mockApi.logIn('user@demo.local');
    const user = userEvent.setup({ delay: null });
    // The page save of Next is held until the dialog is up (a slow connection, or a busy server).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Returning nothing hands the request on to the mock API's own handler.
    server.use(http.put(mswPath('entries.submit'), () => held));
    const { router } = renderApp(`${REGISTER}/add`);
    await fillFirstPage(user, 'Aoife Byrne');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Your answers are not saved yet.');
    release();
    await waitFor(() => expect(question).toHaveTextContent('This entry is saved as a draft.'));
    await user.click(within(question).getByRole('button', { name: 'Keep draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTER));
    expect((await mockApi.entries()).map((e) => e.isDraft)).toEqual([true]);
    server.resetHandlers();
  });

  it('discards the draft when Cancel is answered Discard draft', async () => {
    await mockApi.logIn('user@demo.local');
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`${REGISTER}/add`);
    await fillFirstPage(user, 'Niamh Kelly');
    await waitFor(async () => expect(await mockApi.entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTER));
    expect(await mockApi.entries()).toEqual([]);
    await screen.findByText('No records found');
    expect(screen.queryByRole('button', { name: /^Drafts:/ })).toBeNull();
  });

  it('offers a view user neither Add nor the changes of a draft', async () => {
    // A draft of the Concrete Pour Inspection (quality assurance: the view user's codes reach it).
    await mockApi.addEntries({
      id: 900,
      clientId: 1,
      projectId: 1,
      formId: 1,
      formVersion: 1,
      formArea: 'quality-assurance',
      entryNumber: 1,
      globalEntryNumber: 1,
      date: '2026-11-20T09:00:00.000Z',
      enteredBy: 'Draft for the viewer',
      answers: [],
      isDraft: true,
      activePageOrder: 2,
    });
    await mockApi.logIn('view@demo.local');
    const user = userEvent.setup({ delay: null });
    renderApp('/projects/1/qa/1');
    await user.click(await screen.findByRole('button', { name: 'Drafts: 1' }));
    const row = await screen.findByRole('row', { name: /Draft for the viewer/ });
    expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
