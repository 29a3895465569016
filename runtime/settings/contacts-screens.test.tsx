/**
 * The contacts and organisations screens (administration-data.md §2 Contacts screen, §4 Employees and contacts,
 * §5 Contact, §8), built from JSON only and driven through the real API (MSW forwards to the Hono app): the list
 * with 'Add Contacts' and 'Import', the form (required fields, Save disabled while invalid, Save & New, the
 * country list's order), the edit route, the import (Upload disabled until a file is chosen, the per-row report
 * in a modal), and the organisations register.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '../../engine/types/generated';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

const contacts = () => mockApi.store().collection<Contact>('contacts');

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  // Opened again until the option is listed: a click on the field while the form is still being made afresh
  // (after Save & New) can land on the field it replaces.
  await waitFor(async () => {
    if (!screen.queryByRole('listbox')) await user.click(screen.getByRole('combobox', { name: label }));
    expect(screen.getByRole('option', { name: option })).toBeInTheDocument();
  });
  await user.click(screen.getByRole('option', { name: option }));
}

describe('contacts', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('adds a contact: Save disabled until organisation, names and role are given; Save & New stays in add mode', async () => {
    const user = userEvent.setup();
    renderApp('/settings/contacts');
    await screen.findByRole('row', { name: /Brennan/ });
    await user.click(screen.getByRole('button', { name: 'Add Contacts' }));
    const dialog = await screen.findByRole('dialog');
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    const saveAndNew = within(dialog).getByRole('button', { name: 'Save & New' });
    expect(save).toBeDisabled();
    expect(saveAndNew).toBeDisabled();
    // The country list: Ireland and United Kingdom first.
    await user.click(within(dialog).getByRole('combobox', { name: /^Country/ }));
    const countries = (await screen.findAllByRole('option')).map((o) => o.textContent).filter(Boolean);
    expect(countries.slice(0, 3)).toEqual(['Ireland', 'United Kingdom', 'Afghanistan']);
    await user.click(screen.getByRole('option', { name: 'France' }));
    await choose(user, /^Organisation/, 'Corrib Design Partnership');
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Maura');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Concannon');
    expect(save).toBeDisabled();
    await choose(user, /^Role/, 'Architect');
    await waitFor(() => expect(saveAndNew).toBeEnabled());
    await user.click(saveAndNew);
    await waitFor(async () => expect(await contacts().findOne({ lastName: 'Concannon' })).not.toBeNull());
    expect(await contacts().findOne({ lastName: 'Concannon' })).toMatchObject({ organizationId: 1, country: 'France' });
    // Still adding, with an empty form.
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByLabelText(/^First Name/)).toHaveValue(''));
    await choose(user, /^Organisation/, 'Kerry Steel Fabrication');
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/^First Name/), 'Jer');
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/^Last Name/), 'Doody');
    await choose(user, /^Role/, 'Site Supervisor');
    const save2 = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save2).toBeEnabled());
    await user.click(save2);
    // Save returns to the list and refreshes it (Concannon sorts onto the first page).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('row', { name: /Concannon/ })).toBeInTheDocument();
    expect(await contacts().findOne({ lastName: 'Doody' })).toMatchObject({ organizationId: 9 });
  });

  it('edits at the id route; a save goes back up to the list', async () => {
    const user = userEvent.setup();
    renderApp('/settings/contacts/edit/1');
    const first = await screen.findByLabelText(/^First Name/);
    await waitFor(() => expect(first).toHaveValue('Aoife'));
    await user.clear(screen.getByLabelText(/^Email/));
    await user.clear(first);
    await user.type(first, 'Aoibhinn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('row', { name: /Aoibhinn/ });
    expect(await contacts().findOne({ id: 1 })).toMatchObject({ firstName: 'Aoibhinn' });
    expect((await contacts().findOne({ id: 1 }))?.email).toBeUndefined();
  });

  it('refuses a sheet with a per-row report in a modal; Upload is disabled until a file is chosen', async () => {
    const user = userEvent.setup();
    renderApp('/settings/contacts');
    await screen.findByRole('row', { name: /Brennan/ });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const upload = await within(dialog).findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    const csv =
      'Organisation,First Name,Last Name,Role\nNowhere Ltd,Ann,Other,Architect\nCorrib Design Partnership,Bo,Kelly,Pilot\n';
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'contacts.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(dialog).getByTestId('chosen-file')).toHaveTextContent('contacts.csv'), {
      timeout: 10000,
    });
    await waitFor(() => expect(upload).toBeEnabled());
    const before = await contacts().countDocuments({});
    await user.click(upload);
    const error = await screen.findByTestId('error-text');
    expect(error).toHaveTextContent('The file was not imported: 2 rows have problems.');
    expect(error).toHaveTextContent("Row 2: The organisation 'Nowhere Ltd' is not one of the listed organisations.");
    expect(error).toHaveTextContent("Row 3: The role 'Pilot' is not one of the listed roles.");
    expect(await contacts().countDocuments({})).toBe(before);
    // The form resets either way (§8, resetOnError): the file chooser is empty and Upload disabled again.
    const errorDialog = error.closest('[role="dialog"]') as HTMLElement;
    await user.click(within(errorDialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled());
    expect(within(dialog).getByTestId('chosen-file')).not.toHaveTextContent('contacts.csv');
  });
});

describe('organisations', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('lists the organisations and refuses to delete one with contacts in a modal', async () => {
    const user = userEvent.setup();
    renderApp('/settings/organisations');
    const row = await screen.findByRole('row', { name: /Corrib Design Partnership/ });
    expect(screen.getByRole('button', { name: 'Add Organisation' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('error-text')).toHaveTextContent(
      'This organisation has contacts; move or delete them first.',
    );
  });
});

describe('project contacts', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('lists the project’s contacts and removes one after Yes', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/edit/contacts');
    const row = await screen.findByRole('row', { name: /Brennan/ });
    await user.click(within(row).getByRole('button', { name: 'Remove from project' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Brennan/ })).toBeNull());
    expect((await contacts().findOne({ id: 1 }))?.projectIds).not.toContain(1);
  });
});
