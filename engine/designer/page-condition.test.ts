import { describe, expect, it } from 'vitest';
import { definitionFaults, sampleDraft } from '../test/designer';
import { updatePageCondition } from './pages';

describe('updatePageCondition', () => {
  it("sets and removes a page's condition, leaving the other pages as they are", () => {
    const draft = sampleDraft();
    const set = updatePageCondition(draft, 2, { any: [{ questionId: 1, answered: true }] });
    if (!set.ok) throw new Error('refused');
    expect(set.definition.pages[1].visibleWhen).toEqual({ any: [{ questionId: 1, answered: true }] });
    expect(set.definition.pages[0]).toBe(draft.pages[0]);
    expect(definitionFaults(set.definition)).toEqual([]);
    const removed = updatePageCondition(draft, 2, undefined);
    if (!removed.ok) throw new Error('refused');
    expect(removed.definition.pages[1]).not.toHaveProperty('visibleWhen');
    expect(updatePageCondition(draft, 99, undefined)).toEqual({ ok: false, messageId: 'designer.notFound' });
  });
});
