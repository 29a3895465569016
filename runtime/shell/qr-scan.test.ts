import { localDate, safeReturnPath, scanTarget } from './qr-scan';

const base = { clientId: 1, projectId: 2, formArea: 'quality-assurance', formId: 5 };

describe('where a scanned QR code goes', () => {
  it('opens a new entry, a prefilled one, the entry to update or to view, or the public view', () => {
    expect(scanTarget({ ...base, action: 'create' }, 'T')).toBe('/projects/2/qa/5/add');
    expect(scanTarget({ ...base, action: 'populate' }, 'T')).toBe('/projects/2/qa/5/qr/T');
    expect(scanTarget({ ...base, action: 'update', entryNumber: 7 }, 'T')).toBe('/projects/2/qa/5/entry/7/qr/T');
    expect(scanTarget({ ...base, action: 'view', entryNumber: 7 }, 'T')).toBe('/projects/2/qa/5/entry/7');
    expect(scanTarget({ ...base, action: 'publicView', entryNumber: 7 }, 'T')).toBe('/qr/T/view');
  });

  it("opens a health-and-safety form's pages under its own section (issue 19)", () => {
    const hs = { ...base, formArea: 'health-and-safety' };
    expect(scanTarget({ ...hs, action: 'create' }, 'T')).toBe('/projects/2/health-and-safety/5/add');
    expect(scanTarget({ ...hs, action: 'view', entryNumber: 7 }, 'T')).toBe('/projects/2/health-and-safety/5/entry/7');
  });

  it('returns after login only to a path of this site', () => {
    expect(safeReturnPath('/qr/abc.def')).toBe('/qr/abc.def');
    for (const bad of [null, '', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'qr/abc'])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
  });

  it("sends the scanner's own date", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 10, 23, 0, 1))).toBe('2026-11-23');
  });
});
