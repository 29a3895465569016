/**
 * The document picker (dms-buttons; form-configuration.md §2 "Document picker and drawing register picker";
 * administration-data.md §2 "Document picker dialog", "Document Register dialog"; issue 23 item 5): the document
 * browser's folder tabs over the DMS calls, Add disabled until something is ticked, Close leaving the answer as it
 * was, the answer each file's path with its current version and revision, shown as 'name (Rev. n)' opening that
 * version; a folder the user may not read shows the server's text; the Document Register dialog's columns (lookup
 * columns only when enabled), its cut description and notes, its three Add buttons' enabling rules and what each
 * adds. The DMS is the real app's over the demo documents; the register's rows and lookups are stand-ins (MSW)
 * answering as contract.md §D says, with texts long enough to be cut.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, server } from '../../test/mock-api';
import { SchemaForm } from '../SchemaForm';
import { withPicked } from './DocumentPickerWidget';

/**
 * Project 1's documents (the mock API's store starts without files): the demo's under Vault, GA-102 with a second
 * revision (the DMS keeps the first as a version), and a file whose stored name has the DMS id prefix.
 */
async function documents(): Promise<void> {
  const files = mockApi.store().files;
  const put = (path: string, text: string, keepVersion = false) =>
    files.put(`1/projects/1/documents/${path}`, new TextEncoder().encode(`%PDF-1.4 ${text}`), 'application/pdf', {
      keepVersion,
    });
  await put('Vault/Site rules.pdf', 'rules');
  await put('Vault/Drawings/GA-101 General arrangement.pdf', 'GA-101');
  await put('Vault/Drawings/GA-102 Sections.pdf', 'GA-102 rev 1');
  await put('Vault/Drawings/GA-102 Sections.pdf', 'GA-102 rev 2', true);
  await put('Vault/Drawings/0f8fad5b-d9cb-469f-a165-70867728950e_Site plan.pdf', 'plan');
}

/** The current version of a demo document (what Add keeps). */
async function currentVersion(path: string): Promise<string> {
  return (await mockApi.store().files.versions(`1/projects/1/documents/${path}`))[0].versionId;
}

const long = (word: string) => `${word} `.repeat(30).trim();
const registerRow = (id: number, name: string, revision: string, secondary: string[]) => ({
  id,
  name,
  revision,
  description: long('Ground floor slab'),
  type: 'Drawing',
  source: 'Architect',
  structuredRefs: ['Block A'],
  elements: ['Slab'],
  levels: ['Level 1', 'Level 2'],
  elevations: [],
  cores: [],
  packages: [],
  drawingRegisterStatus: 'For Construction',
  notes: 'Short note',
  lastUpdatedByFullName: 'Mary Byrne',
  lastUpdateDate: '2026-11-20T10:00:00Z',
  status: 'Current',
  primaryFile: { fileUrl: `/api/projects/1/sitework/drawingregister/download?url=${id}`, fileName: `${name}.pdf` },
  secondaryFiles: secondary.map((fileName) => ({ fileUrl: `/x/${fileName}`, fileName })),
});

function registerStandIn() {
  server.use(
    http.get('*/api/projects/1/sitework/drawingregister', () =>
      HttpResponse.json([registerRow(7, 'GA-201', 'C', ['GA-201 calcs.pdf']), registerRow(8, 'GA-202', 'A', [])]),
    ),
    // Only the Level lookup of the project is enabled (it has an Active value).
    http.get('*/api/projects/1/sitework/drawingregister/lookups', () => HttpResponse.json({ Level: ['Level 1'] })),
  );
}

