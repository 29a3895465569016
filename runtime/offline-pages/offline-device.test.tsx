/**
 * The offline pages with the real device side (runtime/offline on fake-indexeddb; issue 26): the project's offline
 * router installed by the layout answers the form entry and the register, an entry made on the device over two pages
 * shows in the offline register as Pending with its negative number, and continues where it was left; an entry in
 * conflict is resolved through the dialog (the resolve command queued with the choice); an entry made on the device
 * while the batch call fails waits as Pending, then syncs once (one entry on the server) and shows Synced with the
 * server's number.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { callOperation } from '../api/client';
import { closeOfflineDbs, currentDb } from '../offline/db';
import { localEntries, syncNow, takeProjectOffline } from '../offline/index';
import { stopSync } from '../offline/sync';
import { putBundle } from '../offline/test-support';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';

beforeEach(async () => {
  await mockApi.logIn('user@demo.local');
  // The signed-in user's database (lastSession is written by auth.isLoggedIn), with project 1's bundle.
  await callOperation('auth.isLoggedIn');
  closeOfflineDbs();
  await currentDb().delete();
  closeOfflineDbs();
  await putBundle();
  // The batch call fails as with no network: a sync round changes nothing, and the queue waits.
  server.use(http.post(/\/api\/projects\/updateQaOfflineInfo\/commands$/, () => HttpResponse.error()));
});
afterEach(() => stopSync());

describe('an entry made on the device through the offline pages', () => {
  it('is filled over two pages, listed as Pending in the offline register, and continued where it was left', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/offline/1/qa/7/add');
    const path = () => router.state.location.pathname;
    await user.type(await screen.findByLabelText(/^Location/), 'Level 3 slab');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText(/^Inspector/);
    await waitFor(async () => expect((await localEntries(1, 7)).map((e) => e.isDraft)).toEqual([true]));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog');
    await user.click(within(question).getByRole('button', { name: 'Keep draft' }));
    await waitFor(() => expect(path()).toBe('/offline/1/qa/7'));

    // By its text: the leave question's dialog may still hide the page from the accessibility tree as it closes.
    const row = (await screen.findByText('Level 3 slab', {}, { timeout: 20_000 })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('-1');
    expect(row).toHaveTextContent('Pending');
    await user.click(within(row).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe('/offline/1/qa/7/entry/-1/edit'));
    await user.type(await screen.findByLabelText(/^Inspector/), 'Aoife Byrne');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(path()).toBe('/offline/1/qa/7'));
    const [entry] = await localEntries(1, 7);
    // Waiting for the batch call (a round may be under way: syncing).
    expect(entry).toMatchObject({
      isDraft: false,
      syncState: expect.stringMatching(/^(pending|syncing)$/),
      localNumber: -1,
    });
    expect(entry.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: 1, answers: ['Level 3 slab'] }),
        expect.objectContaining({ questionId: 4, answers: ['Aoife Byrne'] }),
      ]),
    );
  });
});

describe('an entry in conflict on the device', () => {
  it('opens the conflict dialog from its register row and queues the resolve with the choice', async () => {
    const db = currentDb();
    await db.entries.put({
      entryId: '0190f2a4-0000-7000-8000-00000000c0f1',
      projectId: 1,
      formArea: 'quality-assurance',
      formId: 7,
      formVersion: 1,
      localNumber: -4,
      entryNumber: 12,
      version: 2,
      base: [{ questionId: 1, answers: ['Level 2'] }],
      answers: [{ questionId: 1, answers: ['Level 2 east'] }],
      conflictBase: [{ questionId: 1, answers: ['Level 2'] }],
      serverAnswers: [{ questionId: 1, answers: ['Level 2 west'] }],
      serverVersion: 3,
      conflicts: [
        {
          questionId: 1,
          unit: '',
          label: 'Location',
          base: ['Level 2'],
          mine: ['Level 2 east'],
          theirs: ['Level 2 west'],
        },
      ] as never,
      isDraft: true,
      syncState: 'conflict',
      date: '2026-11-20T09:00:00.000Z',
      enteredBy: 'Cian Murphy',
      updatedAt: '2026-11-20T09:00:00.000Z',
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/offline/1/qa/7');
    // The banner has read the device's counts (the register is drawn again when they change).
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 conflicts to resolve'));
    const row = await screen.findByRole('row', { name: /Conflict/ });
    expect(within(row).queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Resolve conflict' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline/1/qa/7/entry/12/conflicts'));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    const group = await within(dialog).findByRole('radiogroup', { name: 'Location' });
    expect(group).toHaveTextContent('Level 2 east');
    expect(group).toHaveTextContent('Level 2 west');
    await user.click(within(group).getByRole('radio', { name: "Keep this device's value" }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline/1/qa/7'));
    const [item] = await db.outbox.toArray();
    expect(item.command).toMatchObject({
      kind: 'resolve',
      baseVersion: 3,
      answers: [expect.objectContaining({ questionId: 1, answers: ['Level 2 east'] })],
      resolutions: [{ questionId: 1, unit: '', mine: ['Level 2 east'], theirs: ['Level 2 west'], chosen: 'mine' }],
    });
    expect(await screen.findByRole('row', { name: /Pending/ })).toBeInTheDocument();
  });
});

describe("an entry made on the device and synced (the server's batch call)", () => {
  beforeEach(async () => {
    server.resetHandlers();
    await mockApi.logIn('admin@demo.local', 1);
    await callOperation('auth.isLoggedIn');
    closeOfflineDbs();
    await currentDb().delete();
    closeOfflineDbs();
  });

  it('an entry made on the device syncs once, and its register row goes from Pending to Synced with the server number', async () => {
    await takeProjectOffline(11);
    const before = (await mockApi.entries()).length;
    // The connection drops: a sync round fails, and the entry waits.
    server.use(http.post(/\/api\/projects\/updateQaOfflineInfo\/commands$/, () => HttpResponse.error()));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/offline/11/health-and-safety/5/add');
    const path = () => router.state.location.pathname;
    await user.type(await screen.findByLabelText(/^Inspected by/, {}, { timeout: 20_000 }), 'Seán Doyle');
    await user.type(screen.getByLabelText(/^Inspection date/), '2026-11-20');
    await user.type(screen.getByLabelText(/^Area inspected/), 'Block A');
    await user.click(screen.getByRole('combobox', { name: /^Hot work on site\?/ }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Findings and sign-off' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep draft' }));
    await waitFor(() => expect(path()).toBe('/offline/11/health-and-safety/5'));
    // By its text: the leave question's dialog may still hide the page from the accessibility tree as it closes.
    const pending = (await screen.findByText('Seán Doyle', {}, { timeout: 20_000 })).closest('tr') as HTMLElement;
    // Waiting: Pending, or Syncing while a round that will fail is under way.
    expect(pending).toHaveTextContent(/-1.*(Pending|Syncing)/);

    // The connection is back: the Sync (here the runner's syncNow) sends it once.
    server.resetHandlers();
    await syncNow();
    const [entry] = await localEntries(11, 5);
    expect(entry).toMatchObject({ syncState: 'synced', entryNumber: expect.any(Number) });
    expect((await mockApi.entries()).length).toBe(before + 1);
    await waitFor(
      () =>
        expect(screen.getByText('Seán Doyle').closest('tr')).toHaveTextContent(
          new RegExp(`${entry.entryNumber}.*Synced`),
        ),
      { timeout: 20_000 },
    );
  });
});
