/**
 * Turns thrown errors into JSON answers: an AppError keeps its status and catalogue message; a
 * DuplicateKeyError from the store is 409 common.conflict;
 * anything else is logged and answered 500 with the generic text ('Server error, please refresh
 * and try again'), so no internal detail leaks and no input crashes the server.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../engine/errors';
import { DuplicateKeyError } from '../store/port';

/** Hono `onError` handler. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) return c.json(err.toBody(), err.status as ContentfulStatusCode, err.headers);
  // A unique index refused a write that raced another one (e.g. two publishes of one form): the
  // store is unchanged, and the caller may reload and try again.
  if (err instanceof DuplicateKeyError) return c.json(new AppError(409, 'common.conflict').toBody(), 409);
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
