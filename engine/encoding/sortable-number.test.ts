import { describe, expect, it } from 'vitest';
import { sortableNumber } from './sortable-number';

describe('sortableNumber', () => {
  it('orders numbers as their text keys order, negatives and fractions included', () => {
    const values = [-Infinity, -1e300, -12.5, -1, -0.001, 0, 1e-9, 1, 2.5, 10, 1e300, Infinity];
    const keys = values.map(sortableNumber);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => /^[0-9a-f]{16}$/.test(k))).toBe(true);
  });

  it('gives -0 and 0 one key, and NaN the lowest', () => {
    expect(sortableNumber(-0)).toBe(sortableNumber(0));
    expect(sortableNumber(NaN) < sortableNumber(-Infinity)).toBe(true);
  });
});
