import { describe, expect, it } from 'vitest';
import { activeItem, isMenuPage, sectionOf } from './section-menu';

/** The menu id, project and bareness of a path's place (the menu's other parts are checked below). */
function placeOf(path: string) {
  const { menu, projectId, bare } = sectionOf(path);
  return { menu: menu?.id ?? null, ...(projectId !== undefined && { projectId }), bare };
}

describe('sectionOf (shell-access-navigation.md §2.1), from the section documents of schemas/sections', () => {
  it.each([
    ['/', { menu: null, bare: true }],
    ['/login', { menu: null, bare: true }],
    ['/logout', { menu: null, bare: true }],
    ['/projects', { menu: null, bare: false }],
    ['/projects/12', { menu: 'menus/projects-view', projectId: 12, bare: false }],
    ['/projects/12/qa/audits', { menu: 'menus/projects-view', projectId: 12, bare: false }],
    ['/projects/12/edit/contacts', { menu: 'menus/projects-edit', projectId: 12, bare: false }],
    ['/projects/form-creator', { menu: 'menus/projects-admin', bare: false }],
    ['/qs/4', { menu: 'menus/qs-view', projectId: 4, bare: false }],
    ['/qs/4/edit', { menu: 'menus/qs-edit', projectId: 4, bare: false }],
    ['/qs/summary', { menu: 'menus/qs-admin', bare: false }],
    ['/estimating', { menu: 'menus/estimating-admin', bare: false }],
    ['/estimating/7/tenders', { menu: 'menus/estimating-view', projectId: 7, bare: false }],
    ['/locations/3/edit/rates', { menu: 'menus/locations-edit', projectId: 3, bare: false }],
    ['/quality-assurance/audits', { menu: 'menus/quality-assurance-admin', bare: false }],
    ['/health-and-safety', { menu: 'menus/health-and-safety-admin', bare: false }],
    ['/settings/employees', { menu: 'menus/settings', bare: false }],
    ['/procurement/materials/orders', { menu: 'menus/procurement-materials', bare: false }],
    ['/procurement/plant/internal-plant', { menu: 'menus/procurement-plant', bare: false }],
    ['/offline/5/qa', { menu: 'menus/offline', projectId: 5, bare: false }],
    ['/offline', { menu: 'menus/offline', bare: false }],
    ['/locations', { menu: null, bare: false }],
    ['/procurement', { menu: null, bare: false }],
    ['/nowhere/3', { menu: null, bare: false }],
  ])('%s', (path, expected) => {
    expect(placeOf(path)).toEqual(expected);
  });

  it("gives the menu's guard, mode, area and paths: Edit link in a view menu, View link back in an edit menu", () => {
    expect(sectionOf('/projects/12/sitework')).toEqual({
      menu: {
        id: 'menus/projects-view',
        area: 'projects',
        mode: 'view',
        guard: 'project',
        base: '/projects/{projectId}',
        editLink: '/projects/{projectId}/edit',
      },
      section: 'projects',
      projectId: 12,
      bare: false,
    });
    expect(sectionOf('/qs/4/edit/rates').menu).toEqual({
      id: 'menus/qs-edit',
      area: 'qs',
      mode: 'edit',
      guard: 'section',
      base: '/qs/{projectId}/edit',
      viewLink: '/qs/{projectId}',
    });
    expect(sectionOf('/quality-assurance/audits').menu).toMatchObject({
      guard: 'qualityAssuranceAdmin',
      mode: 'admin',
    });
    expect(sectionOf('/offline/5/photos').menu).toMatchObject({
      area: 'projects',
      guard: 'loggedIn',
      base: '/offline',
    });
    expect(sectionOf('/procurement/plant/plant-admin').menu).toMatchObject({ area: 'plant', guard: 'areaAdmin' });
    expect(sectionOf('/settings/users').menu).toMatchObject({ area: 'settings', guard: 'admin' });
  });
});

describe('activeItem', () => {
  const items = [
    { id: 'home', route: '/projects/{projectId}' },
    {
      id: 'qa',
      route: '/projects/{projectId}/qa',
      items: [{ id: 'audits', route: '/projects/{projectId}/qa/audits' }],
    },
  ];
  it('is the longest matching route, sub-items included', () => {
    expect(activeItem(items, '/projects/3', 3)?.id).toBe('home');
    expect(activeItem(items, '/projects/3/qa/9/1', 3)?.id).toBe('qa');
    expect(activeItem(items, '/projects/3/qa/audits', 3)?.id).toBe('audits');
    expect(activeItem(items, '/projects/4/qa', 3)?.id).toBeUndefined();
  });

  it("counts an item's further paths as its pages (a menu item's `paths`)", () => {
    const admin = [
      { id: 'forms', route: '/qs/forms', paths: ['/qs/form-library'] },
      { id: 'summary', route: '/qs/summary' },
    ];
    expect(activeItem(admin, '/qs/form-library/5/qrcodes', undefined)?.id).toBe('forms');
    expect(activeItem(admin, '/qs/form-library', undefined)?.id).toBe('forms');
    expect(activeItem(admin, '/qs/form-libraryx', undefined)).toBeUndefined();
  });
});

describe('isMenuPage', () => {
  const view = sectionOf('/projects/3').menu!;
  const items = [{ id: 'contacts', route: '/projects/{projectId}/contacts' }];
  it("is an item's page or one of the menu's own paths (its base and Edit link), nothing else", () => {
    expect(isMenuPage(items, view, '/projects/3/contacts/x', 3)).toBe(true);
    expect(isMenuPage(items, view, '/projects/3', 3)).toBe(true);
    expect(isMenuPage(items, view, '/projects/3/edit', 3)).toBe(true);
    expect(isMenuPage(items, view, '/projects/3/nonsense', 3)).toBe(false);
  });
});
