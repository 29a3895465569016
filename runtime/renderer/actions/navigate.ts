/** Action kind `navigate`: go to a route template filled from the scope. Calls no operation. */
import { fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const navigateAction: ActionKind = {
  name: 'navigate',
  matches: (action) => 'navigate' in action,
  operations: () => [],
  async run(action, { navigate, scope }) {
    if (!('navigate' in action)) throw new Error('not a navigate action');
    navigate(fillTemplate(action.navigate, scope));
    return { kind: 'done' };
  },
};
