import { describe, expect, it } from 'vitest';
import { visibleMenuItems } from './menus';

const admin = { processes: [{ process: 'Admin', activity: 'Edit' }] };
const viewer = { processes: [{ process: 'Admin', activity: 'View' }] };
const coded = { processes: [], accessCodes: [23] };

const items = [
  { id: 'projects', route: '/projects' },
  { id: 'qa', route: '/qa', accessCodes: [23, 24] },
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
    expect(visibleMenuItems(items, admin).map((i) => i.id)).toEqual(['projects', 'qa', 'admin']);
    expect(visibleMenuItems(items, admin)[2].items).toHaveLength(2);
  });
  it('hides admin items, and a parent left without items, from others', () => {
    expect(visibleMenuItems(items, viewer).map((i) => i.id)).toEqual(['projects']);
  });
  it('shows a coded item to a user holding one of its codes', () => {
    expect(visibleMenuItems(items, coded).map((i) => i.id)).toEqual(['projects', 'qa']);
  });
  it('shows only open items without a user', () => {
    expect(visibleMenuItems(items, undefined).map((i) => i.id)).toEqual(['projects']);
  });
});
