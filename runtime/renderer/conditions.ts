/**
 * Conditions of screen documents (visibleWhen, enabledWhen): JSON Schema evaluated by the platform's
 * one Ajv (engine/validation/ajv.ts), the JSON Forms "rule" idea. An absent condition holds.
 */
import type { ValidateFunction } from 'ajv';
import { ajv } from '../../engine/validation/ajv';
import type { Condition } from './documents';

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

/** True when `data` satisfies `condition`, or when there is no condition. */
export function holds(condition: Condition | undefined, data: unknown): boolean {
  if (condition === undefined) return true;
  const validate = compileCondition(condition);
  return typeof validate === 'boolean' ? validate : validate(data) === true;
}
