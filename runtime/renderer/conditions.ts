/**
 * Conditions of screen documents (visibleWhen, enabledWhen, confirm.when): JSON Schema, the JSON Forms
 * "rule" idea, evaluated by the browser's interpreting validator (engine/validation/interpreted.ts: the
 * same schemas and rule families as the server's Ajv, no code generated, so no 'unsafe-eval' in the
 * CSP). An absent condition holds.
 *
 * Every condition is evaluated against one context (docs/authoring.md "Conditions"):
 * `{ row, route, screen, user, selection, register }`
 * - row: the row of a row action, the selected row of a single-selection register, or a form's loaded item;
 * - route: the route parameters; screen: the page's screen inputs (e.g. { type });
 * - user: the session user (fullName, email, processes...); selection: the selected rows (array);
 * - register: { totalRecords, rowCount } of the register the button belongs to.
 * Forms add `formData`. Conditions may `$ref` rule families (schemas/rules), which the API checks too.
 */
import { satisfies } from '../../engine/validation/interpreted';
import type { Condition } from './documents';

/** The context every condition reads; see the module comment. */
export interface ConditionContext {
  row?: Record<string, unknown>;
  route: Record<string, string | undefined>;
  screen: Record<string, unknown>;
  user?: unknown;
  selection: Record<string, unknown>[];
  register?: { totalRecords: number; rowCount: number };
  formData?: Record<string, unknown>;
  /** A register's route loader data by loader name (e.g. `form`, the published form definition). */
  loader?: Record<string, unknown>;
}

/** True when `context` satisfies `condition`, or when there is no condition. */
export function holds(condition: Condition | undefined, context: ConditionContext): boolean {
  if (condition === undefined) return true;
  if (typeof condition === 'boolean') return condition;
  // Members whose value is undefined count as absent, as in Ajv (engine/validation/interpreted.ts asJson).
  return satisfies(condition, context);
}
