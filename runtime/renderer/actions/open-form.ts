/**
 * Action kind `openForm`: open a form document in a modal in add, edit or view mode with the row as its
 * input (view disables every input and hides Save; Close is always there). After a save the screen
 * reloads. Calls no operation itself: the form document declares its own, and the API answers them when the
 * form saves. With `asks` (the operation the form saves with), the button asks that operation's access question
 * before it is shown (issue 24: Import only for the project's Edit users); without it, it asks nothing.
 */
import { knownParams } from '../templates';
import type { ActionKind } from './kind';

export const openFormAction: ActionKind = {
  name: 'openForm',
  matches: (action) => 'openForm' in action,
  operations: () => [],
  questions: (action, scope) =>
    'openForm' in action && action.openForm.asks
      ? [{ operation: action.openForm.asks.operation, params: knownParams(action.openForm.asks, scope) }]
      : [],
  async run(action, { host, scope, params }) {
    if (!('openForm' in action)) throw new Error('not an openForm action');
    if (!host) throw new Error('openForm needs a ScreenHost');
    // A form opened to add starts empty; edit and view show the row the action was run on.
    const row = action.openForm.mode === 'add' ? {} : ((scope[0] ?? {}) as Record<string, unknown>);
    const saved = await host.openForm(action.openForm.screen, action.openForm.mode, row, params);
    return saved ? { kind: 'refresh' } : { kind: 'done' };
  },
};
