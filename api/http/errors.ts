/**
 * Turns thrown errors into JSON answers: an AppError keeps its status and catalogue message;
 * anything else is logged and answered 500 with the generic text ('Server error, please refresh
 * and try again'), so no internal detail leaks and no input crashes the server.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../engine/errors';

/** Hono `onError` handler. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) return c.json(err.toBody(), err.status as ContentfulStatusCode);
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
