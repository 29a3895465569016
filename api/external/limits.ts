/**
 * The abuse limits of the external form calls (issue 25 §4 "a per-link and per-address rate limit and a size limit
 * on uploads keep it from being abused"; "a public link flooded: 429 after the limit, other links unaffected";
 * docs/links-and-mail.md "External forms"): fixed-window counters of calls per link and per caller's address,
 * kept in the store (collection `loginAttempts`, whose unique `key` and TTL index on `expiresAt` suit any such
 * counter; the keys here start with `external-`), so they hold across restarts and instances.
 *
 * Every call counts, refused tokens included (against the address only: a refused token names no link), so a
 * caller guessing tokens is stopped by the address limit.
 */
import { AppError } from '../../engine/errors';
import type { Store } from '../store/port';

/** Calls of one link allowed in a window: opening, uploading a few photos, a signature and the submit fit well. */
export const LINK_CALL_LIMIT = 60;
/** Calls from one address allowed in a window (a site office behind one address fills several forms). */
export const ADDRESS_CALL_LIMIT = 300;
/** The window: 10 minutes. */
export const CALL_WINDOW_MS = 10 * 60_000;
/** The most bytes of files one link may hold (every upload through it, together): 100 MB. */
export const MAX_LINK_UPLOAD_BYTES = 100 * 1024 * 1024;

interface CounterDoc {
  [key: string]: unknown;
  key: string;
  failures: number;
  windowStart: Date;
  expiresAt: Date;
}

/**
 * Counts a call against each key and refuses it when a key has used up its window.
 * @param keys `{ key, limit }` pairs, e.g. the link's and the address's
 * @throws AppError 429 externalForms.tooManyCalls with Retry-After (seconds)
 */
export async function countCall(store: Store, keys: ReadonlyArray<{ key: string; limit: number }>, now: Date) {
  const counters = store.collection<CounterDoc>('loginAttempts');
  for (const { key, limit } of keys) {
    const doc = await counters.findOne({ key });
    if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime()) {
      const fresh = { failures: 1, windowStart: now, expiresAt: new Date(now.getTime() + CALL_WINDOW_MS) };
      await counters.updateOne({ key }, { $set: fresh }, { upsert: true });
      continue;
    }
    if (doc.failures >= limit) {
      const seconds = Math.max(1, Math.ceil((new Date(doc.expiresAt).getTime() - now.getTime()) / 1000));
      throw new AppError(429, 'externalForms.tooManyCalls').withHeader('Retry-After', String(seconds));
    }
    await counters.updateOne({ key }, { $inc: { failures: 1 } });
  }
}

/** The counter keys of a caller's address and (when known) of a link. */
export function callKeys(address: string | undefined, linkId?: number): Array<{ key: string; limit: number }> {
  const keys = [{ key: `external-address:${address ?? 'unknown'}`, limit: ADDRESS_CALL_LIMIT }];
  if (linkId !== undefined) keys.push({ key: `external-link:${linkId}`, limit: LINK_CALL_LIMIT });
  return keys;
}
