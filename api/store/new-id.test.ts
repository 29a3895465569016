import { describe, expect, it } from 'vitest';
import { newId } from './new-id';

describe('newId', () => {
  it('is a version 7 UUID carrying the time, sorting by the time it was made', () => {
    const id = newId(Date.UTC(2026, 10, 25, 1, 2, 3, 4));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 25, 1, 2, 3, 4));
    expect(newId(1000) < newId(1001)).toBe(true);
  });

  it('differs from call to call within one millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => newId(5));
    expect(new Set(ids).size).toBe(2000);
  });
});
