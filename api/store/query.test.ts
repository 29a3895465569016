import { describe, expect, it } from 'vitest';
import { getDotValue } from './dot-path';
import { applyUpdate, compileFilter, toQuery, toRegExp, toUpdate } from './query';
import { checkFieldNames, jsonWithDates } from './stored-json';
import { upsertSeed } from './upsert-seed';

describe('toQuery and compileFilter', () => {
  it('match with MongoDB meaning: null and missing, $ne and $nin against arrays, paths through arrays', () => {
    const matches = (filter: Parameters<typeof compileFilter>[0], doc: Record<string, unknown>) =>
      compileFilter(filter)(doc);
    expect(matches({ closedAt: null }, {})).toBe(true);
    expect(matches({ closedAt: { $in: [null] } }, {})).toBe(true);
    expect(matches({ closedAt: { $ne: null } }, {})).toBe(false);
    expect(matches({ tags: { $ne: 'a' } }, { tags: ['a', 'b'] })).toBe(false);
    expect(matches({ tags: { $nin: ['a'] } }, { tags: ['b'] })).toBe(true);
    expect(matches({ 'contacts.role': 'foreman' }, { contacts: [{ role: 'safety' }, { role: 'foreman' }] })).toBe(true);
    expect(matches({ budget: { $gt: 5 } }, { budget: 'abc' })).toBe(false);
    expect(matches({ at: { $gte: new Date(5) } }, { at: new Date(6) })).toBe(true);
    expect(matches({ $nor: [{ a: 1 }, { b: 2 }] }, { a: 2, b: 3 })).toBe(true);
    expect(matches({ xs: { $elemMatch: { $gte: 80 } } }, { xs: [1, 90] })).toBe(true);
    expect(matches({ name: { $regex: '^a', $options: 'i' } }, { name: 'Ab' })).toBe(true);
  });

  it('turns $regex with $options into a RegExp', () => {
    expect(toQuery({ name: { $regex: '^a', $options: 'i' } })).toEqual({ name: { $regex: /^a/i } });
    expect(toRegExp(/x/m, 'i').flags).toBe('im');
    expect(() => toRegExp('x', 'x')).toThrow('Unsupported $options');
    expect(() => toQuery({ name: { $options: 'i' } })).toThrow('$options needs $regex');
  });

  it('throws on operators outside the port and on undefined values', () => {
    expect(() => toQuery({ $where: 'x' })).toThrow('Unsupported filter operator $where');
    expect(() => toQuery({ a: { $type: 'string' } })).toThrow('Unsupported filter operator $type');
    expect(() => toQuery({ a: { $elemMatch: { b: { $size: 1 } } } })).toThrow('Unsupported filter operator $size');
    expect(() => toQuery({ a: { $in: 'x' } })).toThrow('$in needs an array');
    expect(() => toQuery({ a: undefined })).toThrow(TypeError);
    expect(() => toQuery({ $or: [{ a: { $in: [undefined] } }] })).toThrow(TypeError);
  });
});

describe('toUpdate and applyUpdate', () => {
  it('drops undefined members and rejects unknown operators or an update without operators', () => {
    expect(toUpdate({ $set: { a: 1, b: undefined } })).toEqual({ $set: { a: 1 } });
    expect(toUpdate({ $set: {} })).toEqual({});
    expect(() => toUpdate({})).toThrow('at least one operator');
    expect(() => toUpdate({ $rename: { a: 'b' } } as never)).toThrow('Unsupported update operator $rename');
    expect(() => toUpdate({ $inc: { a: '1' } } as never)).toThrow('needs a number');
  });

  it('returns a new document and leaves the given one as it was', () => {
    const doc = { _id: 'x', a: { b: 1 }, tags: ['t'], at: new Date(5) };
    const next = applyUpdate(doc, toUpdate({ $set: { 'a.c': 2 }, $push: { tags: 'u' }, $inc: { n: 1 } }));
    expect(next).toEqual({ _id: 'x', a: { b: 1, c: 2 }, tags: ['t', 'u'], at: new Date(5), n: 1 });
    expect(doc).toEqual({ _id: 'x', a: { b: 1 }, tags: ['t'], at: new Date(5) });
  });

  it('throws on the type conflicts MongoDB refuses', () => {
    const doc = { _id: 'x', n: 'text', s: 5, z: null, list: [1, 2] };
    expect(() => applyUpdate(doc, toUpdate({ $inc: { n: 1 } }))).toThrow('non-number');
    expect(() => applyUpdate(doc, toUpdate({ $inc: { z: 1 } }))).toThrow('non-number');
    expect(() => applyUpdate(doc, toUpdate({ $push: { s: 1 } }))).toThrow('non-array');
    expect(() => applyUpdate(doc, toUpdate({ $pull: { s: 1 } }))).toThrow('non-array');
    expect(() => applyUpdate(doc, toUpdate({ $set: { 's.t': 1 } }))).toThrow('holds no fields');
    expect(() => applyUpdate(doc, toUpdate({ $set: { 'z.t': 1 } }))).toThrow('holds no fields');
    expect(() => applyUpdate(doc, toUpdate({ $set: { 'list.t': 1 } }))).toThrow('holds no fields');
    expect(() => applyUpdate(doc, toUpdate({ $set: { _id: 'y' } }))).toThrow();
    expect(applyUpdate(doc, toUpdate({ $set: { 'list.1': 9 }, $unset: { 'z.t': '' } })).list).toEqual([1, 9]);
  });
});

describe('getDotValue', () => {
  it('reads sub-documents, array elements by number and the values under an array of sub-documents', () => {
    const doc = { a: { b: 1 }, tags: ['x', 'y'], contacts: [{ role: 'r1' }, { role: 'r2' }, {}], n: 0, s: 'abc' };
    expect(getDotValue(doc, 'a.b')).toBe(1);
    expect(getDotValue(doc, 'tags.1')).toBe('y');
    expect(getDotValue(doc, 'contacts.role')).toEqual(['r1', 'r2', undefined]);
    expect(getDotValue(doc, 'contacts.0.role')).toBe('r1');
    expect(getDotValue(doc, 'n')).toBe(0);
    expect(getDotValue(doc, 's.length')).toBeUndefined();
    expect(getDotValue(doc, 'a.b.c')).toBeUndefined();
    expect(getDotValue(doc, 'missing.x')).toBeUndefined();
  });
});

describe('stored JSON', () => {
  it('writes dates as $$date and leaves undefined out', () => {
    expect(jsonWithDates({ at: new Date(5), list: [new Date(6)], gone: undefined })).toBe(
      '{"at":{"$$date":5},"list":[{"$$date":6}]}',
    );
  });

  it('refuses $-prefixed and dotted field names at any depth', () => {
    expect(() => checkFieldNames({ a: { $set: 1 } })).toThrow('$ character');
    expect(() => checkFieldNames({ a: [{ 'b.c': 1 }] })).toThrow('cannot contain');
    expect(() => checkFieldNames({ a: { b: [1, { c: new Date() }] } })).not.toThrow();
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
