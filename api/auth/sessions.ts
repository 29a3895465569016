/**
 * Server-side sessions behind an HttpOnly cookie (DESIGN.md "api/"). The cookie carries 32 random
 * bytes; the store keeps only their SHA-256, so a copy of the database cannot be replayed as a login.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/port';
import type { SessionDoc, UserDoc } from './types';

export const SESSION_COOKIE = 'sid';

/** The idle logout grace period of shell-access-navigation.md §4 and §9: 60 seconds. */
export const IDLE_GRACE_MS = 60_000;
/** Idle time when no client is chosen yet (the client chooser): 30 minutes. */
export const DEFAULT_IDLE_MINUTES = 30;
/** A session's last-seen time is written at most this often (fewer writes; the idle limit is minutes). */
export const TOUCH_INTERVAL_MS = 15_000;

/**
 * How long a session may go without a request: the client's idle time (minutes) plus the grace period,
 * as the browser's idle machine logs out after the same (shell-access-navigation.md §4).
 */
export function idleLimitMs(idleTimeMinutes: number | undefined): number {
  return (idleTimeMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000 + IDLE_GRACE_MS;
}

/**
 * How long a looked-up session and its user are used without reading the store again (issue "Performance at
 * scale" §4). This process's own changes (logout, client switch, password change) take effect at once; a
 * change made by another API instance on the same MongoDB, or behind the API's back, within this time.
 */
export const SESSION_CACHE_MS = 5_000;

interface Cached {
  session: SessionDoc;
  user?: UserDoc | null;
  at: number;
}

const caches = new WeakMap<Store, Map<string, Cached>>();

function cacheOf(store: Store): Map<string, Cached> {
  // Per store, a transaction's included (Store.root): forgetting inside one forgets the store's.
  let cache = caches.get(store.root);
  if (!cache) {
    cache = new Map();
    caches.set(store.root, cache);
  }
  return cache;
}

/** Forgets the cached sessions: one (`sid`), those of a user, or all of the store (a test's direct edit). */
export function forgetSessions(store: Store, which: { sid?: string; userId?: number } = {}): void {
  const cache = cacheOf(store);
  if (which.sid === undefined && which.userId === undefined) cache.clear();
  for (const [sid, cached] of cache) if (sid === which.sid || cached.session.userId === which.userId) cache.delete(sid);
}

/** The session's user (cached with the session for SESSION_CACHE_MS), or null when there is none. */
export async function sessionUser(store: Store, session: SessionDoc, now: Date = new Date()): Promise<UserDoc | null> {
  const cached = cacheOf(store).get(session.sid);
  if (cached && cached.user !== undefined && now.getTime() - cached.at < SESSION_CACHE_MS) return cached.user;
  const user = await store.collection<UserDoc>('users').findOne({ id: session.userId });
  if (cached) cached.user = user;
  return user;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session; returns the cookie value to send. */
export async function createSession(
  store: Store,
  userId: number,
  currentClient: number | null,
  ttlMs: number,
  now: Date = new Date(),
  idleMs: number = idleLimitMs(undefined),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.collection<SessionDoc>('sessions').insertOne({
    sid: digest(token),
    userId,
    currentClient,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    lastSeenAt: now,
    idleMs,
  });
  return token;
}

/**
 * The live session of a cookie value, or null when unknown, malformed, expired (12 h), or idle for
 * longer than its idle limit (the client's idle time plus the grace period). A live session's last-seen
 * time moves to `now` (written at most every TOUCH_INTERVAL_MS). A session read within SESSION_CACHE_MS
 * is not read again.
 */
export async function findSession(store: Store, token: string | undefined, now: Date = new Date()) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const sessions = store.collection<SessionDoc>('sessions');
  const sid = digest(token);
  const cache = cacheOf(store);
  const cached = cache.get(sid);
  const fresh = cached && now.getTime() - cached.at < SESSION_CACHE_MS;
  const session = fresh ? cached.session : await sessions.findOne({ sid });
  if (!session) {
    cache.delete(sid);
    return null;
  }
  if (!fresh) cache.set(sid, { session, at: now.getTime() });
  const lastSeen = session.lastSeenAt ? new Date(session.lastSeenAt).getTime() : now.getTime();
  const idle = typeof session.idleMs === 'number' && now.getTime() - lastSeen > session.idleMs;
  if (new Date(session.expiresAt).getTime() <= now.getTime() || idle) {
    cache.delete(sid);
    await sessions.deleteOne({ sid: session.sid });
    return null;
  }
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
    session.lastSeenAt = now;
    await sessions.updateOne({ sid: session.sid }, { $set: { lastSeenAt: now } });
  }
  return session;
}

/** Deletes the session of a cookie value (logout). */
export async function deleteSession(store: Store, token: string | undefined): Promise<void> {
  if (!token) return;
  forgetSessions(store, { sid: digest(token) });
  await store.collection<SessionDoc>('sessions').deleteOne({ sid: digest(token) });
}

/** Sets the session's current client (the tenant of every later call) and that client's idle limit. */
export async function setSessionClient(store: Store, sid: string, clientId: number, idleMs: number): Promise<void> {
  forgetSessions(store, { sid });
  await store.collection<SessionDoc>('sessions').updateOne({ sid }, { $set: { currentClient: clientId, idleMs } });
}

/** Ends every session of a user except `keepSid` (a password change ends the user's other sessions). */
export async function deleteOtherSessions(store: Store, userId: number, keepSid: string): Promise<void> {
  forgetSessions(store, { userId });
  const sessions = await store.collection<SessionDoc>('sessions').find({ userId });
  for (const session of sessions) {
    if (session.sid !== keepSid) await store.collection<SessionDoc>('sessions').deleteOne({ sid: session.sid });
  }
}
