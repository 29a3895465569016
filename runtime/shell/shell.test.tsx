/**
 * The application shell over the real API (MSW forwards to the Hono app on the demo seed):
 * section menus by access, the guards of §6 through the guard flow, the Pending user's password change,
 * the pages of §2.1/§2.2, the offline spinner and the leave-page guard (shell-access-navigation.md).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callOperation } from '../api/client';
import type { IsLoggedInAnswer } from '../api/types';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { enforceGuard } from './guard-checks';

async function userOf(email: string, clientId?: number) {
  await mockApi.logIn(email, clientId);
  return (await callOperation<IsLoggedInAnswer>('auth.isLoggedIn')).user;
}

/** How a guard ends for a user: 'allowed' (with the activity) or the redirect. */
async function outcome(email: string, name: string, input: Parameters<typeof enforceGuard>[2], clientId?: number) {
  const user = await userOf(email, clientId);
  try {
    const result = await enforceGuard(user, name, input);
    return `allowed${'activity' in result && result.activity ? ` ${result.activity}` : ''}`;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('the guards of §6, each through the guard flow and its server call', () => {
  it('project: the activity from GET /api/authorization/{type}/{projectId}; Edit routes need Edit', async () => {
    expect(
      await outcome('view@demo.local', 'project', {
        pathname: '/projects/1',
        projectId: 1,
        area: 'projects',
        mode: 'view',
      }),
    ).toBe('allowed View');
    expect(
      await outcome('view@demo.local', 'project', {
        pathname: '/projects/1/edit',
        projectId: 1,
        area: 'projects',
        mode: 'edit',
      }),
    ).toBe('/unauthorized');
    expect(
      await outcome('user@demo.local', 'project', {
        pathname: '/projects/1/edit',
        projectId: 1,
        area: 'projects',
        mode: 'edit',
      }),
    ).toBe('allowed Edit');
    expect(
      await outcome('view@demo.local', 'project', {
        pathname: '/projects/2',
        projectId: 2,
        area: 'projects',
        mode: 'view',
      }),
    ).toBe('/unauthorized');
  });

  it('location: the locations activity', async () => {
    expect(await outcome('user@demo.local', 'location', { pathname: '/locations/1', projectId: 1, mode: 'view' })).toBe(
      '/unauthorized',
    );
    expect(
      await outcome('admin@demo.local', 'location', { pathname: '/locations/1', projectId: 1, mode: 'edit' }, 1),
    ).toBe('allowed Edit');
  });

  it("section (quantity surveying): 'edit', 'view', else /unauthorized with the section", async () => {
    expect(
      await outcome(
        'admin@demo.local',
        'section',
        { pathname: '/qs/1/edit', projectId: 1, area: 'qs', mode: 'edit' },
        1,
      ),
    ).toBe('allowed Edit');
    expect(
      await outcome('user@demo.local', 'section', { pathname: '/qs/1', projectId: 1, area: 'qs', mode: 'view' }),
    ).toBe('/unauthorized?section=qs');
  });

  it("site work: the server's text", async () => {
    expect(
      await outcome('view@demo.local', 'sitework', { pathname: '/projects/1/sitework', projectId: 1, mode: 'view' }),
    ).toBe('allowed View');
    expect(
      await outcome('view@demo.local', 'sitework', { pathname: '/projects/1/sitework', projectId: 1, mode: 'edit' }),
    ).toBe('/unauthorized?section=sitework');
  });

  it('quality-assurance and health-and-safety admin: the access types asked of the server', async () => {
    expect(await outcome('user@demo.local', 'qualityAssuranceAdmin', { pathname: '/quality-assurance' })).toBe(
      'allowed',
    );
    expect(await outcome('hs@demo.local', 'qualityAssuranceAdmin', { pathname: '/quality-assurance' })).toBe(
      '/unauthorized',
    );
    expect(await outcome('hs@demo.local', 'healthAndSafetyAdmin', { pathname: '/health-and-safety' })).toBe('allowed');
    expect(await outcome('user@demo.local', 'healthAndSafetyAdmin', { pathname: '/health-and-safety' })).toBe(
      '/unauthorized',
    );
  });

  it('admin, area admin, public form and shared document', async () => {
    expect(await outcome('admin@demo.local', 'admin', { pathname: '/settings' }, 1)).toBe('allowed');
    expect(await outcome('user@demo.local', 'admin', { pathname: '/settings' })).toBe('/unauthorized');
    expect(await outcome('user@demo.local', 'areaAdmin', { pathname: '/qs/summary', area: 'qs' })).toBe(
      '/unauthorized',
    );
    expect(await outcome('user@demo.local', 'areaAdmin', { pathname: '/projects/forms', area: 'projects' })).toBe(
      'allowed',
    );
    expect(
      await outcome('view@demo.local', 'publicForm', { pathname: '/public/quality-assurance/1/view', projectId: 1 }),
    ).toBe('allowed');
    expect(
      await outcome('hs@demo.local', 'publicForm', { pathname: '/public/quality-assurance/1/view', projectId: 1 }),
    ).toBe('/unauthorized?security=quality-assurance');
    expect(await outcome('view@demo.local', 'sharedDocument', { pathname: '/dms/1', projectId: 1 })).toBe('allowed');
    expect(await outcome('hs@demo.local', 'sharedDocument', { pathname: '/dms/1', projectId: 1 })).toBe(
      '/unauthorized',
    );
  });
});

describe('section menus', () => {
  it('show a view user the items of their codes, no Edit link, and send an edit URL to /unauthorized', async () => {
    await mockApi.logIn('view@demo.local');
    const { router } = renderApp('/projects/1/contacts');
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    await within(nav).findByRole('link', { name: 'Quality Assurance' });
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Procurement' })).toBeNull(); // codes 30/31 not held
    expect(within(nav).queryByRole('link', { name: 'Edit' })).toBeNull();
    // The project's contacts (administration-data.md §2), read-only for a view user: no Assign or Remove.
    expect((await screen.findAllByText('Project Contacts')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Assign/ })).toBeNull();
    await act(() => router.navigate('/projects/1/edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(await screen.findByText(/You are not authorised to access this page/)).toBeInTheDocument();
    // Logged in, the page stays in the shell (issue 19): the top bar, the user menu and Home, no "Log in".
    expect(await screen.findByRole('navigation', { name: 'Navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('show an edit user the Edit link, and the edit menu a link back', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/projects/1/sitework');
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    await userEvent.setup().click(await within(nav).findByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/edit'));
    const edit = await screen.findByRole('navigation', { name: 'Section menu' });
    await within(edit).findByRole('link', { name: 'Hourly Staff' });
    expect(within(edit).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/projects/1');
  });

  it('show a path that is no page of its menu as not found, inside the shell with its menu', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/projects/1/nonsense');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects/1/nonsense');
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    expect(within(nav).getByRole('link', { name: 'Quality Assurance' })).toBeInTheDocument();
  });

  it('show a project that is not there as not found: none of that id, or another client’s (issue 19)', async () => {
    await mockApi.logIn('view@demo.local');
    renderApp('/projects/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/You are not authorised/)).toBeNull();
    // The top bar stays; the project's own menu does not (its links would lead nowhere).
    expect(await screen.findByRole('navigation', { name: 'Navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Section menu' })).toBeNull();
  });

  it("show another client's project as not found, and one of the client the user may not open as unauthorised", async () => {
    await mockApi.logIn('view@demo.local');
    const { router } = renderApp('/projects/5');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await act(() => router.navigate('/projects/2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('show the home tiles the user may open, each with its icon', async () => {
    await mockApi.logIn('user@demo.local');
    renderApp('/home');
    const projects = await screen.findByRole('heading', { name: 'Projects' });
    expect(projects.querySelector('[data-testid="FolderIcon"]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Quality Assurance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Health & Safety' })).toBeNull();
  });

  it('give the top bar only the areas a user may open', async () => {
    await mockApi.logIn('hs@demo.local');
    renderApp('/home');
    const bar = await screen.findByRole('navigation', { name: 'Navigation' });
    await within(bar).findByRole('link', { name: 'Health & Safety' });
    expect(within(bar).queryByRole('link', { name: 'Projects' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Admin' })).toBeNull();
  });
});

describe('a Pending user', () => {
  it('is held on /account/password, sees every rule message, and goes home after the change', async () => {
    await mockApi.logIn('pending@demo.local', 1);
    const { router } = renderApp('/projects');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    const user = userEvent.setup();
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    const old = screen.getByLabelText(/^Old Password/);
    const next = screen.getByLabelText(/^New Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    await user.type(next, 'short');
    expect(await screen.findAllByText('All fields are mandatory')).not.toHaveLength(0);
    expect(screen.getAllByText('Password must be 8 or more characters').length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('Password must contain one or more upper case, lower case, number and symbols').length,
    ).toBeGreaterThan(0);
    await user.clear(next);
    await user.type(next, 'with space1A!');
    expect(await screen.findAllByText('Please ensure your password has no spaces.')).not.toHaveLength(0);
    await user.type(confirm, 'nomatch');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(update).toBeDisabled();
    await user.type(old, 'Demo#2026');
    await user.clear(next);
    await user.type(next, 'NewPass#2026');
    await user.clear(confirm);
    await user.type(confirm, 'NewPass#2026');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect((await callOperation<IsLoggedInAnswer>('auth.isLoggedIn')).user.status).toBe('Active');
  });
});

describe('unknown paths (§2.1 "any other path"; issue 19)', () => {
  it('show a logged-in user the not-found page inside the shell, with Home', async () => {
    await mockApi.logIn('user@demo.local');
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(await screen.findByRole('navigation', { name: 'Navigation' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('send a logged-out user to login with an error parameter', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=notfound');
  });

  it('offer a logged-out user the link to log in on the unauthorised page', async () => {
    renderApp('/unauthorized');
    expect(await screen.findByText(/You are not authorised to access this page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
  });
});

describe('pages of §2.1 and §2.2', () => {
  it.each([
    ['/unauthorized?security=rfi', /latest link to the rfi or, failing that/],
    ['/unauthorized?error=Unauthorized-Support', /You must be logged in to access the support website/],
    ['/unauthorized', /You are not authorised to access this page/],
    ['/response', /Thank you for your time! Please close this page\./],
    ['/noresponse', /Thank you\. You have Closed the form/],
    ['/privacy-policy', /19th December 2023, Version 3/],
  ])('%s', async (path, text) => {
    renderApp(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('the authorisation callback posts its code to the opening window and closes', async () => {
    await mockApi.logIn('user@demo.local');
    const postMessage = vi.fn();
    const opener = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { configurable: true, value: { postMessage } });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    try {
      renderApp('/authorizecallback?code=abc123');
      expect(await screen.findByText('Processing authentication...')).toBeInTheDocument();
      await waitFor(() => expect(close).toHaveBeenCalled());
      expect(postMessage).toHaveBeenCalledWith(
        { type: 'authorizationCallback', code: 'abc123' },
        window.location.origin,
      );
    } finally {
      close.mockRestore();
      if (opener) Object.defineProperty(window, 'opener', opener);
    }
  });

  it('the privacy policy states the provider, the retention and the age limit, logged in or not', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByText(/an Irish software company/)).toBeInTheDocument();
    expect(screen.getByText(/minimum of 7 years/)).toBeInTheDocument();
    expect(screen.getByText(/children under 13/)).toBeInTheDocument();
  });
});

describe('the offline spinner and the leave-page guard', () => {
  it('shows the offline message while offline and clears it online', async () => {
    await mockApi.logIn('user@demo.local');
    renderApp('/home');
    await screen.findByRole('navigation', { name: 'Navigation' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/You've lost internet connection/)).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/You've lost internet connection/)).toBeNull());
  });

  it('asks before leaving a form with unsaved changes: No stays, Yes leaves', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const { router } = renderApp('/settings/lookupvalues');
    const user = userEvent.setup();
    const lines = await screen.findByLabelText(/^Values/);
    await user.type(lines, 'Banksman');
    await act(() => router.navigate('/home'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to leave this page without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/settings/lookupvalues');
    await act(() => router.navigate('/home'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

describe('the mobile menu', () => {
  it('folds the top bar into one Menu button at 550 px and below', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width:550px'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      await mockApi.logIn('user@demo.local');
      renderApp('/home');
      const bar = await screen.findByRole('navigation', { name: 'Navigation' });
      await userEvent.setup().click(within(bar).getByRole('button', { name: 'Menu' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'Projects' })).toHaveAttribute('href', '/projects');
      expect(within(menu).getByRole('menuitem', { name: 'Quality Assurance' })).toBeInTheDocument();
      expect(within(menu).queryByRole('menuitem', { name: 'Health & Safety' })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});

/** Runs `body` with the window `width` px wide as far as media queries (max-width) are concerned. */
async function atWidth(width: number, body: () => Promise<void>) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY) >= width,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  try {
    await body();
  } finally {
    window.matchMedia = original;
  }
}

describe('the section menu on a phone', () => {
  it('is one button naming the active page below 600 px; its menu holds every link, the Edit link too', async () => {
    await mockApi.logIn('user@demo.local');
    await atWidth(599, async () => {
      renderApp('/projects/1/sitework');
      const nav = await screen.findByRole('navigation', { name: 'Section menu' });
      expect(within(nav).queryAllByRole('link')).toEqual([]);
      await userEvent.setup().click(await within(nav).findByRole('button', { name: 'Site Work' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'Site Work' })).toHaveAttribute('aria-current', 'page');
      expect(within(menu).getByRole('menuitem', { name: 'Quality Assurance' })).toHaveAttribute(
        'href',
        '/projects/1/qa',
      );
      expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', '/projects/1/edit');
    });
  });

  it('stays a row of links at 600 px', async () => {
    await mockApi.logIn('user@demo.local');
    await atWidth(600, async () => {
      renderApp('/projects/1/sitework');
      const nav = await screen.findByRole('navigation', { name: 'Section menu' });
      expect(await within(nav).findByRole('link', { name: 'Site Work' })).toHaveAttribute('aria-current', 'page');
    });
  });
});
