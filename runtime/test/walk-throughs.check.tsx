/**
 * The journeys of docs/authoring.md's walk-throughs, run by tests/authoring.test.ts in a temporary copy of the
 * repository after it has applied the walk-throughs' blocks and run `npm run gen` there (copied in as
 * runtime/test/walk-throughs.test.tsx; here, without the walk-throughs' documents, it is not run). Over the real API
 * (MSW forwarding to the Hono app on the demo seed), in jsdom through the real routes:
 * - a new register and its API: the plant categories of the plant section, one added, viewed and deactivated;
 * - a new section: Human resources on the top bar and home, its menu and Staff register, refused to a user without
 *   its flag.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { callOperation } from '../api/client';
import { mockApi } from './mock-api';
import { renderApp } from './render';
import { clickRowAction } from './row-actions';

describe('docs/authoring.md: a new register and its API (plant categories)', () => {
  it('lists, adds, views and deactivates a plant category in the plant section', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup();
    renderApp('/procurement/plant/categories');
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    expect(within(nav).getByRole('link', { name: 'Plant Categories' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No records found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(await within(form).findByLabelText(/^Name/), 'Excavators');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    const row = (await screen.findByText('Excavators')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await clickRowAction(user, row, 'View');
    const view = await screen.findByRole('dialog');
    // The dialog opens with a spinner while the category loads.
    expect(await within(view).findByLabelText(/^Name/)).toHaveValue('Excavators');
    expect(within(view).getByLabelText(/^Name/)).toBeDisabled();
    expect(within(view).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(view).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await clickRowAction(user, row, 'Deactivate');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(async () =>
      expect(await callOperation<Array<{ status: string }>>('plantCategories.getall' as never)).toEqual([
        expect.objectContaining({ name: 'Excavators', status: 'Inactive' }),
      ]),
    );
  });

  it('refuses its calls and its page to a user without the plant area', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/procurement/plant/categories');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    await expect(callOperation('plantCategories.getall' as never)).rejects.toMatchObject({ status: 403 });
  });
});

describe('docs/authoring.md: a new section (Human resources)', () => {
  it('opens from the top bar and home, with its menu and its Staff register', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const staff = await callOperation<Array<{ lastName: string }>>('employees.activeGetall');
    expect(staff.length).toBeGreaterThan(0);
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Human Resources' })).toBeInTheDocument();
    const bar = await screen.findByRole('navigation', { name: 'Navigation' });
    const entry = await within(bar).findByRole('link', { name: 'Human Resources' });
    expect(entry).toHaveAttribute('href', '/hr/staff');
    await user.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr/staff'));
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect((await screen.findAllByText(staff[0].lastName)).length).toBeGreaterThan(0);

    await act(() => router.navigate('/hr/nonsense'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('is kept from a user without accessHR: no entry, and its page sends them to /unauthorized', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/hr/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    const bar = await screen.findByRole('navigation', { name: 'Navigation' });
    await within(bar).findByRole('link', { name: 'Projects' });
    expect(within(bar).queryByRole('link', { name: 'Human Resources' })).toBeNull();
  });
});
