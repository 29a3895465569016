/**
 * The sections as the shell uses them (issue 20 part 7; shell-access-navigation.md §2.1, §2.3, §6): every route of
 * schemas/screens/routes.json inside a section is reached from that section's menu (an item, a page under one, or
 * the menu's own base, Edit and View paths) behind the menu's guard, or is the section's own page without a menu;
 * so the shell's not-found answer for "no page of its menu" (./section.ts) cannot hide a route nobody can open.
 * And the names the section documents give the runtime exist: guards, tile icons, the routes of their entries.
 */
import { screen, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { isMenuPage, sectionOf } from '../../engine/rules/section-menu';
import { sectionEntries, sections } from '../../engine/rules/sections';
import type { MenuDocument } from '../renderer/documents';
import { menuIcons } from '../renderer/menu-icons';
import { type RouteNode, routeDocument, routes } from '../routes';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { guardChecks } from './guard-checks';
import { isUnknownPath } from './route-access';

const menus = new Map(
  Object.entries(
    import.meta.glob<MenuDocument>('../../schemas/screens/menus/*.json', { eager: true, import: 'default' }),
  ).map(([path, doc]) => [path.replace(/^.*\/schemas\/screens\//, '').replace(/\.json$/, ''), doc]),
);

/** A route of the table with its whole path (parameters filled with 7) and what it does. */
interface RouteAt {
  path: string;
  node: RouteNode;
}

/** Every route that shows something at a path of its own: not the catch-alls (`*`) and not the redirects. */
function routesAt(nodes: readonly RouteNode[], parent = ''): RouteAt[] {
  return nodes.flatMap((node) => {
    const path = node.index ? parent : node.path ? `${parent}/${node.path}`.replace(/\/+/g, '/') : parent;
    const own = (node.index || node.path) && !node.redirect && !path.includes('*') ? [{ path, node }] : [];
    return [...own, ...routesAt(node.children ?? [], path)];
  });
}

/** A route's path as a navigation reaches it: each `:parameter` a number. */
const filled = (path: string) => path.replace(/:[a-zA-Z]+/g, '7') || '/';

/**
 * Why a path of a section would not open from its section's menu, or null when it does: a path of a section shows
 * that section's menu (sectionOf) and must be one of its pages, unless it is the section's own page without a menu.
 */
function unreachable(path: string): string | null {
  const place = sectionOf(path);
  if (!place.section) return null; // the shell's own pages (home, account/password, ...): no section, no menu
  const section = sections.get(place.section)!;
  if (!place.menu) {
    if (path === section.path && section.indexMenu === false) return null;
    return `no menu of section ${section.id} serves it`;
  }
  const menu = menus.get(place.menu.id);
  if (!menu) return `its menu ${place.menu.id} is missing`;
  if (!isMenuPage(menu.items, place.menu, path, place.projectId))
    return `it is no page of ${place.menu.id}: no item's route or paths lead to it (the shell would show not found)`;
  return null;
}

describe('the routes of schemas/screens/routes.json and the sections (issue 20 part 7)', () => {
  const all = routesAt(routeDocument.routes);

  it('are read: the section routes of the table are many', () => {
    expect(all.filter((r) => sectionOf(filled(r.path)).section).length).toBeGreaterThan(50);
  });

  it("each reach a route of the table (and a path of a section, that section's menu)", () => {
    for (const { path } of all) {
      expect(matchRoutes(routes, filled(path)), path).not.toBeNull();
      expect(isUnknownPath(filled(path)), path).toBe(false);
    }
  });

  it("are every one reachable from its section's menu and guard", () => {
    const problems = all.flatMap(({ path }) => {
      const why = unreachable(filled(path));
      return why ? [`${path}: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('fail the check for a route of a section that its menu does not lead to', () => {
    expect(unreachable('/qs/no-such-admin-page')).toMatch(/no page of menus\/qs-admin/);
    expect(unreachable('/projects/7/nonsense')).toMatch(/no page of menus\/projects-view/);
    expect(unreachable('/locations/no-menu-here')).toMatch(/no menu of section locations/);
    expect(unreachable('/projects')).toBeNull();
    expect(unreachable('/home')).toBeNull();
  });

  it("lead every menu item's further `paths` to a route", () => {
    for (const [id, menu] of menus)
      for (const item of menu.items.flatMap((i) => [i, ...(i.items ?? [])]))
        for (const path of item.paths ?? [])
          expect(isUnknownPath(filled(path)), `${id} ${item.id}: ${path}`).toBe(false);
  });

  it("open the quantity surveying form library's pages under its Forms item (they were not found before)", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    renderApp('/qs/form-library');
    const nav = await screen.findByRole('navigation', { name: 'Section menu' });
    expect(within(nav).getByRole('link', { name: 'Forms' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });
});

describe('the names section documents give the runtime', () => {
  const guards = Object.keys(guardChecks({ processes: [] } as never));

  it('are guards that exist', () => {
    for (const section of sections.values())
      for (const [mode, { guard }] of Object.entries(section.menus ?? {}))
        expect(guards, `${section.id} ${mode}`).toContain(guard);
  });

  it('are tile icons that exist, and entry routes that reach a page of their section', () => {
    for (const entry of sectionEntries('tiles')) {
      if (entry.icon) expect(Object.hasOwn(menuIcons, entry.icon), entry.icon).toBe(true);
      expect(isUnknownPath(entry.route!), entry.route).toBe(false);
      expect(unreachable(entry.route!), entry.route).toBeNull();
    }
  });
});
