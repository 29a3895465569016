/**
 * Password reset by e-mail (issue 25 §5 "password reset by e-mail ('forgot password' on the login page: a one-time
 * link, the same answer whether the address exists or not)"; docs/links-and-mail.md "E-mail", docs/security.md
 * "Password reset").
 *
 * - POST /api/authorization/forgot-password `{ email }` (public) answers 204 whatever the address: for an Active
 *   user it stores a one-time reset (collection `passwordResets`, only the SHA-256 of the token, 1 hour) and queues
 *   a password-reset e-mail with `{origin}/reset-password/{token}` in the same transaction. Limited per e-mail
 *   (RESET_EMAIL_LIMIT requests in RESET_WINDOW_MS: more are answered the same and send nothing, so the limit tells
 *   nothing of the account) and per address (RESET_ADDRESS_LIMIT: 429 forgotPassword.tooMany).
 * - PUT /api/authorization/reset-password/{token} `{ password }` (public; the SHA-512 the browser sends, as at
 *   login) sets the password (argon2id), uses the link up, ends every session of the user and clears the
 *   account's failed logins. 204; an unknown, used or expired link is 404 resetPassword.invalid.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../../engine/errors';
import type { PasswordReset } from '../../../engine/types/generated';
import { clearLoginFailures } from '../../auth/login-limiter';
import { hashPassword } from '../../auth/passwords';
import { forgetSessions } from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { nextSequence } from '../../ids';
import { queueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { clientAddress } from '../../middleware/security';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import type { Store } from '../../store/port';

/** How long a reset link works: 1 hour. */
export const RESET_TTL_MS = 3600_000;
/** Reset requests for one e-mail in a window that send an e-mail (the rest are answered the same, silently). */
export const RESET_EMAIL_LIMIT = 3;
/** Reset requests from one address in a window before 429. */
export const RESET_ADDRESS_LIMIT = 20;
/** The window of both limits: 1 hour. */
export const RESET_WINDOW_MS = 3600_000;

type ResetDoc = PasswordReset & { [key: string]: unknown };

interface CounterDoc {
  [key: string]: unknown;
  key: string;
  failures: number;
  expiresAt: Date;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Counts one request against `key` (the login limiter's collection `loginAttempts`, its TTL index ending the
 * window) and says whether it is within `limit`, and when the window ends.
 */
async function countRequest(
  store: Store,
  key: string,
  limit: number,
  now: Date,
): Promise<{ allowed: boolean; minutes: number }> {
  const counters = store.collection<CounterDoc>('loginAttempts');
  const current = await counters.findOne({ key });
  if (!current || new Date(current.expiresAt).getTime() <= now.getTime()) {
    const expiresAt = new Date(now.getTime() + RESET_WINDOW_MS);
    await counters.updateOne({ key }, { $set: { failures: 1, windowStart: now, expiresAt } }, { upsert: true });
    return { allowed: true, minutes: 60 };
  }
  const minutes = Math.max(1, Math.ceil((new Date(current.expiresAt).getTime() - now.getTime()) / 60_000));
  if (current.failures >= limit) return { allowed: false, minutes };
  await counters.updateOne({ key }, { $inc: { failures: 1 } });
  return { allowed: true, minutes };
}

/** POST /api/authorization/forgot-password: see the module comment. */
export const forgotPassword: NamedOperation<'auth.forgotPassword'> = inTransaction(async (context) => {
  const { store, now } = context;
  const email = context.body.email.trim().toLowerCase();
  const address = clientAddress(context.http);
  if (address) {
    const byAddress = await countRequest(store, `reset-address:${address}`, RESET_ADDRESS_LIMIT, now);
    if (!byAddress.allowed) {
      throw new AppError(429, 'forgotPassword.tooMany', { minutes: byAddress.minutes }).withHeader(
        'Retry-After',
        String(byAddress.minutes * 60),
      );
    }
  }
  // Counted for any e-mail, so the limit answers alike for addresses with and without an account.
  const byEmail = await countRequest(store, `reset-email:${email}`, RESET_EMAIL_LIMIT, now);
  const user = byEmail.allowed ? await store.collection<UserDoc>('users').findOne({ email }) : null;
  if (user && user.status === 'Active') {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RESET_TTL_MS).toISOString();
    const reset: ResetDoc = {
      id: await nextSequence(store, 'passwordResets'),
      tokenHash: digest(token),
      userId: user.id,
      expiresAt,
      created: now.toISOString(),
      modified: now.toISOString(),
    };
    await store.collection<ResetDoc>('passwordResets').insertOne(reset);
    const link = `${publicOrigin(context.http)}/reset-password/${token}`;
    await queueMail(store, passwordResetMail({ to: { name: user.fullName, address: email }, link, expiresAt }), now);
  }
  return context.http.body(null, 204);
});

/** PUT /api/authorization/reset-password/{token}: see the module comment. */
export const resetPassword: NamedOperation<'auth.resetPassword'> = inTransaction(async (context) => {
  const { store, now } = context;
  const { token } = context.params;
  const resets = store.collection<ResetDoc>('passwordResets');
  const found = /^[A-Za-z0-9_-]{43}$/.test(token) ? await resets.findOne({ tokenHash: digest(token) }) : null;
  if (!found || found.usedAt || Date.parse(found.expiresAt) <= now.getTime())
    throw new AppError(404, 'resetPassword.invalid');
  // One use: marked used first, so two concurrent uses cannot both set a password.
  const claimed = await resets.updateOne(
    { _id: found._id, usedAt: { $exists: false } },
    { $set: { usedAt: now.toISOString(), modified: now.toISOString() } },
  );
  if (claimed.modifiedCount !== 1) throw new AppError(404, 'resetPassword.invalid');
  const users = store.collection<UserDoc>('users');
  const user = await users.findOne({ id: found.userId });
  if (user?.status !== 'Active') throw new AppError(404, 'resetPassword.invalid');
  const passwordHash = await hashPassword(context.body.password);
  await users.updateOne({ id: user.id }, { $set: { passwordHash, passwordChangedAt: now.toISOString() } });
  // Whoever knew the old password is signed out everywhere.
  await store.collection('sessions').deleteMany({ userId: user.id });
  forgetSessions(store, { userId: user.id });
  await clearLoginFailures(store, user.email);
  return context.http.body(null, 204);
});
