/**
 * The top bar's desktop row measures its entries (a forced layout in a browser) when its entries change, not on every
 * navigation: the session is answered anew on each page, and the same user as a new object must keep the row's
 * entries (runtime/shell/TopMenu.tsx; docs/performance.md "No size read during a table's render").
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuUser } from '../../engine/rules/menus';
import { callOperation } from '../api/client';
import { mockApi } from '../test/mock-api';
import { TopMenu } from './TopMenu';

describe('the top bar measured once per set of entries', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not measure its entries again for the same user answered anew; another user is measured', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      // As a browser does: the first observation of an element comes after it is laid out.
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          setTimeout(() => this.callback(), 0);
        }
        disconnect() {}
      },
    );
    const measured = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    await mockApi.logIn('admin@demo.local', 1);
    const session = async () => (await callOperation<{ user: MenuUser }>('auth.isLoggedIn')).user;
    const admin = await session();
    const { rerender } = render(
      <MemoryRouter>
        <TopMenu user={admin} />
      </MemoryRouter>,
    );
    await screen.findByRole('navigation');
    await vi.waitFor(() => expect(measured).toHaveBeenCalled());

    // The next page: the same user, a new object.
    measured.mockClear();
    const again = await session();
    expect(again).not.toBe(admin);
    rerender(
      <MemoryRouter>
        <TopMenu user={again} />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(measured).not.toHaveBeenCalled();

    // Another user sees other entries: measured.
    await mockApi.logIn('view@demo.local');
    const viewer = await session();
    rerender(
      <MemoryRouter>
        <TopMenu user={viewer} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(measured).toHaveBeenCalled());
  });
});
