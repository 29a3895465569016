/**
 * The form configuration screens in the app, through the real API behind MSW (form-configuration.md §2-§8):
 * the QR code setup register and modal (valueLabels, Add without a form id, the name checked as typed and
 * typed with letters, digits and spaces only, role exclusivity across tabs, the Populate value inputs and
 * the Create tab's tooltip, the save messages in a modal with their markup), the label preparation modal
 * (columns reordered and saved), and on a project's register the QR image modal and the label export modal.
 */

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { QuestionProperties } from '../../engine/forms/questions';
import { definitionInput } from '../../engine/test/definitions';
import { mswPath } from '../../fixtures/msw/handlers';
import { demoSeed } from '../../fixtures/seed';
import { callOperation } from '../api/client';
import type { FormEntry } from '../api/types';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';
import { clickRowAction, rowActionNames } from '../test/row-actions';

const QR_PATH = '/quality-assurance/form-library/1/qrcodes';
const LABEL_PATH = '/quality-assurance/form-library/1/label-preparation';

const dialog = () => screen.getByRole('dialog');
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openTab(name: RegExp) {
  await userEvent.click(await within(dialog()).findByRole('button', { name }));
}

describe('QR code setups', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('lists the setups with their access type and status in words', async () => {
    renderApp(QR_PATH);
    await screen.findByRole('row', { name: /Site Team/ });
    expect(row('Site Team')).toHaveTextContent('Role Based');
    expect(row('Public Record')).toHaveTextContent('Non Role Based');
    expect(row('Site Team')).toHaveTextContent('Active');
    const actions = await rowActionNames(userEvent.setup(), row('Site Team'));
    expect(actions).toContain('Deactivate');
    expect(actions).not.toContain('Activate');
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('opens a saved Role Based setup with its tabs: roles, Populate values by kind, a role of one tab disabled in the others', async () => {
    const user = userEvent.setup();
    renderApp(QR_PATH);
    await user.click(
      within(await screen.findByRole('row', { name: /Site Team/ })).getByRole('button', { name: 'Edit' }),
    );
    expect(await screen.findByRole('heading', { name: 'QR Code: Site Team' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Setup QR Code Types based on Role:')).toBeInTheDocument();
    const tabs = within(dialog())
      .getAllByRole('button', { expanded: false })
      .map((b) => b.textContent?.replace(/\(\d+\)/, '').trim());
    expect(tabs).toEqual(['Create', 'Update', 'Populate 1', 'Populate 2', 'Populate 3', 'Populate 4', 'View']);
    await openTab(/^Populate 1/);
    const location = await within(dialog()).findByLabelText('Pour location');
    expect(location).toHaveValue('Level 2 slab');
    expect(location.tagName).toBe('TEXTAREA');
    expect(within(dialog()).getByLabelText('Pour date')).toHaveValue('');
    expect(
      within(dialog()).getByText('To record the date of a scan, please leave the date picker blank'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Concrete grade')).toHaveTextContent('C32/40');
    expect(within(dialog()).getByText('Formwork clean and sealed')).toBeInTheDocument();
    expect(within(dialog()).getByText('Foreman (Employee)')).toBeInTheDocument();
    // Foreman holds Populate 1: offered but disabled in Update
    await openTab(/^Update/);
    await user.click(within(dialog()).getByLabelText('Update Roles'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Foreman (Employee)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Quantity Surveyor (Employee)' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Plant Operator (Plant)' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Yard Manager/ })).toBeNull(); // inactive
    expect(within(listbox).getByText('Organisation')).toBeInTheDocument(); // a category label
  });

  it('adds a setup: name keystrokes and uniqueness as typed, the save rules in a modal, then a saved setup', async () => {
    const user = userEvent.setup();
    renderApp(QR_PATH);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await screen.findByRole('heading', { name: 'QR Code' });
    const name = await within(dialog()).findByLabelText(/^Name/);
    await user.type(name, 'Gate#1 North!');
    expect(name).toHaveValue('Gate1 North');
    await user.clear(name);
    await user.type(name, 'site team');
    expect(await within(dialog()).findByText('QR Code Name already exists.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Gate One');
    await waitFor(() => expect(within(dialog()).queryByText('QR Code Name already exists.')).toBeNull());
    // Non Role Based (the default) shows Type View and Access
    expect(within(dialog()).getByRole('combobox', { name: /^Access Type/ })).toHaveTextContent('Non Role Based');
    expect(within(dialog()).getByRole('combobox', { name: /^Type/ })).toHaveTextContent('View');
    expect(within(dialog()).getByRole('combobox', { name: /^Access \*/ })).toHaveTextContent('Public');
    await user.click(within(dialog()).getByRole('combobox', { name: /^Access Type/ }));
    await user.click(screen.getByRole('option', { name: /^Role Based$/ }));
    expect(await within(dialog()).findByText('Setup QR Code Types based on Role:')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('combobox', { name: /^Access \*/ })).toBeNull();
    // a Populate tab with a role and no question: the server's message, in a modal, with its bold
    await openTab(/^Populate 2/);
    await user.click(within(dialog()).getByLabelText('Populate 2 Roles'));
    await user.click(await screen.findByRole('option', { name: 'Foreman (Employee)' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const error = await screen.findByTestId('error-text');
    expect(error.textContent).toBe('Populate 2: Question is mandatory.');
    expect(error.querySelector('b')?.textContent).toBe('Populate 2');
    const errorDialog = error.closest('[role="dialog"]') as HTMLElement;
    await user.click(within(errorDialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('error-text')).toBeNull());
    // add a question: a dropdown starts at its first option
    await user.click(within(dialog()).getByLabelText('Populate 2 Select Question to Add'));
    await user.click(await screen.findByRole('option', { name: 'Curing method' }));
    const curing = await within(dialog()).findByLabelText('Curing method');
    const firstOption = (demoSeed.formDefinitions[0].pages[1].questions as QuestionProperties[]).find(
      (q) => q.id === 13,
    )?.options?.[0].value;
    expect(curing).toHaveTextContent(String(firstOption));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await screen.findByRole('row', { name: /Gate One/ });
    const saved = await callOperation<{ name: string; qrCodeRoleDetails: unknown[]; qrCodeTypeDetails: unknown[] }[]>(
      'qrCodes.getall',
      { params: { formArea: 'quality-assurance', entryNumber: '1' } },
    );
    expect(saved.find((s) => s.name === 'Gate One')).toMatchObject({
      qrCodeRoleDetails: [expect.objectContaining({ type: 4 })],
      qrCodeTypeDetails: [expect.objectContaining({ type: 4, accessType: 'Private' })],
    });
  });

  it('disables the Create roles with the tooltip when CSV upload is allowed and the Create button is off', async () => {
    const form = await callOperation<Record<string, unknown>>('forms.get', {
      params: { formArea: 'quality-assurance', id: '1' },
    });
    const input = definitionInput(form);
    await callOperation('forms.update', {
      params: { formArea: 'quality-assurance', id: '1' },
      body: { ...input, allowCsvUpload: true, displayEntryCreateButton: false },
    });
    const user = userEvent.setup();
    renderApp(QR_PATH);
    await user.click(
      within(await screen.findByRole('row', { name: /Site Team/ })).getByRole('button', { name: 'View' }),
    );
    await openTab(/^Create/);
    expect(
      await within(dialog()).findByText(
        'As the "Display entry Create Button" toggle switch is Off in the Form Creator, the Create QR Code setup will not display on the project side',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Create Roles')).toBeDisabled();
    // view mode: no Save, inputs disabled
    expect(within(dialog()).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the form library', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('deactivates, makes default, clones and deletes forms; a form with entries is not deleted', async () => {
    const user = userEvent.setup();
    renderApp('/quality-assurance/form-library');
    const pour = await screen.findByRole('row', { name: /Concrete Pour Inspection/ });
    // Seven actions: Edit (the form creator) and QR codes show, the rest are in the row's More menu.
    await clickRowAction(user, pour, 'Deactivate');
    await waitFor(async () =>
      expect(await rowActionNames(user, row('Concrete Pour Inspection'))).toContain('Activate'),
    );
    await clickRowAction(user, row('Concrete Pour Inspection'), 'Default');
    await waitFor(async () =>
      expect(await rowActionNames(user, row('Concrete Pour Inspection'))).toContain('Non-default'),
    );
    await clickRowAction(user, row('Steel Reinforcement Inspection'), 'Clone');
    expect(screen.getByTestId('confirm-text').innerHTML).toBe('Make a copy of <b>Steel Reinforcement Inspection</b>?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const copy = await screen.findByRole('row', { name: /Copy of Steel Reinforcement Inspection/ });
    expect(copy).toHaveTextContent('Draft');
    await clickRowAction(user, copy, 'Delete');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    // The rows are hidden from queries while the confirmation is open: wait for it to close, then for the list.
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('row', { name: /Copy of Steel/ })).toBeNull();
    });
    await mockApi.addEntries({
      id: 700,
      clientId: 1,
      projectId: 1,
      formId: 3,
      formVersion: 1,
      formArea: 'quality-assurance',
      aggregateRootId: '00000000-0000-4000-8000-000000000700',
      entryNumber: 1,
      globalEntryNumber: 1,
      displayGlobalId: '3-1',
      date: '2026-11-20T09:30:00.000Z',
      enteredBy: 'Niamh Gallagher',
      enteredById: 1,
      answers: [],
    } as unknown as FormEntry);
    await clickRowAction(user, row('Steel Reinforcement Inspection'), 'Delete');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('error-text')).toHaveTextContent(
      'This form has entries and cannot be deleted; deactivate it instead.',
    );
  }, 60_000);

  it("shows an area's page of one category under its own title", async () => {
    renderApp('/quality-assurance/audits');
    expect(await screen.findByRole('heading', { name: 'Audits', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('lists the forms of a category with their QR code and label preparation pages', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/health-and-safety/inspections');
    const safety = await screen.findByRole('row', { name: /Site Safety Inspection/ });
    await user.click(within(safety).getByRole('button', { name: 'QR Codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/health-and-safety/form-library/5/qrcodes'));
    expect(await screen.findByRole('row', { name: /Safety Walk/ })).toBeInTheDocument();
  });
});

describe('label preparation', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('shows the chosen columns in order in a 250px table, reorders them and saves the order', async () => {
    const user = userEvent.setup();
    renderApp(LABEL_PATH);
    await user.click(
      within(await screen.findByRole('row', { name: /Pour Labels/ })).getByRole('button', { name: 'Edit' }),
    );
    expect(await screen.findByRole('heading', { name: 'Label Preparation: Pour Labels' })).toBeInTheDocument();
    const table = await within(dialog()).findByRole('table', { name: 'Columns of the label file' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    const items = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.firstChild?.textContent);
    expect(items()).toEqual(['ID', 'Project Name', 'Pour location', 'Pour date', 'Site Team', 'Public Record']);
    expect(screen.getByTestId('label-columns')).toHaveStyle({ maxHeight: '250px' });
    await user.click(within(table).getByRole('button', { name: 'Move Site Team up' }));
    expect(items()).toEqual(['ID', 'Project Name', 'Pour location', 'Site Team', 'Pour date', 'Public Record']);
    expect(within(table).getByRole('button', { name: 'Move ID up' })).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Label Preparation: / })).toBeNull());
    const [saved] = await callOperation<
      { labelPreparationSetupExportQRCodes: { qrCodeSetupId: number; order: number }[] }[]
    >('labelPreparation.getall', { params: { formArea: 'quality-assurance', formEntryNumber: '1' } });
    expect(saved.labelPreparationSetupExportQRCodes).toEqual([
      expect.objectContaining({ qrCodeSetupId: 1, order: 3 }),
      expect.objectContaining({ qrCodeSetupId: 2, order: 5 }),
    ]);
  });

  it('refuses a name over 25 characters as typed', async () => {
    const user = userEvent.setup();
    renderApp(LABEL_PATH);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await user.type(await within(dialog()).findByLabelText(/^Name/), 'L'.repeat(26));
    expect(
      await within(dialog()).findByText('Label Setup name cannot be longer than 25 characters.'),
    ).toBeInTheDocument();
  });
});

describe('a project register: QR codes and the label export', () => {
  const form = demoSeed.formDefinitions[0];
  const entry = (entryNumber: number): FormEntry =>
    ({
      id: 500 + entryNumber,
      clientId: 1,
      projectId: 1,
      formId: form.id,
      formVersion: 1,
      formArea: 'quality-assurance',
      aggregateRootId: `00000000-0000-4000-8000-00000000000${entryNumber}`,
      entryNumber,
      globalEntryNumber: entryNumber,
      displayGlobalId: `${form.id}-${entryNumber}`,
      client: 'Corrib Civil Engineering Ltd',
      date: '2026-11-20T09:30:00.000Z',
      enteredBy: 'Niamh Gallagher',
      enteredById: 1,
      projectName: 'Demo',
      projectAddress: '',
      isPublic: false,
      answers: [{ questionId: 1, answers: [`Bay ${entryNumber}`] }],
    }) as FormEntry;

  beforeEach(async () => {
    await mockApi.logIn('admin@demo.local', 1);
    await mockApi.addEntries(entry(1), entry(2));
  });

  it("shows an entry's QR code: Download and Copy link wait for the image, then copy the scan link", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/projects/1/qa/${form.id}`);
    await user.click(
      within(await screen.findByRole('row', { name: /Bay 2/ })).getByRole('button', { name: 'QR Code' }),
    );
    const image = await within(await screen.findByRole('dialog')).findByRole('img', {
      name: 'QR code of Public Record',
    });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(dialog()).getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Copy link' })).toBeDisabled();
    act(() => {
      fireEvent.load(image);
    });
    expect(within(dialog()).getByRole('button', { name: 'Download' })).toBeEnabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/qr\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    // the setup can be changed: Site Team's code is another one
    await user.click(within(dialog()).getByRole('combobox', { name: 'QR code setup' }));
    await user.click(await screen.findByRole('option', { name: 'Site Team' }));
    expect(await within(dialog()).findByRole('img', { name: 'QR code of Site Team' })).toBeInTheDocument();
  });

  it('exports the labels of the selected entries', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:labels';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp(`/projects/1/qa/${form.id}`);
    await screen.findByRole('row', { name: /Bay 1/ });
    const exportButton = screen.getByRole('button', { name: 'Label Preparation' });
    expect(exportButton).toBeDisabled();
    for (const bay of ['Bay 1', 'Bay 2']) await user.click(within(row(bay)).getByRole('checkbox'));
    await user.click(exportButton);
    expect(await screen.findByRole('heading', { name: 'Label Preparation Setup: Pour Labels' })).toBeInTheDocument();
    expect(
      within(dialog()).getByText('You have selected 2 entries to be listed for label preparation…'),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^\d{8} Quality Assurance Concrete Pour Inspection Pour Labels\.csv$/);
    const lines = (await created[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('ID,Project Name,Pour location,Pour date,Site Team,Public Record');
    expect(lines).toHaveLength(3);
    click.mockRestore();
  });

  it("shows the server's text for a refused export and the spec's long message for any other failure", async () => {
    const user = userEvent.setup();
    renderApp(`/projects/1/qa/${form.id}`);
    await screen.findByRole('row', { name: /Bay 1/ });
    await user.click(within(row('Bay 1')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Label Preparation' }));
    await screen.findByRole('heading', { name: 'Label Preparation Setup: Pour Labels' });
    server.use(
      http.post(mswPath('labelPreparation.export'), () =>
        HttpResponse.json(
          { messageId: 'labelPreparation.inactive', message: 'The label preparation setup is inactive.' },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByTestId('error-text')).toHaveTextContent('The label preparation setup is inactive.');
    const close = (screen.getByTestId('error-text').closest('[role="dialog"]') as HTMLElement).querySelector('button');
    await user.click(close as HTMLButtonElement);
    await waitFor(() => expect(screen.queryByTestId('error-text')).toBeNull());
    server.use(http.post(mswPath('labelPreparation.export'), () => new HttpResponse(null, { status: 502 })));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByTestId('error-text')).toHaveTextContent(
      'An error occurred performing your download request, this could be due to a slow internet connection',
    );
    server.resetHandlers();
  });

  it("hides Add and the Create code while the form's 'Display entry Create Button' is off", async () => {
    const def = await callOperation<Record<string, unknown>>('forms.get', {
      params: { formArea: 'quality-assurance', id: '1' },
    });
    await callOperation('forms.update', {
      params: { formArea: 'quality-assurance', id: '1' },
      body: { ...definitionInput(def), displayEntryCreateButton: false },
    });
    await callOperation('forms.publish', { params: { formArea: 'quality-assurance', id: '1' } });
    renderApp(`/projects/1/qa/${form.id}`);
    await screen.findByRole('row', { name: /Bay 1/ });
    expect(screen.getByRole('button', { name: 'Label Preparation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create QR Code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
