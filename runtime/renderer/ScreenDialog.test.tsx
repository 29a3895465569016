import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { demoSeed } from '../../fixtures/seed';
import chooserDocument from '../../schemas/screens/shell/client-chooser.json';
import type { UserView } from '../api/types';
import { mockApi, server } from '../test/mock-api';
import type { RegisterDocument } from './documents';
import { Register } from './Register';
import { ScreenDialog } from './ScreenDialog';

const chooser = chooserDocument as unknown as RegisterDocument;
const pennine = demoSeed.clients.find((c) => c.name === 'Pennine Build Group Ltd')!;

/** Renders `element` as the only route of a memory router (actions navigate through it). */
function renderRouted(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

describe('ScreenDialog', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local'));

  it("shows a register document with its title and Close; a 'close' row action hands the answer to onResult", async () => {
    const onResult = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderRouted(<ScreenDialog screenId="shell/client-chooser" open onClose={onClose} onResult={onResult} />);
    const dialog = await screen.findByRole('dialog', { name: 'Select Client' });
    const row = await within(dialog).findByRole('row', { name: /Pennine Build Group Ltd/ });

    // A Thumbnail column shows the picture, described by the row's name.
    const logo = within(row).getByRole('img', { name: pennine.name });
    expect(logo.tagName).toBe('IMG');
    expect(logo).toHaveAttribute('src', pennine.logoUrl);

    await user.click(within(row).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect((onResult.mock.calls[0][0] as UserView).currentClient).toBe(pennine.id);
    expect(await mockApi.session()).toEqual({ userId: 1, clientId: pennine.id });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Register revealDelayMs', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local'));

  it('holds the rows back until the delay has passed, although they have arrived', async () => {
    let answered = false;
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.endsWith('/api/client/getall')) answered = true;
    });
    const started = Date.now();
    renderRouted(<Register document={{ ...chooser, revealDelayMs: 1000 }} params={{}} />);
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('row', { name: /Pennine Build Group Ltd/ })).toBeNull();
    expect(await screen.findByRole('row', { name: /Pennine Build Group Ltd/ })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    server.events.removeAllListeners();
  });
});
