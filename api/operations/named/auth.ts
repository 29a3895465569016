/**
 * Login, session check, logout and client choice (shell-access-navigation.md §3, §4, §7) as named
 * operations of the catalogue. The session is a server-side record behind the HttpOnly `sid` cookie
 * (docs/security.md).
 */
import { deleteCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../../engine/errors';
import type { Client } from '../../../engine/types/generated';
import { checkLoginAllowed, clearLoginFailures, recordLoginFailure } from '../../auth/login-limiter';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  idleLimitMs,
  SESSION_COOKIE,
  setSessionClient,
} from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { requestCookie } from '../../http/cookie';
import { clientAddress, sessionCookieSecure } from '../../middleware/security';
import type { NamedOperation } from '../../resources/context';
import type { Store } from '../../store/port';
import { toUserView } from '../users';

/** The idle limit of a session in a client (its idle time plus the grace period). */
async function idleOf(store: Store, clientId: number | null): Promise<number> {
  if (clientId === null) return idleLimitMs(undefined);
  const client = await store.collection<Client>('clients').findOne({ id: clientId });
  return idleLimitMs(client?.idleTime);
}

/** The client a login starts with: the only one, or the last one chosen if still assigned, else none. */
function initialClient(user: UserDoc): number | null {
  if (user.clientIds.length === 1) return user.clientIds[0];
  if (user.currentClient !== null && user.clientIds.includes(user.currentClient)) return user.currentClient;
  return null;
}

/**
 * POST /api/authorization/login: the same 401 for an unknown e-mail and a wrong password
 * (docs/decisions.md); 429 with Retry-After once the account or the address has failed too often
 * (api/auth/login-limiter.ts).
 */
export const login: NamedOperation<'auth.login'> = async ({ http: c, store, body, now }) => {
  const { email: typed, password } = body;
  const email = typed.trim().toLowerCase();
  const address = clientAddress(c);
  await checkLoginAllowed(store, email, address, now);
  const user = await store.collection<UserDoc>('users').findOne({ email });
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordLoginFailure(store, email, address, now);
    throw new AppError(401, 'auth.invalidCredentials');
  }
  await clearLoginFailures(store, email);
  if (user.status === 'Inactive') throw new AppError(403, 'auth.accountInactive');
  const currentClient = initialClient(user);
  const ttlMs = c.get('sessionTtlMs');
  const token = await createSession(store, user.id, currentClient, ttlMs, now, await idleOf(store, currentClient));
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
export const isLoggedIn: NamedOperation<'auth.isLoggedIn'> = async ({ http: c }) => ({
  isLoggedIn: true,
  user: toUserView(c.get('user'), c.get('session').currentClient),
});

/** POST /logout: deletes the session and clears the cookie; 204. */
export const logout: NamedOperation<'auth.logout'> = async ({ http: c, store }) => {
  await deleteSession(store, requestCookie(c, SESSION_COOKIE));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.body(null, 204);
};

/** POST /api/authorization/setClient/{clientId}: 404 auth.clientNotAssigned for a client not assigned. */
export const setClient: NamedOperation<'auth.setClient'> = async ({ http: c, store, params: { clientId } }) => {
  const user = c.get('user');
  if (!user.clientIds.includes(clientId)) throw new AppError(404, 'auth.clientNotAssigned');
  await setSessionClient(store, c.get('session').sid, clientId, await idleOf(store, clientId));
  await store.collection<UserDoc>('users').updateOne({ id: user.id }, { $set: { currentClient: clientId } });
  return toUserView({ ...user, currentClient: clientId }, clientId);
};

/**
 * PUT /api/authorization/reset (shell-access-navigation.md §3, §4, §5): the SHA-512 digests of the old
 * and the new password. 400 auth.wrongOldPassword when the old one does not verify, 400
 * auth.samePassword when the new digest equals the old one. The server sees digests only, so the length
 * and character rules of §5 are the browser's (docs/decisions.md). A Pending user becomes Active; every
 * other session of the user ends. Answers the updated UserView.
 */
export const reset: NamedOperation<'auth.reset'> = async ({ http: c, store, body, now }) => {
  const { oldPassword, newPassword } = body;
  const user = c.get('user');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw new AppError(400, 'auth.wrongOldPassword');
  if (newPassword === oldPassword) throw new AppError(400, 'auth.samePassword');
  const passwordHash = await hashPassword(newPassword);
  const status = user.status === 'Pending' ? 'Active' : user.status;
  await store
    .collection<UserDoc>('users')
    .updateOne({ id: user.id }, { $set: { passwordHash, status, passwordChangedAt: now.toISOString() } });
  await deleteOtherSessions(store, user.id, c.get('session').sid);
  return toUserView({ ...user, passwordHash, status }, c.get('session').currentClient);
};
