/**
 * Test support of the form creator's parts (jsdom): renders a part with a DesignerStore in DesignerContext, and
 * gives the scroll containers a height (jsdom lays nothing out: the virtualised canvas would see no room at all).
 */
import { render } from '@testing-library/react';
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
