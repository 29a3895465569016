/**
 * The file browser on the project's Vault page (/projects/1/drawings) and the shared folder page, over the DMS of
 * contract.md §C served by fixtures/msw/dms.ts (administration-data.md §2, §4, §5, §6, §8, §9; issue 23 item 1).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createFakeDms, type FakeDms } from '../../../fixtures/msw/dms';
import { mswPath } from '../../../fixtures/msw/handlers';
import { mockApi, server } from '../../test/mock-api';
import { renderApp } from '../../test/render';

let dms: FakeDms;

beforeEach(() => {
  dms = createFakeDms(1);
  dms.addFolder('Vault/Structural/GA');
  dms.addFolder('Vault/Architectural');
  dms.addFile('Vault/0f8fad5b-d9cb-469f-a165-70867728950e_GA-101.pdf', { label: 'General arrangement' });
  dms.addFile('Vault/site.png');
  dms.addFile('Vault/B-200.pdf', { revisionNumber: 3, size: 1536 });
  server.use(...dms.handlers);
});

function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Vault' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent ?? '');
}

async function openVault(email = 'user@demo.local') {
  await mockApi.logIn(email);
  const user = userEvent.setup();
  const rendered = renderApp('/projects/1/drawings');
  await screen.findByRole('button', { name: 'Architectural' }, { timeout: 20_000 });
  return { user, ...rendered };
}

async function rowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Options for ${name}` }));
  return screen.getByRole('menu');
}

async function dialogGone() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function confirmDialog(text: string | RegExp) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(text);
  return dialog;
}

describe('file browser', () => {
  it('lists the Vault: folders first, the id prefix dropped, Name toggles, columns chosen, thumbnails', async () => {
    const { user } = await openVault();
    expect(screen.getByRole('heading', { name: 'Vault' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Architectural', 'Structural', 'B-200.pdf', 'GA-101.pdf', 'site.png']);
    // The download link of a file, its size hidden... revision shown.
    const ga = screen.getByRole('link', { name: 'GA-101.pdf' });
    expect(ga).toHaveAttribute('href', expect.stringContaining('/api/projects/1/dms/download?path=Vault%2F0f8fad5b'));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Modified By', 'Date Modified', 'Rev', 'Size', 'Options']);
    expect(screen.getByRole('row', { name: /B-200\.pdf/ })).toHaveTextContent('2026-11-20');
    expect(screen.getByRole('row', { name: /B-200\.pdf/ })).toHaveTextContent('1.5 KB');
    // The image's thumbnail: the existing sharp thumbnails at the DMS width (300) of the client file path.
    const thumbnail = screen.getByRole('row', { name: /site\.png/ }).querySelector('img');
    expect(thumbnail).toHaveAttribute('src', '/api/thumbnail/300?file=projects%2F1%2Fdocuments%2FVault%2Fsite.png');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(rowNames()).toEqual(['Structural', 'Architectural', 'site.png', 'GA-101.pdf', 'B-200.pdf']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(rowNames()[0]).toBe('Architectural');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Label' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Size' }));
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Label',
      'Modified By',
      'Date Modified',
      'Rev',
      'Options',
    ]);
    expect(screen.getByRole('row', { name: /GA-101\.pdf/ })).toHaveTextContent('General arrangement');
  });

  it('shows only Name, Size and Options below the 550px DMS breakpoint', async () => {
    // A 400px window: MUI's useMediaQuery asks matchMedia, which jsdom lacks.
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: max ? 400 <= Number(max[1]) : false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    }) as typeof window.matchMedia;
    try {
      await openVault();
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Size', 'Options']);
    } finally {
      // @ts-expect-error jsdom has no matchMedia; this test's is removed.
      delete window.matchMedia;
    }
  });

  it('opens folders and collapses a trail of more than 4 levels to first, ..., last two', async () => {
    dms.addFolder('Vault/Structural/GA/Level 1/Zone A');
    const { user } = await openVault();
    await user.click(screen.getByRole('button', { name: 'Structural' }));
    await user.click(await screen.findByRole('button', { name: 'GA' }));
    await user.click(await screen.findByRole('button', { name: 'Level 1' }));
    const trail = screen.getByRole('navigation', { name: 'Folder path' });
    expect(trail).toHaveTextContent('Vault/Structural/GA/Level 1');
    await user.click(await screen.findByRole('button', { name: 'Zone A' }));
    await waitFor(() => expect(trail).toHaveTextContent('Vault/.../Level 1/Zone A'));
    expect(within(trail).getByText('Zone A')).toHaveAttribute('aria-current', 'page');
    await user.click(within(trail).getByRole('button', { name: 'Vault' }));
    expect(await screen.findByRole('button', { name: 'Architectural' })).toBeInTheDocument();
  });

  it('searches below the folder, refuses an empty search, and goes Back or Clears', async () => {
    const { user } = await openVault();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('A value must be entered in order to search.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ga');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText("Search results for 'ga'")).toBeInTheDocument();
    expect(rowNames().sort()).toEqual(['GA-101.pdf', 'GAin Vault/Structural']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(rowNames()).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ga');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it("creates 'New Folder (1)' in rename; cancelling deletes it; OK renames it", async () => {
    dms.addFolder('Vault/New Folder');
    const { user } = await openVault();
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('New Folder (1)');
    expect(dms.calls.at(-1)).toEqual({ call: 'POST /createDirectory', body: { path: 'Vault/New Folder (1)' } });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(dms.calls.at(-1)).toEqual({ call: 'DELETE /folder', body: { url: 'Vault/New Folder (1)' } }),
    );
    expect(dms.nodes.has('Vault/New Folder (1)')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    const again = await screen.findByRole('dialog', { name: 'Create Folder' });
    const name = within(again).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Issued{Enter}');
    await waitFor(() => expect(dms.nodes.has('Vault/Issued')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Issued' })).toBeInTheDocument();
  });

  it("renames: OK disabled while unchanged, '/' refused with its text, a folder onto an existing name merges after the warning", async () => {
    const { user } = await openVault();
    await user.click(within(await rowMenu(user, 'Structural')).getByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, '/x');
    expect(
      within(dialog).getByText("Please note that the following character is not allowed in any file/folder name: '/'"),
    ).toBeInTheDocument();
    expect(ok).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Architectural');
    await user.click(ok);
    const warning = await confirmDialog(/already exists here\. Its contents will be merged/);
    await user.click(within(warning).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(dms.calls.at(-1)).toEqual({
        call: 'PUT /renameFolder',
        body: { oldPath: 'Vault/Structural', newPath: 'Vault/Architectural', isCopy: false, isReplace: true },
      }),
    );
  });

  it('renames a file onto an existing name: Yes keeps them separate as name (1).ext', async () => {
    const { user } = await openVault();
    await user.click(within(await rowMenu(user, 'B-200.pdf')).getByRole('menuitem', { name: 'Rename' }));
    const name = within(await screen.findByRole('dialog', { name: 'Rename' })).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'site.png{Enter}');
    const question = await confirmDialog(
      "A file named 'site.png' already exists in this folder. Would you like to keep the files separate?",
    );
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(dms.nodes.has('Vault/site (1).png')).toBe(true));
  });

  it('multi-select: checkboxes, off clears, Copy through Select Folder, Delete with the confirmation', async () => {
    const { user } = await openVault();
    const actions = () => user.click(screen.getByRole('button', { name: 'Actions' }));
    await actions();
    await user.click(screen.getByRole('menuitem', { name: 'Enable Multi-Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select B-200.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select site.png' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await actions();
    await user.click(screen.getByRole('menuitem', { name: 'Disable Multi-Select' }));
    expect(screen.queryByRole('checkbox', { name: 'Select B-200.pdf' })).not.toBeInTheDocument();
    await actions();
    await user.click(screen.getByRole('menuitem', { name: 'Enable Multi-Select' }));
    expect(screen.getByRole('checkbox', { name: 'Select B-200.pdf' })).not.toBeChecked();
    await actions();
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Select B-200.pdf' }));
    await actions();
    await user.click(screen.getByRole('menuitem', { name: 'Copy' }));
    const select = await screen.findByRole('dialog', { name: 'Select Folder' });
    await user.click(await within(select).findByRole('button', { name: 'Structural' }));
    await within(select).findByRole('button', { name: 'GA' });
    await user.click(within(select).getByRole('button', { name: 'Choose this folder' }));
    await waitFor(() => expect(dms.nodes.has('Vault/Structural/B-200.pdf')).toBe(true));
    expect(dms.nodes.has('Vault/B-200.pdf')).toBe(true);

    await user.click(await screen.findByRole('checkbox', { name: 'Select site.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select B-200.pdf' }));
    await actions();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const question = await confirmDialog('Are you sure you want to delete B-200.pdf, site.png file?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(dms.nodes.has('Vault/site.png')).toBe(false));
    expect(dms.nodes.has('Vault/B-200.pdf')).toBe(false);
  });

  it("deletes from the context menu after 'Are you sure...'; a failure says 'Failed to delete {file} file'", async () => {
    const { user } = await openVault();
    dms.refuse('DELETE /file', 500, {});
    fireEvent.contextMenu(screen.getByRole('row', { name: /B-200\.pdf/ }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
    const question = await confirmDialog('Are you sure you want to delete B-200.pdf file?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await dialogGone();
    expect(dms.calls.some((c) => c.call === 'DELETE /file')).toBe(false);
    await user.click(within(await rowMenu(user, 'B-200.pdf')).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await confirmDialog(/delete B-200\.pdf file/)).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete B-200.pdf file')).toBeInTheDocument();
  });

  it('shows the API refusal of a base folder and the permission text of a 403', async () => {
    const { user } = await openVault();
    dms.refuse('DELETE /folder', 400, { messageId: 'dms.baseFolder', message: 'Base folder cannot be deleted' });
    await user.click(within(await rowMenu(user, 'Architectural')).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await confirmDialog(/delete Architectural file/)).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Base folder cannot be deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close|ok/i }));
    await dialogGone();
    dms.refuse('PUT /renameFolder', 403, { messageId: 'dms.permission', message: 'x' });
    await user.click(within(await rowMenu(user, 'Structural')).getByRole('menuitem', { name: 'Rename' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Rename' })).getByRole('textbox'), ' 2{Enter}');
    expect(
      await screen.findByText(/You do not have permission to perform this action, please contact your administrator/),
    ).toHaveTextContent('Any modifications you make will not be saved');
  });

  it('a view user gets no Actions, no Create Folder and no Delete; Manage Revisions lists versions and history', async () => {
    const { user } = await openVault('view@demo.local');
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Folder' })).not.toBeInTheDocument();
    const menu = await rowMenu(user, 'B-200.pdf');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Download', 'Manage Revisions']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Manage Revisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Revisions: B-200.pdf' });
    const downloads = await within(dialog).findAllByRole('link', { name: /^Download Revision/ });
    expect(downloads.map((d) => d.getAttribute('href'))).toEqual([
      '/api/projects/1/dms/download?path=Vault%2FB-200.pdf&versionId=v3',
      '/api/projects/1/dms/download?path=Vault%2FB-200.pdf&versionId=v2',
      '/api/projects/1/dms/download?path=Vault%2FB-200.pdf&versionId=v1',
    ]);
    expect(
      within(dialog).getByText('Renamed by Ann Byrne on 2026-11-20 from old.pdf to GA-101.pdf'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Upload New Revision')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load the files' when the list fails, and the permission text for a 403", async () => {
    dms.refuse('GET /getall', 500, {});
    await mockApi.logIn('user@demo.local');
    const first = renderApp('/projects/1/drawings');
    expect(await screen.findByText('Failed to load the files', {}, { timeout: 20_000 })).toBeInTheDocument();
    first.unmount();
    dms.refuse('GET /getall', 403, { messageId: 'dms.permission', message: 'x' });
    renderApp('/projects/1/drawings');
    expect(
      await screen.findByText(/You do not have permission to perform this action/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('adds a URL as a .url file named by the rule; shares a folder with a copied link', async () => {
    const { user } = await openVault();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add URL' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://example.com/specs/concrete');
    expect(within(dialog).getByTestId('url-file-name')).toHaveTextContent('Saved as: example.com specs concrete.url');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(dms.calls.at(-1)).toEqual({
        call: 'POST /createUrl',
        body: { url: 'https://example.com/specs/concrete', path: 'Vault', filename: '' },
      }),
    );

    await user.click(within(await rowMenu(user, 'Structural')).getByRole('menuitem', { name: 'Share Link' }));
    const link = await screen.findByRole('dialog', { name: 'Link Copied' });
    expect(link).toHaveTextContent('Link copied to clipboard');
    expect(within(link).getByRole('textbox')).toHaveValue('http://localhost/shared-folder/1/tok1');
  });

  it('uploads: .ignore skipped, the duplicate prompt (Yes: separate; No with two: too many), errors with their text', async () => {
    const { user } = await openVault();
    const input = screen.getByTestId('upload-files') as HTMLInputElement;
    const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

    await user.upload(input, [file('new.pdf'), file('skip.ignore')]);
    await waitFor(() => expect(dms.nodes.has('Vault/new.pdf')).toBe(true));
    expect(dms.calls.filter((c) => c.call === 'POST upload').map((c) => (c.body as { names: string[] }).names)).toEqual(
      [['new.pdf']],
    );
    expect(await screen.findByRole('region', { name: 'Uploads' })).toHaveTextContent('new.pdf · Done');

    await user.upload(input, [file('B-200.pdf'), file('site.png')]);
    const question = await confirmDialog(
      'The following files already exist in this folder... Would you like to keep the files separate?',
    );
    expect(question).toHaveTextContent('B-200.pdf');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(
      await screen.findByText('Too many duplicates found. Please manually edit some file names to improve uniqueness.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close|ok/i }));
    await dialogGone();

    await user.upload(input, [file('B-200.pdf')]);
    await user.click(within(await confirmDialog(/already exist/)).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(dms.nodes.has('Vault/B-200 (1).pdf')).toBe(true));

    await user.upload(input, [file('B-200.pdf')]);
    await user.click(within(await confirmDialog(/already exist/)).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(dms.calls.at(-1)).toEqual({
        call: 'POST upload',
        body: { folder: 'Vault', onDuplicate: 'replace', names: ['B-200.pdf'] },
      }),
    );

    dms.refuse('POST upload', 500, {});
    await user.upload(input, [file('other.pdf')]);
    expect(
      await screen.findByText('There was an error uploading the file(s). Please try again', {
        normalizer: (t) => t.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
  });

  it("shows the drop overlay 'Drop files to upload them to: {folder}' and uploads a dropped file", async () => {
    await openVault();
    const area = screen.getByTestId('file-browser');
    const dropped = new File(['x'], 'dropped.pdf', { type: 'application/pdf' });
    const dataTransfer = { types: ['Files'], files: [dropped], items: [], dropEffect: 'none' };
    fireEvent.dragOver(area, { dataTransfer });
    expect(screen.getByTestId('drop-overlay')).toHaveTextContent('Drop files to upload them to: Vault');
    fireEvent.drop(area, { dataTransfer });
    await waitFor(() => expect(dms.nodes.has('Vault/dropped.pdf')).toBe(true));
    expect(screen.queryByTestId('drop-overlay')).not.toBeInTheDocument();

    // A folder whose files cannot all be read uploads nothing and says so.
    const unreadable = {
      isFile: true,
      isDirectory: false,
      name: 'locked.pdf',
      file: (_: unknown, failed: (error: unknown) => void) => failed(new Error('NotReadableError')),
    };
    const items = [{ kind: 'file', webkitGetAsEntry: () => unreadable }];
    const before = dms.calls.length;
    fireEvent.drop(area, { dataTransfer: { types: ['Files'], files: [], items } });
    expect(await screen.findByText('Failed to read all the files')).toBeInTheDocument();
    expect(dms.calls.length).toBe(before);
  });
});

describe('company documents (projectId 0)', () => {
  it("shows the area's base folder of the company documents to the area's administrator, with the changing actions", async () => {
    // Served under /api/projects/0/dms only: the page asks the company documents, not a project's.
    const company = createFakeDms(0);
    company.addFile('Health and Safety/Policy.pdf');
    server.use(...company.handlers);
    await mockApi.logIn('hs@demo.local');
    renderApp('/health-and-safety/documents');
    expect(await screen.findByRole('link', { name: 'Policy.pdf' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Folder path' })).toHaveTextContent('Health and Safety');
    expect(screen.getByRole('button', { name: 'Actions' })).toBeInTheDocument();
  });
});

describe('shared folder page', () => {
  beforeEach(() => {
    dms.links.set('tok1', 'Vault/Structural');
    server.use(
      http.get(`*${mswPath('authorization.dmsShared')}`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.text(String(query.get('securityToken') === 'tok1'));
      }),
    );
  });

  it('shows the shared folder read-only, signed out, in the external shell', async () => {
    const user = userEvent.setup();
    renderApp('/shared-folder/1/tok1');
    const shell = await screen.findByTestId('external-shell', {}, { timeout: 20_000 });
    expect(within(shell).getByRole('banner')).toHaveTextContent('Corrib Civil Engineering Ltd');
    await user.click(await screen.findByRole('button', { name: 'GA' }));
    const trail = screen.getByRole('navigation', { name: 'Folder path' });
    await waitFor(() => expect(trail).toHaveTextContent('Structural/GA'));
    expect(trail).not.toHaveTextContent('Vault');
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Folder' })).not.toBeInTheDocument();
  });

  it('sends an unknown link to /unauthorized', async () => {
    const { router } = renderApp('/shared-folder/1/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'), { timeout: 20_000 });
  });
});