function renderPicker(onChange: (data: Record<string, unknown>) => void, multiple = true, tooltip?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/form',
        element: (
          <SchemaForm
            schema={{ type: 'object', properties: { docs: { type: 'array', items: { type: 'string' } } } }}
            uiSchema={{
              docs: {
                'ui:widget': 'dms-buttons',
                'ui:title': 'Drawings referred to',
                'ui:options': { multiple, tooltip },
              },
            }}
            onChange={onChange}
          />
        ),
      },
    ],
    { initialEntries: ['/projects/1/form'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the document picker', () => {
  beforeEach(async () => {
    await mockApi.logIn('user@demo.local');
    await documents();
    registerStandIn();
  });

  it('browses the document folders in tabs, adds the ticked files at their revision, and Close changes nothing', async () => {
    const onChange = vi.fn();
    renderPicker(onChange);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drawings referred to' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Document folders' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Vault', 'Quality Assurance', 'Health and Safety', 'Quantity Surveying']);
    await within(dialog).findByRole('checkbox', { name: 'Site rules.pdf' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Open Drawings' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'GA-102 Sections.pdf' }));
    // The DMS id prefix is not shown.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Site plan.pdf' }));
    expect(add).toBeEnabled();

    // Another tab: a folder the user may not read shows the server's text; an empty one says so.
    await user.click(within(tabs).getByRole('tab', { name: 'Quantity Surveying' }));
    expect(await within(dialog).findByText(/You do not have permission to perform this action/)).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Quality Assurance' }));
    expect(await within(dialog).findByText('This folder is empty.')).toBeInTheDocument();
    expect(add).toBeEnabled();

    await user.click(add);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sections = await currentVersion('Vault/Drawings/GA-102 Sections.pdf');
    const plan = 'Vault/Drawings/0f8fad5b-d9cb-469f-a165-70867728950e_Site plan.pdf';
    const docs = onChange.mock.lastCall?.[0].docs as string[];
    expect(docs).toEqual([
      `projects/1/documents/Vault/Drawings/GA-102 Sections.pdf?versionId=${sections}&revision=2`,
      `projects/1/documents/${plan}?versionId=${await currentVersion(plan)}&revision=1`,
    ]);
    const chosen = await screen.findByRole('list', { name: 'Drawings referred to' });
    expect(within(chosen).getByRole('link', { name: 'GA-102 Sections.pdf (Rev. 2)' })).toHaveAttribute(
      'href',
      `/api/projects/1/dms/download?path=Vault%2FDrawings%2FGA-102+Sections.pdf&versionId=${sections}`,
    );
    expect(within(chosen).getByRole('link', { name: 'Site plan.pdf (Rev. 1)' })).toBeInTheDocument();

    const calls = onChange.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Add from documents' }));
    const again = await screen.findByRole('dialog', { name: 'Drawings referred to' });
    await user.click(await within(again).findByRole('checkbox', { name: 'Site rules.pdf' }));
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(onChange.mock.calls.length).toBe(calls);

    await user.click(await screen.findByRole('button', { name: 'Remove GA-102 Sections.pdf (Rev. 2)' }));
    expect(onChange.mock.lastCall?.[0].docs).toEqual([docs[1]]);
  });

  it('picks drawing register files: lookup columns only when enabled, texts cut, each Add button by its rule', async () => {
    const onChange = vi.fn();
    renderPicker(onChange);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from documents' }));
    const picker = await screen.findByRole('dialog', { name: 'Drawings referred to' });
    await user.click(within(picker).getByRole('button', { name: 'Document Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document Register' });
    const table = await within(dialog).findByRole('table', { name: 'Document Register' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Select',
      'Name',
      'Revision',
      'Secondary files',
      'Description',
      'Type',
      'Source',
      'Structure Reference',
      'Level',
      'Notes',
      'Last Updated By',
      'Last Updated',
      'Status',
    ]);
    const first = within(table).getAllByRole('row')[1];
    const cells = within(first).getAllByRole('cell');
    expect(cells[4].textContent).toBe(`${long('Ground floor slab').slice(0, 97)}...`);
    expect(cells[4].textContent).toHaveLength(100);
    expect(cells[8].textContent).toBe('Level 1, Level 2');
    expect(cells[9].textContent).toBe('Short note');
    expect(cells[11].textContent).toBe('20/11/2026');
    expect(within(first).getByRole('link', { name: 'GA-201' })).toHaveAttribute(
      'href',
      '/api/projects/1/sitework/drawingregister/download?url=7',
    );

    const addAll = within(dialog).getByRole('button', { name: 'Add All Selected' });
    const addPrimary = within(dialog).getByRole('button', { name: 'Add Primary Files' });
    const addSecondary = within(dialog).getByRole('button', { name: 'Add Secondary Files' });
    const enabled = () => [addAll, addPrimary, addSecondary].map((b) => !(b as HTMLButtonElement).disabled);
    expect(enabled()).toEqual([false, false, false]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select the primary file of GA-202' }));
    expect(enabled()).toEqual([true, true, false]);
    await user.click(within(dialog).getByRole('button', { name: 'Secondary files of GA-201' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select GA-201 calcs.pdf' }));
    expect(enabled()).toEqual([true, true, true]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select the primary file of GA-202' }));
    expect(enabled()).toEqual([true, false, true]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select the primary file of GA-201' }));

    // Add Secondary Files adds the secondary files only.
    await user.click(addSecondary);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange.mock.lastCall?.[0].docs).toEqual(['projects/1/drawing-register/7/GA-201 calcs.pdf?revision=C']);
    const chosen = await screen.findByRole('list', { name: 'Drawings referred to' });
    expect(within(chosen).getByRole('link', { name: 'GA-201 calcs.pdf (Rev. C)' })).toHaveAttribute(
      'href',
      '/api/projects/1/sitework/drawingregister/download?url=projects%2F1%2Fdrawing-register%2F7%2FGA-201%20calcs.pdf',
    );

    // Close adds nothing; Add All Selected adds both kinds, each file at its drawing's revision.
    await user.click(screen.getByRole('button', { name: 'Add from documents' }));
    await user.click(await screen.findByRole('button', { name: 'Document Register' }));
    const tickBoth = async () => {
      const register = await screen.findByRole('dialog', { name: 'Document Register' });
      await user.click(await within(register).findByRole('checkbox', { name: 'Select the primary file of GA-201' }));
      await user.click(within(register).getByRole('button', { name: 'Secondary files of GA-201' }));
      await user.click(await within(register).findByRole('checkbox', { name: 'Select GA-201 calcs.pdf' }));
      return register;
    };
    const calls = onChange.mock.calls.length;
    await user.click(within(await tickBoth()).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Document Register' })).toBeNull());
    expect(onChange.mock.calls.length).toBe(calls);
    await user.click(screen.getByRole('button', { name: 'Document Register' }));
    await user.click(within(await tickBoth()).getByRole('button', { name: 'Add All Selected' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange.mock.lastCall?.[0].docs).toEqual([
      'projects/1/drawing-register/7/GA-201.pdf?revision=C',
      'projects/1/drawing-register/7/GA-201 calcs.pdf?revision=C',
    ]);
  });

  it('shows the question’s tooltip on its button', async () => {
    renderPicker(vi.fn(), true, 'Choose from the project’s documents');
    const user = userEvent.setup();
    await user.hover(await screen.findByRole('button', { name: 'Add from documents' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Choose from the project’s documents');
  });

  it('keeps one document when the question takes one', async () => {
    const onChange = vi.fn();
    renderPicker(onChange, false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from documents' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Open Drawings' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'GA-101 General arrangement.pdf' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'GA-102 Sections.pdf' }));
    expect(within(dialog).getByRole('checkbox', { name: 'GA-101 General arrangement.pdf' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(onChange.mock.lastCall?.[0].docs).toHaveLength(1));
    expect(onChange.mock.lastCall?.[0].docs[0]).toBe(
      `projects/1/documents/Vault/Drawings/GA-102 Sections.pdf?versionId=${await currentVersion('Vault/Drawings/GA-102 Sections.pdf')}&revision=2`,
    );
  });

  it('replaces an earlier pick of the same file and keeps the others', () => {
    const old = 'projects/1/documents/Vault/GA-101.pdf?versionId=a&revision=1';
    const other = 'projects/1/drawing-register/7/GA-201.pdf?revision=C';
    const fresh = 'projects/1/documents/Vault/GA-101.pdf?versionId=b&revision=2';
    expect(withPicked([old, other], [fresh], true)).toEqual([other, fresh]);
    expect(withPicked([old, other], [fresh], false)).toEqual([fresh]);
    expect(withPicked(['projects/1/documents/Site rules.pdf'], [fresh], true)).toEqual([
      'projects/1/documents/Site rules.pdf',
      fresh,
    ]);
  });
});
