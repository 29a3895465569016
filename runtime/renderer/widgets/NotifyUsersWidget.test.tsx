/**
 * Whom an answer notifies (notify-users, form-configuration.md §3 notificationUsers), over the real API
 * (MSW to the Hono app): the project's users offered by name, the value their ids.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi } from '../../test/mock-api';
import { SchemaForm } from '../SchemaForm';

describe('the notify-users field', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('offers the project’s users and answers with their ids', async () => {
    const onChange = vi.fn();
    const router = createMemoryRouter(
      [
        {
          path: '/projects/:projectId/form',
          element: (
            <SchemaForm
              schema={{
                type: 'object',
                properties: { q_7_user: { type: 'array', title: 'Notify', items: { type: 'integer' } } },
              }}
              uiSchema={{ q_7_user: { 'ui:widget': 'notify-users' } }}
              onChange={onChange}
            />
          ),
        },
      ],
      { initialEntries: ['/projects/1/form'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Notify' }));
    expect(await screen.findByRole('option', { name: 'Aoife Byrne' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Seán Doyle' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Cian Murphy' }));
    expect(onChange.mock.lastCall?.[0].q_7_user).toEqual([2]);
    await user.click(screen.getByRole('combobox', { name: 'Notify' }));
    await user.click(await screen.findByRole('option', { name: 'Aoife Byrne' }));
    expect(onChange.mock.lastCall?.[0].q_7_user).toEqual([2, 4]);
  });
});
