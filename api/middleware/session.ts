/**
 * Middleware factories of the request chain: session → tenant → access (DESIGN.md "api/").
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '../../engine/errors';
import { isAdmin } from '../../engine/rules/access';
import { findSession, SESSION_COOKIE } from '../auth/sessions';
import type { UserDoc } from '../auth/types';
import type { ApiEnv } from '../http/env';

/** Requires a live session of an active or pending user; sets `session` and `user`. 401 otherwise. */
export function requireSession(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const store = c.get('store');
    const session = await findSession(store, getCookie(c, SESSION_COOKIE));
    if (!session) throw new AppError(401, 'auth.notLoggedIn');
    const user = await store.collection<UserDoc>('users').findOne({ id: session.userId });
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

/** Requires an admin; 403 auth.forbidden otherwise. */
export function requireAdmin(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!isAdmin(c.get('user'))) throw new AppError(403, 'auth.forbidden');
    await next();
  };
}
