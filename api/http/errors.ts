/**
 * Turns thrown errors into JSON answers: an AppError keeps its status and catalogue message; a
 * DuplicateKeyError from the store is 409 with the message of the resource's `unique` rule whose index refused
 * the write (the spec's duplicate text, e.g. a lookup value's), else common.conflict;
 * anything else is logged and answered 500 with the generic text ('Server error, please refresh
 * and try again'), so no internal detail leaks and no input crashes the server.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../engine/errors';
import { uniqueRuleRefusing } from '../resources/declarations';
import { DuplicateKeyError } from '../store/port';

/** Hono `onError` handler. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) return c.json(err.toBody(), err.status as ContentfulStatusCode, err.headers);
  // A unique index refused a write: a resource's unique rule (a name taken, also by a concurrent create), or
  // a write that raced another one (e.g. two publishes of one form). The store is unchanged.
  if (err instanceof DuplicateKeyError) {
    const rule = uniqueRuleRefusing(err);
    return c.json(new AppError(409, rule?.messageId ?? 'common.conflict').toBody(), 409);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const appError =
      status === 413 ? new AppError(413, 'limits.bodyTooLarge') : new AppError(status, 'validation.badRequest');
    return c.json(appError.toBody(), status);
  }
  console.error('Unhandled error', c.req.method, c.req.path, err);
  return c.json(new AppError(500, 'common.serverError').toBody(), 500);
}

/** Hono `notFound` handler for unknown API paths. */
export function handleNotFound(c: Context): Response {
  return c.json(new AppError(404, 'notFound.generic').toBody(), 404);
}
