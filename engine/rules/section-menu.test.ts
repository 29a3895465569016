import { describe, expect, it } from 'vitest';
import { activeItem, sectionOf } from './section-menu';

describe('sectionOf (shell-access-navigation.md §2.1)', () => {
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
  ])('%s', (path, expected) => {
    expect(sectionOf(path)).toEqual(expected);
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
});
