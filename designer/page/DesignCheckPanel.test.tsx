/**
 * The live design check (issue 21 part 7) as the creator's page holds it (useDesignProblems): it follows the draft
 * through the store, so the page does not render on an edit, and it hands the page new problems only when the
 * check finds other ones (issue 21 "Speed": an edit's frame holds neither the check nor the toolbar; the check
 * runs after the edit; the first one after the first paint). The check itself is wrapped here to count its runs.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { updateQuestion } from '../../engine/designer';
import type { DesignCheckContext } from '../../engine/forms/design-check';
import { sampleDraft } from '../../engine/test/designer';
import { DesignerStore } from '../store';
import { renderDesigner } from '../test/render';
import { useDesignProblems } from './DesignCheckPanel';

const runs = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../engine/forms/design-check', async (original) => {
  const actual = (await original()) as typeof import('../../engine/forms/design-check');
  return {
    ...actual,
    designCheck: (...args: Parameters<typeof actual.designCheck>) => {
      runs.count += 1;
      return actual.designCheck(...args);
    },
  };
});

const context: DesignCheckContext = {};
let renders = 0;

/** What the page does with the problems: renders them (and counts its renders). */
function Page() {
  renders += 1;
  const problems = useDesignProblems(context);
  return (
    <output data-testid="problems">
      {problems === undefined ? 'unchecked' : problems.map((p) => p.messageId).join(',')}
    </output>
  );
}

describe('useDesignProblems', () => {
  it('renders its holder only when the problems change, after the edit', async () => {
    const store = new DesignerStore(sampleDraft());
    renderDesigner(store, <Page />);
    // The first check runs after the first paint, not in the opening render.
    expect(runs.count).toBe(0);
    expect(screen.getByTestId('problems').textContent).toBe('unchecked');
    await waitFor(() => expect(screen.getByTestId('problems').textContent).not.toBe('unchecked'));
    expect(runs.count).toBe(1);
    const rendersBefore = renders;
    const problemsBefore = screen.getByTestId('problems').textContent;

    // An edit that finds no other problem: checked again, the holder not rendered.
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, 1, { label: 'Area name' }));
    });
    expect(renders).toBe(rendersBefore);
    await waitFor(() => expect(runs.count).toBe(2));
    expect(renders).toBe(rendersBefore);
    expect(screen.getByTestId('problems').textContent).toBe(problemsBefore);

    // A selection is not an edit: nothing to check.
    act(() => store.select(1));

    // An edit that makes a problem (a required question its condition can hide): the holder shows it.
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, 3, { required: true }));
    });
    await waitFor(() =>
      expect(screen.getByTestId('problems').textContent).toContain('designCheck.requiredCanBeHidden'),
    );
    expect(runs.count).toBe(3);
  });
});
