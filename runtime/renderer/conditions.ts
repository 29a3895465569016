/**
 * Conditions of screen documents (visibleWhen, enabledWhen, confirm.when): JSON Schema evaluated by the
 * platform's one Ajv (engine/validation/ajv.ts), the JSON Forms "rule" idea. An absent condition holds.
 *
 * Every condition is evaluated against one context (docs/authoring.md "Conditions"):
 * `{ row, route, screen, user, selection, register }`
 * - row: the row of a row action, the selected row of a single-selection register, or a form's loaded item;
 * - route: the route parameters; screen: the page's screen inputs (e.g. { type });
 * - user: the session user (fullName, email, processes...); selection: the selected rows (array);
 * - register: { totalRecords, rowCount } of the register the button belongs to.
 * Forms add `formData`. Conditions may `$ref` rule families (schemas/rules), which the API checks too.
 */
import type { ValidateFunction } from 'ajv';
import { ajv } from '../../engine/validation/ajv';
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
}

const compiled = new WeakMap<object, ValidateFunction>();

/** Compiles a condition once per document object; throws for a schema Ajv rejects. */
export function compileCondition(condition: Condition): ValidateFunction | boolean {
  if (typeof condition === 'boolean') return condition;
  let validate = compiled.get(condition);
  if (!validate) {
    validate = ajv.compile(condition);
    compiled.set(condition, validate);
  }
  return validate;
}

/** True when `context` satisfies `condition`, or when there is no condition. */
export function holds(condition: Condition | undefined, context: ConditionContext): boolean {
  if (condition === undefined) return true;
  const validate = compileCondition(condition);
  // Ajv treats a member whose value is undefined as absent (required and properties alike), so the
  // context is validated as it is, without a copy.
  return typeof validate === 'boolean' ? validate : validate(context) === true;
}
