import { describe, expect, it } from 'vitest';
import { isAdmin } from './access';

describe('isAdmin', () => {
  it('needs process Admin with activity Edit', () => {
    expect(isAdmin({ processes: [{ process: 'Admin', activity: 'Edit' }] })).toBe(true);
    expect(isAdmin({ processes: [{ process: 'Admin', activity: 'View' }] })).toBe(false);
    expect(isAdmin({ processes: [{ process: 'QualityAssurance', activity: 'Edit' }] })).toBe(false);
    expect(isAdmin({ processes: [] })).toBe(false);
  });
});
