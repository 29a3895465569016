/**
 * Runs the actions of screen documents' buttons: navigate to a filled route template, or call a
 * named operation and save its answer as a file ('download'), reload the screen ('refresh') or hand
 * the answer to the screen's host ('close').
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callOperation, downloadOperation, saveFile } from '../api/client';
import type { ActionSpec } from './documents';
import { fillTemplate, resolveCall, type Scope } from './templates';

/** Extra body values of a call made `withQuery` (the register's sorting and filters). */
export type QueryBody = Record<string, unknown>;

/** What the screen does after an action: nothing more, reload its data, or hand `answer` to its host. */
export type ActionOutcome = { kind: 'done' } | { kind: 'refresh' } | { kind: 'close'; answer: unknown };

/**
 * A function running an action.
 * @param scope where templates read values (row first, then route parameters)
 * @param query merged into the body when the action asks `withQuery`
 * @returns what the screen does next
 * @throws ApiError from the call
 */
export type RunAction = (action: ActionSpec, scope: Scope, query?: QueryBody) => Promise<ActionOutcome>;

const DONE: ActionOutcome = { kind: 'done' };

/** The action runner of the current route. */
export function useRunAction(): RunAction {
  const navigate = useNavigate();
  return useCallback<RunAction>(
    async (action, scope, query) => {
      if ('navigate' in action) {
        navigate(fillTemplate(action.navigate, scope));
        return DONE;
      }
      const { params, body } = resolveCall(action.call, scope);
      const fullBody = action.withQuery ? { ...query, ...body } : body;
      if (action.result === 'download') {
        saveFile(await downloadOperation(action.call.operation, { params, body: fullBody }));
        return DONE;
      }
      const answer = await callOperation<unknown>(action.call.operation, { params, body: fullBody });
      if (action.result === 'refresh') return { kind: 'refresh' };
      if (action.result === 'close') return { kind: 'close', answer };
      return DONE;
    },
    [navigate],
  );
}
