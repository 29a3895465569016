/**
 * Comparing form data by what it answers (runtime/renderer/form-data.ts): what RJSF and the widgets leave
 * behind when a field is emptied is no answer, so it is no change; anything answered differently is.
 */
import { sameAnswers, withoutEmpty } from './form-data';

describe('form data compared by its answers', () => {
  it('leaves out members that answer nothing, at any depth, keeping list places', () => {
    expect(withoutEmpty({ a: undefined, b: '', c: null, d: [], e: [''], f: 'x', g: 0, h: false })).toEqual({
      f: 'x',
      g: 0,
      h: false,
    });
    expect(withoutEmpty({ grid: { cells: [], overallComments: undefined } })).toEqual({ grid: {} });
    expect(withoutEmpty([{ a: '' }, { a: 'x', b: undefined }])).toEqual([{}, { a: 'x' }]);
    expect(withoutEmpty('')).toBeUndefined();
  });

  it('finds emptied fields equal to absent ones, and any other difference a difference', () => {
    expect(sameAnswers({}, { q_1: undefined, q_2: '', q_3: [] })).toBe(true);
    expect(sameAnswers({ q_1: 'a', q_2: { x: 1, y: 2 } }, { q_2: { y: 2, x: 1 }, q_1: 'a' })).toBe(true);
    expect(sameAnswers(undefined, {})).toBe(false);
    expect(sameAnswers({ q_1: 'a' }, { q_1: 'b' })).toBe(false);
    expect(sameAnswers({ q_1: 'a' }, {})).toBe(false);
    expect(sameAnswers({ q_1: false }, {})).toBe(false);
    expect(sameAnswers({ q_1: 0 }, { q_1: '0' })).toBe(false);
    expect(sameAnswers({ q_1: ['a', 'b'] }, { q_1: ['b', 'a'] })).toBe(false);
    expect(sameAnswers({ rows: [{ a: 'x' }] }, { rows: [{ a: 'x' }, {}] })).toBe(false);
    expect(
      sameAnswers({ start: '2026-11-20', flags: { a: false } }, { flags: { a: false }, start: '2026-11-20' }),
    ).toBe(true);
  });
});
