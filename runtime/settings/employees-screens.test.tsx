/**
 * The employee screens (administration-data.md §2 "Employee screen", §4, §5 Employee), built from JSON only and
 * driven through the real API (MSW forwards to the Hono app): the list with 'Add Employee' and 'Import'; the form
 * in a modal (Save, Save & New only when adding, Close), 'Please fill in mandatory fields' and 'Whitespace is not
 * allowed', the start date defaulting to today, the role from the roles list; the edit route and its return up two
 * levels; the import view (Upload disabled until a file is chosen, the per-row report, nothing saved); the project
 * access modal (View, Edit, or No access: the project's access removed); Deactivate/Activate by the rules; Invite
 * with its one-time link in a dialog to copy, and the set-password page of that link.
 *
 * Lean on purpose (a 2-core machine runs eight of these files at once): rows and toolbar buttons are found by their
 * text and queried inside, since a role query with a name over the whole register page computes the accessible name
 * and visibility of every row or of its ~60 buttons (1-2 s under jsdom per query, and findBy* repeats it per try).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Employee, Project, User } from '../../engine/types/generated';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { clickRowAction, rowActionNames } from '../test/row-actions';

const today = new Date().toISOString().slice(0, 10);

async function stored(filter: Record<string, unknown>): Promise<Employee | null> {
  return (await mockApi
    .store()
    .collection<Employee & { [k: string]: unknown }>('employees')
    .findOne({ clientId: 1, ...filter })) as Employee | null;
}

async function count(): Promise<number> {
  return mockApi.store().collection('employees').countDocuments({ clientId: 1 });
}

/** The register row that shows `text` in a cell, now. */
function rowNow(text: string): HTMLElement {
  const row = screen.getByText(text, { selector: 'td, td *' }).closest('tr');
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

/** The register row that shows `text` in a cell, once it does. */
function rowOf(text: string): Promise<HTMLElement> {
  return waitFor(() => rowNow(text));
}

/** A button by its text anywhere on the page (a toolbar button), without a page-wide role query. */
function buttonNamed(name: string): HTMLButtonElement {
  const button = screen.getByText(name, { selector: 'button, button *' }).closest('button');
  if (!button) throw new Error(`no button ${name}`);
  return button;
}

/** The open list of a select's options. */
async function listbox(): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.querySelector<HTMLElement>('[role="listbox"]');
    if (!list) throw new Error('no listbox');
    return list;
  });
}

/**
 * Puts `text` into an empty text field as one paste into the focused field: one change, so one update of the form,
 * where typing it would update the form (14 tick boxes and 8 fields) once per key (about 0.2 s a key under jsdom),
 * and a click would first check the pointer events of the field and its ancestors (getComputedStyle over MUI's
 * styles, about 0.8 s a click).
 */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  act(() => field.focus());
  await user.paste(text);
}

async function chooseRole(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
  await user.click(within(await listbox()).getByRole('option', { name }));
}

function chooseFile(dialog: HTMLElement, name: string, text: string) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

