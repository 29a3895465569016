/**
 * The top bar's documents are loaded once per page, and a top bar mounted after that shows its entries in its first
 * render (runtime/shell/TopMenu.tsx `loadTopBar`; docs/performance.md "The top bar at the first paint").
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuUser } from '../../engine/rules/menus';
import { callOperation } from '../api/client';
import { mockApi } from '../test/mock-api';
import { loadTopBar, TopMenu } from './TopMenu';

describe('the top bar loaded once per page', () => {
  it('gives the same entries to every caller, and a new bar shows them in its first render', async () => {
    const first = loadTopBar();
    expect(loadTopBar()).toBe(first);
    const bar = await first;
    // The document's own items and the sections' entries (the Admin drop-down holds the settings menu's items).
    expect(bar.items.length).toBeGreaterThan(3);
    expect(bar.items.some((item) => (item.items?.length ?? 0) > 0)).toBe(true);

    await mockApi.logIn('admin@demo.local', 1);
    const { user } = await callOperation<{ user: MenuUser }>('auth.isLoggedIn');
    render(
      <MemoryRouter>
        <TopMenu user={user} />
      </MemoryRouter>,
    );
    // No wait: the entries are there at once, not after the documents' chunks load again.
    const navigation = screen.getByRole('navigation', { name: 'Navigation' });
    expect(navigation.querySelectorAll('a, button').length).toBeGreaterThan(0);
  });
});
