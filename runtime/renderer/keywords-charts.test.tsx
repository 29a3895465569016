/**
 * A register's `charts` (issue 24 §6: the table view with the numbers and its caption, the PNG download, a chart that
 * cannot be drawn, asked again with the filters), `addMenu` (Add per item of the answer) and a call's `withSelection`
 * (the ticked rows in the body), on the platform's project home and category register documents. chart.js is
 * replaced by a stand-in (`vi.mock`), kept out of keywords.test.tsx so that a file mocking a module stays apart (such a
 * file must run isolated when the jsdom files share a module graph: docs/testing.md "How long the suite takes");
 * the other keywords are in keywords.test.tsx. Calls go to the real API through MSW.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import projectHomeJson from '../../schemas/screens/projects/project-home.json';
import categoryRegisterJson from '../../schemas/screens/quality-assurance/category-register.json';
import { callOperation } from '../api/client';
import { mockApi, server } from '../test/mock-api';
import type { RegisterDocument } from './documents';
import { ScreenView } from './ScreenView';

// chart.js draws on a canvas jsdom does not have: the chart is a stand-in whose image is known.
const chartImage = vi.hoisted(() => vi.fn((_type?: string, _quality?: number) => 'data:image/png;base64,iVBORw0KGgo='));
// Set to make the stand-in fail as chart.js does when it cannot draw.
const chartFails = vi.hoisted(() => ({ now: false }));
vi.mock('react-chartjs-2', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  return {
    Chart: forwardRef<unknown, { 'aria-label'?: string }>(function Chart(props, ref) {
      useImperativeHandle(ref, () => ({ toBase64Image: chartImage }));
      if (chartFails.now) throw new TypeError("Cannot read properties of null (reading 'ownerDocument')");
      return <canvas role="img" aria-label={props['aria-label']} />;
    }),
  };
});

function show(doc: RegisterDocument, params: Record<string, string>) {
  const router = createMemoryRouter([{ path: '/', element: <ScreenView document={doc} params={params} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('charts, addMenu and withSelection (issue 24)', () => {
  const categoryRegister = categoryRegisterJson as unknown as RegisterDocument;
  const projectHome = projectHomeJson as unknown as RegisterDocument;
  const hsInspections = {
    projectId: '1',
    formArea: 'health-and-safety',
    section: 'health-and-safety',
    category: 'inspections',
  };
  /** Page 1 of the Site Safety Inspection with its required questions (a full submit). */
  const complete = [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: ['No'] },
  ];
  const submit = (answers: unknown[], draft = false) =>
    callOperation('entries.submit', {
      params: { projectId: 1, formArea: 'health-and-safety' },
      ...(draft ? { query: { isFromPaging: 'true', activePageOrder: '1' } } : {}),
      body: { formId: 5, answers },
    });

  function Location() {
    return <p>At {useLocation().pathname}</p>;
  }
  function showRoutes(doc: RegisterDocument, params: Record<string, string>) {
    const router = createMemoryRouter([
      { path: '/', element: <ScreenView document={doc} params={params} /> },
      { path: '*', element: <Location /> },
    ]);
    return render(<RouterProvider router={router} />);
  }

  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it("charts: draws the answer's data, its table view shows the numbers with a caption, and the PNG downloads", async () => {
    await submit([{ questionId: 1, answers: ['Draft author'] }], true);
    const user = userEvent.setup();
    show(projectHome, { projectId: '1' });
    const card = await screen.findByRole('region', { name: 'Open items per category' });
    expect(
      await within(card).findByRole('img', {
        name: 'Chart: Open items per category. Its numbers are in the table view.',
      }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('table')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show table' }));
    const table = within(card).getByRole('table', { name: 'Open items per category: the numbers of the chart' });
    expect(within(table).getByRole('columnheader', { name: 'Category' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Health & Safety - Inspections 1' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Quality Assurance - Audits 0' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');

    const saved: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await user.click(within(card).getByRole('button', { name: 'Download PNG' }));
    expect(chartImage).toHaveBeenCalledWith('image/png', 1);
    expect(saved).toEqual([{ href: 'data:image/png;base64,iVBORw0KGgo=', download: 'Open items per category.png' }]);
    click.mockRestore();
  });

  it('charts: a chart that cannot be drawn says so in its card, its table view still there, the page unharmed', async () => {
    await submit([{ questionId: 1, answers: ['Draft author'] }], true);
    const user = userEvent.setup();
    chartFails.now = true;
    try {
      show(projectHome, { projectId: '1' });
      const card = await screen.findByRole('region', { name: 'Open items per category' });
      expect(
        await within(card).findByText('The chart could not be drawn here. Its numbers are in the table view.'),
      ).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Show table' }));
      expect(within(card).getByRole('row', { name: 'Health & Safety - Inspections 1' })).toBeInTheDocument();
    } finally {
      chartFails.now = false;
    }
  });

  it('charts with a call are asked again with the filters; addMenu adds per form; withSelection sends the ticked rows', async () => {
    await submit(complete);
    await submit(complete);
    const chartBodies: unknown[] = [];
    const downloads: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/inspections/charts')) chartBodies.push(await request.clone().json());
      if (request.url.endsWith('/inspections/download')) downloads.push(await request.clone().json());
    });
    const user = userEvent.setup();
    showRoutes(categoryRegister, hsInspections);
    await screen.findByRole('row', { name: /Site Safety Inspection 2/ });
    const perWeek = await screen.findByRole('region', { name: 'Entries per week' });
    await user.click(within(perWeek).getByRole('button', { name: 'Show table' }));
    const table = within(perWeek).getByRole('table', { name: 'Entries per week: the numbers of the chart' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week of', 'Site Safety Inspection']);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^\d{4}-\d{2}-\d{2}2$/);
    // The form is scored, but nothing is scored in these entries: its score charts have nothing to show yet.
    const bands = screen.getByRole('region', { name: 'Rating bands' });
    expect(within(bands).getByText('Nothing to show yet')).toBeInTheDocument();
    expect(chartBodies.at(-1)).toEqual({ filters: [{ id: 'status', value: 'Submitted' }] });

    // Ticked rows go with Download CSV.
    URL.createObjectURL = vi.fn(() => 'blob:category');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const row = screen.getByRole('row', { name: /Site Safety Inspection 1/ });
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatchObject({
      filters: [{ id: 'status', value: 'Submitted' }],
      entries: [{ formId: 5, entryNumber: 1 }],
    });
    click.mockRestore();

    // The Status choice's Draft: the charts are counted again over the drafts (none).
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(chartBodies.at(-1)).toEqual({ filters: [{ id: 'status', value: 'Draft' }] }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Entries per week' })).getByText('Nothing to show yet'),
      ).toBeInTheDocument(),
    );
    server.events.removeAllListeners();

    // Add: one choice per form of the category, opening its add route.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Site Safety Inspection' }));
    expect(await screen.findByText('At /projects/1/health-and-safety/5/add')).toBeInTheDocument();
  });
});
