import { describe, expect, it } from 'vitest';
import routes from '../../schemas/screens/routes.json';
import type { RouteTable } from '../types/generated/screen-documents';
import { shellPathTest } from './shell-paths';

const insideShell = shellPathTest(routes as RouteTable);

describe('shellPathTest over schemas/screens/routes.json', () => {
  it('counts the pages inside the shell', () => {
    for (const path of [
      '/home',
      '/projects/1/health-and-safety/5/add',
      '/quality-assurance/form-creator/12',
      '/qs/forms',
      '/account/password',
      '/no-such-page',
    ])
      expect(insideShell(path), path).toBe(true);
  });

  it('leaves out the root, the public pages and the routes outside the shell', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/forgot-password',
      '/reset-password/abc',
      '/invitation/abc',
      '/qr/abc',
      '/qr/abc/view',
      '/external/abc',
      '/shared-folder/1/abc',
      '/unauthorized',
      '/logout',
      '/package-return/XYZ',
    ])
      expect(insideShell(path), path).toBe(false);
  });

  it('follows the table it is given: a catch-all outside the shell leaves nothing to it', () => {
    const table: RouteTable = {
      routes: [
        {
          path: '/',
          children: [
            { path: 'login', page: 'login' },
            { id: 'shell', page: 'shell', children: [] },
          ],
        },
      ],
    };
    expect(shellPathTest(table)('/home')).toBe(true);
    expect(shellPathTest({ routes: [{ path: '*', page: 'x' }, ...table.routes] })('/home')).toBe(false);
  });
});
