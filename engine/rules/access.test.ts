import { describe, expect, it } from 'vitest';
import type { AreaFlags, ClientAccess } from '../types/generated';
import {
  ACCESS_CODES,
  ACCESS_TYPES,
  type AccessSubject,
  accessIn,
  activityOn,
  can,
  holdsCode,
  isAdmin,
  projectScope,
} from './access';

const admin: AccessSubject = { processes: [{ process: 'Admin', activity: 'Edit' }] };

function user(flags: Partial<AreaFlags>, projects: ClientAccess['projects'] = []): AccessSubject {
  return { processes: [], access: { clientId: 1, flags, projects } };
}

describe('isAdmin', () => {
  it('needs process Admin with activity Edit', () => {
    expect(isAdmin({ processes: [{ process: 'Admin', activity: 'Edit' }] })).toBe(true);
    expect(isAdmin({ processes: [{ process: 'Admin', activity: 'View' }] })).toBe(false);
    expect(isAdmin({ processes: [{ process: 'QualityAssurance', activity: 'Edit' }] })).toBe(false);
    expect(isAdmin({ processes: [] })).toBe(false);
  });
});

describe('the access model', () => {
  it('gives an admin and accessAll everything, Edit everywhere', () => {
    for (const subject of [admin, user({ accessAll: true })]) {
      expect(activityOn(subject, 'projects', 7)).toBe('Edit');
      expect(can(subject, 'edit', { area: 'qs', projectId: 7 })).toBe(true);
      expect(can(subject, 'admin', { area: 'settings' })).toBe(true);
      expect(can(subject, 'view', { area: 'projects', projectId: 7, code: ACCESS_CODES.vault })).toBe(true);
      expect(projectScope(subject, 'projects')).toEqual({});
    }
  });

  it('gives nothing to a user with no access in the client', () => {
    const none: AccessSubject = { processes: [], access: null };
    expect(activityOn(none, 'projects', 1)).toBeNull();
    expect(can(none, 'view', { area: 'projects' })).toBe(false);
    expect(can(none, 'admin', { area: 'quality-assurance' })).toBe(false);
    expect(projectScope(none, 'projects')).toEqual({ id: { $in: [] } });
  });

  it('"all" flags: View on every project, the project access upgrading to Edit', () => {
    const subject = user({ accessAllProjects: true }, [{ projectId: 2, activity: 'Edit' }]);
    expect(activityOn(subject, 'projects', 1)).toBe('View');
    expect(activityOn(subject, 'projects', 2)).toBe('Edit');
    expect(can(subject, 'edit', { area: 'projects', projectId: 1 })).toBe(false);
    expect(can(subject, 'edit', { area: 'projects', projectId: 2 })).toBe(true);
    expect(activityOn(subject, 'qs', 2)).toBeNull();
    expect(projectScope(subject, 'projects')).toEqual({});
  });

  it('"their" flags: only the projects with a project access, at its activity', () => {
    const subject = user({ accessTheirProjects: true }, [
      { projectId: 3, activity: 'View' },
      { projectId: 4, activity: 'Edit' },
    ]);
    expect(activityOn(subject, 'projects', 1)).toBeNull();
    expect(activityOn(subject, 'projects', 3)).toBe('View');
    expect(can(subject, 'edit', { area: 'projects', projectId: 4 })).toBe(true);
    expect(projectScope(subject, 'projects')).toEqual({ id: { $in: [3, 4] } });
    expect(can(subject, 'admin', { area: 'projects' })).toBe(false);
  });

  it('project-level QA and H&S pages need the project and the code', () => {
    const subject = user({ accessTheirProjects: true }, [
      { projectId: 5, activity: 'Edit', accessCodes: [ACCESS_TYPES['quality-assurance'].Documents] },
    ]);
    expect(can(subject, 'view', { area: 'quality-assurance', projectId: 5, code: 23 })).toBe(true);
    expect(can(subject, 'view', { area: 'quality-assurance', projectId: 5, code: 24 })).toBe(false);
    expect(can(subject, 'view', { area: 'health-and-safety', projectId: 5, code: 15 })).toBe(false);
    expect(holdsCode(user({ accessAllProjects: true }), 9, 17)).toBe(true); // no access info: View, every code
  });

  it('admin pages of an area need its flag', () => {
    const hs = user({ accessHS: true });
    expect(can(hs, 'admin', { area: 'health-and-safety' })).toBe(true);
    expect(can(hs, 'admin', { area: 'quality-assurance' })).toBe(false);
    expect(can(hs, 'view', { area: 'projects' })).toBe(false);
    expect(can(user({ accessAdmin: true }), 'admin', { area: 'settings' })).toBe(true);
    expect(can(user({ accessLocations: true }), 'view', { area: 'locations', projectId: 8 })).toBe(true);
  });

  it('reads the access of the current client', () => {
    const stored = { accesses: [{ clientId: 2, flags: { accessQA: true }, projects: [] }] };
    expect(accessIn(stored, 2)?.flags.accessQA).toBe(true);
    expect(accessIn(stored, 1)).toBeNull();
    expect(accessIn(stored, null)).toBeNull();
  });
});
