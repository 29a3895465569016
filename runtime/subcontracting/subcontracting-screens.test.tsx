/**
 * The subcontracting screens (administration-data.md §2 Subcontractor areas: estimating/admin/subcontractors/
 * details, qs/{id}/subcontractors, qs/subcontractors; §3; §4 "Lookup and settings-form items"), built from JSON
 * only and driven through the real API (MSW forwards to the Hono app): the directory (add with the next code, a
 * refused delete in a modal), a project's orders (add through the form, the lookup value then in use), payments
 * (the valuation lines' table; the figures the server computes), accumulated payments, packages and returns, the
 * all-projects list, the lookup values screen hiding Delete and Deactivate of values in use, and the guards.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LookupValue, SubcontractorOrder, SubcontractorPayment } from '../../engine/types/generated';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

/** Each test is a journey through several screens and calls; a loaded 2-core machine needs the room. */
const JOURNEY_MS = 120_000;
const store = () => mockApi.store();
const rowOf = (name: RegExp) => screen.getByRole('row', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the subcontractor directory (estimating/admin/subcontractors/details)', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it(
    'adds a subcontractor with the next free code, and refuses to delete one with orders in a modal',
    async () => {
      const user = userEvent.setup();
      renderApp('/estimating/admin/subcontractors/details');
      expect(await screen.findByRole('heading', { name: 'Subcontractor Details' })).toBeInTheDocument();
      await screen.findByRole('row', { name: /Corrib Groundworks Ltd/ });
      expect(rowOf(/Atlantic Labour Agency/)).toHaveTextContent('Agency');
      await user.click(screen.getByRole('button', { name: 'Add Subcontractor' }));
      const dialog = await screen.findByRole('dialog');
      const save = await within(dialog).findByRole('button', { name: 'Save' });
      await user.type(within(dialog).getByLabelText(/^Name/), 'Clare Roofing');
      await user.type(within(dialog).getByLabelText(/^Location/), 'Ennis');
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('row', { name: /Clare Roofing/ })).toHaveTextContent('SC0005');

      await user.click(within(rowOf(/Corrib Groundworks Ltd/)).getByRole('button', { name: 'Delete' }));
      await user.click(await screen.findByRole('button', { name: 'Yes' }));
      expect(await screen.findByTestId('error-text')).toHaveTextContent(
        'This subcontractor cannot be deleted: it has orders, payments or packages.',
      );
      expect(await store().collection('subcontractors').findOne({ clientId: 1, id: 1 })).not.toBeNull();
    },
    JOURNEY_MS,
  );
});

