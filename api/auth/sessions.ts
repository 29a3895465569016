/**
 * Server-side sessions behind an HttpOnly cookie (DESIGN.md "api/"). The cookie carries 32 random
 * bytes; the store keeps only their SHA-256, so a copy of the database cannot be replayed as a login.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/port';
import type { SessionDoc } from './types';

export const SESSION_COOKIE = 'sid';

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
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.collection<SessionDoc>('sessions').insertOne({
    sid: digest(token),
    userId,
    currentClient,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The live session of a cookie value, or null when unknown, malformed or expired. */
export async function findSession(store: Store, token: string | undefined, now: Date = new Date()) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const session = await store.collection<SessionDoc>('sessions').findOne({ sid: digest(token) });
  if (!session) return null;
  if (new Date(session.expiresAt).getTime() <= now.getTime()) {
    await store.collection<SessionDoc>('sessions').deleteOne({ sid: session.sid });
    return null;
  }
  return session;
}

/** Deletes the session of a cookie value (logout). */
export async function deleteSession(store: Store, token: string | undefined): Promise<void> {
  if (!token) return;
  await store.collection<SessionDoc>('sessions').deleteOne({ sid: digest(token) });
}

/** Sets the session's current client (the tenant of every later call). */
export async function setSessionClient(store: Store, sid: string, clientId: number): Promise<void> {
  await store.collection<SessionDoc>('sessions').updateOne({ sid }, { $set: { currentClient: clientId } });
}
