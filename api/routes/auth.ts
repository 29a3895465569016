/**
 * Authentication routes (shell-access-navigation.md §3, §4, §7): login, isLoggedIn, logout, setClient.
 */
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../engine/errors';
import type { LoginRequest } from '../../engine/types/generated';
import { verifyPassword } from '../auth/passwords';
import { createSession, deleteSession, SESSION_COOKIE, setSessionClient } from '../auth/sessions';
import type { UserDoc } from '../auth/types';
import { intParam, readBody } from '../http/body';
import type { ApiEnv } from '../http/env';
import { sessionCookieSecure } from '../middleware/security';
import { requireSession } from '../middleware/session';
import { toUserView } from '../operations/users';

/** Options of the auth routes. */
export interface AuthRoutesOptions {
  sessionTtlMs: number;
}

/** The client a login starts with: the only one, or the last one chosen if still assigned, else none. */
function initialClient(user: UserDoc): number | null {
  if (user.clientIds.length === 1) return user.clientIds[0];
  if (user.currentClient !== null && user.clientIds.includes(user.currentClient)) return user.currentClient;
  return null;
}

/** Routes under /api/authorization plus POST /logout. */
export function authRoutes(options: AuthRoutesOptions) {
  return new Hono<ApiEnv>()
    .post('/api/authorization/login', async (c) => {
      const store = c.get('store');
      const body = await readBody<LoginRequest>(c, 'login-request');
      const email = body.email.trim().toLowerCase();
      const user = await store.collection<UserDoc>('users').findOne({ email });
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) throw new AppError(401, 'auth.invalidCredentials');
      if (user.status === 'Inactive') throw new AppError(403, 'auth.accountInactive');
      const currentClient = initialClient(user);
      const token = await createSession(store, user.id, currentClient, options.sessionTtlMs);
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: sessionCookieSecure(c),
        maxAge: Math.floor(options.sessionTtlMs / 1000),
      });
      return c.json({ numberOfAssignedClients: user.clientIds.length, user: toUserView(user, currentClient) });
    })
    .post('/api/authorization/isLoggedIn', requireSession(), (c) => {
      const user = c.get('user');
      return c.json({ isLoggedIn: true, user: toUserView(user, c.get('session').currentClient) });
    })
    .post('/logout', async (c) => {
      await deleteSession(c.get('store'), getCookie(c, SESSION_COOKIE));
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.body(null, 204);
    })
    .post('/api/authorization/setClient/:clientId', requireSession(), async (c) => {
      const user = c.get('user');
      const clientId = intParam(c, 'clientId');
      if (!user.clientIds.includes(clientId)) throw new AppError(404, 'auth.clientNotAssigned');
      const store = c.get('store');
      await setSessionClient(store, c.get('session').sid, clientId);
      await store.collection<UserDoc>('users').updateOne({ id: user.id }, { $set: { currentClient: clientId } });
      return c.json(toUserView({ ...user, currentClient: clientId }, clientId));
    });
}
