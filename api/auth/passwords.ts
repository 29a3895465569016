/**
 * Password storage (shell-access-navigation.md §3: the client sends the lowercase hex SHA-512 of
 * what the user typed). The server stores argon2id of that digest and never the digest itself.
 */
import { createHash } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

// Algorithm is a const enum (not importable under isolatedModules): 2 is Algorithm.Argon2id.
// Cost: OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane).
const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** Lowercase hex SHA-512 of a typed password, as the browser sends it. Used by the seed and tests. */
export function clientPasswordDigest(typed: string): string {
  return createHash('sha512').update(typed, 'utf8').digest('hex');
}

/** argon2id hash (PHC string) of the client digest. */
export function hashPassword(clientDigest: string): Promise<string> {
  return hash(clientDigest, ARGON2_OPTIONS);
}

// A real hash to verify against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a client digest against a stored hash; with no stored hash it still does the work of one
 * verification and answers false (no timing signal for unknown e-mails).
 */
export async function verifyPassword(storedHash: string | undefined, clientDigest: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(clientPasswordDigest('not-a-user'));
    await verify(await dummyHash, clientDigest).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, clientDigest);
  } catch {
    return false;
  }
}
