/**
 * Login, session check, logout and client choice (shell-access-navigation.md §3, §4, §7) as named
 * operations of the catalogue. The session is a server-side record behind the HttpOnly `sid` cookie
 * (docs/security.md).
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../../engine/errors';
import type { LoginRequest } from '../../../engine/types/generated';
import { verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession, SESSION_COOKIE, setSessionClient } from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { intParam } from '../../http/body';
import { sessionCookieSecure } from '../../middleware/security';
import type { NamedOperation } from '../../resources/context';
import { toUserView } from '../users';

/** The client a login starts with: the only one, or the last one chosen if still assigned, else none. */
function initialClient(user: UserDoc): number | null {
  if (user.clientIds.length === 1) return user.clientIds[0];
  if (user.currentClient !== null && user.clientIds.includes(user.currentClient)) return user.currentClient;
  return null;
}

/** POST /api/authorization/login: the same 401 for an unknown e-mail and a wrong password (docs/decisions.md). */
export const login: NamedOperation = async ({ http: c, store, body }) => {
  const { email: typed, password } = body as LoginRequest;
  const email = typed.trim().toLowerCase();
  const user = await store.collection<UserDoc>('users').findOne({ email });
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError(401, 'auth.invalidCredentials');
  if (user.status === 'Inactive') throw new AppError(403, 'auth.accountInactive');
  const currentClient = initialClient(user);
  const ttlMs = c.get('sessionTtlMs');
  const token = await createSession(store, user.id, currentClient, ttlMs);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: sessionCookieSecure(c),
    maxAge: Math.floor(ttlMs / 1000),
  });
  return { numberOfAssignedClients: user.clientIds.length, user: toUserView(user, currentClient) };
};

/** POST /api/authorization/isLoggedIn: the session user. */
export const isLoggedIn: NamedOperation = async ({ http: c }) => ({
  isLoggedIn: true,
  user: toUserView(c.get('user'), c.get('session').currentClient),
});

/** POST /logout: deletes the session and clears the cookie; 204. */
export const logout: NamedOperation = async ({ http: c, store }) => {
  await deleteSession(store, getCookie(c, SESSION_COOKIE));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.body(null, 204);
};

/** POST /api/authorization/setClient/{clientId}: 404 auth.clientNotAssigned for a client not assigned. */
export const setClient: NamedOperation = async ({ http: c, store }) => {
  const user = c.get('user');
  const clientId = intParam(c, 'clientId');
  if (!user.clientIds.includes(clientId)) throw new AppError(404, 'auth.clientNotAssigned');
  await setSessionClient(store, c.get('session').sid, clientId);
  await store.collection<UserDoc>('users').updateOne({ id: user.id }, { $set: { currentClient: clientId } });
  return toUserView({ ...user, currentClient: clientId }, clientId);
};
