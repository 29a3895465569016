import { describe, expect, it } from 'vitest';
import routeTable from '../../schemas/screens/routes.json';
import type { RouteTable } from '../types/generated/screen-documents';
import { firstCalls, guardCall, loaderCalls, matchRoute, rendersFirstScreen, SESSION_CALLS } from './first-calls';

const table = routeTable as RouteTable;
const operations = (path: string) => firstCalls(table, path).map((call) => [call.operation, call.params]);

describe('matchRoute', () => {
  it("finds the form page's branch, its path parameters and the fixed formArea of its parents", () => {
    const match = matchRoute(table, '/projects/1/health-and-safety/7/add');
    expect(match?.params).toMatchObject({ projectId: '1', formId: '7', formArea: 'health-and-safety' });
    expect(match?.routes.map((route) => route.loader).filter(Boolean)).toEqual(['shell', 'project', 'form']);
  });

  it('prefers a static segment to a parameter, as react-router does', () => {
    const match = matchRoute(table, '/projects/form-creator/12');
    expect(match?.routes.at(-1)?.loader).toBe('workingCopy');
    expect(match?.params.formId).toBe('12');
  });

  it('matches public pages outside the shell', () => {
    expect(matchRoute(table, '/login')?.routes.some((route) => route.id === 'shell')).toBe(false);
  });
});

describe('firstCalls', () => {
  it("are the form page's session, guard, project and form calls", () => {
    expect(operations('/projects/1/health-and-safety/7/add')).toEqual([
      ['auth.isLoggedIn', {}],
      ['clients.current', {}],
      ['authorization.activity', { type: 'projects', projectId: 1 }],
      ['projects.summary', { id: '1' }],
      ['forms.getForProject', { projectId: '1', formArea: 'health-and-safety', id: '7' }],
    ]);
  });

  it("are the session's alone on a page whose guard asks the session's user (settings)", () => {
    expect(operations('/settings/users')).toEqual(SESSION_CALLS.map((call) => [call.operation, call.params]));
  });

  it("include the form creator's working copy and publish impact", () => {
    expect(operations('/quality-assurance/form-creator/3')).toEqual(
      expect.arrayContaining([
        ['forms.get', { formArea: 'quality-assurance', id: '3' }],
        ['forms.publishImpact', { formArea: 'quality-assurance', id: '3' }],
      ]),
    );
  });

  it('are none on the login page, and none on a route that redirects', () => {
    expect(operations('/login')).toEqual([]);
    // '/' redirects to the login page (routes.json); a redirect inside the shell asks nothing either.
    expect(operations('/')).toEqual([]);
    const shell: RouteTable = {
      routes: [
        {
          id: 'shell',
          guards: ['loggedIn'],
          loader: 'shell',
          children: [{ path: 'old/:id', redirect: '/new/{id}' }, { path: 'new/:id' }],
        },
      ],
    };
    expect(firstCalls(shell, '/old/3')).toEqual([]);
    expect(firstCalls(shell, '/new/3')).toEqual(SESSION_CALLS);
  });
});

describe('guardCall and loaderCalls', () => {
  it("describe the guard checks' calls on the path, and none for a check on the session's user", () => {
    expect(guardCall('location', { pathname: '/locations/4', projectId: 4 })).toEqual({
      operation: 'authorization.activity',
      params: { type: 'locations', projectId: 4 },
    });
    expect(guardCall('section', { pathname: '/qs/3/valuations', projectId: 3 })?.params).toMatchObject({
      section: 'valuations',
      projectId: 3,
    });
    expect(guardCall('admin', { pathname: '/settings' })).toBeUndefined();
    expect(guardCall('qualityAssuranceAdmin', { pathname: '/quality-assurance/forms' })).toBeUndefined();
  });

  it('give no call for a loader that makes none on the path', () => {
    expect(loaderCalls('logout', {})).toEqual([]);
    expect(loaderCalls('project', { projectId: '9' })).toEqual([
      { operation: 'projects.summary', params: { id: '9' } },
    ]);
  });
});

describe('rendersFirstScreen', () => {
  it('is true for a form to fill in afresh (a route in add mode), in every form area', () => {
    expect(rendersFirstScreen(table, '/projects/1/qa/7/add')).toBe(true);
    expect(rendersFirstScreen(table, '/projects/1/health-and-safety/7/add')).toBe(true);
  });

  it('is false for pages that show stored data, for redirects and for paths no route matches', () => {
    expect(rendersFirstScreen(table, '/projects/1/qa/7')).toBe(false); // the form's register
    expect(rendersFirstScreen(table, '/projects/1/qa/7/entry/3/view')).toBe(false);
    expect(rendersFirstScreen(table, '/projects/1/qa/7/entry/3/edit')).toBe(false);
    expect(rendersFirstScreen(table, '/projects/1/quality-assurance/7/add')).toBe(false); // redirects to qa/
    expect(rendersFirstScreen(table, '/no/such/page')).toBe(false);
  });
});
