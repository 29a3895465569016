import { describe, expect, it } from 'vitest';
import { baseCode, nextCode, nextPart } from './code-generator';

const now = new Date(2026, 10, 22);

describe('nextPart', () => {
  it('increments a Number keeping leading zeros', () => {
    expect(nextPart('0041', 'Number', now)).toBe('0042');
    expect(nextPart('0099', 'Number', now)).toBe('0100');
    expect(nextPart('9', 'Number', now)).toBe('10');
    expect(nextPart('999', 'Number', now)).toBe('1000');
    expect(nextPart('12345678901234567890', 'Number', now)).toBe('12345678901234567891');
  });
  it('keeps non-numeric text of a Number part, and any Text part', () => {
    expect(nextPart('A12', 'Number', now)).toBe('A12');
    expect(nextPart('', 'Number', now)).toBe('');
    expect(nextPart('0041', 'Text', now)).toBe('0041');
    expect(nextPart('PO', 'Text', now)).toBe('PO');
  });
  it('gives the current year for a Year part', () => {
    expect(nextPart('2019', 'Year', now)).toBe('2026');
  });
});

describe('nextCode', () => {
  it('joins the next parts with the separator character', () => {
    const parts = { start: 'Year', separator: 'Backslash', end: 'Number', baseStart: '2025', baseEnd: '0041' } as const;
    expect(nextCode(parts, now)).toEqual({ code: '2026/0042', baseStart: '2026', baseEnd: '0042' });
    expect(nextCode({ ...parts, separator: 'Point' }, now).code).toBe('2026.0042');
    expect(nextCode({ ...parts, separator: 'Dash' }, now).code).toBe('2026-0042');
    expect(nextCode({ ...parts, separator: 'None' }, now).code).toBe('20260042');
    expect(nextCode({ ...parts, start: 'Text', baseStart: 'PO', end: 'Number' }, now).code).toBe('PO/0042');
    expect(baseCode(parts)).toBe('2025/0041');
  });
});
