/**
 * Action kind `call`: call an operation with path parameters and body values from the scope (plus the
 * register's query with `withQuery`, and its ticked rows with `withSelection`), then: 'download' saves the answer as a file (the progress overlay telling
 * the size received so far), 'refresh' reloads the
 * screen, 'close' hands the answer to the host, 'none' (default) does nothing more.
 */

import { message } from '../../../engine/messages/catalogue';
import { callOperation, downloadOperation, saveFile } from '../../api/client';
import { knownParams, resolveCall } from '../templates';
import type { ActionKind } from './kind';

/**
 * The ticked rows as `withSelection` sends them: `{ [field]: [{ ...the row's fields `pick` }] }`, or nothing when
 * no row is ticked (the call then acts on the register's query: e.g. every filtered entry).
 */
export function pickSelection(
  spec: { field: string; pick: string[] },
  selection: Record<string, unknown>[] | undefined,
): Record<string, unknown> | undefined {
  if (!selection || selection.length === 0) return undefined;
  return { [spec.field]: selection.map((row) => Object.fromEntries(spec.pick.map((name) => [name, row[name]]))) };
}

export const callAction: ActionKind = {
  name: 'call',
  matches: (action) => 'call' in action,
  operations: (action) => ('call' in action ? [action.call.operation] : []),
  questions: (action, scope) =>
    'call' in action ? [{ operation: action.call.operation, params: knownParams(action.call, scope) }] : [],
  async run(action, { scope, query, host, selection }) {
    if (!('call' in action)) throw new Error('not a call action');
    const { params, body, query: callQuery } = resolveCall(action.call, scope);
    const ticked = action.withSelection ? pickSelection(action.withSelection, selection) : undefined;
    const fullBody = action.withQuery || ticked ? { ...(action.withQuery ? query : {}), ...body, ...ticked } : body;
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
    if (action.result === 'refresh') return { kind: 'refresh', answer };
    if (action.result === 'close') return { kind: 'close', answer };
    return { kind: 'done', answer };
  },
};
