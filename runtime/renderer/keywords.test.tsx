/**
 * Behaviour of renderer keywords not exercised by the platform's own screens yet: a route's `can` (the access
 * question of an operation, asked before the page renders) and the access question every button asks before it is
 * shown (issue 19: a row's for that row), `openForm` (a form
 * document in a modal in add or view mode with the row as its input; view disables the inputs and hides
 * Save; Close is always there; the register reloads after a save), row `selection` seen by toolbar
 * conditions and actions, the `modal` error policy with the server's message, a `page` in tabs; issue 24: the
 * download-name-format widget (an ordered list of typed parts, §3) on the Export Settings document, an openForm's
 * `asks` (the access question of the operation its form saves with), a call's `then.navigate`, a call's
 * `result: 'job'` with `job`, `withColumns` and `rows` body values (§2: a PDF job's progress bar with Stop), a
 * register's `charts`, `addMenu` and a call's `withSelection` are in keywords-charts.test.tsx (it replaces chart.js
 * with a stand-in, which must not reach other files when the jsdom files share a module graph); issue 25:
 * `publicLink` (a form's public link modal: made once with its URL and QR code, for administrators only) and the
 * project's links page document (projects/project-links: a server-paged register with Revoke); issue 26: a form
 * source's `keepVersionWhen` (edit mode in the saved item's form version where the route says so: the offline pages).
 * Documents are provided in the test (provideScreen); calls go to the real API through MSW.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { mswPath } from '../../fixtures/msw/handlers';
import { callOperation } from '../api/client';
import type { FormEntry, IsLoggedInAnswer } from '../api/types';
import { toRoute } from '../routes';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';
import { type FormDocument, loadScreen, type PageDocument, provideScreen, type RegisterDocument } from './documents';
import { ScreenView } from './ScreenView';
import { resolveCall } from './templates';

const form: FormDocument = {
  kind: 'form',
  id: 'test/value-form',
  title: 'lookupValues.addTitle',
  modes: ['add', 'view'],
  schema: {
    type: 'object',
    required: ['lines'],
    properties: { lines: { type: 'string', minLength: 1 }, name: { type: 'string' } },
  },
  uiSchema: {
    lines: { 'ui:widget': 'hz-textarea', 'ui:title': 'lookupValues.lines' },
    name: { 'ui:widget': 'hz-input', 'ui:title': 'lookupValues.name' },
  },
  submit: {
    label: 'common.save',
    call: { operation: 'lookupValues.create' },
    body: 'lookupValueLines',
    disableWhileInvalid: true,
  },
};

const register: RegisterDocument = {
  kind: 'register',
  id: 'test/values',
  title: 'lookupValues.listTitle',
  source: { call: { operation: 'lookupValues.getall', params: { type: '{type}' } }, query: 'none' },
  rowKey: 'id',
  columns: [{ value: 'name', header: 'lookupValues.name', type: 'Text' }],
  selection: 'single',
  toolbar: [
    { id: 'add', label: 'common.add', action: { openForm: { screen: 'test/value-form', mode: 'add' } } },
    {
      id: 'deleteSelected',
      label: 'lookupValues.delete',
      enabledWhen: {
        type: 'object',
        required: ['selection'],
        properties: { selection: { type: 'array', minItems: 1 } },
      },
      action: {
        call: { operation: 'lookupValues.delete', params: { id: '{id}' } },
        result: 'refresh',
        onError: 'modal',
      },
    },
  ],
  rowActions: [{ id: 'view', label: 'common.view', action: { openForm: { screen: 'test/value-form', mode: 'view' } } }],
  emptyMessageId: 'common.noRecords',
  globalFilter: false,
  paging: false,
  operations: ['lookupValues.getall', 'lookupValues.delete'],
};

provideScreen(form.id, form);
provideScreen(register.id, register);

function show(doc: RegisterDocument | PageDocument, params: Record<string, string>) {
  const router = createMemoryRouter([{ path: '/', element: <ScreenView document={doc} params={params} /> }]);
  return render(<RouterProvider router={router} />);
}

/** Projects, with a row action that changes one (projects.update: Edit on that row's project). */
const projects: RegisterDocument = {
  kind: 'register',
  id: 'test/projects',
  title: 'projects.title',
  source: { call: { operation: 'projects.getall', params: { type: 'projects' } }, query: 'none' },
  rowKey: 'id',
  columns: [{ value: 'code', header: 'projects.code', type: 'Text' }],
  toolbar: [
    {
      id: 'newCode',
      label: 'common.open',
      action: { call: { operation: 'projects.newProjectCode' } },
    },
    {
      id: 'addEntry',
      label: 'common.submit',
      action: { navigate: '/projects/1/qa/1/add' },
    },
    {
      // openForm with `asks`: the question of the operation the form saves with (Edit on project 1's entries).
      id: 'importEntries',
      label: 'entriesOps.import',
      action: {
        openForm: {
          screen: 'test/value-form',
          mode: 'add',
          asks: { operation: 'entries.upload', params: { projectId: '1', formArea: 'quality-assurance' } },
        },
      },
    },
  ],
  rowActions: [
    {
      id: 'describe',
      label: 'common.view',
      action: { call: { operation: 'projects.description', params: { id: '{id}' } }, result: 'refresh' },
    },
  ],
  emptyMessageId: 'common.noRecords',
  globalFilter: false,
  paging: false,
  operations: ['projects.getall', 'projects.newProjectCode', 'projects.description'],
};
provideScreen(projects.id, projects);

