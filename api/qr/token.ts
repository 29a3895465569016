/**
 * QR code scan tokens (issue "Form configuration" §3, docs/decisions.md "QR codes"): the scan URL
 * `{origin}/qr/{token}` carries claims signed with HMAC-SHA256, so a code cannot be edited into another
 * form's, another client's, another setup's or another entry's. The token is `{claims}.{signature}`,
 * both base64url; the claims are JSON { v: 1, c: clientId, f: formId, s: setupId, k: 'create' | 'entry',
 * p: projectId, e?: entryNumber }. Whether the setup still exists and is active is asked at every scan,
 * so a deactivated or removed setup stops its codes at once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env';
import { requestHost, sessionCookieSecure } from '../middleware/security';
import { DuplicateKeyError, type Store } from '../store/port';

/** What a scan token binds. */
export interface ScanClaims {
  /** The client (tenant). */
  c: number;
  /** The form. */
  f: number;
  /** The QR code setup. */
  s: number;
  /** A Create type code (for the form on a project) or an entry's code. */
  k: 'create' | 'entry';
  /** The project. */
  p: number;
  /** The entry's number on the project (k 'entry'). */
  e?: number;
}

const SECRET_NAME = 'qrCodeKey';

/**
 * The signing key: QR_CODE_KEY when configured, else a random 32-byte key generated once and kept in the
 * store's `secrets` (so codes survive restarts and every API instance on one MongoDB agrees).
 */
export async function signingKey(c: Context<ApiEnv>): Promise<Buffer> {
  const configured = c.get('qrCodeKey');
  if (configured) return Buffer.from(configured, 'utf8');
  return storedKey(c.get('store'));
}

const cache = new WeakMap<Store, Buffer>();

async function storedKey(store: Store): Promise<Buffer> {
  const known = cache.get(store);
  if (known) return known;
  const secrets = store.collection<{ name: string; value: string }>('secrets');
  let doc = await secrets.findOne({ name: SECRET_NAME });
  if (!doc) {
    try {
      await secrets.insertOne({ name: SECRET_NAME, value: randomBytes(32).toString('base64') });
    } catch (e) {
      if (!(e instanceof DuplicateKeyError)) throw e; // another request made it first
    }
    doc = await secrets.findOne({ name: SECRET_NAME });
  }
  if (!doc) throw new Error('QR code key missing');
  const key = Buffer.from(doc.value, 'base64');
  cache.set(store, key);
  return key;
}

function mac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** A signed token for `claims`. */
export function signScanToken(claims: ScanClaims, key: Buffer): string {
  const body = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

const TOKEN = /^[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{43}$/;
const positive = (n: unknown) => Number.isInteger(n) && (n as number) > 0;

/** The claims of a token signed with `key`, or null when it is malformed or its signature is not ours. */
export function readScanToken(token: string, key: Buffer): ScanClaims | null {
  if (!TOKEN.test(token)) return null;
  const [body, signature] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { v, c, f, s, k, p, e } = claims;
  if (v !== 1 || !positive(c) || !positive(f) || !positive(s) || !positive(p)) return null;
  if (k !== 'create' && !(k === 'entry' && positive(e))) return null;
  return { c, f, s, k, p, ...(k === 'entry' ? { e } : {}) } as ScanClaims;
}

/** The origin scan URLs start with: PUBLIC_URL, else the request's (forwarded when TRUST_PROXY). */
export function publicOrigin(c: Context<ApiEnv>): string {
  const configured = c.get('publicUrl');
  if (configured) return configured;
  const trust = c.get('trustProxy') === true;
  const host = requestHost(c, trust);
  const proto = sessionCookieSecure(c) ? 'https' : 'http';
  return /^[a-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${proto}://${host}` : new URL(c.req.url).origin;
}

/** The scan URL of a token. */
export function scanUrl(origin: string, token: string): string {
  return `${origin}/qr/${token}`;
}
