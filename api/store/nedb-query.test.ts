import { describe, expect, it } from 'vitest';
import { toNedbQuery, toNedbUpdate, toRegExp } from './nedb-query';
import { upsertSeed } from './upsert-seed';

describe('toNedbQuery', () => {
  it('keeps simple conditions at the top level, where nedb uses its indexes', () => {
    expect(toNedbQuery({ id: 'p1', clientId: { $in: ['c1'] }, budget: { $gt: 1 } })).toEqual({
      id: 'p1',
      clientId: { $in: ['c1'] },
      budget: { $gt: 1 },
    });
    expect(toNedbQuery({ budget: { $in: [1, 2], $gt: 0 } })).toEqual({
      budget: { $gt: 0 },
      $and: [{ budget: { $in: [1, 2] } }],
    });
  });

  it('rewrites null equality, $ne and $nin with MongoDB meaning', () => {
    expect(toNedbQuery({ closedAt: null })).toEqual({
      $and: [{ $or: [{ closedAt: null }, { closedAt: { $exists: false } }] }],
    });
    expect(toNedbQuery({ tags: { $ne: 'a' } })).toEqual({ $and: [{ $not: { tags: 'a' } }] });
    expect(toNedbQuery({ tags: { $nin: ['a'] } })).toEqual({ $and: [{ $not: { tags: { $in: ['a'] } } }] });
  });

  it('turns $regex with $options into a RegExp', () => {
    expect(toNedbQuery({ name: { $regex: '^a', $options: 'i' } })).toEqual({ name: { $regex: /^a/i } });
    expect(toRegExp(/x/m, 'i').flags).toBe('im');
    expect(() => toRegExp('x', 'x')).toThrow('Unsupported $options');
    expect(() => toNedbQuery({ name: { $options: 'i' } })).toThrow('$options needs $regex');
  });

  it('throws on operators outside the port and on undefined values', () => {
    expect(() => toNedbQuery({ $where: 'x' })).toThrow('Unsupported filter operator $where');
    expect(() => toNedbQuery({ a: { $type: 'string' } })).toThrow('Unsupported filter operator $type');
    expect(() => toNedbQuery({ a: undefined })).toThrow(TypeError);
    expect(() => toNedbQuery({ $or: [{ a: { $in: [undefined] } }] })).toThrow(TypeError);
  });
});

describe('toNedbUpdate', () => {
  it('drops undefined members and rejects unknown operators or an update without operators', () => {
    expect(toNedbUpdate({ $set: { a: 1, b: undefined } })).toEqual({ $set: { a: 1 } });
    expect(toNedbUpdate({ $set: {} })).toEqual({});
    expect(() => toNedbUpdate({})).toThrow('at least one operator');
    expect(() => toNedbUpdate({ $rename: { a: 'b' } } as never)).toThrow('Unsupported update operator $rename');
  });
});

describe('upsertSeed', () => {
  it('collects equalities (dotted, $eq, $and, one-clause $or) and ignores conditions', () => {
    expect(
      upsertSeed({
        id: 'p1',
        'address.city': 'Perth',
        'address.postcode': { $eq: '6000' },
        budget: { $gt: 1 },
        name: /x/,
        $and: [{ clientId: 'c1' }],
        $or: [{ type: 'site' }],
        $nor: [{ archived: true }],
      }),
    ).toEqual({ id: 'p1', address: { city: 'Perth', postcode: '6000' }, clientId: 'c1', type: 'site' });
    expect(upsertSeed({ $or: [{ a: 1 }, { b: 2 }] })).toEqual({});
  });
});
