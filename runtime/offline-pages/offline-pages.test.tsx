/**
 * The offline pages (issue 26; runtime/offline-pages, docs/offline.md "Screens"), through the real routes, shell and
 * renderer against the mock API, with a stand-in for the device side (runtime/offline, contract §5): the stand-in
 * keeps its state in memory and records the calls the pages make. The offline router's answers to the register
 * (entries.getall with syncState) are stood in for by an MSW handler.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { act } from 'react';
import type { OfflineBundle } from '../../engine/types/generated/offline-bundle';
import { ApiError } from '../api/client';
import type { FormDefinition } from '../api/types';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';
import {
  type LocalEntryView,
  type LocalFileView,
  type OfflineApi,
  type OfflineProject,
  type OfflineState,
  setOfflineApi,
} from './offline-api';

const SYNCED: OfflineState = {
  online: true,
  running: false,
  paused: null,
  queued: 0,
  conflicts: 0,
  refused: 0,
  filesPending: 0,
};

/** A stand-in of runtime/offline's API: state in memory, calls recorded. */
function standIn() {
  const listeners = new Set<(state: OfflineState) => void>();
  const calls: Array<[string, ...unknown[]]> = [];
  const world = {
    state: { ...SYNCED } as OfflineState,
    projects: [] as OfflineProject[],
    bundles: new Map<number, OfflineBundle>(),
    entries: [] as LocalEntryView[],
    files: [] as LocalFileView[],
    storage: { usage: 12_500_000, quota: 2_000_000_000, persisted: false },
    persistGranted: true,
  };
  const record =
    <T,>(name: string, answer: (...args: never[]) => T) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return answer(...(args as never[]));
    };
  const api: OfflineApi = {
    getOfflineState: () => world.state,
    subscribeOffline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncNow: record('syncNow', async () => undefined),
    startSync: record('startSync', () => undefined),
    takeProjectOffline: record('takeProjectOffline', async () => undefined),
    releaseProject: record('releaseProject', async () => undefined),
    refreshBundle: record('refreshBundle', async () => undefined),
    offlineProjects: async () => world.projects,
    localEntries: async (projectId, formId) =>
      world.entries.filter((e) => e.projectId === projectId && (formId === undefined || e.formId === formId)),
    localFiles: async (projectId) => world.files.filter((f) => f.projectId === projectId),
    retryFile: record('retryFile', async () => undefined),
    retryCommand: record('retryCommand', async () => undefined),
    resolveConflicts: record('resolveConflicts', async () => undefined),
    downloadUnsynced: record('downloadUnsynced', async () => new Blob(['zip'], { type: 'application/zip' })),
    storageInfo: async () => world.storage,
    requestPersistence: record('requestPersistence', async () => world.persistGranted),
    createOfflineRouter: record('createOfflineRouter', () => ({
      handles: () => false,
      call: async () => undefined,
      fileUrl: () => null,
    })),
    offlineBundle: async (projectId) => world.bundles.get(projectId),
  };
  const emit = (state: Partial<OfflineState>) => {
    world.state = { ...world.state, ...state };
    act(() => {
      for (const listener of listeners) listener(world.state);
    });
  };
  return { api, world, calls, emit, named: (name: string) => calls.filter(([n]) => n === name).map(([, ...a]) => a) };
}

let device: ReturnType<typeof standIn>;

beforeEach(() => {
  device = standIn();
  setOfflineApi(device.api);
});
afterEach(() => setOfflineApi(null));

/** A form as the server answers it on project 1 (what a bundle holds). */
async function formOf(formArea: string, id: number): Promise<FormDefinition> {
  const answer = await fetch(`http://localhost/api/settings/forms/1/${formArea}/${id}`);
  if (!answer.ok) throw new Error(`form ${id}: ${answer.status}`);
  return (await answer.json()) as FormDefinition;
}