describe('a project’s subcontractors (qs/{id}/subcontractors)', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it(
    'adds an order through the form; its package and payment terms are then in use',
    async () => {
      const user = userEvent.setup();
      renderApp('/qs/1/subcontractors');
      expect(await screen.findByRole('heading', { name: 'Subcontractors' })).toBeInTheDocument();
      await screen.findByRole('row', { name: /SC-001/ });
      expect(rowOf(/SC-002/)).toHaveTextContent('Shannon Formwork Systems');
      await user.click(screen.getByRole('button', { name: 'Add Order' }));
      const dialog = await screen.findByRole('dialog');
      const save = await within(dialog).findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      await choose(user, dialog, /^Subcontractor/, 'Midlands Mechanical Services');
      await choose(user, dialog, /^Package/, 'Electrical');
      await choose(user, dialog, /^Payment Terms/, '60 days');
      await choose(user, dialog, /^Order Type/, 'Fixed Price');
      await user.type(within(dialog).getByLabelText(/^Contract Sum/), '120000.50');
      await user.type(within(dialog).getByLabelText(/^Retention %/), '2.5');
      await choose(user, dialog, /^Insurance certificates received/, 'Yes');
      // An Other answer shows its text, and needs it.
      expect(within(dialog).queryByLabelText(/^Other Order Type/)).toBeNull();
      expect(within(dialog).queryByLabelText(/^Other \(please specify\)/)).toBeNull();
      await waitFor(() => expect(save).toBeEnabled());
      await choose(user, dialog, /^Health and safety documents received/, 'Other');
      const other = await within(dialog).findByLabelText(/^Other \(please specify\)/);
      await waitFor(() => expect(save).toBeDisabled());
      await user.type(other, 'To follow');
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('row', { name: /SC-003/ })).toHaveTextContent('Electrical');
      const saved = (await store()
        .collection<SubcontractorOrder>('subcontractorOrders')
        .findOne({ clientId: 1, orderNumber: 'SC-003' })) as SubcontractorOrder;
      expect(saved).toMatchObject({
        contractSum: 120_000.5,
        retention: 2.5,
        subContractorId: 4,
        paymentTerms: '60 days',
      });
      expect(saved.answers).toEqual([
        { questionId: 1, answer: 'Yes', subContractorOrderId: saved.id },
        { questionId: 2, answer: 'Other', other: 'To follow', subContractorOrderId: saved.id },
      ]);
      const electrical = await store()
        .collection<LookupValue>('lookupValues')
        .findOne({ clientId: 1, type: 'SubContractorPackage', name: 'Electrical' });
      expect(electrical?.inUse).toBe(true);
    },
    JOURNEY_MS,
  );

  it(
    'edits an order in the form opened with its row',
    async () => {
      const user = userEvent.setup();
      renderApp('/qs/1/subcontractors');
      await screen.findByRole('row', { name: /SC-002/ });
      await user.click(within(rowOf(/SC-002/)).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog');
      const sum = await within(dialog).findByLabelText(/^Contract Sum/);
      await waitFor(() => expect(sum).toHaveValue(312_500.5));
      expect(within(dialog).getByRole('combobox', { name: /^Health and safety documents received/ })).toHaveTextContent(
        'No',
      );
      await user.clear(sum);
      await user.type(sum, '320000');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const saved = await store().collection<SubcontractorOrder>('subcontractorOrders').findOne({ clientId: 1, id: 2 });
      expect(saved).toMatchObject({ contractSum: 320_000, orderNumber: 'SC-002', entryNumber: 2 });
      expect(saved?.answers?.map((a) => [a.questionId, a.answer])).toEqual([
        [1, 'Yes'],
        [2, 'No'],
      ]);
    },
    JOURNEY_MS,
  );

  it(
    'uploads and deletes an order’s files, and keeps a package attachment’s revisions',
    async () => {
      const user = userEvent.setup();
      const orders = renderApp('/qs/1/subcontractors');
      await screen.findByRole('row', { name: /SC-002/ }, { timeout: 30000 });
      await user.click(within(rowOf(/SC-002/)).getByRole('button', { name: 'Edit' }));
      let dialog = await screen.findByRole('dialog');
      let files = await within(dialog).findByTestId('subcontracting-files');
      await within(files).findByText('No files yet.');
      await user.upload(
        within(files).getByLabelText('Upload'),
        new File(['cover'], 'insurance.txt', { type: 'text/plain' }),
      );
      expect(await within(files).findByRole('link', { name: 'insurance.txt' })).toBeInTheDocument();
      const order = await store().collection<SubcontractorOrder>('subcontractorOrders').findOne({ clientId: 1, id: 2 });
      expect(order?.files?.map((f) => f.name)).toEqual(['insurance.txt']);
      await user.click(within(files).getByRole('button', { name: 'Delete' }));
      await user.click(await screen.findByRole('button', { name: 'Yes' }));
      await within(files).findByText('No files yet.');
      orders.unmount();

      renderApp('/qs/3/subcontractors');
      await user.click(await screen.findByRole('tab', { name: 'Packages' }));
      await user.click(
        within(await screen.findByRole('row', { name: /Groundworks/ }, { timeout: 30000 })).getByRole('button', {
          name: 'Edit',
        }),
      );
      dialog = await screen.findByRole('dialog');
      files = await within(dialog).findByTestId('subcontracting-files');
      await within(files).findByText('No files yet.');
      await user.upload(
        within(files).getByLabelText('Upload'),
        new File(['rev A'], 'plan.txt', { type: 'text/plain' }),
      );
      await within(files).findByText('Rev 1');
      await user.upload(
        within(files).getByLabelText('Upload'),
        new File(['rev B'], 'plan.txt', { type: 'text/plain' }),
      );
      expect(await within(files).findByText('Rev 2')).toBeInTheDocument();
      expect(within(files).getAllByRole('link', { name: 'plan.txt' })).toHaveLength(2);
    },
    JOURNEY_MS,
  );

  it(
    'adds a payment with its valuation lines; the server computes the figures',
    async () => {
      const user = userEvent.setup();
      renderApp('/qs/1/subcontractors');
      await screen.findByRole('row', { name: /SC-001/ });
      await user.click(screen.getByRole('tab', { name: 'Payments' }));
      await screen.findByRole('button', { name: 'Add Payment' });
      await user.click(screen.getByRole('button', { name: 'Add Payment' }));
      const dialog = await screen.findByRole('dialog');
      const save = await within(dialog).findByRole('button', { name: 'Save' });
      await choose(user, dialog, /^Subcontractor/, 'Shannon Formwork Systems');
      await choose(user, dialog, /^Package/, 'Formwork');
      await user.type(within(dialog).getByLabelText(/^Date of Claim/), '2024-08-31');
      // The table starts with one empty row.
      const cells = within(dialog)
        .getAllByRole('textbox')
        .filter((t) => t.closest('table'));
      expect(cells).toHaveLength(2);
      await user.type(cells[0], 'Slabs');
      await user.type(cells[1], '80000.30');
      await user.type(within(dialog).getByLabelText(/^Amount Claimed/), '35000');
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const saved = (await store()
        .collection<SubcontractorPayment>('subcontractorPayments')
        .findOne({ clientId: 1, dateOfClaim: '2024-08-31' })) as SubcontractorPayment;
      expect(saved).toMatchObject({ status: 'Draft', amountGross: 80_000.3, orderNo: 'SC-002', retention: 3 });
      expect(saved.lines).toEqual([{ description: 'Slabs', amount: 80_000.3 }]);
      expect(await screen.findByRole('row', { name: /2024-08-31/ })).toHaveTextContent('80,000.30');
    },
    JOURNEY_MS,
  );

  it(
    'shows the packages and their returns',
    async () => {
      const user = userEvent.setup();
      renderApp('/qs/3/subcontractors');
      await screen.findByRole('tab', { name: 'Packages' });
      await user.click(screen.getByRole('tab', { name: 'Packages' }));
      expect(await screen.findByRole('row', { name: /Groundworks/ }, { timeout: 30000 })).toHaveTextContent(
        '212,400.00',
      );
      await user.click(screen.getByRole('tab', { name: 'Returns' }));
      expect(await screen.findByRole('row', { name: /Corrib Groundworks Ltd/ }, { timeout: 30000 })).toHaveTextContent(
        'Price excludes rock breaking.',
      );
      expect(rowOf(/Midlands Mechanical Services/)).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'shows the accumulated payments of each order',
    async () => {
      const user = userEvent.setup();
      renderApp('/qs/1/subcontractors');
      await screen.findByRole('tab', { name: 'Accumulated Payments' });
      await user.click(screen.getByRole('tab', { name: 'Accumulated Payments' }));
      const row = await screen.findByRole('row', { name: /SC-001/ }, { timeout: 30000 });
      expect(row).toHaveTextContent('485,000.00');
      expect(row).toHaveTextContent('Corrib Groundworks Ltd');
    },
    JOURNEY_MS,
  );
});

