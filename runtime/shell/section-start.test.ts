/**
 * The section's guard call started beside the session's (issue 21 "Speed", the form page's first paint): the shell
 * route's `code` starts the section's menu and its guard's server call on the path alone, before the route's guards
 * have the session; the loader then takes that answer instead of asking again. Over the real API (MSW and the demo
 * seed).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { mockApi } from '../test/mock-api';
import { startGuardCheck } from './guard-checks';
import { routeLoaders } from './route-loaders';
import type { SectionData } from './section';

/** The API paths fetched since the spy was set, in order. */
function fetchedPaths(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname);
}

function argsFor(path: string): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`), params: {}, context: undefined } as LoaderFunctionArgs;
}

describe('the section guard started beside the session', () => {
  it('starts only the guards that are a server call on the path alone', async () => {
    await mockApi.logIn('view@demo.local');
    expect(startGuardCheck('admin', { pathname: '/settings' })).toBeUndefined();
    expect(startGuardCheck('areaAdmin', { pathname: '/projects/admin', area: 'projects' })).toBeUndefined();
    expect(startGuardCheck('loggedIn', { pathname: '/home' })).toBeUndefined();
    const started = startGuardCheck('project', {
      pathname: '/projects/1',
      projectId: 1,
      area: 'projects',
      mode: 'view',
    });
    await expect(started).resolves.toEqual({ allowed: true, activity: 'View' });
  });

  it("asks the project guard's call before the session has answered, and once", async () => {
    await mockApi.logIn('view@demo.local');
    const spy = vi.spyOn(globalThis, 'fetch');
    const args = argsFor('/projects/1');
    const shell = routeLoaders.shell;
    await shell.code?.(args);
    // Only the route's code has run: the guard's call is out, the session not asked yet.
    const early = fetchedPaths(spy);
    expect(early).toContain('/api/authorization/projects/1');
    expect(early).not.toContain('/api/authorization/isLoggedIn');
    const data = (await shell.load(args)) as { section: SectionData };
    expect(data.section.activity).toBe('View');
    expect(data.section.menu).not.toBeNull();
    const all = fetchedPaths(spy);
    expect(all).toContain('/api/authorization/isLoggedIn');
    expect(all.filter((path) => path === '/api/authorization/projects/1')).toHaveLength(1);
  });

  it('sends a view user away from an edit menu with the early answer, as with a late one', async () => {
    await mockApi.logIn('view@demo.local');
    const args = argsFor('/projects/1/edit');
    await routeLoaders.shell.code?.(args);
    const thrown = await routeLoaders.shell.load(args).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/unauthorized');
  });

  it('leaves no unhandled failure when there is no session (the early call is refused)', async () => {
    await mockApi.reset();
    const args = argsFor('/projects/1');
    await routeLoaders.shell.code?.(args);
    const thrown = await routeLoaders.shell.load(args).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/unauthorized');
    // The early guard call's 401 was observed where it started: vitest fails the file on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

describe("the form creator's working copy asked beside the session", () => {
  it('asks forms.get and forms.publishImpact while the session is still unanswered, once, and the loader takes them', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const { toRoute } = await import('../routes');
    // The creator's route as routes.json has it: an access question (`can`) and the working copy's loader.
    const route = toRoute(
      { path: ':formId', can: 'forms.update', loader: 'workingCopy' },
      { formArea: 'quality-assurance' },
    );
    // The other tests' fetch spies go first: this one passes calls on to the real fetch.
    vi.restoreAllMocks();
    const fetchOf = globalThis.fetch;
    let answerSession: () => void = () => undefined;
    const sessionHeld = new Promise<void>((resolve) => {
      answerSession = resolve;
    });
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/authorization/isLoggedIn'))
        await sessionHeld;
      return fetchOf(input, init);
    });
    const request = new Request('http://localhost/quality-assurance/form-creator/1');
    const loader = route.loader as (
      args: LoaderFunctionArgs,
    ) => Promise<{ workingCopy: { copy: Promise<{ id: number }> } }>;
    const loaded = loader({ request, params: { formId: '1' }, context: undefined } as unknown as LoaderFunctionArgs);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The session has not answered, and the form's calls are out already.
    const early = fetchedPaths(spy);
    expect(early).toContain('/api/authorization/isLoggedIn');
    expect(early).toContain('/api/settings/forms/quality-assurance/1');
    expect(early).toContain('/api/settings/forms/quality-assurance/1/publish-impact');
    answerSession();
    const { workingCopy } = await loaded;
    await expect(workingCopy.copy).resolves.toMatchObject({ id: 1 });
    expect(fetchedPaths(spy).filter((path) => path === '/api/settings/forms/quality-assurance/1')).toHaveLength(1);
    spy.mockRestore();
  });
});
