/**
 * The leave-page guard compares with the form's initial values (issue 19, item 6): a form opened and closed
 * untouched (its defaults and prefilled values are what it started with) leaves nothing to ask about, nor
 * does a change taken back; a change kept is asked about. Over the real API (MSW), as a user meets it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

const LEAVE = 'Are you sure you want to leave this page without saving?';

describe('the leave guard compares with what the form started with', () => {
  it('does not ask after Add Project is opened and closed untouched (a proposed code, default type and status)', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
    const { router } = renderApp('/projects');
    await screen.findByRole('row', { name: /Eyre Square Mixed-Use Development/ });
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Code/)).toHaveValue('CCE-2603'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByText(LEAVE)).toBeNull();
  });

  it('asks while a modal form has a change, and not once it is closed', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
    const { router } = renderApp('/projects');
    await screen.findByRole('row', { name: /Eyre Square Mixed-Use Development/ });
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Code/)).toHaveValue('CCE-2603'));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Knocknacarra');
    await act(() => router.navigate('/home'));
    const ask = await screen.findByText(LEAVE);
    await user.click(within(ask.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/projects');
    await waitFor(() => expect(screen.queryByText(LEAVE)).toBeNull());
    // Closing the form discards its change: nothing is left to ask about.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('does not ask when a change is taken back', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
    const { router } = renderApp('/settings/lookupvalues');
    const lines = await screen.findByLabelText(/^Values/);
    await user.type(lines, 'Banksman');
    await user.clear(lines);
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByText(LEAVE)).toBeNull();
  });
});
