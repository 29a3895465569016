/**
 * The journey through the real routes, renderer and API client against the mock API:
 * a project user logs in, opens a project, opens the Quality Assurance register of a form, presses
 * Add, fills the form, submits it, sees the new entry in the register and opens it read-only.
 */

import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, http } from 'msw';
import type { QuestionProperties } from '../engine/forms/questions';
import type { Question } from '../engine/types/generated';
import { mswPath } from '../fixtures/msw/handlers';
import { DEMO_PASSWORD, demoSeed } from '../fixtures/seed';
import { mockApi, server } from './test/mock-api';
import { renderApp } from './test/render';

const project = demoSeed.projects.find((p) => p.clientId === 1)!;
const form = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'quality-assurance')!;
const marker = 'Bay 42 north';

const exact = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

function valueFor(q: QuestionProperties, firstText: boolean): string {
  if (q.extendedType === 'Number') return String(q.min !== undefined ? q.min + 1 : 42);
  if (q.extendedType === 'Hyperlink') return 'https://example.com/pour/1';
  if (q.extendedType === 'Long') return 'Surface finish good.';
  return firstText ? marker : 'Checked on site';
}

async function fillQuestion(user: UserEvent, q: Question, firstText: boolean) {
  if (q.type === 'Text') {
    await user.click(screen.getByLabelText(exact(q.label)));
    await user.paste(valueFor(q, firstText));
  } else if (q.type === 'Date') {
    await user.type(screen.getByLabelText(exact(q.label)), '2026-11-20');
  } else if (q.type === 'Dropdown') {
    await user.click(screen.getByRole('combobox', { name: exact(q.label) }));
    await user.click(await screen.findByRole('option', { name: q.options![0].value }));
  } else if (q.type === 'Checkbox') {
    const name = q.options && q.options.length > 0 ? q.options[0].value : exact(q.label);
    await user.click(screen.getByRole('checkbox', { name }));
  }
}

describe('the main journey', () => {
  it('logs in, adds an entry through the form and sees it in the register', async () => {
    // No pause between keystrokes: the form has many fields.
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/');
    const path = () => router.state.location.pathname;

    await user.type(await screen.findByLabelText('E-mail *'), 'user@demo.local');
    await user.type(screen.getByLabelText('Password *'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(path()).toBe('/home'));

    await user.click((await screen.findAllByRole('button', { name: 'Go' }))[0]);
    await waitFor(() => expect(path()).toBe('/projects'));
    const projectRow = await screen.findByRole('row', { name: new RegExp(project.code) });
    await user.click(within(projectRow).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(path()).toBe(`/projects/${project.id}/qa`));

    const formRow = await screen.findByRole('row', { name: new RegExp(form.title) });
    await user.click(within(formRow).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(path()).toBe(`/projects/${project.id}/qa/${form.id}`));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    // Breadcrumbs from route titles.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(await within(crumbs).findByText(form.title)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(path()).toMatch(/\/add$/));
    await screen.findByRole('heading', { name: form.title });

    let firstText = true;
    for (const [index, page] of form.pages.entries()) {
      await screen.findByLabelText(exact(page.questions[0].label));
      for (const q of page.questions) {
        const isText = q.type === 'Text' && (q.extendedType ?? 'Normal') === 'Normal';
        await fillQuestion(user, q, isText && firstText);
        if (isText) firstText = false;
      }
      if (index < form.pages.length - 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(path()).toBe(`/projects/${project.id}/qa/${form.id}`));
    const entryRow = await screen.findByRole('row', { name: new RegExp(marker) });
    expect(entryRow).toHaveTextContent('Cian Murphy');
    expect(entryRow).toHaveTextContent('2026-11-20');
    expect(screen.getByText('Records: 1 - 1 of 1')).toBeInTheDocument();
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    const entries = await mockApi.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entryNumber: 1, projectId: project.id, formId: form.id });

    await user.click(within(entryRow).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(path()).toMatch(/\/entry\/1$/));
    const location = await screen.findByLabelText(exact(form.pages[0].questions[0].label));
    expect(location).toHaveValue(marker);
    expect(location).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(path()).toBe(`/projects/${project.id}/qa/${form.id}`));
  }, 60_000);

  it('saves one entry when the page save is still on its way at Submit (a slow connection)', async () => {
    await mockApi.logIn('user@demo.local');
    // The page save of page 1 is held until the final submit arrives (or 3 s pass); the request then reaches the
    // real API as usual. A client that does not wait for its page save sends the submit without the entry's number.
    let slowed = 0;
    let releaseSave: () => void = () => undefined;
    const submitted = new Promise<void>((resolve) => {
      releaseSave = resolve;
    });
    server.use(
      http.put(mswPath('entries.submit'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('isFromPaging') !== 'true') releaseSave();
        else if (slowed++ === 0) await Promise.race([submitted, delay(3000)]);
        return undefined;
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/projects/${project.id}/qa/${form.id}/add`);
    let firstText = true;
    for (const [index, page] of form.pages.entries()) {
      await screen.findByLabelText(exact(page.questions[0].label));
      for (const q of page.questions) {
        const isText = q.type === 'Text' && (q.extendedType ?? 'Normal') === 'Normal';
        await fillQuestion(user, q, isText && firstText);
        if (isText) firstText = false;
      }
      if (index < form.pages.length - 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}/qa/${form.id}`));
    expect(slowed).toBeGreaterThan(0);
    await delay(500); // a page save still on its way has landed by now
    const entries = await mockApi.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0].isDraft).not.toBe(true);
    const last = form.pages.at(-1)?.questions.find((q: QuestionProperties) => q.required);
    expect(entries[0].answers.some((a) => a.questionId === last?.id)).toBe(true);
  }, 60_000);

  it('sends a user who is not logged in to the unauthorised page', async () => {
    const { router } = renderApp('/projects');
    expect(
      await screen.findByText('You are not authorised to access this page. Contact your administrator for assistance.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends an unknown path to the login page with an error parameter', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('button', { name: 'LOGIN' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?error=notfound');
  });

  it('logs out through the user menu', async () => {
    await mockApi.logIn('user@demo.local');
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Cian Murphy' }));
    expect(screen.getByText('user@demo.local')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Switch Portal' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'LOG OUT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await mockApi.session()).toBeNull();
  });
});