describe('access questions (issue 19)', () => {
  /** The register at /, under a route with id 'shell' holding the session user, as the shell's. */
  async function showAs(email: string) {
    await mockApi.logIn(email);
    const { user } = await callOperation<IsLoggedInAnswer>('auth.isLoggedIn');
    const router = createMemoryRouter([
      { id: 'shell', path: '/', loader: () => ({ user }), element: <ScreenView document={projects} params={{}} /> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('row', { name: /CCE-2401/ });
  }

  it('shows a button only when the user may call its operation or open its route, a row action per row', async () => {
    await showAs('user@demo.local');
    // projects.newProjectCode: the projects area's administrators (the edit user holds accessAllProjects).
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    // The add route asks entries.submit: Edit on project 1 (routes.json `can`).
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    // openForm `asks`: entries.upload, Edit on project 1.
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    // Edit on projects 1-4, View on the client's others: the row action shows on the former only.
    expect(within(screen.getByRole('row', { name: /CCE-2401/ })).getByRole('button', { name: 'View' })).toBeVisible();
    const viewOnly = screen.getByRole('row', { name: /CCE-2518/ });
    expect(within(viewOnly).queryByRole('button', { name: 'View' })).toBeNull();
  });

  it('hides from a view user what they may not do', async () => {
    await showAs('view@demo.local');
    expect(within(screen.getByRole('row', { name: /CCE-2401/ })).queryByRole('button', { name: 'View' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it("can: a route asks its operation's question with its parameters before the page renders", async () => {
    const routes = [
      {
        path: '/',
        children: [
          toRoute({
            path: 'projects/:projectId/entry',
            params: { formArea: 'quality-assurance' },
            can: 'entries.submit',
            screen: 'test/projects',
          }),
          { path: 'unauthorized', element: <p>refused</p> },
        ],
      },
    ];
    await mockApi.logIn('view@demo.local');
    const refused = createMemoryRouter(routes, { initialEntries: ['/projects/1/entry'] });
    render(<RouterProvider router={refused} />);
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(refused.state.location.pathname).toBe('/unauthorized');
    expect(screen.queryByRole('row', { name: /CCE-2401/ })).toBeNull();

    await mockApi.logIn('user@demo.local');
    const allowed = createMemoryRouter(routes, { initialEntries: ['/projects/1/entry'] });
    render(<RouterProvider router={allowed} />);
    await screen.findByRole('row', { name: /CCE-2401/ });
    expect(allowed.state.location.pathname).toBe('/projects/1/entry');
  });
});

describe('renderer keywords', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it("call then.navigate: after the call, opens a route read from the call's answer first", async () => {
    const opener: RegisterDocument = {
      ...projects,
      id: 'test/projects-open',
      toolbar: [],
      rowActions: [
        {
          id: 'openProject',
          label: 'common.open',
          action: {
            call: { operation: 'projects.get', params: { id: '{id}' } },
            // biome-ignore lint/suspicious/noThenProperty: the action's `then` keyword, not a promise
            then: { navigate: '/opened/{code}' },
          },
        },
      ],
      operations: ['projects.getall', 'projects.get'],
    };
    const router = createMemoryRouter([
      { path: '/', element: <ScreenView document={opener} params={{}} /> },
      { path: '/opened/:code', element: <p>opened</p> },
    ]);
    render(<RouterProvider router={router} />);
    const row = await screen.findByRole('row', { name: /CCE-2401/ });
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Open' }));
    await screen.findByText('opened');
    expect(router.state.location.pathname).toBe('/opened/CCE-2401');
  });

  it('openForm: adds in a modal and reloads the register; view shows the row with inputs disabled and no Save', async () => {
    const user = userEvent.setup();
    show(register, { type: 'ContactRole' });
    await screen.findByRole('row', { name: /Architect/ });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add values' });
    await user.type(await within(dialog).findByLabelText(/^Values/), 'Fire Safety Consultant');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('row', { name: /Fire Safety Consultant/ });

    const row = screen.getByRole('row', { name: /Architect/ });
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const view = await screen.findByRole('dialog', { name: 'Add values' });
    expect(await within(view).findByLabelText(/^Name/)).toHaveValue('Architect');
    expect(within(view).getByLabelText(/^Name/)).toBeDisabled();
    expect(within(view).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(view).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('selection: a toolbar action is enabled by a selected row, acts on it, and shows a refusal in a modal', async () => {
    const user = userEvent.setup();
    show(register, { type: 'EmployeeRole' });
    await screen.findByRole('row', { name: /Site Manager/ });
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(within(screen.getByRole('row', { name: /Foreman/ })).getByRole('radio'));
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Foreman/ })).toBeNull());

    // A default value: the server refuses (rule canDelete) and the modal shows its message.
    await user.click(within(screen.getByRole('row', { name: /Health and Safety Officer/ })).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('This value cannot be deleted: it is a default value, or it is in use.');
  });

  it('page: tabs show one part at a time, each reading the screen inputs', async () => {
    const page: PageDocument = {
      kind: 'page',
      id: 'test/tabs',
      title: 'lookupValues.title',
      inputs: [
        {
          name: 'type',
          label: 'lookupValues.type',
          options: [{ value: 'ContactRole', label: 'lookupTypes.ContactRole' }],
        },
      ],
      layout: 'tabs',
      parts: [
        { screen: 'test/values', label: 'lookupValues.listTitle' },
        { screen: 'test/value-form', label: 'lookupValues.addTitle' },
      ],
    };
    const user = userEvent.setup();
    show(page, {});
    await screen.findByRole('row', { name: /Architect/ });
    expect(screen.queryByLabelText(/^Values/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Add values' }));
    expect(await screen.findByLabelText(/^Values/)).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Architect/ })).toBeNull();
  });

  it('page: an accordion shows the first part open and the others on demand', async () => {
    const page: PageDocument = {
      kind: 'page',
      id: 'test/accordion',
      title: 'lookupValues.title',
      inputs: [
        {
          name: 'type',
          label: 'lookupValues.type',
          options: [{ value: 'ContactRole', label: 'lookupTypes.ContactRole' }],
        },
      ],
      layout: 'accordion',
      parts: [
        { screen: 'test/values', label: 'lookupValues.listTitle' },
        { screen: 'test/value-form', label: 'lookupValues.addTitle' },
      ],
    };
    const user = userEvent.setup();
    show(page, {});
    await screen.findByRole('row', { name: /Architect/ });
    const second = screen.getByRole('button', { name: 'Add values' });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'true'));
    expect(await screen.findByLabelText(/^Values/)).toBeVisible();
  });
});

describe('download-name-format widget (issue 24 §3)', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('lists the default parts, adds, moves and removes parts with a live preview, saves and resets to default', async () => {
    const user = userEvent.setup();
    const today = new Date().toLocaleDateString('en-CA');
    const doc = (await loadScreen('projects/export-setting')) as FormDocument;
    const router = createMemoryRouter([
      {
        path: '/',
        element: <ScreenView document={doc} params={{ projectId: '1', formArea: 'health-and-safety' }} />,
      },
    ]);
    render(<RouterProvider router={router} />);
    // No setting saved yet: the default, form title, space, entry number, ' - ', created date.
    await screen.findByRole('list', { name: 'Parts of the file name' });
    // Read afresh each time: a save or reset loads the form again (a new list).
    const names = () =>
      within(screen.getByRole('list', { name: 'Parts of the file name' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent);
    expect(names()).toEqual(['Form Title', "Text ' '", 'Entry Number', "Text ' - '", 'Created']);
    const preview = () => screen.getByRole('status');
    expect(preview()).toHaveTextContent(`Preview: Site Safety Inspection 1 - ${today}.pdf`);
    expect(preview()).toHaveTextContent(`Register download: Site Safety Inspection - ${today}.csv`);
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Created' }));
    await user.click(screen.getByRole('button', { name: "Remove Text ' - '" }));
    await user.click(screen.getByRole('button', { name: 'Move Entry Number up' }));
    await user.click(screen.getByRole('button', { name: 'Move Entry Number up' }));
    expect(screen.getByRole('button', { name: 'Move Entry Number up' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Add part' }));
    await user.click(await screen.findByRole('option', { name: 'Project Code' }));
    // The header parts are offered with their condition.
    await user.click(screen.getByRole('combobox', { name: 'Add part' }));
    expect(await screen.findByRole('option', { name: 'Level (when the form asks for it)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // '|' separates the stored parts: it is not typed into a custom text.
    await user.type(screen.getByLabelText('Custom text'), ' _x|');
    expect(screen.getByLabelText('Custom text')).toHaveValue(' _x');
    await user.click(screen.getByRole('button', { name: 'Add custom text' }));
    expect(names()).toEqual(['Entry Number', 'Form Title', "Text ' '", 'Project Code', "Text ' _x'"]);
    // The screen's project's code (projects.summary of project 1) in the preview.
    await waitFor(() => expect(preview()).toHaveTextContent('Preview: 1Site Safety Inspection CCE-2401 _x.pdf'));
    expect(preview()).toHaveTextContent('Register download: Site Safety Inspection CCE-2401 _x.csv');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    const saved = await callOperation<{ format: string }>('exportSettings.get', {
      params: { projectId: '1', formArea: 'health-and-safety' },
    });
    expect(saved.format).toBe('setup:entryNumber|setup:formTitle|text: |project:code|text: _x');

    // Reloaded in edit mode: Reset to default removes the setting after a confirmation.
    await user.click(await screen.findByRole('button', { name: 'Reset to default' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Reset the file name to the default (form title, entry number, created date)?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The default file name applies again.')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Form Title', "Text ' '", 'Entry Number', "Text ' - '", 'Created']));
    const reset = await callOperation<{ isDefault: boolean }>('exportSettings.get', {
      params: { projectId: '1', formArea: 'health-and-safety' },
    });
    expect(reset.isDefault).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
  });

  it('removing every part leaves nothing to save', async () => {
    const user = userEvent.setup();
    const doc = (await loadScreen('projects/export-setting')) as FormDocument;
    const router = createMemoryRouter([
      { path: '/', element: <ScreenView document={doc} params={{ projectId: '1', formArea: 'quality-assurance' }} /> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('list', { name: 'Parts of the file name' });
    for (const name of ['Form Title', "Text ' '", 'Entry Number', "Text ' - '", 'Created'])
      await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    expect(screen.getByText('Add at least one part.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });
});

describe('job results and rows values (issue 24 §2)', () => {
  const registerPath = '/projects/1/qa/1';
  const entry = (entryNumber: number): FormEntry => ({
    id: 500 + entryNumber,
    clientId: 1,
    projectId: 1,
    formId: 1,
    formArea: 'quality-assurance',
    entryNumber,
    globalEntryNumber: 500 + entryNumber,
    date: '2026-03-02T09:30:00.000Z',
    enteredBy: 'Cian Murphy',
    answers: [
      { questionId: 1, answers: [`Bay ${entryNumber}`] },
      { questionId: 2, answers: ['2026-03-01'] },
    ],
  });
  const job = (state: string, percent: number, extra: Record<string, unknown> = {}) => ({
    jobId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    kind: 'entry',
    state,
    percent,
    complete: state === 'complete',
    fileName: 'Concrete Pour Inspection.zip',
    ...extra,
  });
  let clicked: string[];
  let created: Blob[];

  beforeEach(async () => {
    await mockApi.logIn('user@demo.local');
    await mockApi.addEntries(entry(1), entry(2), entry(3));
    clicked = [];
    created = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:job';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Answers the job calls: the start with `started`, each status poll with the next of `polls` (the last repeats). */
  function jobCalls(start: 'entries.downloadPdf' | 'entries.downloadPdfRegister', polls: unknown[]) {
    const seen = { start: [] as unknown[], status: 0, stop: [] as string[], file: [] as string[] };
    server.use(
      http.post(mswPath(start), async ({ request }) => {
        seen.start.push(await request.json());
        return HttpResponse.json(job('queued', 0), { status: 202 });
      }),
      http.get(mswPath('entries.pdfDownloadStatus'), () => {
        const answer = polls[Math.min(seen.status, polls.length - 1)];
        seen.status += 1;
        return HttpResponse.json(answer as Record<string, unknown>);
      }),
      http.get(mswPath('entries.pdfDownloadStop'), ({ request }) => {
        seen.stop.push(new URL(request.url).searchParams.get('jobId') ?? '');
        return HttpResponse.json(job('stopped', 40));
      }),
      http.get(mswPath('entries.pdfDownloadFile'), ({ request }) => {
        seen.file.push(new URL(request.url).searchParams.get('jobId') ?? '');
        return new HttpResponse('PK-zip', {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="Concrete Pour Inspection.zip"',
          },
        });
      }),
    );
    return seen;
  }

  async function tick(entryNumber: number) {
    const row = await screen.findByRole('row', { name: new RegExp(`Bay ${entryNumber}\\b`) });
    await userEvent.setup().click(within(row).getByRole('checkbox'));
  }

  it("result 'job': polls the job into a progress bar with its percentage, then downloads its file", async () => {
    const seen = jobCalls('entries.downloadPdf', [job('running', 40), job('complete', 100)]);
    const user = userEvent.setup();
    renderApp(registerPath);
    await screen.findByText('Records: 1 - 3 of 3');
    const download = screen.getByRole('button', { name: 'Download PDF' });
    expect(download).toBeDisabled();
    await tick(1);
    await tick(3);
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    // rows: one { formId, entryNumber } per ticked row (formId from the route).
    await waitFor(() => expect(seen.start).toHaveLength(1));
    expect(seen.start[0]).toEqual({
      entries: expect.arrayContaining([
        { formId: 1, entryNumber: 1 },
        { formId: 1, entryNumber: 3 },
      ]),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Preparing Concrete Pour Inspection.zip: 40%' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(screen.getByTestId('job-progress')).getByRole('button', { name: 'Stop' })).toBeVisible();
    await waitFor(() => expect(clicked).toEqual(['Concrete Pour Inspection.zip']), { timeout: 3000 });
    expect(await created[0].text()).toBe('PK-zip');
    expect(seen.file).toEqual([job('complete', 100).jobId]);
    await waitFor(() => expect(screen.queryByTestId('job-progress')).toBeNull());
  });

  it('Stop calls the job stop, hides the bar and downloads nothing', async () => {
    const seen = jobCalls('entries.downloadPdfRegister', [job('running', 30, { kind: 'register' })]);
    const user = userEvent.setup();
    renderApp(registerPath);
    await screen.findByText('Records: 1 - 3 of 3');
    await tick(2);
    await user.click(screen.getByRole('button', { name: 'Register PDF' }));
    // withQuery, withColumns and rows: the register's query, its visible columns and the ticked entry numbers.
    await waitFor(() => expect(seen.start).toHaveLength(1));
    const body = seen.start[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      formId: 1,
      downloadFormIds: [2],
      filters: [{ id: 'status', value: 'Submitted' }],
      sorting: [],
    });
    const columns = body.columns as { id: string; header: string }[];
    expect(columns.slice(0, 4)).toEqual([
      { id: 'entryNumber', header: 'Entry Number' },
      { id: 'date', header: 'Created' },
      { id: 'enteredBy', header: 'Entered By' },
      { id: 'status', header: 'Status' },
    ]);
    expect(columns.some((c) => c.header === 'Pour location')).toBe(true);
    await screen.findByRole('progressbar', { name: /30%/ });
    await user.click(within(screen.getByTestId('job-progress')).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(seen.stop).toEqual([job('running', 30).jobId]));
    expect(screen.queryByTestId('job-progress')).toBeNull();
    expect(seen.file).toEqual([]);
    expect(clicked).toEqual([]);
  });

  it("a failed job shows the job's message above the register", async () => {
    jobCalls('entries.downloadPdfRegister', [
      job('failed', 10, { message: 'The PDF could not be made. Please try again.' }),
    ]);
    const user = userEvent.setup();
    renderApp(registerPath);
    await screen.findByText('Records: 1 - 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Register PDF' }));
    expect(
      await screen.findByText('The PDF could not be made. Please try again.', {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('job-progress')).toBeNull();
  });

  it('rows: without a selection, one item from the scope when it holds every parameter, else none', () => {
    const call = {
      operation: 'entries.downloadPdf' as const,
      body: {
        entries: {
          rows: {
            formId: { param: 'formId', type: 'integer' as const },
            entryNumber: { param: 'entryNumber', type: 'integer' as const },
          },
        },
        numbers: { rows: { param: 'entryNumber', type: 'integer' as const } },
      },
    };
    expect(resolveCall(call, [{ entryNumber: '7' }, { formId: '5' }]).body).toEqual({
      entries: [{ formId: 5, entryNumber: 7 }],
      numbers: [7],
    });
    expect(resolveCall(call, [{ formId: '5' }]).body).toEqual({ entries: [], numbers: [] });
    expect(resolveCall(call, [{ formId: '5' }], [{ entryNumber: 2 }, { entryNumber: 4, formId: 9 }]).body).toEqual({
      entries: [
        { formId: 5, entryNumber: 2 },
        { formId: 9, entryNumber: 4 },
      ],
      numbers: [2, 4],
    });
  });
});

describe('publicLink (issue 25)', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it("publicLink: an administrator makes a form public and gets its link and QR code once; the project's links page lists and revokes it", async () => {
    const user = userEvent.setup();
    const withPublicLink: RegisterDocument = {
      ...projects,
      id: 'test/projects-public-link',
      toolbar: [
        {
          id: 'publicLink',
          label: 'linkAccess.publicLinkButton',
          action: { publicLink: { formArea: 'health-and-safety', formId: '5', projectId: '1' } },
        },
      ],
      rowActions: [],
      operations: ['projects.getall', 'publicLinks.get', 'publicLinks.issue', 'publicLinks.revoke'],
    };
    const shown = show(withPublicLink, {});
    await screen.findByRole('row', { name: /CCE-2401/ });
    await user.click(await screen.findByRole('button', { name: 'Public link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Public link' });
    await within(dialog).findByText(/has no public link on this project/);
    await user.click(within(dialog).getByRole('button', { name: 'Make public' }));
    const url = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect((url as HTMLInputElement).value).toMatch(/\/external\/[A-Za-z0-9_-]{43}$/);
    expect(within(dialog).getByRole('img', { name: 'QR code of the public link' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(within(dialog).getByText(/used 0 times/)).toBeInTheDocument();
    // Renewed with a chosen day: a new link lasting until that day's end, the old one revoked.
    const firstUrl = (url as HTMLInputElement).value;
    const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await user.type(within(dialog).getByLabelText('Expires on'), day);
    await user.click(within(dialog).getByRole('button', { name: 'Renew link' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).not.toBe(firstUrl),
    );
    expect(within(dialog).getByText(new RegExp(`live until ${day}`))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Renew link' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    shown.unmount();

    const links = (await loadScreen('projects/project-links')) as RegisterDocument;
    show(links, { projectId: '1' });
    const row = await screen.findByRole('row', { name: /Public form.*Site Safety Inspection.*Open/ });
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    // The renewed-away link and the one revoked here.
    await waitFor(() =>
      expect(screen.getAllByRole('row', { name: /Public form.*Site Safety Inspection.*Revoked/ })).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('publicLink: the button is not shown to a user who may not administer the form area', async () => {
    await mockApi.logIn('view@demo.local');
    const { user } = await callOperation<IsLoggedInAnswer>('auth.isLoggedIn');
    const withPublicLink: RegisterDocument = {
      ...projects,
      id: 'test/projects-public-link-view',
      toolbar: [
        {
          id: 'publicLink',
          label: 'linkAccess.publicLinkButton',
          action: { publicLink: { formArea: 'health-and-safety', formId: '5', projectId: '1' } },
        },
        { id: 'open', label: 'common.open', action: { call: { operation: 'projects.get', params: { id: '1' } } } },
      ],
      rowActions: [],
      operations: ['projects.getall', 'projects.get', 'publicLinks.get', 'publicLinks.issue', 'publicLinks.revoke'],
    };
    const router = createMemoryRouter([
      {
        id: 'shell',
        path: '/',
        loader: () => ({ user }),
        element: <ScreenView document={withPublicLink} params={{}} />,
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('row', { name: /CCE-2401/ });
    // The toolbar is drawn (a button the view user may use), without the public link's.
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Public link' })).toBeNull();
  });
});

describe('source.keepVersionWhen (issue 26 §5)', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  /**
   * The form entry in edit mode with the route's parameters, against a form at version 2 whose entry was started on
   * version 1: the title the form shows says which version was drawn.
   */
  async function titleShown(extra: Record<string, string>): Promise<string> {
    const latest = (await callOperation<Record<string, unknown>>('forms.getForProject', {
      params: { projectId: 1, formArea: 'health-and-safety', id: 5 },
    })) as Record<string, unknown>;
    server.use(
      http.get(/\/api\/settings\/forms\/1\/health-and-safety\/5$/, ({ request }) => {
        const version = new URL(request.url).searchParams.get('version');
        return HttpResponse.json(
          version === '1'
            ? { ...latest, version: 1, title: 'Inspection v1' }
            : { ...latest, version: 2, title: 'Inspection v2' },
        );
      }),
      http.get(/\/api\/projects\/1\/forms\/health-and-safety\/5\/get\/3$/, () =>
        HttpResponse.json({
          id: 3,
          clientId: 1,
          projectId: 1,
          formId: 5,
          formArea: 'health-and-safety',
          formVersion: 1,
          entryNumber: 3,
          date: '2026-11-20T09:00:00.000Z',
          enteredBy: 'Cian Murphy',
          isDraft: true,
          answers: [],
        }),
      ),
    );
    const doc = await loadScreen('quality-assurance/form-entry');
    const titles: string[] = [];
    const params = {
      projectId: '1',
      formArea: 'health-and-safety',
      section: 'health-and-safety',
      formId: '5',
      entryNumber: '3',
      ...extra,
    };
    const router = createMemoryRouter([
      { path: '/', element: <ScreenView document={doc} params={params} mode="edit" onTitle={(t) => titles.push(t)} /> },
    ]);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(titles.length).toBeGreaterThan(0));
    return titles.at(-1) as string;
  }

  it("keeps a saved item's version in edit mode where the route's parameter is 'true' (the offline pages)", async () => {
    expect(await titleShown({ registerRoot: 'offline', keepFormVersion: 'true' })).toBe('Inspection v1');
  });

  it('edits in the latest version elsewhere (online)', async () => {
    expect(await titleShown({ registerRoot: 'projects' })).toBe('Inspection v2');
  });
});
