/**
 * A Grid question in the form renderer, over the real API (the seed's Site Safety Inspection): scores,
 * column sums and the rating recalculate on every change; unticking a row clears and disables it; the
 * saved entry carries the cells list with the server's scores. Issue 19: no rating before a score; rows
 * left alone are no answer (a partly scored checklist submits); a row answered without its required score
 * is reported under the grid, its cell marked, before the server is asked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from './../test/mock-api';
import { renderApp } from './../test/render';

describe('the grid field', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('scores ticked rows, sums hours, rates, clears an unticked row, and saves the cells with the scores', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects/1/health-and-safety/5/add');
    const table = await screen.findByRole('table', { name: 'Safety checklist' });
    const pick = async (name: string, value: string) => {
      await user.click(within(table).getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: value }));
    };
    // Nothing scored yet: no rating (not 'Poor' for 0 of 0); the required column says so.
    expect(screen.getByTestId('grid-rating')).toHaveTextContent('Rating: Not scored yet');
    expect(screen.queryByTestId('grid-percentage')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Score (0-3) *' })).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Inspected 1' }));
    expect(screen.getByTestId('grid-rating')).toHaveTextContent('Rating: Not scored yet');
    await pick('Score (0-3) 1', '3');
    await user.type(within(table).getByRole('spinbutton', { name: 'Hours 1' }), '2.5');
    await user.click(within(table).getByRole('checkbox', { name: 'Inspected 2' }));
    await pick('Score (0-3) 2', '1');
    await user.type(within(table).getByRole('spinbutton', { name: 'Hours 2' }), '1.25');
    expect(screen.getByTestId('grid-sum-3')).toHaveTextContent('Total 3.75');
    expect(screen.getByTestId('grid-total')).toHaveTextContent('Total Score: 4');
    expect(screen.getByTestId('grid-max')).toHaveTextContent('Max Score: 6');
    expect(screen.getByTestId('grid-percentage')).toHaveTextContent('Rating (%): 66.67');
    expect(screen.getByTestId('grid-rating')).toHaveTextContent('Rating: Fair');

    await user.click(within(table).getByRole('checkbox', { name: 'Inspected 2' }));
    expect(within(table).getByRole('spinbutton', { name: 'Hours 2' })).toHaveValue(null);
    expect(within(table).getByRole('spinbutton', { name: 'Hours 2' })).toBeDisabled();
    expect(screen.getByTestId('grid-sum-3')).toHaveTextContent('Total 2.5');
    expect(screen.getByTestId('grid-percentage')).toHaveTextContent('Rating (%): 100');
    expect(screen.getByTestId('grid-rating')).toHaveTextContent('Rating: Good');
    // Rows 3 and 4 are left alone: not answered, so their required scores are not asked.

    await user.type(screen.getByLabelText(/^Inspected by/), 'Seán Doyle');
    await user.type(screen.getByLabelText(/^Inspection date/), '2026-11-20');
    await user.type(screen.getByLabelText('Area inspected *'), 'Block A');
    await user.click(screen.getByRole('combobox', { name: 'Hot work on site? *' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    // No hot work: Next steps over the hot-work page to the sign-off.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Barrier tape colour');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/health-and-safety/5'));
    // Leaving page 1 saved a draft; the final Submit completed that same entry.
    const entries = await mockApi.entries();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry.isDraft).toBe(false);
    const grid = entry.answers.find((a) => a.questionId === 3);
    expect(grid).toMatchObject({ totalScore: 3, maxScore: 3, answers: [] });
    expect(grid?.grid?.cells.map((c) => [c.rowIndex, c.columnIndex, c.value])).toEqual([
      [0, 1, true],
      [0, 2, '3'],
      [0, 3, 2.5],
      [1, 1, false],
    ]);
  });

  it('reports a row answered without its required score under the grid, marks the cell, and lets it be put right', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/health-and-safety/5/add');
    const table = await screen.findByRole('table', { name: 'Safety checklist' });
    await user.type(screen.getByLabelText(/^Inspected by/), 'Seán Doyle');
    await user.type(screen.getByLabelText(/^Inspection date/), '2026-11-20');
    await user.type(screen.getByLabelText('Area inspected *'), 'Block A');
    await user.click(screen.getByRole('combobox', { name: 'Hot work on site? *' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    // Row 3 answered by its comment alone: its score is asked for.
    await user.type(within(table).getByRole('textbox', { name: 'Comments 3' }), 'Shoring in place');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Safety checklist: fill in the cells marked * of each row you answer.'),
    ).toBeInTheDocument();
    const score3 = within(table).getByRole('combobox', { name: 'Score (0-3) 3' });
    expect(score3).toHaveAttribute('aria-invalid', 'true');
    expect(within(table).getByRole('combobox', { name: 'Score (0-3) 4' })).not.toHaveAttribute('aria-invalid');
    await user.click(score3);
    await user.click(await screen.findByRole('option', { name: '2' }));
    await waitFor(() => expect(score3).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Barrier tape colour')).toBeInTheDocument();
  });

  it("is reached from the project's Health & Safety page", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects/1/health-and-safety');
    const row = await screen.findByRole('row', { name: /Site Safety Inspection/ });
    await user.click(within(row).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/health-and-safety/5'));
  });
});