function bundleOf(projectId: number, forms: FormDefinition[], canEdit = true): OfflineBundle {
  return {
    bundleVersion: 'b1',
    generatedAt: '2026-11-20T09:00:00.000Z',
    project: { id: projectId, code: 'CCE-2518', name: 'Galway Harbour Quay Wall Repairs' },
    canEdit,
    forms: forms as OfflineBundle['forms'],
    formVersions: [],
    projectUsers: [],
    entries: [],
  };
}

function localEntry(over: Partial<LocalEntryView>): LocalEntryView {
  return {
    entryId: '0190f2a4-0000-7000-8000-000000000001',
    projectId: 11,
    formArea: 'health-and-safety',
    formId: 5,
    formVersion: 1,
    localNumber: -1,
    version: 0,
    answers: [],
    isDraft: true,
    syncState: 'pending',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

describe('the offline layout and its sync banner', () => {
  it('says where the changes are, politely, and offers the Sync action or the login', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    renderApp('/offline');
    const status = await screen.findByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('All changes synced'));
    expect(device.named('startSync')).toHaveLength(1);
    const sync = screen.getByRole('link', { name: 'Sync' });
    expect(sync).toHaveAttribute('href', '/qa/access?return=%2Foffline');

    device.emit({ queued: 3 });
    expect(status).toHaveTextContent('3 changes waiting to sync');
    device.emit({ running: true });
    expect(status).toHaveTextContent('Syncing...');
    device.emit({ running: false, conflicts: 2 });
    expect(status).toHaveTextContent('2 conflicts to resolve');
    device.emit({ conflicts: 0, queued: 0, filesPending: 4 });
    expect(status).toHaveTextContent('4 files waiting to upload');
    device.emit({ filesPending: 0, online: false });
    expect(status).toHaveTextContent('No connection: changes are kept on this device');

    device.emit({ online: true, paused: 'session', queued: 5 });
    expect(status).toHaveTextContent('Log in to sync');
    expect(screen.queryByRole('link', { name: 'Sync' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to sync' })).toHaveAttribute('href', '/login?returnUrl=%2Foffline');
  });
});

describe('/offline: the projects', () => {
  it('lists the projects on the device and those to take offline; Take offline and Remove from device', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    device.world.projects = [
      {
        projectId: 11,
        code: 'CCE-2518',
        name: 'Galway Harbour Quay Wall Repairs',
        downloadedAt: '2026-11-20T09:00:00.000Z',
        bundleVersion: 'b1',
        unsynced: 2,
      },
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/offline');
    expect(await screen.findByRole('heading', { name: 'Offline projects', level: 1 })).toBeInTheDocument();
    const onDevice = screen.getByRole('region', { name: 'On this device' });
    const row = await within(onDevice).findByRole('row', { name: /CCE-2518/ });
    expect(within(row).getByRole('link', { name: 'Forms' })).toHaveAttribute('href', '/offline/11/qa');
    expect(within(row).getByRole('link', { name: 'Photos' })).toHaveAttribute('href', '/offline/11/photos');
    expect(row).toHaveTextContent('2');

    // Removing a project with changes not synced is refused, saying how many.
    await user.click(within(row).getByRole('button', { name: 'Remove from device' }));
    expect(
      await screen.findByText('CCE-2518 has 2 changes not synced yet: sync them before removing it from this device.'),
    ).toBeInTheDocument();
    expect(device.named('releaseProject')).toEqual([]);

    // Synced: asked first, then removed.
    device.world.projects = [{ ...device.world.projects[0], unsynced: 0 }];
    device.emit({});
    await waitFor(() => expect(within(row).getByText('0')).toBeInTheDocument());
    await user.click(within(row).getByRole('button', { name: 'Remove from device' }));
    const question = await screen.findByRole('dialog');
    await user.click(within(question).getByRole('button', { name: 'Remove from device' }));
    await waitFor(() => expect(device.named('releaseProject')).toEqual([[11]]));
    expect(await screen.findByText('CCE-2518 removed from this device')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The projects the user may take offline (projects.getQaOfflineInfo) that are not on the device: Take offline.
    const available = screen.getByRole('region', { name: 'Projects you may take offline' });
    expect(within(available).queryByText(/CCE-2518/)).toBeNull();
    device.world.projects = [];
    device.emit({});
    const line = (await within(available).findByText('CCE-2518 Galway Harbour Quay Wall Repairs'))
      .parentElement as HTMLElement;
    await user.click(within(line).getByRole('button', { name: 'Take offline' }));
    await waitFor(() => expect(device.named('takeProjectOffline')).toEqual([[11]]));
    expect(await screen.findByText('CCE-2518 is on this device')).toBeInTheDocument();
  });

  it("switches a project's Available offline for an Edit user (updateProjectOffineAvailability)", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp('/offline');
    const switchOf = await screen.findByRole('switch', { name: /^CCE-2401 .* available offline$/ });
    expect(switchOf).not.toBeChecked();
    await user.click(switchOf);
    await waitFor(async () => {
      const project = await mockApi
        .store()
        .collection<{ id: number; offlineAvailable?: boolean }>('projects')
        .findOne({ id: 1 });
      expect(project?.offlineAvailable).toBe(true);
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: /^CCE-2401 .* available offline$/ })).toBeChecked());
    // The project is now one the user may take offline.
    const available = screen.getByRole('region', { name: 'Projects you may take offline' });
    expect(await within(available).findByText(/CCE-2401/)).toBeInTheDocument();
  });

  it('shows the storage used and whether it is persistent, asks for persistence, downloads the unsynced data', async () => {
    await mockApi.logIn('user@demo.local');
    device.world.persistGranted = false;
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:unsynced';
    };
    URL.revokeObjectURL = () => undefined;
    // The download's link is clicked; jsdom does not navigate.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderApp('/offline');
    const storage = await screen.findByRole('region', { name: 'Storage on this device' });
    expect(await within(storage).findByText(/12\.5\sMB used of 2\sGB/)).toBeInTheDocument();
    expect(within(storage).getByText(/Storage is not persistent/)).toBeInTheDocument();
    await user.click(within(storage).getByRole('button', { name: 'Keep data on this device' }));
    expect(
      await screen.findByText('The browser did not grant persistent storage. Adding the app to the home screen helps.'),
    ).toBeInTheDocument();
    expect(device.named('requestPersistence')).toHaveLength(1);

    await user.click(within(storage).getByRole('button', { name: 'Download unsynced data' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(device.named('downloadUnsynced')).toHaveLength(1);
    expect(click.mock.contexts[0]).toHaveProperty('download', expect.stringMatching(/^unsynced-\d{4}-\d\d-\d\d\.zip$/));
    click.mockRestore();
  });

  it('offline, says the list of projects to take needs a connection and still lists the device', async () => {
    await mockApi.logIn('user@demo.local');
    server.use(http.get(/\/api\/projects\/getQaOfflineInfo$/, () => HttpResponse.error()));
    renderApp('/offline');
    expect(
      await screen.findByText('Connect to the internet to see the projects you may take offline.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/No project is kept on this device yet/)).toBeInTheDocument();
  });
});

describe('/offline/{projectId}/qa and the offline registers', () => {
  it("installs the project's offline router, lists the bundle's forms with their entries' sync states", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const inspection = await formOf('health-and-safety', 5);
    device.world.bundles.set(11, bundleOf(11, [inspection]));
    device.world.entries = [
      localEntry({ syncState: 'pending' }),
      localEntry({ entryId: 'b', localNumber: -2, syncState: 'conflict' }),
      localEntry({ entryId: 'c', localNumber: -3, syncState: 'synced', entryNumber: 4 }),
    ];
    renderApp('/offline/11/qa');
    expect(await screen.findByRole('heading', { name: /^Offline forms: CCE-2518/ })).toBeInTheDocument();
    expect(device.named('createOfflineRouter')).toEqual([[11]]);
    const row = await screen.findByRole('row', { name: new RegExp(inspection.title) });
    expect(within(row).getByText('Health & Safety')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Pending: 1, Conflict: 1')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/offline/11/health-and-safety/5',
    );
    expect(within(row).getByRole('link', { name: `Add: ${inspection.title}` })).toHaveAttribute(
      'href',
      '/offline/11/health-and-safety/5/add',
    );
  });

  it('says so when the project is not on the device', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    renderApp('/offline/12/qa');
    expect(await screen.findByText(/This project is not on this device/)).toBeInTheDocument();
  });

  it('shows the Sync state column, the refusal message, and resolves a conflict with the choice per question', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const inspection = await formOf('health-and-safety', 5);
    device.world.bundles.set(11, bundleOf(11, [inspection]));
    device.world.entries = [
      localEntry({ entryId: 'p', localNumber: -1, syncState: 'pending' }),
      localEntry({
        entryId: 'k',
        localNumber: -2,
        entryNumber: 7,
        syncState: 'conflict',
        conflicts: [
          { questionId: 3, unit: '', label: 'Area inspected', base: 'Block A', mine: 'Block B', theirs: 'Block C' },
          {
            questionId: 9,
            unit: 'row:1',
            label: 'Findings, row 2',
            base: null,
            mine: { finding: 'Loose rebar', action: 'Tie off' },
            theirs: null,
          },
        ],
      }),
      localEntry({
        entryId: 'r',
        localNumber: -3,
        syncState: 'refused',
        error: { messageId: 'auth.forbidden', message: 'You do not have access to this.' },
      }),
    ];
    // The offline router's register page (contract §4: rows as the server builds them plus syncState, entryId).
    const rows = [
      {
        entryNumber: -1,
        date: '2026-11-20T10:00:00.000Z',
        enteredBy: 'Cian Murphy',
        status: 'Draft',
        syncState: 'pending',
        entryId: 'p',
      },
      {
        entryNumber: 7,
        date: '2026-11-19T10:00:00.000Z',
        enteredBy: 'Cian Murphy',
        status: 'Draft',
        syncState: 'conflict',
        entryId: 'k',
      },
      {
        entryNumber: -3,
        date: '2026-11-18T10:00:00.000Z',
        enteredBy: 'Cian Murphy',
        status: 'Submitted',
        syncState: 'refused',
        entryId: 'r',
      },
    ];
    server.use(
      http.post(/\/api\/projects\/11\/forms\/health-and-safety\/getall\/5$/, () =>
        HttpResponse.json({ items: rows, totalRecords: rows.length }),
      ),
      http.get(/\/api\/settings\/forms\/11\/health-and-safety\/5$/, () => HttpResponse.json(inspection)),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/offline/11/health-and-safety/5');
    const path = () => router.state.location.pathname;
    expect(await screen.findByText('Entry -3 was refused: You do not have access to this.')).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.includes('Sync state'))).toBe(true);
    const pending = await screen.findByRole('row', { name: /-1\b.*Pending/ });
    expect(within(pending).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Refused/ })).toBeInTheDocument();
    const conflict = screen.getByRole('row', { name: /Conflict/ });
    expect(within(conflict).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();

    await user.click(within(conflict).getByRole('button', { name: 'Resolve conflict' }));
    await waitFor(() => expect(path()).toBe('/offline/11/health-and-safety/5/entry/7/conflicts'));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    const area = await within(dialog).findByRole('radiogroup', { name: 'Area inspected' });
    expect(area).toHaveTextContent('This device');
    expect(area).toHaveTextContent('Block B');
    expect(area).toHaveTextContent('Server');
    expect(area).toHaveTextContent('Block C');
    const findings = within(dialog).getByRole('radiogroup', { name: 'Findings, row 2' });
    expect(findings).toHaveTextContent('finding: Loose rebar; action: Tie off');
    expect(findings).toHaveTextContent('(no answer)');
    const resolve = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(resolve).toBeDisabled();
    await user.click(within(area).getByRole('radio', { name: "Keep the server's value" }));
    expect(resolve).toBeDisabled();
    await user.click(within(findings).getByRole('radio', { name: "Keep this device's value" }));
    expect(resolve).toBeEnabled();
    await user.click(resolve);
    await waitFor(() =>
      expect(device.named('resolveConflicts')).toEqual([
        [
          'k',
          [
            { questionId: 3, unit: '', chosen: 'theirs' },
            { questionId: 9, unit: 'row:1', chosen: 'mine' },
          ],
        ],
      ]),
    );
    await waitFor(() => expect(path()).toBe('/offline/11/health-and-safety/5'));
  });

  it('a resolve the device refuses keeps the dialog open with the reason', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    device.world.entries = [
      localEntry({
        entryId: 'k',
        localNumber: -2,
        syncState: 'conflict',
        conflicts: [{ questionId: 3, unit: '', base: 'A', mine: 'B', theirs: 'C' }],
      }),
    ];
    device.api.resolveConflicts = async () => {
      throw new ApiError(507, 'offline.storageFull', 'There is not enough space on this device to save this.');
    };
    const user = userEvent.setup({ delay: null });
    renderApp('/offline/11/health-and-safety/5/entry/-2/conflicts');
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    // The dialog opens with a progress bar; its questions follow once the entry is read from the device.
    const group = await within(dialog).findByRole('radiogroup', { name: 'Question 3' });
    await user.click(within(group).getByRole('radio', { name: "Keep this device's value" }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(
      await within(dialog).findByText('There is not enough space on this device to save this.'),
    ).toBeInTheDocument();
  });
});

describe('/offline/{projectId}/…/add: the form entry through the shared renderer', () => {
  it('opens the same form entry screen, and its Cancel returns to the offline register', async () => {
    await mockApi.logIn('user@demo.local');
    device.world.bundles.set(1, bundleOf(1, []));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/offline/1/health-and-safety/5/add');
    expect(await screen.findByLabelText(/^Inspected by/)).toBeInTheDocument();
    expect(device.named('createOfflineRouter')).toEqual([[1]]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline/1/health-and-safety/5'));
  });
});

describe('/offline/{projectId}/photos', () => {
  it('lists every file with its entry, size and state, and retries a failed one', async () => {
    await mockApi.logIn('user@demo.local');
    device.world.entries = [localEntry({ entryId: 'e1', projectId: 11, localNumber: -1 })];
    const file = (over: Partial<LocalFileView>): LocalFileView => ({
      fileId: 'f',
      projectId: 11,
      formArea: 'health-and-safety',
      entryId: 'e1',
      folder: 'files/k3j9x0a1',
      name: 'photo.jpg',
      path: 'files/k3j9x0a1/photo.jpg',
      size: 1_000_000,
      type: 'image/jpeg',
      state: 'pending',
      bytesSent: 0,
      createdAt: '2026-11-20T10:00:00.000Z',
      ...over,
    });
    device.world.files = [
      file({ fileId: 'a', name: 'waiting.jpg' }),
      file({ fileId: 'b', name: 'going.jpg', state: 'uploading', bytesSent: 420_000 }),
      file({ fileId: 'c', name: 'done.jpg', state: 'uploaded', bytesSent: 1_000_000 }),
      file({ fileId: 'd', name: 'broken.png', state: 'failed', error: 'The file type is not allowed.' }),
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/offline/11/photos');
    expect(await screen.findByRole('heading', { name: 'Photos and files', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /waiting\.jpg.*-1.*1\sMB.*Waiting/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /going\.jpg.*Uploading 42%/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /done\.jpg.*Uploaded/ })).toBeInTheDocument();
    const failed = screen.getByRole('row', { name: /broken\.png.*Failed: The file type is not allowed\./ });
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    await user.click(within(failed).getByRole('button', { name: 'Retry broken.png' }));
    await waitFor(() => expect(device.named('retryFile')).toEqual([['d']]));

    // While a file uploads, its progress is read again (no news from the runner needed).
    device.world.files = device.world.files.map((f) => (f.fileId === 'b' ? { ...f, bytesSent: 800_000 } : f));
    expect(await screen.findByRole('row', { name: /going\.jpg.*Uploading 80%/ })).toBeInTheDocument();
  });

  it('says so when no file is kept', async () => {
    await mockApi.logIn('user@demo.local');
    renderApp('/offline/11/photos');
    expect(await screen.findByText('No photo or file of this project is kept on this device.')).toBeInTheDocument();
  });
});
