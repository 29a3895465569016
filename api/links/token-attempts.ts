/**
 * The per-address limit on refused secure-link tokens (issue 25 "Bad input and faults"; docs/links-and-mail.md
 * "Secure links and access"): a token is 256 random bits, so guessing is hopeless, but an address that keeps
 * presenting unknown, expired, used, revoked or mismatched tokens is refused with 429 for the rest of the window,
 * which also keeps a scan of the authorization calls from filling the log. The counters live in the store's
 * `loginAttempts` (the login limiter's collection) under the key `secureLink:<address>`, so every API instance
 * on one store agrees.
 */
import { AppError } from '../../engine/errors';
import type { Store } from '../store/port';

/** Refused tokens allowed from one address in a window. */
export const TOKEN_ATTEMPT_LIMIT = 30;
/** The window of refused tokens: 15 minutes. */
export const TOKEN_WINDOW_MS = 15 * 60_000;

interface AttemptDoc {
  [key: string]: unknown;
  key: string;
  failures: number;
  expiresAt: Date;
}

const keyOf = (address: string | undefined) => `secureLink:${address ?? 'unknown'}`;

/**
 * Refuses an address that has presented TOKEN_ATTEMPT_LIMIT refused tokens in the window.
 * @throws AppError 429 linkAccess.tooManyAttempts with Retry-After (seconds)
 */
export async function checkTokenAttempts(store: Store, address: string | undefined, now: Date): Promise<void> {
  const doc = await store.collection<AttemptDoc>('loginAttempts').findOne({ key: keyOf(address) });
  if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime() || doc.failures < TOKEN_ATTEMPT_LIMIT) return;
  const seconds = Math.max(1, Math.ceil((new Date(doc.expiresAt).getTime() - now.getTime()) / 1000));
  throw new AppError(429, 'linkAccess.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }).withHeader(
    'Retry-After',
    String(seconds),
  );
}

/** Counts a refused token against the address. */
export async function recordTokenFailure(store: Store, address: string | undefined, now: Date): Promise<void> {
  const attempts = store.collection<AttemptDoc>('loginAttempts');
  const key = keyOf(address);
  const doc = await attempts.findOne({ key });
  if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime())
    await attempts.updateOne(
      { key },
      { $set: { failures: 1, windowStart: now, expiresAt: new Date(now.getTime() + TOKEN_WINDOW_MS) } },
      { upsert: true },
    );
  else await attempts.updateOne({ key }, { $inc: { failures: 1 } });
}
