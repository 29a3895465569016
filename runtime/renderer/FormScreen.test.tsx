/**
 * A form screen's refusals (issue 19), over the real API with the server's answer replaced where a refusal
 * is needed (MSW): each message of a refused submit or page save shows at its question, the page holding
 * it is marked and opened, and the notice above says so in catalogue words; messages that name no question
 * are listed under it; the raw 'The request body is not valid: …' never shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mswPath } from '../../fixtures/msw/handlers';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';

const SUMMARY = 'Some answers need attention. Please check the questions marked below.';

/** A 400 as the API words a refused entry: the raw summary in `message`, a detail per problem. */
function refusal(details: Array<{ path: string; messageId: string; message: string }>) {
  return HttpResponse.json(
    {
      messageId: 'validation.invalidBody',
      message: `The request body is not valid: ${details.map((d) => d.message).join('; ')}`,
      details,
    },
    { status: 400 },
  );
}

/** The active page link of the links above the form. */
function activePage(): string {
  const top = screen.getByRole('navigation', { name: 'Pages of the form' });
  return within(top).getByRole('button', { current: 'page' }).textContent ?? '';
}

/** Fills the Site Safety Inspection's first page (no hot work) and goes to the sign-off page. */
async function fillFirstPage(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'Safety checklist' });
  await user.type(screen.getByLabelText(/^Inspected by/), 'Seán Doyle');
  await user.type(screen.getByLabelText(/^Inspection date/), '2026-11-20');
  await user.type(screen.getByLabelText('Area inspected *'), 'Block A');
  await user.click(screen.getByRole('combobox', { name: 'Hot work on site? *' }));
  await user.click(await screen.findByRole('option', { name: 'No' }));
}

describe('a refused form', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('shows a refused submit at its questions, opens and marks their page, and lists what names no question', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects/1/health-and-safety/5/add');
    await fillFirstPage(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Barrier tape colour');
    await waitFor(async () => expect(await mockApi.entries()).toHaveLength(1));
    // The page change the refusal makes saves the page left (a draft save); it answers only when the test says.
    let answerPageSave: () => void = () => {};
    const pageSaveHeld = new Promise<void>((resolve) => {
      answerPageSave = resolve;
    });
    let pageSavesAfterSubmit = 0;
    let submitted = false;
    server.use(
      http.put(mswPath('entries.submit'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('isFromPaging') === 'true') {
          if (!submitted) return;
          pageSavesAfterSubmit += 1;
          await pageSaveHeld;
          return HttpResponse.json({ entryNumber: (await mockApi.entries())[0].entryNumber });
        }
        submitted = true;
        return refusal([
          { path: 'q_2', messageId: 'validation.min', message: 'Inspection date must be at least 2026-11-21.' },
          {
            path: '/answers/12/questionId',
            messageId: 'validation.unknownQuestion',
            message: 'Question 99 is not part of this form.',
          },
        ]);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const notice = await screen.findByText(SUMMARY);
    expect(notice.closest('[role="alert"]')).toHaveTextContent('Question 99 is not part of this form.');
    expect(screen.queryByText(/The request body is not valid/)).toBeNull();
    // The page holding the question opens at its top, its link marked; the message is at the question.
    await waitFor(() => expect(activePage()).toBe('Inspection'));
    expect(screen.getByRole('heading', { level: 2, name: 'Inspection' })).toHaveFocus();
    expect(await screen.findByText('Inspection date must be at least 2026-11-21.')).toBeInTheDocument();
    // The draft saved by that page change does not take the refusal away: the submit is still refused.
    await waitFor(() => expect(pageSavesAfterSubmit).toBe(1));
    answerPageSave();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
    expect(screen.getByText('Inspection date must be at least 2026-11-21.')).toBeInTheDocument();
    for (const nav of screen
      .getAllByRole('navigation')
      .filter((n) => within(n).queryByRole('button', { name: 'Inspection' }))) {
      expect(within(nav).getByRole('button', { name: 'Inspection' })).toHaveAccessibleDescription(
        'Has answers that need attention',
      );
      expect(within(nav).getByRole('button', { name: 'Findings and sign-off' })).not.toHaveAccessibleDescription();
    }
    expect(router.state.location.pathname).toBe('/projects/1/health-and-safety/5/add');
  });

  it('shows a refused page save at its question and goes back to its page', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/health-and-safety/5/add');
    await fillFirstPage(user);
    server.use(
      http.put(mswPath('entries.submit'), () =>
        refusal([
          {
            path: 'q_17',
            messageId: 'validation.tooLong',
            message: 'Area inspected cannot be longer than 5 characters.',
          },
        ]),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(SUMMARY)).toBeInTheDocument();
    await waitFor(() => expect(activePage()).toBe('Inspection'));
    expect(screen.getByText('Area inspected cannot be longer than 5 characters.')).toBeInTheDocument();
    expect(screen.queryByText(/The request body is not valid/)).toBeNull();
  });
});
