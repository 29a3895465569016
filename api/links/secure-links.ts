/**
 * The secure link service (issue 25 §1; shell-access-navigation.md §1 "External parties ... reach specific forms
 * through emailed secure links", §2.2, §8 the expired-link text; docs/links-and-mail.md): a link is a random token
 * (32 bytes, base64url: 43 characters) for one recipient and one purpose (`kind`), on one project, naming what it
 * opens (a form of a form area, the entry it replies to, a package, a folder). Only the token's SHA-256 is stored
 * (collection `secureLinks`, schemas/entities/secure-link.schema.json). A link expires at `expiresAt`; a one-time
 * link is used up by its first completed use (`claimLink`); an administrator may revoke it; every use is logged
 * (the latest 100: when, from which address, what was done).
 *
 * The token's checks answer one of: 'valid', or why not: 'unknown' (no such token, or not of this client),
 * 'expired', 'used', 'revoked', 'mismatch' (a token of another purpose, project, form, entry or package than the
 * route names). Callers show every refusal the same way (the §8 page), so a guess learns nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SecureLink } from '../../engine/types/generated';
import { nextSequence } from '../ids';
import type { Store } from '../store/port';

/** The purposes of a link (the spec's {type} for the first five). */
export type LinkKind = SecureLink['kind'];

/** How long a link lasts unless its issuer says otherwise: 30 days. */
export const DEFAULT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The most uses a link keeps in its log (the latest). */
export const MAX_LOGGED_USES = 100;

/** What a link opens and for whom: the fields `issueLink` stores besides the token. */
export interface LinkIssue {
  clientId: number;
  kind: LinkKind;
  projectId: number;
  formArea?: string;
  formId?: number;
  entryNumber?: number;
  packageId?: number;
  folder?: string;
  recipientName?: string;
  recipientEmail?: string;
  recipientOrganisation?: string;
  contactId?: number;
  organisationId?: number;
  /** Default: now + DEFAULT_LINK_TTL_MS. */
  expiresAt?: string;
  /** Default: true for a reply (rfi, cvi, submittal, daywork, packages), false for a public form or a folder. */
  oneTime?: boolean;
  /** Who issued it (the audit fields). */
  createdById?: number;
  createdBy?: string;
}

/** Why a token is refused, or 'valid'. */
export type LinkState = 'valid' | 'unknown' | 'expired' | 'used' | 'revoked' | 'mismatch';

/** What a route names, which a link must match (each field given is compared; kinds: any of them). */
export interface LinkExpectation {
  clientId?: number;
  kind?: LinkKind | readonly LinkKind[];
  projectId?: number;
  formArea?: string;
  formId?: number;
  entryNumber?: number;
  packageId?: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 (hex) of a token: what the store keeps. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function links(store: Store) {
  return store.collection<SecureLink & { [key: string]: unknown }>('secureLinks');
}

/**
 * Issues a link: a new random token, of which only the hash is stored.
 * @returns the token (to put in the URL; never stored) and the stored link
 */
export async function issueLink(
  store: Store,
  issue: LinkIssue,
  now: Date = new Date(),
): Promise<{ token: string; link: SecureLink }> {
  const token = randomBytes(32).toString('base64url');
  const reply = issue.kind !== 'public-form' && issue.kind !== 'shared-folder';
  const { oneTime, expiresAt, ...fields } = issue;
  const link: SecureLink = {
    ...fields,
    id: await nextSequence(store, 'secureLinks'),
    tokenHash: tokenHash(token),
    expiresAt: expiresAt ?? new Date(now.getTime() + DEFAULT_LINK_TTL_MS).toISOString(),
    oneTime: oneTime ?? reply,
    uses: [],
    created: now.toISOString(),
    modified: now.toISOString(),
  };
  await links(store).insertOne({ ...link });
  return { token, link };
}

/** The stored link of `token` (null for a malformed or unknown token). */
export async function findLink(store: Store, token: string): Promise<SecureLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const found = await links(store).findOne({ tokenHash: tokenHash(token) }, { projection: { _id: 0 } });
  return (found as SecureLink | null) ?? null;
}

/** Whether `link` may be used now for what `expected` names (see the module comment for the answers). */
export function linkState(link: SecureLink | null, expected: LinkExpectation, now: Date = new Date()): LinkState {
  if (!link) return 'unknown';
  if (expected.clientId !== undefined && link.clientId !== expected.clientId) return 'unknown';
  if (link.revokedAt) return 'revoked';
  if (Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  if (link.oneTime && link.usedAt) return 'used';
  const kinds = expected.kind === undefined ? undefined : ([] as LinkKind[]).concat(expected.kind);
  if (kinds && !kinds.includes(link.kind)) return 'mismatch';
  for (const field of ['projectId', 'formArea', 'formId', 'entryNumber', 'packageId'] as const)
    if (expected[field] !== undefined && link[field] !== expected[field]) return 'mismatch';
  return 'valid';
}

/**
 * Checks `token` against what the route names and logs the use when it is valid.
 * @returns the state, and the link when valid
 */
export async function checkLink(
  store: Store,
  token: string,
  expected: LinkExpectation,
  use: { address: string; action: string },
  now: Date = new Date(),
): Promise<{ state: LinkState; link: SecureLink | null }> {
  const link = await findLink(store, token);
  const state = linkState(link, expected, now);
  if (state === 'valid' && link) await logUse(store, link, use, now);
  return { state, link: state === 'valid' ? link : null };
}

/** Adds a use to the link's log (the latest MAX_LOGGED_USES kept). */
export async function logUse(
  store: Store,
  link: Pick<SecureLink, 'id' | 'clientId'>,
  use: { address: string; action: string },
  now: Date = new Date(),
): Promise<void> {
  const entry = { at: now.toISOString(), address: use.address.slice(0, 100), action: use.action.slice(0, 40) };
  const stored = await links(store).findOne({ clientId: link.clientId, id: link.id });
  if (!stored) return;
  const uses = [...(stored.uses ?? []), entry].slice(-MAX_LOGGED_USES);
  await links(store).updateOne({ clientId: link.clientId, id: link.id }, { $set: { uses } });
}

/**
 * Uses a one-time link up (its reply was saved): only the first of concurrent claims wins. A link that is not
 * one-time is never used up. Call it inside the transaction that saves what the link was for.
 * @returns true when this call used it up (or the link is not one-time), false when it was used already
 */
export async function claimLink(
  store: Store,
  link: Pick<SecureLink, 'id' | 'clientId' | 'oneTime'>,
  now: Date = new Date(),
): Promise<boolean> {
  if (!link.oneTime) return true;
  const claimed = await links(store).updateOne(
    { clientId: link.clientId, id: link.id, usedAt: { $exists: false } },
    { $set: { usedAt: now.toISOString(), modified: now.toISOString() } },
  );
  return claimed.modifiedCount === 1;
}

/** Revokes a link of the client: its token stops working at once. @returns false when there is no such link. */
export async function revokeLink(store: Store, clientId: number, id: number, now: Date = new Date()): Promise<boolean> {
  const revoked = await links(store).updateOne(
    { clientId, id, revokedAt: { $exists: false } },
    { $set: { revokedAt: now.toISOString(), modified: now.toISOString() } },
  );
  return revoked.matchedCount === 1;
}
