/**
 * The offline spinner (shell-access-navigation.md §4) is not shown on the offline pages (issue 26: `/offline`,
 * `/offline/...`, `/qa/access`), where the work goes on with no connection; everywhere else it shows as the spec says.
 */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ConnectivityOverlay } from './ConnectivityOverlay';
import { isOfflinePath } from './offline-paths';

const LOST = /You've lost internet connection/;

/** The overlay under a layout as the root layout has it, at `path`. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <ConnectivityOverlay />
          </>
        ),
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function goOffline() {
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
});

describe('the offline spinner and the offline pages', () => {
  it('knows the offline pages by their path', () => {
    for (const path of ['/offline', '/offline/', '/offline/1/qa', '/offline/12/photos', '/qa/access']) {
      expect(isOfflinePath(path)).toBe(true);
    }
    for (const path of ['/home', '/offlineish', '/quality-assurance/1', '/qa', '/qa/accessible', '/projects/offline']) {
      expect(isOfflinePath(path)).toBe(false);
    }
  });

  it('blocks a page that needs the server while offline', async () => {
    renderAt('/projects/1');
    await screen.findByText('page');
    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent(LOST);
    // Its spinner is a named progressbar (axe's aria-progressbar-name).
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('blocks a page whose connection went before the overlay listened (the event missed)', async () => {
    // Online when the overlay first renders; offline, with no event heard, by the time its effect subscribes.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(true).mockReturnValue(false);
    try {
      renderAt('/home');
      await screen.findByText('page');
      expect(screen.getByRole('alert')).toHaveTextContent(LOST);
    } finally {
      onLine.mockRestore();
    }
  });

  it('does not block an offline page or the sync action, and blocks again on leaving them offline', async () => {
    const router = renderAt('/offline/1/qa');
    await screen.findByText('page');
    goOffline();
    expect(screen.queryByText(LOST)).toBeNull();
    await act(() => router.navigate('/qa/access?return=/offline/1/qa'));
    expect(screen.queryByText(LOST)).toBeNull();
    await act(() => router.navigate('/offline'));
    expect(screen.queryByText(LOST)).toBeNull();
    await act(() => router.navigate('/home'));
    expect(screen.getByRole('alert')).toHaveTextContent(LOST);
  });
});
