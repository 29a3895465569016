/**
 * Test support of the form creator's parts (jsdom): renders a part with a DesignerStore in DesignerContext, and
 * gives the scroll containers a height (jsdom lays nothing out: the virtualised canvas would see no room at all).
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { addQuestion, type Draft } from '../../engine/designer';
import { testDefinition } from '../../engine/test/definitions';
import { DesignerContext, type DesignerStore } from '../store';

/** Renders `ui` in the creator's context of `store`. */
export function renderDesigner(store: DesignerStore, ui: ReactNode) {
  return render(<DesignerContext.Provider value={store}>{ui}</DesignerContext.Provider>);
}

/** Every element's clientHeight while a test file runs (px); set `viewport.height` to change it. */
export const viewport = { height: 800 };

/** Gives every element the viewport's clientHeight (call in beforeAll; the returned function undoes it). */
export function layOut(): () => void {
  const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => viewport.height });
  return () => {
    if (before) Object.defineProperty(HTMLElement.prototype, 'clientHeight', before);
  };
}

/** A draft of form `id` with one page holding `count` text questions. */
export function longDraft(count: number, id = 50): Draft {
  let draft = testDefinition({ id, title: 'Long' }, [{ id: 1, label: 'All', questions: [] }]);
  for (let i = 0; i < count; i++) {
    const outcome = addQuestion(draft, 'text', { pageId: 1 });
    if (outcome.ok) draft = outcome.definition;
  }
  return draft;
}

/** Waits for the next frame and a task after it (../after-paint.ts's wait), rendering what it hands on. */
export async function nextPaint(): Promise<void> {
  await act(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/**
 * Runs `edit` as a user's input does, outside `act` (which would also run every deferred render before returning),
 * and resolves after React's synchronous render of it: the document then shows the edit's own frame, and what
 * follows it (deferred values) is still to come (`waitFor` it). React is told it is not in a test's act while
 * this runs (no warning about an update outside act).
 */
export async function firstFrameOf(edit: () => void): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    edit();
    // The store's update is rendered in a microtask (a synchronous lane); deferred work waits for a task.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
