/**
 * runtime/App.tsx: the router's first navigation renders without transitions (useFirstNavigation), later ones as
 * react-router's transitions.
 */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router';
import { useFirstNavigation } from './App';

function Probe({ router }: { router: DataRouter }) {
  const first = useFirstNavigation(router);
  return (
    <>
      <output data-testid="first">{String(first)}</output>
      <RouterProvider router={router} useTransitions={first ? false : undefined} />
    </>
  );
}

describe('useFirstNavigation', () => {
  it('is true while the first navigation loads and false once it has settled, and stays false after', async () => {
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter(
      [
        { path: '/', loader: () => loaded.then(() => 'home'), element: <p>home</p> },
        { path: '/next', loader: () => 'next', element: <p>next</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<Probe router={router} />);
    expect(screen.getByTestId('first').textContent).toBe('true');
    await act(async () => {
      release();
      await loaded;
    });
    expect(await screen.findByText('home')).toBeTruthy();
    expect(screen.getByTestId('first').textContent).toBe('false');
    await act(async () => {
      await router.navigate('/next');
    });
    expect(await screen.findByText('next')).toBeTruthy();
    expect(screen.getByTestId('first').textContent).toBe('false');
  });

  it('is false at once for a router whose first navigation has already settled', async () => {
    const router = createMemoryRouter([{ path: '/', element: <p>ready</p> }]);
    await act(async () => {
      await router.navigate('/');
    });
    render(<Probe router={router} />);
    expect(screen.getByTestId('first').textContent).toBe('false');
  });
});
