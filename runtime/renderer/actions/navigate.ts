/**
 * Action kind `navigate`: go to a route template filled from the scope. Calls no operation; asks the question of
 * the route it opens (routes.json `can`, runtime/shell/route-access.ts).
 */
import { fillKnown, fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const navigateAction: ActionKind = {
  name: 'navigate',
  matches: (action) => 'navigate' in action,
  operations: () => [],
  questions(action, scope) {
    if (!('navigate' in action)) return [];
    const path = fillKnown(action.navigate, scope, true);
    return path === undefined ? [] : [{ path }];
  },
  async run(action, { navigate, scope }) {
    if (!('navigate' in action)) throw new Error('not a navigate action');
    navigate(fillTemplate(action.navigate, scope));
    return { kind: 'done' };
  },
};
