/**
 * Action kind `call`: call an operation with path parameters and body values from the scope (plus the
 * register's query with `withQuery`), then: 'download' saves the answer as a file, 'refresh' reloads the
 * screen, 'close' hands the answer to the host, 'none' (default) does nothing more.
 */
import { callOperation, downloadOperation, saveFile } from '../../api/client';
import { resolveCall } from '../templates';
import type { ActionKind } from './kind';

export const callAction: ActionKind = {
  name: 'call',
  matches: (action) => 'call' in action,
  operations: (action) => ('call' in action ? [action.call.operation] : []),
  async run(action, { scope, query }) {
    if (!('call' in action)) throw new Error('not a call action');
    const { params, body, query: callQuery } = resolveCall(action.call, scope);
    const fullBody = action.withQuery ? { ...query, ...body } : body;
    if (action.result === 'download') {
      saveFile(await downloadOperation(action.call.operation, { params, body: fullBody, query: callQuery }));
      return { kind: 'done' };
    }
    const answer = await callOperation<unknown>(action.call.operation, { params, body: fullBody, query: callQuery });
    if (action.result === 'refresh') return { kind: 'refresh', answer };
    if (action.result === 'close') return { kind: 'close', answer };
    return { kind: 'done', answer };
  },
};