describe('employees', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('lists the employees with Add Employee and Import; adds with Save & New, then Save; Close only closes', async () => {
    const user = userEvent.setup();
    renderApp('/settings/employees');
    await rowOf('Aoife');
    expect(screen.getByText('Employees', { selector: 'h1, h2, h3, h4, h5, h6' })).toBeInTheDocument();
    expect(buttonNamed('Import')).toBeInTheDocument();
    await user.click(buttonNamed('Add Employee'));
    const dialog = await screen.findByRole('dialog');
    const saveAndNew = await within(dialog).findByRole('button', { name: 'Save & New' });
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue(today);
    // An invalid save: the fields' own messages and 'Please fill in mandatory fields'; nothing is saved.
    await fill(user, within(dialog).getByLabelText(/^First Name/), 'Two Words');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill in mandatory fields')).toBeInTheDocument();
    expect(within(dialog).getByText('Whitespace is not allowed')).toBeInTheDocument();
    expect(await count()).toBe(50);
    await user.clear(within(dialog).getByLabelText(/^First Name/));
    await fill(user, within(dialog).getByLabelText(/^First Name/), 'Méabh');
    await fill(user, within(dialog).getByLabelText(/^Last Name/), 'Horan');
    await fill(user, within(dialog).getByLabelText(/^Employee Number/), 'W500');
    await chooseRole(user, dialog, 'Foreman');
    await user.click(saveAndNew);
    // Saved; the form starts afresh and stays open in add mode.
    await waitFor(async () =>
      expect(await stored({ employeeNumber: 'W500' })).toMatchObject({ firstName: 'Méabh', startDate: today }),
    );
    await waitFor(() => expect(within(dialog).getByLabelText(/^First Name/)).toHaveValue(''));
    // Typed, as a person does once the fresh form shows: the start date's default (today) reaches the form just after
    // it mounts, in a transition computed from the form's data of that moment, so a paste in the same instant is lost.
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Oisín');
    await fill(user, within(dialog).getByLabelText(/^Last Name/), 'Kiely');
    await fill(user, within(dialog).getByLabelText(/^Employee Number/), 'W501');
    await chooseRole(user, dialog, 'Site Manager');
    await user.click(within(dialog).getByRole('checkbox', { name: /Their projects/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await stored({ employeeNumber: 'W501' })).toMatchObject({
      roleName: 'Site Manager',
      accessTheirProjects: true,
    });
    expect(await count()).toBe(52);
  });

  it('edits through the id route: no Save & New; a save goes back up to the list', async () => {
    const user = userEvent.setup();
    const cian = (await stored({ userId: 2 })) as Employee;
    renderApp(`/settings/employees/edit/${cian.id}`);
    const first = await screen.findByLabelText(/^First Name/);
    await waitFor(() => expect(first).toHaveValue('Cian'));
    expect(screen.queryByRole('button', { name: 'Save & New' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.clear(first);
    await fill(user, first, 'Ciarán');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await waitFor(() => buttonNamed('Add Employee'))).toBeInTheDocument();
    expect((await stored({ id: cian.id }))?.firstName).toBe('Ciarán');
    // Its project accesses were not part of the form, and stay.
    expect((await stored({ id: cian.id }))?.projectAccesses).toEqual(cian.projectAccesses);
  });

  it('imports: Upload disabled until a file is chosen; a bad row shows the report and saves nothing; a good file adds', async () => {
    const user = userEvent.setup();
    renderApp('/settings/employees');
    await rowOf('Aoife');
    await user.click(buttonNamed('Import'));
    const dialog = await screen.findByRole('dialog');
    const upload = await within(dialog).findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    const header = 'Employee Number,First Name,Last Name,Email,Mobile,Landline,Start Date,Role,Type';
    chooseFile(
      dialog,
      'staff.csv',
      `${header}\nX1,Anna,Byrne,,,,2026-01-05,Foreman,Labour\nX2,Bob,Kelly,,,,5/1/2026,Foreman,Labour`,
    );
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    expect(await screen.findByText(/Row 3: Start Date '5\/1\/2026' is not a date yyyy-MM-dd\./)).toBeInTheDocument();
    expect(await count()).toBe(50);
    await user.click(
      within(screen.getAllByRole('dialog').at(-1) as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    chooseFile(
      dialog,
      'staff.csv',
      `${header}\nX1,Anna,Byrne,,,,2026-01-05,Foreman,Labour\nX2,Bob,Kelly,,,,2026-01-05,Foreman,Labour`,
    );
    await waitFor(() => expect(within(dialog).getByTestId('chosen-file')).toHaveTextContent('staff.csv'));
    await user.click(upload);
    // Saved, and the view goes back to the list.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await count()).toBe(52);
    expect(await stored({ employeeNumber: 'X2' })).toMatchObject({ lastName: 'Kelly', status: 'Unassigned' });
  });

  it('gives a project access in a modal and removes it with No access; deactivates after Yes; the rules choose Activate or Deactivate', async () => {
    const user = userEvent.setup();
    renderApp('/settings/employees');
    const project = (await mockApi
      .store()
      .collection('projects')
      .findOne({ clientId: 1, id: 2 })) as unknown as Project;
    const giveAccess = async (activity: string) => {
      await user.click(within(await rowOf('Aoife')).getByRole('button', { name: 'Project access' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('combobox', { name: /^Project/ }));
      await user.click(within(await listbox()).getByRole('option', { name: `${project.code} ${project.name}` }));
      await user.click(within(dialog).getByRole('combobox', { name: /^Access/ }));
      await user.click(within(await listbox()).getByRole('option', { name: activity }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const accessOf = async () => {
      const aoife = (await stored({ userId: 4 })) as Employee;
      const user4 = (await mockApi.store().collection('users').findOne({ id: 4 })) as unknown as User;
      const entry = user4.accesses?.find((a) => a.clientId === 1);
      return {
        employee: aoife.projectAccesses?.find((a) => a.projectId === 2)?.activity,
        user: entry?.projects.find((p) => p.projectId === 2)?.activity,
      };
    };
    await giveAccess('Edit');
    expect(await accessOf()).toEqual({ employee: 'Edit', user: 'Edit' });
    // 'No access' removes the project's access from the employee and from their user at once.
    await giveAccess('No access');
    expect(await accessOf()).toEqual({ employee: undefined, user: undefined });

    // Edit and Project access show; Invite, Deactivate and Delete are in the row's More menu.
    await clickRowAction(user, rowNow('Aoife'), 'Deactivate');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rowNow('Aoife')).toHaveTextContent('Inactive'));
    const actions = await rowActionNames(user, rowNow('Aoife'));
    expect(actions).toContain('Activate');
    expect(actions).not.toContain('Deactivate');
    expect((await stored({ userId: 4 }))?.isActive).toBe(false);
  });

  it('invites: the one-time link in a dialog to copy; the link sets the password and the employee is Assigned', async () => {
    const user = userEvent.setup();
    const invitable = (await mockApi
      .store()
      .collection<Employee & { [k: string]: unknown }>('employees')
      .find({ clientId: 1 }, { sort: { lastName: 1, firstName: 1 }, limit: 10 })) as Employee[];
    const employee = invitable.find((e) => e.isActive && e.email && e.status === 'Unassigned') as Employee;
    const { router } = renderApp('/settings/employees');
    await clickRowAction(user, await rowOf(employee.employeeNumber), 'Invite');
    const dialog = await screen.findByRole('dialog', { name: 'Invitation' });
    expect(
      within(dialog).getByText(
        `An invitation e-mail is on its way to ${String(employee.email).toLowerCase()}. If it does not arrive, send them this one-time link to set their password; it works for 7 days.`,
      ),
    ).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Set-password link' });
    const link = (field as HTMLInputElement).value;
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(field).toHaveAttribute('readonly');
    // user-event's clipboard stub reads Blobs with jsdom's FileReader, which refuses the Node Blob of the set-up.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    // The dialog stays until closed (the list behind it has refreshed: the employee is Invited).
    await waitFor(() => expect(within(rowNow(employee.employeeNumber)).getByText('Invited')).toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Invitation' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull());

    // The admin logs out; the link's page sets the password (the rules apply), then the login page says so.
    await router.navigate('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate(new URL(link).pathname);
    // The fields are looked up at each step: the page may render its form again while it loads, and a field
    // held from before is then gone (failed once under the full suite's load).
    await screen.findByRole('button', { name: 'Set Password' });
    const password = () => screen.getByLabelText(/^Password/);
    await fill(user, password(), 'short');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Password' })).toBeDisabled());
    await user.clear(password());
    await fill(user, password(), 'Cladd4gh!Quay');
    await fill(user, screen.getByLabelText(/^Confirm Password/), 'Cladd4gh!Quay');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Your password is set. Please log in.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await stored({ id: employee.id })).toMatchObject({ status: 'Assigned' });
    const invited = await mockApi
      .store()
      .collection('users')
      .findOne({ email: String(employee.email).toLowerCase() });
    expect(invited).toMatchObject({ status: 'Active', passwordHash: expect.any(String) });
  });
});
