/**
 * Runs the actions of screen documents' buttons (DESIGN.md "actions"): the registry of action kinds
 * (one file each: navigate, call, openForm, qrCode, publicLink, labelExport), wrapped in what every kind may add: a confirmation first
 * (`confirm`, asked when `confirm.when` holds), an error policy (`onError`: alert — the caller shows
 * the error —, modal, or ignore) and a success toast (`successMessageId`, placeholders from the answer); a call
 * may instead show its answer in a dialog that stays until closed (`resultDialog`, with a value to copy).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OperationName } from '../../../engine/api/operations';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import type { AccessSubject } from '../../../engine/rules/access';
import { operationAllowedByName } from '../../../engine/rules/operation-access';
import { errorText } from '../../api/client';
import { routeAllowed } from '../../shell/route-access';
import { type ConditionContext, holds } from '../conditions';
import type { ActionSpec } from '../documents';
import { useScreenHost } from '../host/ScreenHost';
import { messageHtml } from '../host/sanitize';
import type { Scope } from '../templates';
import { useSessionUser } from '../user';
import { callAction } from './call';
import type { ActionKind, ActionOutcome, QueryBody } from './kind';
import { labelExportAction } from './label-export';
import { navigateAction } from './navigate';
import { openFormAction } from './open-form';
import { publicLinkAction } from './public-link';
import { qrCodeAction } from './qr-code';

export type { AccessQuestion, ActionOutcome, QueryBody } from './kind';

/** Every action kind. */
export const actionKinds: readonly ActionKind[] = [
  navigateAction,
  callAction,
  openFormAction,
  qrCodeAction,
  publicLinkAction,
  labelExportAction,
];

/** The kind that runs `action`. @throws Error for an action no kind matches */
export function actionKindOf(action: ActionSpec): ActionKind {
  const kind = actionKinds.find((k) => k.matches(action));
  if (!kind) throw new Error(`No action kind for ${JSON.stringify(action)}`);
  return kind;
}

/** The operations an action may call. */
export function actionOperations(action: ActionSpec): OperationName[] {
  return actionKindOf(action).operations(action);
}

/**
 * True when `user` may do what `action` does in `scope` (issue 19 "Show only what can be done"): every operation
 * it calls and every route it opens answers the API's access question (engine/rules/operation-access.ts,
 * runtime/shell/route-access.ts). Without a session user (outside the shell) nothing is asked: the API decides.
 */
export function actionAllowed(action: ActionSpec, scope: Scope, user: AccessSubject | undefined): boolean {
  if (!user) return true;
  return actionKindOf(action)
    .questions(action, scope)
    .every((question) =>
      'path' in question
        ? routeAllowed(user, question.path)
        : operationAllowedByName(user, question.operation, question.params),
    );
}

/** actionAllowed for the session user of the current route (its answers change with the user only). */
export function useActionAccess(): (action: ActionSpec, scope: Scope) => boolean {
  const user = useSessionUser() as AccessSubject | undefined;
  return useCallback((action, scope) => actionAllowed(action, scope, user), [user]);
}

/** The values placeholders read, flattened from the scope (earlier sources win). */
export function scopeValues(scope: Scope): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const source of [...scope].reverse()) Object.assign(values, source ?? {});
  return values;
}

/** Options of one run. */
export interface RunOptions {
  query?: QueryBody;
  /** The condition context (for `confirm.when`). */
  context?: ConditionContext;
  /** Route parameters and screen inputs (for a form opened in a modal). */
  params?: Record<string, string | undefined>;
  /** The register's visible columns with their headers (for a call `withColumns`). */
  columns?: { id: string; header: string }[];
}

/**
 * A function running an action.
 * @returns what the screen does next; a declined confirmation is 'done'
 * @throws ApiError from the call when the error policy is 'alert' (the default)
 */
export type RunAction = (action: ActionSpec, scope: Scope, options?: RunOptions) => Promise<ActionOutcome>;

/** The action runner of the current route. */
export function useRunAction(): RunAction {
  const navigate = useNavigate();
  const host = useScreenHost();
  return useCallback<RunAction>(
    async (action, scope, options = {}) => {
      const { confirm } = action;
      if (confirm && (!options.context || holds(confirm.when, options.context))) {
        const html = messageHtml(confirm.messageId, scopeValues(scope));
        if (host && !(await host.confirm(html))) return { kind: 'done' };
      }
      try {
        const outcome = await actionKindOf(action).run(action, {
          scope,
          query: options.query,
          navigate,
          host,
          params: options.params ?? {},
          selection: options.context?.selection as Record<string, unknown>[] | undefined,
          columns: options.columns,
        });
        const answer =
          outcome.answer && typeof outcome.answer === 'object' ? (outcome.answer as Record<string, string>) : {};
        if (action.successMessageId && host) host.toast(message(action.successMessageId as MessageId, answer));
        if ('resultDialog' in action && action.resultDialog && host) {
          const { title, messageId, copy } = action.resultDialog;
          host.showResult({
            title: message(title as MessageId, answer),
            text: message(messageId as MessageId, answer),
            ...(copy
              ? { copy: { label: message(copy.label as MessageId), value: String(answer[copy.field] ?? '') } }
              : {}),
          });
        }
        return outcome;
      } catch (e) {
        if (action.onError === 'ignore') return { kind: 'refresh' };
        if (action.onError === 'modal' && host) {
          host.showError(errorText(e) || message('common.serverError'));
          return { kind: 'done' };
        }
        throw e;
      }
    },
    [navigate, host],
  );
}