describe('the all-projects list (qs/subcontractors) and the guards', () => {
  it(
    'lists the orders of every project for a qs admin',
    async () => {
      await mockApi.logIn('admin@demo.local', 1);
      renderApp('/qs/subcontractors');
      expect(await screen.findByRole('heading', { name: 'Subcontractor Orders' })).toBeInTheDocument();
      expect(await screen.findByRole('row', { name: /Atlantic Labour Agency/ })).toHaveTextContent('CCE-2405');
      expect(rowOf(/Corrib Groundworks Ltd/)).toHaveTextContent('CCE-2401');
    },
    JOURNEY_MS,
  );

  it(
    'sends a user without the qs or estimating areas to unauthorized',
    async () => {
      await mockApi.logIn('user@demo.local', 1);
      const qs = renderApp('/qs/1/subcontractors');
      await waitFor(() => expect(qs.router.state.location.pathname).toBe('/unauthorized'));
      qs.unmount();
      const estimating = renderApp('/estimating/admin/subcontractors/details');
      await waitFor(() => expect(estimating.router.state.location.pathname).toBe('/unauthorized'));
    },
    JOURNEY_MS,
  );
});

describe('a qs user with View on one project and Edit on another', () => {
  beforeEach(async () => {
    await mockApi.logIn('user@demo.local', 1);
    const users = store().collection<Record<string, unknown>>('users');
    const { _id, ...demo } = (await users.findOne({ email: 'user@demo.local' })) as Record<string, unknown>;
    await users.insertOne({
      ...demo,
      id: 90,
      email: 'qs@test.local',
      fullName: 'Orla Quinn',
      processes: [],
      accesses: [
        {
          clientId: 1,
          flags: { accessTheirQS: true },
          projects: [
            { projectId: 1, activity: 'View' },
            { projectId: 2, activity: 'Edit' },
          ],
        },
      ],
    });
    await mockApi.logIn('qs@test.local', 1);
  }, JOURNEY_MS);

  it(
    'sees no Add, Edit or Delete on the View project',
    async () => {
      renderApp('/qs/1/subcontractors');
      await screen.findByRole('row', { name: /SC-001/ }, { timeout: 30000 });
      expect(screen.queryByRole('button', { name: 'Add Order' })).toBeNull();
      expect(within(rowOf(/SC-001/)).queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(within(rowOf(/SC-001/)).queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(within(rowOf(/SC-001/)).getByRole('button', { name: 'View' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'has Add, Edit and Delete on the Edit project',
    async () => {
      renderApp('/qs/2/subcontractors');
      await screen.findByRole('row', { name: /Atlantic Labour Agency/ }, { timeout: 30000 });
      expect(screen.getByRole('button', { name: 'Add Order' })).toBeInTheDocument();
      expect(within(rowOf(/Atlantic Labour Agency/)).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );
});

describe('lookup values in use by subcontracting', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it(
    'hides Deactivate and Delete of a package or payment terms value an order names',
    async () => {
      const user = userEvent.setup();
      renderApp('/settings/lookupvalues');
      await screen.findByRole('row', { name: /Site Manager/ });
      await user.click(screen.getByRole('combobox', { name: 'Lookup type' }));
      await user.click(await screen.findByRole('option', { name: 'Subcontractor Packages' }));
      await screen.findByRole('row', { name: /Formwork/ });
      // Formwork: named by the demo orders and a package.
      expect(within(rowOf(/Formwork/)).queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(within(rowOf(/Formwork/)).queryByRole('button', { name: 'Deactivate' })).toBeNull();
      expect(within(rowOf(/Electrical/)).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      await user.click(screen.getByRole('combobox', { name: 'Lookup type' }));
      await user.click(await screen.findByRole('option', { name: 'Subcontractor Payment Terms' }));
      await screen.findByRole('row', { name: /45 days/ });
      // 45 days: not in use in the lookup seed; the demo order of project 2 names it, so loading the demo marks it.
      expect(within(rowOf(/45 days/)).queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(within(rowOf(/45 days/)).queryByRole('button', { name: 'Deactivate' })).toBeNull();
      expect(within(rowOf(/60 days/)).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );
});
