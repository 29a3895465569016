/**
 * The form creator's page (issue 21 parts 1, 5, 7, 8, 9) through the real routes, shell and API client against
 * the mock API (the real app over the demo seed): the four areas' routes and their guards; a new form created on
 * its first autosave, its id put in the URL without losing the history, then updated with the `modified` it was
 * saved with; another administrator's save shown with Reload; undo and redo by keyboard (not inside a text
 * field); the leave guard while a save waits; the JSON view; Publish refused by the design check's errors and
 * done with its warnings, the toolbar's version following.
 *
 * The palette slot is replaced by a probe that hands the test the page's store: the test edits the draft through
 * it, as the palette, canvas and property panel do (their own tests drive their screens).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addQuestion, deleteQuestions, updateQuestion } from '../engine/designer';
import type { QuestionProperties } from '../engine/forms/questions';
import type { FormDefinition } from '../engine/types/generated';
import { mswPath } from '../fixtures/msw/handlers';
import { demoSeed } from '../fixtures/seed';
import { routeQuestions } from '../runtime/shell/route-access';
import { mockApi, server } from '../runtime/test/mock-api';
import { renderApp } from '../runtime/test/render';
import { type DesignerStore, useDesignerStore } from './store';

const probe = vi.hoisted(() => ({ store: null as DesignerStore | null }));

vi.mock('./palette/Palette', () => ({
  Palette: function PaletteProbe() {
    probe.store = useDesignerStore();
    return null;
  },
}));

/** The open draft's store (after the page loaded). */
async function openStore(): Promise<DesignerStore> {
  await waitFor(() => expect(probe.store).not.toBeNull());
  return probe.store as DesignerStore;
}

/** The requests the page sent to the forms API, in order: method, path and JSON body. */
function recordFormCalls() {
  const calls: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/settings/forms')) return;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
  };
  server.events.on('request:start', listener);
  return calls;
}

const saveState = () => screen.getByTestId('designer-save-state');
const AREAS = ['quality-assurance', 'health-and-safety', 'projects', 'qs'];
const pour = demoSeed.formDefinitions[0];

beforeEach(() => {
  probe.store = null;
  server.events.removeAllListeners();
});

