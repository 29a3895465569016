/**
 * The two settings screens built from JSON only (issue "Screens, routes and resources as data"), driven
 * through the real API (MSW forwards to the Hono app): lookup values (form beside a table, rules on the
 * row actions, confirmation before Delete) and the code generator (load by type, confirmation on
 * activation, 'Save successful', generate). Also the admin guard and the Admin menu.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LookupValue } from '../../engine/types/generated';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

const year = new Date().getFullYear();
const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

async function storedValue(type: string, name: string): Promise<LookupValue | null> {
  return (await mockApi
    .store()
    .collection<LookupValue>('lookupValues')
    .findOne({ clientId: 1, type, name })) as LookupValue | null;
}

describe('lookup values', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('adds values one per line; Save stays disabled while a line is empty or over 40 characters', async () => {
    const user = userEvent.setup();
    renderApp('/settings/lookupvalues');
    expect(await screen.findByRole('heading', { name: 'Lookup Values' })).toBeInTheDocument();
    expect(await screen.findByTestId('page-header')).toHaveTextContent('Job Roles');
    await screen.findByRole('row', { name: /Site Manager/ });
    const save = await screen.findByRole('button', { name: 'Save' });
    const lines = screen.getByLabelText(/^Values/);
    expect(save).toBeDisabled();
    await user.type(lines, `Piling Supervisor{Enter}${'x'.repeat(41)}`);
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(lines);
    await user.type(lines, 'Piling Supervisor{Enter}   ');
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(lines);
    await user.type(lines, 'Piling Supervisor{Enter}Crane Operator');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByRole('row', { name: /Piling Supervisor/ });
    expect(rowOf('Crane Operator')).toHaveTextContent('Active');
    expect(await storedValue('EmployeeRole', 'Crane Operator')).toMatchObject({ status: 'Active' });
    await waitFor(() => expect(screen.getByLabelText(/^Values/)).toHaveValue(''));
  });

  it('shows the server error in an alert when a save is refused', async () => {
    const user = userEvent.setup();
    renderApp('/settings/lookupvalues');
    await screen.findByRole('row', { name: /Site Manager/ });
    await user.type(await screen.findByLabelText(/^Values/), 'site manager');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This value already exists in the list.')).toBeInTheDocument();
  });

  it('offers only the actions the rules allow, per type; deactivates, activates, and deletes after Yes', async () => {
    const user = userEvent.setup();
    renderApp('/settings/lookupvalues');
    await screen.findByRole('row', { name: /Site Manager/ });
    // A default value: no Deactivate, no Delete.
    const officer = rowOf('Health and Safety Officer');
    expect(within(officer).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(officer).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(officer).queryByRole('button', { name: 'Activate' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Lookup type' }));
    await user.click(await screen.findByRole('option', { name: 'Subcontractor Packages' }));
    await screen.findByRole('row', { name: /Groundworks/ });
    expect(screen.getByTestId('page-header')).toHaveTextContent('Subcontractor Packages');
    expect(rows()).toHaveLength(6);
    // In use, of a protected type: neither Deactivate nor Delete.
    expect(within(rowOf('Groundworks')).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(rowOf('Groundworks')).queryByRole('button', { name: 'Delete' })).toBeNull();
    // Inactive: Activate only.
    expect(within(rowOf('Scaffolding')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(rowOf('Scaffolding')).queryByRole('button', { name: 'Deactivate' })).toBeNull();

    await user.click(within(rowOf('Mechanical')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(within(rowOf('Mechanical')).getByRole('button', { name: 'Activate' })).toBeInTheDocument(),
    );
    expect((await storedValue('SubContractorPackage', 'Mechanical'))?.status).toBe('Inactive');

    await user.click(
      within(await screen.findByRole('row', { name: /Electrical/ })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-text').innerHTML).toBe(
      'Are you sure you want to delete <b>Electrical</b>?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await storedValue('SubContractorPackage', 'Electrical')).not.toBeNull();
    await user.click(within(rowOf('Electrical')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Electrical/ })).toBeNull());
    expect(await storedValue('SubContractorPackage', 'Electrical')).toBeNull();
  });

  it("offers a row's actions in the context menu, after 50 ms at the pointer", async () => {
    const user = userEvent.setup();
    renderApp('/settings/lookupvalues');
    await user.click(await screen.findByRole('combobox', { name: 'Lookup type' }));
    await user.click(await screen.findByRole('option', { name: 'Subcontractor Packages' }));
    const row = await screen.findByRole('row', { name: /Mechanical/ });
    fireEvent.contextMenu(row, { clientX: 40, clientY: 60 });
    expect(screen.queryByRole('menu')).toBeNull(); // not before the delay
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Deactivate', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Deactivate' }));
    await waitFor(async () =>
      expect((await storedValue('SubContractorPackage', 'Mechanical'))?.status).toBe('Inactive'),
    );
    // A row without actions (in use, protected) keeps the browser's own menu.
    expect(fireEvent.contextMenu(rowOf('Groundworks'))).toBe(true);
  });

  it('escapes a value shown in a confirmation, so it cannot add markup', async () => {
    await mockApi
      .store()
      .collection('lookupValues')
      .updateOne({ clientId: 1, name: 'Reinforcement' }, { $set: { name: '<img src=x onerror=alert(1)>' } });
    const user = userEvent.setup();
    renderApp('/settings/lookupvalues');
    await user.click(await screen.findByRole('combobox', { name: 'Lookup type' }));
    await user.click(await screen.findByRole('option', { name: 'Subcontractor Packages' }));
    const row = await screen.findByRole('row', { name: /img src=x/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const text = within(await screen.findByRole('dialog')).getByTestId('confirm-text');
    expect(text.querySelector('img')).toBeNull();
    expect(text.textContent).toBe('Are you sure you want to delete <img src=x onerror=alert(1)>?');
  });
});

describe('code generator', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('asks before activating, saves, and generates codes', async () => {
    const user = userEvent.setup();
    renderApp('/settings/codegenerator');
    expect(await screen.findByRole('heading', { name: 'Code Generator' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Next code')).toHaveValue(`${year}/0042`));
    // Purchase orders are active: Generate hands out the next code and the form shows the one after.
    await user.click(screen.getByRole('button', { name: 'Generate code' }));
    expect(await screen.findByText(`Generated code: ${year}/0042`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Next code')).toHaveValue(`${year}/0043`));

    // Delivery notes are inactive: activating asks first.
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery Notes' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Active/ })).not.toBeChecked());
    expect(screen.getByRole('button', { name: 'Generate code' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Active/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('might duplicate existing order numbers');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = () =>
      mockApi.store().collection('codeGeneratorSettings').findOne({ clientId: 1, type: 'DeliveryNote' });
    expect((await stored())?.active).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    await waitFor(async () => expect((await stored())?.active).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate code' })).toBeEnabled());
  });

  it('opens empty for a type with no setting and adds it; parts are required only when active', async () => {
    const user = userEvent.setup();
    renderApp('/settings/codegenerator');
    await user.click(await screen.findByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Invoices' }));
    await waitFor(() => expect(screen.getByLabelText('Next code')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: 'Generate code' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^Active/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.type(screen.getByLabelText(/^Part 1 base/), '2026');
    await user.type(screen.getByLabelText(/^Part 3 base/), 'INV');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    const saved = await mockApi.store().collection('codeGeneratorSettings').findOne({ clientId: 1, type: 'Invoice' });
    expect(saved).toMatchObject({ active: true, start: 'Year', end: 'Text', baseCode: '2026/INV' });
  });
});

describe('settings access', () => {
  it('sends a user who is not an admin to the unauthorised page, and shows no Admin menu', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/settings/lookupvalues');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    renderApp('/home');
    await screen.findByRole('link', { name: 'Projects' });
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('shows admins the Admin menu with the settings pages', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Code Generator' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/codegenerator'));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Settings'));
  });

  it('sends an unknown path to the login page with an error', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=notfound');
  });
});
