import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWatcher } from './IdleWatcher';

/** The watcher on a page at `path`, in a router that records where it went. */
function watchAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/logout', element: <p>logged out</p> },
      { path: '*', element: <IdleWatcher idleTimeMinutes={1} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the idle watch (shell-access-navigation.md §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('logs out after the idle time and the grace period on a page of the logged-in shell', async () => {
    const router = watchAt('/projects/1/qa');
    await act(async () => vi.advanceTimersByTimeAsync(2 * 60_000 + 1000));
    expect(router.state.location.pathname).toBe('/logout');
  });

  it('does not log out on the offline pages, where the last session is what opens them (issue 26)', async () => {
    for (const path of ['/offline', '/offline/1/qa', '/offline/1/health-and-safety/5/add', '/qa/access']) {
      const router = watchAt(path);
      await act(async () => vi.advanceTimersByTimeAsync(10 * 60_000));
      expect(router.state.location.pathname).toBe(path);
    }
  });
});
