import { describe, expect, it } from 'vitest';
import { diffVersions, type VersionedForm } from './version-diff';

type Q = { id: number; [keyword: string]: unknown };
const q = (id: number, extra: Record<string, unknown> = {}): Q => ({ id, label: `Q${id}`, type: 'Text', ...extra });
const form = (...pages: Q[][]): VersionedForm => ({
  pages: pages.map((questions, p) => ({ id: p + 1, questions })),
});
const ids = (refs: { id: number }[]) => refs.map((r) => r.id);

describe('the question-level difference between two versions', () => {
  it('finds nothing between equal versions, whatever the key order', () => {
    const a = form([q(1, { required: true, helpText: 'x' }), q(2)]);
    const b = form([{ helpText: 'x', required: true, type: 'Text', label: 'Q1', id: 1 }, q(2)]);
    expect(diffVersions(a, b)).toEqual({ added: [], removed: [], changed: [], moved: [] });
  });

  it('names added and removed questions with their label, type and page', () => {
    const diff = diffVersions(form([q(1), q(2)], [q(3)]), form([q(1)], [q(3), q(4)]));
    expect(diff.added).toEqual([{ id: 4, label: 'Q4', type: 'Text', pageId: 2 }]);
    expect(diff.removed).toEqual([{ id: 2, label: 'Q2', type: 'Text', pageId: 1 }]);
    expect(diff.moved).toEqual([]);
  });

  it('keeps a renamed or retyped question as changed, listing the keywords', () => {
    const diff = diffVersions(form([q(1), q(2)]), form([q(1, { label: 'Renamed', required: true }), q(2)]));
    expect(diff.changed).toEqual([
      { id: 1, label: 'Renamed', type: 'Text', pageId: 1, keywords: ['label', 'required'], choiceValuesChanged: false },
    ]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it('tells changed choice values from added choices', () => {
    const options = (...values: string[]) => values.map((value, i) => ({ id: i + 1, value }));
    const from = form([
      q(1, { type: 'Dropdown', options: options('Yes', 'No') }),
      q(2, { type: 'Dropdown', options: options('Yes', 'No') }),
      q(3, { type: 'Dropdown', options: options('Yes', 'No') }),
    ]);
    const to = form([
      q(1, { type: 'Dropdown', options: options('Yes', 'No', 'N/A') }), // a choice added: old answers still valid
      q(2, { type: 'Dropdown', options: options('Yes', 'Not OK') }), // a value changed
      q(3, { type: 'Dropdown', options: options('Yes') }), // a choice removed
    ]);
    const changed = diffVersions(from, to).changed;
    expect(changed.map((c) => [c.id, c.choiceValuesChanged])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
  });

  it('marks as moved only the questions that left their page or their order', () => {
    // 5 dragged to the top of page 1; 2 moved to page 2; a new question inserted: 1, 3, 4 stay in place.
    const diff = diffVersions(
      form([q(1), q(2), q(3), q(4), q(5)], [q(6)]),
      form([q(5), q(1), q(7), q(3), q(4)], [q(2), q(6)]),
    );
    expect(ids(diff.moved)).toEqual([5, 2]);
    expect(diff.moved[0]).toMatchObject({ fromPageId: 1, pageId: 1, fromIndex: 4, toIndex: 0 });
    expect(diff.moved[1]).toMatchObject({ fromPageId: 1, pageId: 2, fromIndex: 1, toIndex: 0 });
    expect(ids(diff.added)).toEqual([7]);
    expect(diff.changed).toEqual([]);
  });

  it('marks one of two swapped questions, and a question both moved and changed in both lists', () => {
    const diff = diffVersions(form([q(1), q(2)]), form([q(2, { label: 'Two' }), q(1)]));
    expect(ids(diff.moved)).toHaveLength(1);
    expect(ids(diff.changed)).toEqual([2]);
  });

  it('handles a 2,000-question form', () => {
    const big = (n: number) => form(Array.from({ length: n }, (_, i) => q(i + 1)));
    const reversed = { pages: [{ id: 1, questions: [...big(2000).pages[0].questions].reverse() }] };
    expect(diffVersions(big(2000), reversed).moved).toHaveLength(1999);
    expect(diffVersions(big(2000), big(2001)).added).toHaveLength(1);
  });
});
