/**
 * The preview (issue 21 part 6): the draft in the real renderer, paged as a project user pages it (a page hidden by
 * its condition stepped over, a required-on-page-change question enforced before moving on), the answers shown as
 * the server would store them, the width toggled, and no request made.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDefinition } from '../../engine/test/definitions';
import type { FormDefinition } from '../../engine/types/generated';
import { DesignerContext, DesignerStore } from '../store';
import { PreviewDialog, storedPreview } from './PreviewDialog';

/** Two pages: 'Site' (Area, required on page change; Hot works? Yes/No) and 'Permit' (shown when Yes). */
function twoPageDraft(): FormDefinition {
  return testDefinition({ id: 7, title: 'Hot works inspection' }, [
    {
      id: 1,
      label: 'Site',
      questions: [
        { id: 1, label: 'Area', type: 'Text', requiredOnPageChange: true },
        {
          id: 2,
          label: 'Hot works?',
          type: 'Dropdown',
          options: [
            { id: 1, value: 'Yes' },
            { id: 2, value: 'No' },
          ],
        },
      ],
    },
    {
      id: 2,
      label: 'Permit',
      visibleWhen: { questionId: 2, equals: 'Yes' },
      questions: [{ id: 4, label: 'Permit number', type: 'Text' }],
    },
  ]);
}

function renderPreview(draft: FormDefinition) {
  const store = new DesignerStore(draft);
  const onClose = vi.fn();
  render(
    <DesignerContext.Provider value={store}>
      <PreviewDialog open onClose={onClose} />
    </DesignerContext.Provider>,
  );
  return { store, onClose };
}

/** The answers the side panel shows, parsed. */
function shownAnswers(): unknown {
  const pre = screen.queryByTestId('designer-preview-answers');
  return pre ? JSON.parse(pre.textContent ?? '') : null;
}

