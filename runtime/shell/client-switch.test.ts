import { pathAfterClientSwitch } from './client-switch';

describe('pathAfterClientSwitch', () => {
  it('stays on pages not tied to a record', () => {
    expect(pathAfterClientSwitch('/projects')).toBe('/projects');
    expect(pathAfterClientSwitch('/projects/12')).toBe('/projects/12');
    expect(pathAfterClientSwitch('/settings/employees/list')).toBe('/settings/employees/list');
  });

  it('goes home from a record of the previous client and from /unauthorized', () => {
    expect(pathAfterClientSwitch('/projects/12/qa')).toBe('/home');
    expect(pathAfterClientSwitch('/unauthorized')).toBe('/home');
  });
});
