import { describe, expect, it } from 'vitest';
import projectsView from '../../schemas/screens/menus/projects-view.json';
import type { AccessSubject } from './access';
import { type MenuItemAccess, visibleMenuItems } from './menus';

const admin: AccessSubject = { processes: [{ process: 'Admin', activity: 'Edit' }] };
const viewer: AccessSubject = {
  processes: [],
  access: {
    clientId: 1,
    flags: { accessTheirProjects: true },
    projects: [{ projectId: 1, activity: 'View', accessCodes: [23] }],
  },
};
const hs: AccessSubject = { processes: [], access: { clientId: 1, flags: { accessHS: true }, projects: [] } };

const items = [
  { id: 'projects', route: '/projects', area: 'projects' as const },
  { id: 'hs', route: '/health-and-safety', area: 'health-and-safety' as const, action: 'admin' as const },
  { id: 'qa', route: '/projects/1/qa', accessCodes: [23, 24] },
  { id: 'vault', route: '/projects/1/drawings', accessCodes: [14] },
  {
    id: 'admin',
    items: [
      { id: 'lookups', route: '/settings/lookupvalues', admin: true },
      { id: 'codes', route: '/settings/codegenerator', admin: true },
    ],
  },
];

describe('visibleMenuItems', () => {
  it('shows admins everything', () => {
    expect(visibleMenuItems(items, admin, { projectId: 1 }).map((i) => i.id)).toEqual([
      'projects',
      'hs',
      'qa',
      'vault',
      'admin',
    ]);
    expect(visibleMenuItems(items, admin)[4].items).toHaveLength(2);
  });
  it('shows a project user the areas and the codes they hold on the project, not the admin items', () => {
    expect(visibleMenuItems(items, viewer, { area: 'projects', projectId: 1 }).map((i) => i.id)).toEqual([
      'projects',
      'qa',
    ]);
    expect(visibleMenuItems(items, viewer, { area: 'projects', projectId: 2 }).map((i) => i.id)).toEqual(['projects']);
  });
  it('shows a health-and-safety administrator their area only', () => {
    expect(visibleMenuItems(items, hs).map((i) => i.id)).toEqual(['hs']);
  });
  it('shows only open items without a user', () => {
    expect(visibleMenuItems([{ id: 'open', route: '/x' }, ...items], undefined).map((i) => i.id)).toEqual(['open']);
  });
});

describe('Export Settings in the project view menu (issue 24 §3)', () => {
  type Item = MenuItemAccess & { id: string; items?: Item[] };
  const view = projectsView as unknown as { items: Item[] };
  /** The sub-items of a project's section the user sees. */
  function subItems(user: AccessSubject, section: string): string[] {
    const shown = visibleMenuItems(view.items, user, { area: 'projects', projectId: 1 });
    return ((shown.find((i) => i.id === section)?.items ?? []) as Item[]).map((i) => i.id);
  }
  // An Edit user of every project holding every code there, and the quality assurance admin flag.
  const qaAdmin: AccessSubject = {
    processes: [],
    access: {
      clientId: 1,
      flags: { accessAllProjects: true, accessQA: true },
      projects: [{ projectId: 1, activity: 'Edit' }],
    },
  };
  const editor: AccessSubject = {
    processes: [],
    access: { clientId: 1, flags: { accessAllProjects: true }, projects: [{ projectId: 1, activity: 'Edit' }] },
  };

  it("shows it to the area's administrators only, however many codes a user holds on the project", () => {
    expect(subItems(admin, 'qa')).toContain('export-setting');
    expect(subItems(admin, 'health-and-safety')).toContain('export-setting');
    expect(subItems(qaAdmin, 'qa')).toContain('export-setting');
    expect(subItems(qaAdmin, 'health-and-safety')).not.toContain('export-setting');
    expect(subItems(editor, 'qa')).not.toContain('export-setting');
    expect(subItems(editor, 'qa')).toContain('audits');
  });
});
