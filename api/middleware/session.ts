/**
 * Middleware factories of the request chain: session → tenant → access (DESIGN.md "api/").
 */
import type { MiddlewareHandler } from 'hono';
import type { Operation } from '../../engine/api/operations';
import { AppError } from '../../engine/errors';
import { type AccessSubject, accessIn, can } from '../../engine/rules/access';
import { type OperationCan, operationQuestion } from '../../engine/rules/operation-access';
import type { SchemaName } from '../../engine/validation/ajv';
import { findSession, SESSION_COOKIE, sessionUser } from '../auth/sessions';
import { readBody } from '../http/body';
import { requestCookie } from '../http/cookie';
import type { ApiEnv } from '../http/env';
import { requestProject } from '../operations/projects';

/** Requires a live session of an active or pending user; sets `session` and `user`. 401 otherwise. */
export function requireSession(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const store = c.get('store');
    const session = await findSession(store, requestCookie(c, SESSION_COOKIE));
    if (!session) throw new AppError(401, 'auth.notLoggedIn');
    const user = await sessionUser(store, session);
    if (!user || user.status === 'Inactive') throw new AppError(401, 'auth.notLoggedIn');
    c.set('session', session);
    c.set('user', user);
    await next();
  };
}

/**
 * Requires a selected client the user is still assigned to; sets `clientId`, the tenant every
 * query is scoped to. 409 auth.noClientSelected before a client is chosen.
 */
export function requireTenant(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const session = c.get('session');
    const user = c.get('user');
    const clientId = session.currentClient;
    if (clientId === null || clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
    if (!user.clientIds.includes(clientId)) throw new AppError(409, 'auth.noClientSelected');
    c.set('clientId', clientId);
    await next();
  };
}

/**
 * Refuses a Pending user (shell-access-navigation.md §4: the password must be changed first) with 403
 * auth.passwordChangeRequired; operations marked `pendingAllowed` in the catalogue skip it.
 */
export function requireActive(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.get('user').status === 'Pending') throw new AppError(403, 'auth.passwordChangeRequired');
    await next();
  };
}

/** The session user as the access model reads it, with the access of the current client. */
export function accessSubject(user: ApiEnv['Variables']['user'], clientId: number | null | undefined): AccessSubject {
  return { processes: user.processes, access: accessIn(user, clientId ?? null) };
}

/** Requires a settings administrator (docs/access.md: Admin/Edit, accessAll or accessAdmin); 403 otherwise. */
export function requireAdmin(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!can(accessSubject(c.get('user'), c.get('clientId')), 'admin', { area: 'settings' })) {
      throw new AppError(403, 'auth.forbidden');
    }
    await next();
  };
}

/** The area a form area's operations are checked in (engine/rules/operation-access.ts). */
export { areaOfFormArea } from '../../engine/rules/operation-access';

/**
 * Asks the operation's access-model question (catalogue `can`, engine/rules/operation-access.ts, the question
 * the browser asks before it shows a button or opens a route): 403 auth.forbidden when the answer is no, 404
 * for a project id that is not a number or another client's project. A question about the body's project
 * (`projectIn: 'body'`) reads and validates the body first (400 for a bad body) and keeps it for the handler.
 */
export function requireAccess(operation: Operation): MiddlewareHandler<ApiEnv> {
  const question = operation.can as OperationCan;
  return async (c, next) => {
    let params: Record<string, string | number | boolean | null | undefined> = {
      ...c.get('params'),
    };
    if (question.projectIn === 'body' && question.project) {
      const body = await readBody<Record<string, unknown>>(
        c,
        operation.body as SchemaName,
        operation.bodyOptional ? {} : undefined,
      );
      c.set('body', body);
      const value = body[question.project];
      // The body's schema makes it an integer; a body without it has no project to ask about.
      params = { ...params, [question.project]: typeof value === 'number' ? value : 'none' };
    }
    const asked = operationQuestion(question, params);
    if (asked === 'notFound' || asked === 'unknown') throw new AppError(404, 'notFound.generic');
    // Another client's project is not there at all: 404, as the handlers answer (no existence signal).
    if (asked.target.projectId !== undefined) await requestProject(c, asked.target.projectId);
    if (!can(accessSubject(c.get('user'), c.get('clientId')), asked.action, asked.target)) {
      throw new AppError(403, 'auth.forbidden');
    }
    await next();
  };
}