async function choose(user: ReturnType<typeof userEvent.setup>, name: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('PreviewDialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    fetchSpy.mockRestore();
  });

  it('pages through the draft as a project user would, shows the stored answers and saves nothing', async () => {
    const user = userEvent.setup();
    const { onClose } = renderPreview(twoPageDraft());
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(dialog).getByText('Hot works inspection')).toBeInTheDocument();
    expect(within(dialog).getByText('No answers yet.')).toBeInTheDocument();

    // Page 2 is hidden while Hot works? is not Yes: page 1 is the last, so it submits.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await choose(user, /Hot works\?/, 'Yes');
    // Now it shows: moving on asks for Area first (required on page change).
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/all required \(marked with a \*\) questions must be completed on this page/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Permit number')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Area/), 'Block A');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Permit number'), 'HW-12');
    await waitFor(() =>
      expect(shownAnswers()).toEqual({
        answers: [
          { formId: 7, questionId: 1, answers: ['Block A'] },
          { formId: 7, questionId: 2, answers: ['Yes'] },
          { formId: 7, questionId: 4, answers: ['HW-12'] },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Every answer is valid. Nothing was saved: this is a preview.')).toBeInTheDocument();

    // Back on page 1, No hides page 2 again: its answer is no longer stored, and page 1 submits.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await choose(user, /Hot works\?/, 'No');
    await waitFor(() =>
      expect(shownAnswers()).toEqual({
        answers: [
          { formId: 7, questionId: 1, answers: ['Block A'] },
          { formId: 7, questionId: 2, answers: ['No'] },
        ],
      }),
    );
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

    // The width: desktop first, phone and tablet on request.
    expect(screen.getByTestId('designer-preview-frame')).toHaveAttribute('data-width', 'desktop');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByTestId('designer-preview-frame')).toHaveAttribute('data-width', 'phone');
    await user.click(screen.getByRole('button', { name: 'Tablet' }));
    expect(screen.getByTestId('designer-preview-frame')).toHaveAttribute('data-width', 'tablet');

    // Start again: empty answers.
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByText('No answers yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps a file field’s uploads in memory: listed and stored as answers, never sent; forgotten when closed', async () => {
    const user = userEvent.setup();
    const draft = testDefinition({ id: 8, title: 'Photos' }, [
      { id: 1, label: 'Site', questions: [{ id: 5, label: 'Site photos', type: 'FileUpload', multiple: true }] },
    ]);
    const store = new DesignerStore(draft);
    const view = render(
      <DesignerContext.Provider value={store}>
        <PreviewDialog open onClose={() => undefined} />
      </DesignerContext.Provider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    const input = within(dialog).getByLabelText('Site photos', { selector: 'input' }) as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'scaffold.jpg', { type: 'image/jpeg' }));
    const list = await within(dialog).findByRole('list', { name: 'Site photos' });
    await within(list).findByText('scaffold.jpg');
    // The answer as it would be stored: the file's path in the entry's folder.
    await waitFor(() => expect(JSON.stringify(shownAnswers())).toMatch(/"[a-z0-9/]+\/scaffold\.jpg"/));
    // Deleted again, still without a request.
    await user.click(within(list).getByRole('button', { name: 'Delete scaffold.jpg' }));
    const question = await screen.findByText('Are you sure you want to delete scaffold.jpg file?');
    await user.click(within(question.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(list).queryByText('scaffold.jpg')).toBeNull());
    expect(fetchSpy).not.toHaveBeenCalled();
    // Closed: the file calls go to the server again.
    view.rerender(
      <DesignerContext.Provider value={store}>
        <PreviewDialog open={false} onClose={() => undefined} />
      </DesignerContext.Provider>,
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview' })).toBeNull());
    const { callOperation } = await import('../../runtime/api/client');
    fetchSpy.mockResolvedValue(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await callOperation('files.list', { query: { folder: 'files/x' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('gives a scored grid the score summary the server would store, and leaves out a hidden grid', () => {
    const score = [
      { id: 1, value: '0' },
      { id: 2, value: '1' },
      { id: 3, value: '2' },
    ];
    const def = testDefinition({ id: 8, title: 'Audit' }, [
      {
        id: 1,
        label: 'Audit',
        questions: [
          { id: 1, label: 'Skip?', type: 'Checkbox' },
          {
            id: 2,
            label: 'Housekeeping',
            type: 'Grid',
            grid: {
              totalColumns: 1,
              totalRows: 2,
              headers: [{ index: 0, label: 'Score' }],
              cells: [
                { id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 10, type: 'Dropdown', options: score } },
                { id: 2, rowIndex: 1, columnIndex: 0, cellQuestion: { id: 11, type: 'Dropdown', options: score } },
              ],
            },
            ratings: [
              { min: 0, max: 49.99, label: 'Poor' },
              { min: 50, max: 100, label: 'Good' },
            ],
            visibleWhen: { none: [{ questionId: 1, equals: true }] },
          },
        ],
      },
    ] as never);
    const grid = {
      cells: [
        { cellId: 1, rowIndex: 0, columnIndex: 0, gridCellQuestionId: 10, value: '2' },
        { cellId: 2, rowIndex: 1, columnIndex: 0, gridCellQuestionId: 11, value: '1' },
      ],
    };
    const stored = storedPreview(def, { q_2: grid });
    expect(stored.scores).toEqual([
      {
        questionId: 2,
        label: 'Housekeeping',
        totalScore: 3,
        maxScore: 4,
        ratingPercentage: 75,
        ratingLabel: 'Good',
        overallComments: '',
      },
    ]);
    expect(stored.answers).toEqual([
      expect.objectContaining({ questionId: 2, totalScore: 3, maxScore: 4, grid: expect.any(Object) }),
    ]);
    // Hidden by its condition: neither stored nor scored.
    expect(storedPreview(def, { q_1: true, q_2: grid })).toEqual({
      answers: [{ formId: 8, questionId: 1, answers: [true] }],
      scores: [],
    });
  });
});
