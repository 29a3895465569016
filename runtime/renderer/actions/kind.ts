/**
 * The shape of an action kind (DESIGN.md "each action kind is one file in a registry, and declares the
 * operations it calls"): which actions it runs, the operations it may call, and how it runs.
 */
import type { NavigateFunction } from 'react-router';
import type { OperationName } from '../../../engine/api/operations';
import type { ActionSpec } from '../documents';
import type { ScreenHostApi } from '../host/ScreenHost';
import type { Scope } from '../templates';

/** Extra body values of a call made `withQuery` (the register's sorting and filters). */
export type QueryBody = Record<string, unknown>;

/** What the screen does after an action: nothing more, reload its data, or hand `answer` to its host. */
export type ActionOutcome =
  | { kind: 'done'; answer?: unknown }
  | { kind: 'refresh'; answer?: unknown }
  | { kind: 'close'; answer: unknown };

/** What an action kind gets to run with. */
export interface ActionRunContext {
  /** Where templates read values: the row first, then screen inputs, then route parameters. */
  scope: Scope;
  query?: QueryBody;
  navigate: NavigateFunction;
  host: ScreenHostApi | null;
  /** Route parameters and screen inputs, for a form opened in a modal. */
  params: Record<string, string | undefined>;
  /** The register's selected rows (a toolbar action over several rows). */
  selection?: Record<string, unknown>[];
  /** The register's visible columns in order, with their headers (a call `withColumns`). */
  columns?: { id: string; header: string }[];
}

/**
 * An access question an action asks before its button is shown (issue 19): an operation it calls, with the
 * parameters the scope gives, or the path of the route it opens (the route's own question, routes.json `can`).
 */
export type AccessQuestion = { operation: OperationName; params: Record<string, string> } | { path: string };

export interface ActionKind {
  /** The kind's name (documentation and tests). */
  name: string;
  matches(action: ActionSpec): boolean;
  /** The API operations this action may call. */
  operations(action: ActionSpec): OperationName[];
  /**
   * What the action asks before it is shown, for the scope it would run in: the operations it calls with their
   * parameters, or the path it opens. A value the scope does not hold yet is left out (asked when it runs).
   */
  questions(action: ActionSpec, scope: Scope): AccessQuestion[];
  /** @throws ApiError from a call */
  run(action: ActionSpec, context: ActionRunContext): Promise<ActionOutcome>;
}