describe('the form creator routes', () => {
  it('opens the creator of each area for a new form (forms.create) and a working copy (forms.update)', () => {
    for (const area of AREAS) {
      expect(routeQuestions(`/${area}/form-creator`)).toContainEqual({
        operation: 'forms.create',
        params: expect.objectContaining({ formArea: area }),
      });
      expect(routeQuestions(`/${area}/form-creator/12`)).toContainEqual({
        operation: 'forms.update',
        params: expect.objectContaining({ formArea: area, formId: '12' }),
      });
    }
  });

  it('refuses a user who is not the area administrator', async () => {
    await mockApi.logIn('hs@demo.local');
    const { router } = renderApp('/quality-assurance/form-creator');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it("puts Create Form and Edit on the form library, opening the area's creator", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/quality-assurance/form-library');
    const row = await screen.findByRole('row', { name: new RegExp(pour.title) });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quality-assurance/form-creator/${pour.id}`));
    await screen.findByRole('heading', { level: 1, name: pour.title });
    act(() => {
      void router.navigate('/quality-assurance/form-library');
    });
    await user.click(await screen.findByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quality-assurance/form-creator'));
    await screen.findByRole('heading', { level: 1, name: 'Untitled form' });
  });
});

describe('a new form', () => {
  it('is created on its first save, keeps its history in its URL, then saves with the modified it was saved with', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const calls = recordFormCalls();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/quality-assurance/form-creator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled form' })).toBeInTheDocument();
    const store = await openStore();
    expect(saveState()).toHaveTextContent('Not saved yet');
    expect(screen.getByTestId('designer-version')).toHaveTextContent('Not published');

    act(() => {
      store.edit('addQuestion', (d, floor) => addQuestion(d, 'text', { pageId: d.pages[0].id }, floor));
    });
    // While the save waits, the page reports unsaved changes: leaving asks.
    expect(saveState()).toHaveTextContent('Saving…');
    act(() => {
      void router.navigate('/home');
    });
    const leave = await screen.findByRole('dialog');
    expect(leave).toHaveTextContent('Are you sure you want to leave this page without saving?');
    await user.click(within(leave).getByRole('button', { name: 'No' }));
    // The question's exit transition keeps the page aria-hidden until it ends (slow on a loaded machine).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() => expect(saveState()).toHaveTextContent('All changes saved'));
    const [created] = calls.filter((c) => c.method === 'POST');
    expect(created.path).toBe('/api/settings/forms/quality-assurance');
    expect(created.body).toMatchObject({ title: 'Untitled form' });
    expect(created.body).not.toHaveProperty('id');
    const stored = (await mockApi
      .store()
      .collection<FormDefinition>('formDefinitions')
      .findOne({ title: 'Untitled form', clientId: 1 })) as FormDefinition;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quality-assurance/form-creator/${stored.id}`));

    // The same page and history: the added question is undone by Ctrl+Z and redone by Ctrl+Shift+Z / Ctrl+Y.
    expect(probe.store).toBe(store);
    const [question] = store.draft.pages[0].questions;
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await user.keyboard('{Control>}z{/Control}');
    expect(store.draft.pages[0].questions).toEqual([]);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(store.draft.pages[0].questions.map((q) => q.id)).toEqual([question.id]);
    await user.keyboard('{Control>}z{/Control}{Control>}y{/Control}');
    expect(store.draft.pages[0].questions.map((q) => q.id)).toEqual([question.id]);

    // The next save is an update carrying the modified of the first save's answer.
    const before = calls.length;
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, question.id, { label: 'Area inspected' }), {
        mergeKey: 'label',
      });
    });
    await waitFor(() => expect(calls.slice(before).some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(saveState()).toHaveTextContent('All changes saved'));
    const update = calls.slice(before).find((c) => c.method === 'PUT');
    expect(update?.path).toBe(`/api/settings/forms/quality-assurance/${stored.id}`);
    expect(update?.body).toMatchObject({ modified: stored.modified });
    const saved = await mockApi.store().collection<FormDefinition>('formDefinitions').findOne({ id: stored.id });
    expect(saved?.pages[0].questions[0].label).toBe('Area inspected');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('a working copy', () => {
  it("takes the working copy the route's loader asked for: one forms.get and one publish impact per opening", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const calls = recordFormCalls();
    const { router } = renderApp(`/quality-assurance/form-creator/${pour.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: pour.title })).toBeInTheDocument();
    await openStore();
    const gets = () => calls.filter((c) => c.method === 'GET').map((c) => c.path);
    expect(gets()).toEqual([
      `/api/settings/forms/quality-assurance/${pour.id}`,
      `/api/settings/forms/quality-assurance/${pour.id}/publish-impact`,
    ]);
    // The loader's data holds the calls for this form; the page asked for nothing more.
    const loaded = router.state.loaderData as Record<string, { workingCopy?: { formId: string } } | null>;
    expect(Object.values(loaded).some((data) => data?.workingCopy?.formId === String(pour.id))).toBe(true);
  });

  it("shows another administrator's save with Reload, which takes the server's copy", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp(`/quality-assurance/form-creator/${pour.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: pour.title })).toBeInTheDocument();
    const store = await openStore();
    expect(saveState()).toHaveTextContent('All changes saved');
    expect(screen.getByTestId('designer-version')).toHaveTextContent(`Version ${pour.version}`);
    // Landmarks, headings and names: axe finds nothing serious (jsdom has no layout: contrast is the browser
    // tests').
    const { violations } = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Someone else saves the copy meanwhile.
    await mockApi
      .store()
      .collection('formDefinitions')
      .updateOne(
        { id: pour.id, clientId: 1 },
        { $set: { modified: '2026-11-26T09:30:00.000Z', modifiedBy: 'Ciara Brennan', title: 'Pour record (theirs)' } },
      );
    const first = store.draft.pages[0].questions[0];
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, first.id, { label: 'Mine' }));
    });
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Not saved: Ciara Brennan saved this form at/));
    // Autosaving stops: nothing overwrites their copy.
    const theirs = await mockApi.store().collection<FormDefinition>('formDefinitions').findOne({ id: pour.id });
    expect(theirs?.title).toBe('Pour record (theirs)');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(saveState()).toHaveTextContent('All changes saved'));
    expect(store.draft.title).toBe('Pour record (theirs)');
    expect(screen.getByRole('heading', { level: 1, name: 'Pour record (theirs)' })).toBeInTheDocument();
    // The history buttons follow the history after the edit's frame (a deferred value: docs/performance.md).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled());
  });

  it('shows a refused save with its message, and saves again after the next edit', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const refusal = 'A form may have at most 2000 questions; this one has 2001.';
    server.use(
      http.put(mswPath('forms.update'), () =>
        HttpResponse.json({ messageId: 'forms.tooManyQuestions', message: refusal }, { status: 400 }),
      ),
    );
    renderApp(`/quality-assurance/form-creator/${pour.id}`);
    const store = await openStore();
    const first = store.draft.pages[0].questions[0];
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, first.id, { label: 'Refused' }));
    });
    await waitFor(() => expect(saveState()).toHaveTextContent(`Not saved: ${refusal}`));
    server.resetHandlers();
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, first.id, { label: 'Taken' }));
    });
    await waitFor(() => expect(saveState()).toHaveTextContent('All changes saved'));
    const saved = await mockApi.store().collection<FormDefinition>('formDefinitions').findOne({ id: pour.id });
    expect(saved?.pages[0].questions[0].label).toBe('Taken');
  });

  it("shows a notice with Undo, and the server's refusal of a publish with its details", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp(`/quality-assurance/form-creator/${pour.id}`);
    const store = await openStore();
    const first = store.draft.pages[0].questions[0];
    act(() => {
      store.edit('deleteQuestions', (d) => deleteQuestions(d, [first.id]), {
        notice: { messageId: 'designer.notFound', undoable: true },
      });
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('That question or page is no longer in the form.');
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(store.draft.pages[0].questions[0].id).toBe(first.id);

    server.use(
      http.put(mswPath('forms.publish'), () =>
        HttpResponse.json(
          {
            messageId: 'designCheck.gridWithoutRows',
            message: "The grid 'Checks' has no rows.",
            details: [{ path: '/pages/0/questions/2', messageId: 'forms.x', message: "'Pour' offers 'A' twice." }],
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: `Publish ${pour.title}` });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText("The grid 'Checks' has no rows.")).toBeInTheDocument();
    expect(within(dialog).getByText("'Pour' offers 'A' twice.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByTestId('designer-version')).toHaveTextContent(`Version ${pour.version}`);
  });

  it('shows the JSON, leaves typing in a text field to the browser, and publishes only without design errors', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp(`/quality-assurance/form-creator/${pour.id}`);
    const store = await openStore();
    await screen.findByRole('heading', { level: 1, name: pour.title });

    // JSON view: the draft, read-only, copied.
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const json = await screen.findByRole('dialog', { name: 'Form definition (JSON)' });
    expect(JSON.parse(within(json).getByTestId('designer-json').textContent ?? '')).toMatchObject({
      id: pour.id,
      title: pour.title,
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(json).getByRole('button', { name: 'Copy' }));
    expect(await within(json).findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(writeText.mock.calls[0][0]).toContain(`"title": "${pour.title}"`);
    await user.click(within(json).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A choice offering one value twice: a design error, live in the panel (linking to its question) and
    // blocking Publish.
    const questions = () => store.draft.pages.flatMap((p) => p.questions) as QuestionProperties[];
    const choice = questions().find((q) => (q.options?.length ?? 0) > 1) as QuestionProperties;
    const options = choice.options ?? [];
    act(() => {
      store.edit('updateQuestion', (d) =>
        updateQuestion(d, choice.id, { options: [...options, { ...options[0], id: 999 }] }),
      );
    });
    // Ctrl+Z in a text field is the field's own: the draft keeps the edit.
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await user.keyboard('{Control>}z{/Control}');
    input.remove();
    expect(questions().find((q) => q.id === choice.id)?.options).toHaveLength(options.length + 1);

    await user.click(screen.getByRole('button', { name: 'Design check' }));
    const item = await screen.findByRole('button', { name: new RegExp(`'${choice.label}' offers the value`) });
    act(() => store.select(null));
    await user.click(item);
    expect(store.getState().selected).toEqual([choice.id]);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    let dialog = await screen.findByRole('dialog', { name: `Publish ${pour.title}` });
    const errors = await within(dialog).findByTestId('designer-publish-errors');
    expect(errors).toHaveTextContent(`'${choice.label}' offers the value '${options[0].value}' more than once.`);
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Undone (the Undo button names the edit), with a warning only: the e-mail text nobody is notified of.
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAccessibleDescription('Undo question change');
    await user.click(undo);
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, choice.id, { emailText: true }));
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    dialog = await screen.findByRole('dialog', { name: `Publish ${pour.title}` });
    expect(await within(dialog).findByTestId('designer-publish-warnings')).toHaveTextContent(
      `'${choice.label}' goes into the notification e-mail, but no question asks whom to notify.`,
    );
    expect(within(dialog).queryByTestId('designer-publish-errors')).toBeNull();
    expect(
      within(dialog).getByText(/^Changes from version \d+: 0 added, 0 removed, 1 changed, 0 moved\.$/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText(`Version ${pour.version + 1} published.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Versions' })).toHaveAttribute(
      'href',
      `/quality-assurance/form-library/${pour.id}/versions`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('designer-version')).toHaveTextContent(`Version ${pour.version + 1}`);
    const version = await mockApi
      .store()
      .collection<{ definition: FormDefinition }>('formVersions')
      .findOne({ formId: pour.id, version: pour.version + 1 });
    const publishedQuestions = (version as { definition: FormDefinition }).definition.pages.flatMap((p) => p.questions);
    expect((publishedQuestions as QuestionProperties[]).find((q) => q.id === choice.id)?.emailText).toBe(true);

    // The publish stamped the copy: the next save is not taken for another administrator's.
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, choice.id, { label: 'After publishing' }));
    });
    await waitFor(() => expect(saveState()).toHaveTextContent('Saving…'));
    await waitFor(() => expect(saveState()).toHaveTextContent('All changes saved'));
  });
});
