/**
 * Login attempts are limited per account and per address (issue "The whole application shell" §5;
 * docs/security.md "Login rate limit"): a store-backed counter of failed attempts in a fixed window, so
 * the limit holds across restarts and, on MongoDB, across instances.
 *
 * - An account (the e-mail as typed, lower-cased) is locked after ACCOUNT_LIMIT failures in WINDOW_MS;
 *   an address after ADDRESS_LIMIT. A locked key answers 429 with Retry-After (seconds) and the catalogue
 *   text auth.tooManyAttempts before the password is even checked.
 * - A successful login clears its account's count (not the address's).
 * - Counters are documents `{ key, failures, windowStart, expiresAt }` in `loginAttempts`, with a TTL
 *   index on expiresAt (the end of the window).
 */
import { AppError } from '../../engine/errors';
import type { Store } from '../store/port';

/** Failed logins of one account allowed in a window. */
export const ACCOUNT_LIMIT = 5;
/** Failed logins from one address allowed in a window (an office behind one address logs in often). */
export const ADDRESS_LIMIT = 30;
/** The window, 15 minutes. */
export const WINDOW_MS = 15 * 60_000;

interface AttemptDoc {
  [key: string]: unknown;
  key: string;
  failures: number;
  windowStart: Date;
  expiresAt: Date;
}

function keysOf(email: string, address: string | undefined): Array<{ key: string; limit: number }> {
  const keys = [{ key: `account:${email}`, limit: ACCOUNT_LIMIT }];
  if (address) keys.push({ key: `address:${address}`, limit: ADDRESS_LIMIT });
  return keys;
}

/**
 * Throws 429 auth.tooManyAttempts (with `retryAfterSeconds` on the error) when the account or the
 * address has used up its window.
 */
export async function checkLoginAllowed(store: Store, email: string, address: string | undefined, now: Date) {
  const attempts = store.collection<AttemptDoc>('loginAttempts');
  for (const { key, limit } of keysOf(email, address)) {
    const doc = await attempts.findOne({ key });
    if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime()) continue;
    if (doc.failures >= limit) {
      const seconds = Math.max(1, Math.ceil((new Date(doc.expiresAt).getTime() - now.getTime()) / 1000));
      throw new AppError(429, 'auth.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }).withHeader(
        'Retry-After',
        String(seconds),
      );
    }
  }
}

/** Counts a failed login against the account and the address (a new window when the last has ended). */
export async function recordLoginFailure(store: Store, email: string, address: string | undefined, now: Date) {
  const attempts = store.collection<AttemptDoc>('loginAttempts');
  for (const { key } of keysOf(email, address)) {
    const doc = await attempts.findOne({ key });
    if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime()) {
      const fresh = { failures: 1, windowStart: now, expiresAt: new Date(now.getTime() + WINDOW_MS) };
      await attempts.updateOne({ key }, { $set: fresh }, { upsert: true });
    } else {
      await attempts.updateOne({ key }, { $inc: { failures: 1 } });
    }
  }
}

/** Clears the account's count after a successful login. */
export async function clearLoginFailures(store: Store, email: string) {
  await store.collection<AttemptDoc>('loginAttempts').deleteOne({ key: `account:${email}` });
}
