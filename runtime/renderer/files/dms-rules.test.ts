import {
  breadcrumbs,
  type DmsNode,
  displayName,
  duplicateDecision,
  formatDate,
  formatSize,
  hasForbiddenCharacter,
  isIgnored,
  isWebAddress,
  nextFreeName,
  sortNodes,
  urlFileName,
} from './dms-rules';

function node(path: string, type: DmsNode['type'] = 'File'): DmsNode {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  return {
    label: fileName,
    type,
    path,
    url: '',
    fileName,
    size: 0,
    contentType: '',
    modifiedBy: '',
    addedBy: '',
    modifiedDate: '',
    createdDate: '',
    revisionNumber: 1,
    hidden: false,
    isUrl: false,
  };
}

describe('DMS rules (administration-data.md §3-§5, §9)', () => {
  it('drops the 37-character id prefix from displayed names only when it is one', () => {
    expect(displayName('0f8fad5b-d9cb-469f-a165-70867728950e_GA-101.pdf')).toBe('GA-101.pdf');
    expect(displayName('GA-101.pdf')).toBe('GA-101.pdf');
    expect(displayName('0f8fad5b_GA-101.pdf')).toBe('0f8fad5b_GA-101.pdf');
  });

  it('formats sizes in B, KB, MB, GB and TB with a 1024 step', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSize(12.4 * 1024 ** 3)).toBe('12 GB');
    expect(formatSize(2 * 1024 ** 4)).toBe('2 TB');
    expect(formatSize(3 * 1024 ** 5)).toBe('3072 TB');
  });

  it('formats dates as yyyy-MM-dd', () => {
    expect(formatDate('2026-03-04T10:00:00')).toBe('2026-03-04');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows up to 4 levels whole and collapses the middle of more to "..."', () => {
    expect(breadcrumbs('Vault', 'Vault')).toEqual([{ name: 'Vault', path: 'Vault' }]);
    expect(breadcrumbs('Vault', 'Vault/A/B/C')).toEqual([
      { name: 'Vault', path: 'Vault' },
      { name: 'A', path: 'Vault/A' },
      { name: 'B', path: 'Vault/A/B' },
      { name: 'C', path: 'Vault/A/B/C' },
    ]);
    expect(breadcrumbs('Vault', 'Vault/A/B/C/D')).toEqual([
      { name: 'Vault', path: 'Vault' },
      { collapsed: true },
      { name: 'C', path: 'Vault/A/B/C' },
      { name: 'D', path: 'Vault/A/B/C/D' },
    ]);
    // A shared folder's trail starts at the shared folder.
    expect(breadcrumbs('Vault/Issued', 'Vault/Issued/GA')).toEqual([
      { name: 'Issued', path: 'Vault/Issued' },
      { name: 'GA', path: 'Vault/Issued/GA' },
    ]);
  });

  it('sorts by name with folders always first, in both directions, numbers by value', () => {
    const nodes = [node('b.pdf'), node('Zeta', 'Folder'), node('a10.pdf'), node('Alpha', 'Folder'), node('a9.pdf')];
    expect(sortNodes(nodes, 'asc').map((n) => n.path)).toEqual(['Alpha', 'Zeta', 'a9.pdf', 'a10.pdf', 'b.pdf']);
    expect(sortNodes(nodes, 'desc').map((n) => n.path)).toEqual(['Zeta', 'Alpha', 'b.pdf', 'a10.pdf', 'a9.pdf']);
  });

  it("names a new folder 'New Folder', then 'New Folder (1)', and a kept-separate file 'name (1).ext'", () => {
    expect(nextFreeName('New Folder', ['Drawings'])).toBe('New Folder');
    expect(nextFreeName('New Folder', ['New Folder', 'new folder (1)'])).toBe('New Folder (2)');
    expect(nextFreeName('GA-101.pdf', ['GA-101.pdf'], true)).toBe('GA-101 (1).pdf');
    expect(nextFreeName('README', ['README'], true)).toBe('README (1)');
  });

  it("refuses '/' in names, skips .ignore files, and strips the Add URL's scheme and slashes", () => {
    expect(hasForbiddenCharacter('GA/101')).toBe(true);
    expect(hasForbiddenCharacter('GA-101')).toBe(false);
    expect(isIgnored('thumbs.IGNORE')).toBe(true);
    expect(isIgnored('plan.pdf')).toBe(false);
    expect(urlFileName('https://example.com/specs/concrete/')).toBe('example.com specs concrete.url');
    expect(urlFileName('http://example.com')).toBe('example.com.url');
    expect(urlFileName('https://example.com/a', 'Spec sheet')).toBe('Spec sheet.url');
    expect(urlFileName('https://example.com/a', 'Spec.url')).toBe('Spec.url');
    expect(isWebAddress('https://example.com/a')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('example.com')).toBe(false);
  });

  it('keeps duplicates separate on Yes; replaces on No only with exactly one duplicate', () => {
    expect(duplicateDecision(true, 3)).toBe('separate');
    expect(duplicateDecision(false, 1)).toBe('replace');
    expect(duplicateDecision(false, 2)).toBe('tooMany');
  });
});
