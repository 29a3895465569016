import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mswPath } from '../../fixtures/msw/handlers';
import { demoSeed } from '../../fixtures/seed';
import type { FormEntry } from '../api/types';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';

const form = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'quality-assurance')!;
const registerPath = `/projects/1/qa/${form.id}`;

function entry(entryNumber: number, location: string): FormEntry {
  return {
    id: entryNumber,
    clientId: 1,
    projectId: 1,
    formId: form.id,
    formArea: 'quality-assurance',
    entryNumber,
    globalEntryNumber: entryNumber,
    date: `2026-03-${String((entryNumber % 28) + 1).padStart(2, '0')}T09:30:00.000Z`,
    enteredBy: 'Cian Murphy',
    answers: [
      { questionId: 1, answers: [location] },
      { questionId: 2, answers: ['2026-03-01'] },
    ],
  };
}

function dataRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 1);
}

describe('Register', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it("shows 'No records found' and an empty pager when the form has no entries", async () => {
    renderApp(registerPath);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByText('Records: 0 - 0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows the rows the server pages, with the fixed and the register columns, and pages on', async () => {
    await mockApi.addEntries(...Array.from({ length: 12 }, (_, i) => entry(i + 1, `Bay ${i + 1}`)));
    const user = userEvent.setup();
    renderApp(registerPath);
    expect(await screen.findByText('Records: 1 - 10 of 12')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: form.title })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const header of ['Entry Number', 'Created', 'Entered By', 'Pour location', 'Pour date']) {
      expect(headers.some((h) => h.includes(header))).toBe(true);
    }
    expect(dataRows()).toHaveLength(10);
    expect(screen.getByRole('row', { name: /Bay 3\b/ })).toHaveTextContent('Cian Murphy');
    expect(screen.getByRole('row', { name: /Bay 3\b/ })).toHaveTextContent(/2026-03-04 \d\d:30/);
    // Above the table, the register's charts (entries.registerCharts): jsdom has no canvas, but the numbers are in
    // the table view, and a chart that cannot be drawn does not take the register down (Charts.tsx ChartBoundary).
    const perWeek = await screen.findByRole('region', { name: 'Entries per week' });
    await user.click(within(perWeek).getByRole('button', { name: 'Show table' }));
    const weeks = within(within(perWeek).getByRole('table')).getAllByRole('row').slice(1);
    // Every one of the 12 entries is counted in some week.
    const counted = weeks.map((row) => Number(row.lastElementChild?.textContent ?? 0)).reduce((a, b) => a + b, 0);
    expect(counted).toBe(12);
    await user.click(within(perWeek).getByRole('button', { name: 'Show chart' }));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Records: 11 - 12 of 12')).toBeInTheDocument();
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    // The server lists the newest entries first, so the second page holds the two oldest.
    expect(screen.getByRole('row', { name: /Bay 1\b/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Bay 2\b/ })).toBeInTheDocument();
  });

  it('sends the page size, sorting and the search to the server', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/getall/')) bodies.push(await request.clone().json());
    });
    await mockApi.addEntries(entry(1, 'Bay 1'), entry(2, 'Core A'));
    const user = userEvent.setup();
    renderApp(registerPath);
    await screen.findByText('Records: 1 - 2 of 2');
    await user.type(screen.getByPlaceholderText('Search'), 'core');
    await waitFor(() => expect(screen.getByText('Records: 1 - 1 of 1')).toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Core A/ })).toBeInTheDocument();
    server.events.removeAllListeners();
    // The Status choice's default (Submitted) goes with every query (docs/decisions.md "Drafts").
    expect(bodies.at(-1)).toEqual({
      pageIndex: 0,
      pageSize: 10,
      sorting: [],
      filters: [{ id: 'status', value: 'Submitted' }],
      globalFilter: 'core',
    });
  });

  it('downloads the CSV with the file name the server gives', async () => {
    await mockApi.addEntries(entry(1, 'Bay 1'));
    const created: Blob[] = [];
    const clicked: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:register';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderApp(registerPath);
    await screen.findByText('Records: 1 - 1 of 1');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    // The default export setting for a register download: form title, " - ", the download day.
    expect(clicked[0]).toMatch(new RegExp(`^${form.title} - \\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = await created[0].text();
    expect(text).toContain('Entry Number,Created,Entered By');
    expect(text).toContain('Bay 1');
    click.mockRestore();
  });

  it('shows the server message when the rows cannot be read', async () => {
    server.use(
      http.post(mswPath('entries.getall'), () =>
        HttpResponse.json({ messageId: 'notFound.form', message: 'The form was not found.' }, { status: 404 }),
      ),
    );
    renderApp(registerPath);
    expect(await screen.findByText('The form was not found.')).toBeInTheDocument();
  });

  it('pages a small list in the browser (project list) and opens a project from its row', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects');
    const row = await screen.findByRole('row', { name: /CCE-2405/ });
    // The client's projects of the projects section that are not archived (docs/decisions.md 'Projects').
    const listed = demoSeed.projects.filter(
      (p) => p.clientId === 1 && p.type === 'projects' && p.status !== 'Archived',
    );
    expect(screen.getByText(`Records: 1 - ${listed.length} of ${listed.length}`)).toBeInTheDocument();
    expect(screen.queryByText('PBG-3107')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/2/qa'));
    const formRow = await screen.findByRole('row', { name: new RegExp(form.title) });
    await user.click(within(formRow).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/2/qa/${form.id}`));
  });
});

describe('a register shows only what the user can do (issue 19)', () => {
  it('gives the edit user Add, Create QR Code, Label Preparation and each row its QR Code', async () => {
    await mockApi.logIn('user@demo.local');
    await mockApi.addEntries(entry(1, 'Bay 1'));
    renderApp(registerPath);
    const row = await screen.findByRole('row', { name: /Bay 1\b/ });
    for (const name of ['Add', 'Create QR Code', 'Label Preparation', 'Download CSV'])
      expect(screen.getByRole('button', { name }), name).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'QR Code' })).toBeInTheDocument();
  });

  it('gives a view user no Add, QR code or label button, and refuses the add route before the form renders', async () => {
    await mockApi.logIn('view@demo.local');
    await mockApi.addEntries(entry(1, 'Bay 1'));
    const { router } = renderApp(registerPath);
    const row = await screen.findByRole('row', { name: /Bay 1\b/ });
    expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'QR Code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    for (const name of ['Add', 'Create QR Code', 'Label Preparation'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    const submits: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') submits.push(request.url);
    });
    await router.navigate(`${registerPath}/add`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(await screen.findByText(/You are not authorised to access this page/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(submits).toEqual([]);
  });

  it("keeps a health-and-safety form's pages under Health & Safety, and moves its old address there", async () => {
    const hsForm = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'health-and-safety')!;
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp(`/projects/1/qa/health-and-safety/${hsForm.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/1/health-and-safety/${hsForm.id}`));
    expect(await screen.findByRole('heading', { name: hsForm.title })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    expect(within(nav).getByRole('link', { name: 'Health & Safety' })).toHaveClass('MuiButton-contained');
    expect(within(nav).getByRole('link', { name: 'Quality Assurance' })).not.toHaveClass('MuiButton-contained');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Health & Safety' })).toHaveAttribute(
      'href',
      '/projects/1/health-and-safety',
    );
    expect(within(crumbs).queryByText('Quality Assurance')).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/1/health-and-safety/${hsForm.id}/add`));
  });
});
