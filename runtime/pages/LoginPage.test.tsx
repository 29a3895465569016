import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail *'), email);
  await user.type(screen.getByLabelText('Password *'), password);
  return user;
}

describe('login page', () => {
  it('redirects the empty path to /login and keeps LOGIN disabled until both fields are filled', async () => {
    const { router } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'LOGIN' });
    expect(router.state.location.pathname).toBe('/login');
    expect(button).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail *'), 'user@demo.local');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password *'), 'x');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('E-mail *'));
    expect(button).toBeDisabled();
  });

  it('shows the server message in an alert for a wrong password and enables LOGIN again', async () => {
    renderApp('/login');
    const user = await fillLogin('user@demo.local', 'wrong');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is incorrect.');
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
  });

  it('sends the password as its lowercase hex SHA-512 and goes home with one client', async () => {
    const { router } = renderApp('/login');
    const user = await fillLogin('user@demo.local', DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await mockApi.session()).toEqual({ userId: 2, clientId: 1 });
  });

  it('opens the client chooser for a user with several clients; choosing one goes home', async () => {
    const { router } = renderApp('/login');
    const user = await fillLogin('admin@demo.local', DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Client' });
    const pennine = await within(dialog).findByRole('row', { name: /Pennine Build Group Ltd/ });
    expect(within(dialog).getByRole('row', { name: /Corrib Civil Engineering Ltd/ })).toBeInTheDocument();
    await user.click(within(pennine).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await mockApi.session()).toEqual({ userId: 1, clientId: 2 });
    // The top bar shows the chosen client.
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Pennine Build Group Ltd'));
  });
});
