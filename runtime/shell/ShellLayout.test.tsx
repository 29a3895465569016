import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

/** Switch Portal from the user menu, then Select on a client's row of the chooser. */
async function switchTo(clientName: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Niamh Gallagher' }));
  await user.click(screen.getByRole('menuitem', { name: 'Switch Portal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Client' });
  const row = await within(dialog).findByRole('row', { name: new RegExp(clientName) });
  await user.click(within(row).getByRole('button', { name: 'Select' }));
}

describe('Switch Portal', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('stays on a page not tied to one client, now showing the chosen client', async () => {
    const { router } = renderApp('/projects');
    await screen.findByRole('row', { name: /CCE-2405/ });
    await switchTo('Pennine Build Group Ltd');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Pennine Build Group Ltd'));
    expect(router.state.location.pathname).toBe('/projects');
    expect(await mockApi.session()).toEqual({ userId: 1, clientId: 2 });
  });

  it("goes home from a page of one client's record", async () => {
    const { router } = renderApp('/projects/1/qa');
    await screen.findByRole('heading', { name: 'Forms' });
    await switchTo('Pennine Build Group Ltd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await mockApi.session()).toEqual({ userId: 1, clientId: 2 });
  });
});

describe('the skip link', () => {
  it('is the first Tab stop and moves the focus to the page, past the top bar, breadcrumbs and section menu', async () => {
    await mockApi.logIn('user@demo.local');
    renderApp('/projects/1/qa');
    await screen.findByRole('heading', { name: 'Forms' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveAttribute('id', 'main-content');
    expect(document.activeElement).toContainElement(screen.getByRole('heading', { name: 'Forms' }));
    expect(document.activeElement).not.toContainElement(screen.getByRole('navigation', { name: 'Section menu' }));
  });
});
