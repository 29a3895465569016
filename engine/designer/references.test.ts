import { describe, expect, it } from 'vitest';
import { sampleDraft } from '../test/designer';
import { dependentsOf, dependentsOfAny, referencedIds, remapReferences } from './index';

describe('what refers to a question', () => {
  it('lists the pages and questions whose condition names it, in page order', () => {
    const draft = sampleDraft();
    expect(dependentsOf(draft, 2)).toEqual([
      { kind: 'question', questionId: 3, pageId: 1, keyword: 'visibleWhen' },
      { kind: 'page', pageId: 2, keyword: 'visibleWhen' },
    ]);
    expect(dependentsOf(draft, 1)).toEqual([{ kind: 'question', questionId: 5, pageId: 2, keyword: 'visibleWhen' }]);
    expect(dependentsOf(draft, 4)).toEqual([]);
    expect(dependentsOf(draft, 99)).toEqual([]);
    // A block: references among the deleted questions go with them.
    expect(dependentsOfAny(draft, new Set([2, 3]))).toEqual([{ kind: 'page', pageId: 2, keyword: 'visibleWhen' }]);
  });

  it('reads every questionId of a condition, also of all/any/none groups', () => {
    const group = {
      all: [{ questionId: 1, equals: 'Yes' }, { any: [{ questionId: 4 }, { none: [{ questionId: 2 }] }] }],
    };
    expect(referencedIds(group)).toEqual([1, 4, 2]);
    expect(referencedIds(undefined)).toEqual([]);
    const mapped = remapReferences(group, (id) => id * 10);
    expect(referencedIds(mapped)).toEqual([10, 40, 20]);
    expect(mapped?.all[0]).toEqual({ questionId: 10, equals: 'Yes' });
    expect(remapReferences(group, (id) => (id === 4 ? undefined : id))).toBeUndefined();
    // Nothing renamed: the very same value.
    expect(remapReferences(group, (id) => id)).toBe(group);
  });
});
