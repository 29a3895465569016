/**
 * Action kind `call`: call an operation with path parameters and body values from the scope (plus the
 * register's query with `withQuery`), then: 'download' saves the answer as a file (the progress overlay telling
 * the size received so far), 'refresh' reloads the
 * screen, 'close' hands the answer to the host, 'none' (default) does nothing more. `then.navigate` opens a route
 * afterwards, its template read from the answer first (issue 24: Copy opens the entry it made).
 */

import { message } from '../../../engine/messages/catalogue';
import { callOperation, downloadOperation, saveFile } from '../../api/client';
import { fillTemplate, knownParams, resolveCall } from '../templates';
import type { ActionKind } from './kind';

export const callAction: ActionKind = {
  name: 'call',
  matches: (action) => 'call' in action,
  operations: (action) => ('call' in action ? [action.call.operation] : []),
  questions: (action, scope) =>
    'call' in action ? [{ operation: action.call.operation, params: knownParams(action.call, scope) }] : [],
  async run(action, { scope, query, host, navigate }) {
    if (!('call' in action)) throw new Error('not a call action');
    const { params, body, query: callQuery } = resolveCall(action.call, scope);
    const fullBody = action.withQuery ? { ...query, ...body } : body;
    if (action.result === 'download') {
      // The progress overlay tells the size received so far; it goes when the file is there (or the call failed).
      const progress = (bytes: number) =>
        host?.progress(message('download.progress', { size: `${(bytes / 1024).toFixed(0)} KB` }));
      try {
        saveFile(
          await downloadOperation(
            action.call.operation,
            { params, body: fullBody, query: callQuery },
            'download',
            progress,
          ),
        );
      } finally {
        host?.progress(null);
      }
      return { kind: 'done' };
    }
    const answer = await callOperation<unknown>(action.call.operation, { params, body: fullBody, query: callQuery });
    if (action.then) {
      const values = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
      navigate(fillTemplate(action.then.navigate, [values, ...scope]));
      return { kind: 'done', answer };
    }
    if (action.result === 'refresh') return { kind: 'refresh', answer };
    if (action.result === 'close') return { kind: 'close', answer };
    return { kind: 'done', answer };
  },
};
