/**
 * Behaviour of renderer keywords not exercised by the platform's own screens yet: a route's `can` (the access
 * question of an operation, asked before the page renders) and the access question every button asks before it is
 * shown (issue 19: a row's for that row), `openForm` (a form
 * document in a modal in add or view mode with the row as its input; view disables the inputs and hides
 * Save; Close is always there; the register reloads after a save), row `selection` seen by toolbar
 * conditions and actions, the `modal` error policy with the server's message, and a `page` in tabs; a register's
 * `charts` (the table view with the numbers and its caption, the PNG download, asked again with the filters),
 * `addMenu` (Add per item of the answer) and a call's `withSelection` (the ticked rows in the body; issue 24).
 * Documents are provided in the test (provideScreen); calls go to the real API through MSW.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import projectHomeJson from '../../schemas/screens/projects/project-home.json';
import categoryRegisterJson from '../../schemas/screens/quality-assurance/category-register.json';
import { callOperation } from '../api/client';
import type { IsLoggedInAnswer } from '../api/types';
import { toRoute } from '../routes';
import { mockApi, server } from '../test/mock-api';
import { type FormDocument, type PageDocument, provideScreen, type RegisterDocument } from './documents';
import { ScreenView } from './ScreenView';

// chart.js draws on a canvas jsdom does not have: the chart is a stand-in whose image is known.
const chartImage = vi.hoisted(() => vi.fn((_type?: string, _quality?: number) => 'data:image/png;base64,iVBORw0KGgo='));
vi.mock('react-chartjs-2', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  return {
    Chart: forwardRef<unknown, { 'aria-label'?: string }>(function Chart(props, ref) {
      useImperativeHandle(ref, () => ({ toBase64Image: chartImage }));
      return <canvas role="img" aria-label={props['aria-label']} />;
    }),
  };
});

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
