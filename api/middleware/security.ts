/**
 * The security middleware of every answer, API and front end alike (DESIGN.md "api/": security headers
 * first in the pipeline; docs/security.md):
 * - Content-Security-Policy without inline scripts and without 'unsafe-eval': scripts from the site only
 *   (the browser validates forms and conditions with an interpreting validator,
 *   engine/validation/interpreted.ts, that generates no code); styles
 *   from the site plus MUI's emotion <style> elements, which carry the per-request nonce (the server
 *   writes it into index.html, runtime/main.tsx hands it to emotion); frame-ancestors 'none'. Swagger UI
 *   (/api/docs) gets 'unsafe-inline' styles, which it needs, on that path only. The API's JSON answers get
 *   JSON_CSP instead (`default-src 'none'; frame-ancestors 'none'`: a JSON document loads nothing), with no
 *   nonce drawn for them (api/http/answer.ts).
 * - X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY,
 *   Cross-Origin-Opener-Policy same-origin, Permissions-Policy turning off camera, microphone, geolocation.
 * - API answers: Cache-Control no-store unless the answer sets its own.
 * - Writes carrying the session cookie (POST, PUT, PATCH, DELETE): a body must be application/json
 *   (or multipart/form-data on an upload path of the catalogue, or a tus chunk's application/offset+octet-stream
 *   in a PATCH of an offline upload's path, issue 26; 415 otherwise), and the request must come from this site: an Origin naming another host, or
 *   Sec-Fetch-Site cross-site/same-site, is refused 403 (a cross-site request forgery defence on top of
 *   the SameSite=Lax cookie). Requests with neither header (non-browser clients) pass.
 * - With TRUST_PROXY, the host and scheme come from X-Forwarded-Host/-Proto (a TLS-terminating proxy):
 *   the session cookie is then Secure (sessionCookieSecure).
 */
import { randomFillSync } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../engine/errors';
import { SESSION_COOKIE } from '../auth/sessions';
import { FIXED_HEADERS, isFinished, JSON_CSP } from '../http/answer';
import { requestCookie } from '../http/cookie';
import type { ApiEnv } from '../http/env';
import { setAnswerHeader } from '../http/headers';

export interface SecurityOptions {
  /** Trust X-Forwarded-Proto and X-Forwarded-Host (the app runs behind a TLS-terminating proxy). */
  trustProxy?: boolean;
  /** Paths whose writes are uploads: multipart/form-data is admitted there (the catalogue's `upload`). */
  uploadPaths?: { has(path: string): boolean };
  /** Paths whose PATCH carries a tus chunk: application/offset+octet-stream is admitted there (api/offline/uploads.ts). */
  streamPaths?: { has(path: string): boolean };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Random bytes drawn ahead for the nonces, 16 per answer (one call to the system's generator per 256 answers). */
const noncePool = Buffer.alloc(16 * 256);
let nonceUsed = noncePool.length;

/** A fresh CSP nonce: 16 random bytes, base64 (24 characters). */
function newNonce(): string {
  if (nonceUsed === noncePool.length) {
    randomFillSync(noncePool);
    nonceUsed = 0;
  }
  const nonce = noncePool.toString('base64', nonceUsed, nonceUsed + 16);
  nonceUsed += 16;
  return nonce;
}

/** The Content-Security-Policy of an answer. */
export function contentSecurityPolicy(nonce: string, path: string): string {
  const docs = path === '/api/docs' || path.startsWith('/api/docs/');
  return [
    "default-src 'self'",
    "script-src 'self'",
    docs ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function first(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

/** The host the browser addressed: Host, or X-Forwarded-Host behind a trusted proxy. */
export function requestHost(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? first(c.req.header('x-forwarded-host')) : undefined;
  return (forwarded ?? c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
}

/** True when the session cookie must be Secure: HTTPS, directly or (TRUST_PROXY) at the proxy. */
export function sessionCookieSecure(c: Context<ApiEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.get('trustProxy') === true && first(c.req.header('x-forwarded-proto'))?.toLowerCase() === 'https';
}

/**
 * The caller's address, for the login limiter: the first X-Forwarded-For entry behind a trusted proxy
 * (TRUST_PROXY), else the socket's remote address (Node server); undefined in-process (tests, MSW).
 */
export function clientAddress(c: Context<ApiEnv>): string | undefined {
  if (c.get('trustProxy') === true) {
    const forwarded = first(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** HTTP/1.1: a request has a body when it says Content-Length (above 0) or Transfer-Encoding. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
}

/** This answer's CSP nonce (`cspNonce`), drawn when first asked for. */
function nonceOf(c: Context<ApiEnv>): string {
  let nonce = c.get('cspNonce');
  if (nonce === undefined) {
    nonce = newNonce();
    c.set('cspNonce', nonce);
  }
  return nonce;
}

/** The security headers of an answer under `csp`. */
function securityHeaders(csp: string): ReadonlyArray<readonly [string, string]> {
  return [['Content-Security-Policy', csp], ...FIXED_HEADERS];
}

/** The middleware; see the module comment. */
export function security(options: SecurityOptions = {}): MiddlewareHandler<ApiEnv> {
  const trustProxy = options.trustProxy === true;
  const uploadPaths = options.uploadPaths ?? new Set<string>();
  const streamPaths = options.streamPaths ?? new Set<string>();
  return async (c, next) => {
    c.set('trustProxy', trustProxy);
    const api = c.req.path.startsWith('/api/');
    // A page's headers are set before it is made, so that an answer made through the context carries them from
    // the start. The API's are set after its answer, in place (api/http/headers.ts), unless the answer is
    // finished (api/http/answer.ts): it carries them already, and no nonce is drawn for it.
    const pageHeaders = api ? null : securityHeaders(contentSecurityPolicy(nonceOf(c), c.req.path));
    if (pageHeaders) for (const [name, value] of pageHeaders) c.header(name, value);
    const setHeaders = () => {
      if (isFinished(c.res)) return;
      const answer = c.res.headers;
      // An API answer of JSON (or of nothing yet: the error of a check above, answered in JSON) gets JSON_CSP.
      const type = answer.get('Content-Type');
      const headers =
        pageHeaders ??
        securityHeaders(
          type === null || type.startsWith('application/json')
            ? JSON_CSP
            : contentSecurityPolicy(nonceOf(c), c.req.path),
        );
      for (const [name, value] of headers) if (answer.get(name) !== value) setAnswerHeader(c, name, value);
      // API answers are never cached unless they say otherwise (a file's own Cache-Control).
      if (api && !answer.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
    };
    try {
      if (WRITES.has(c.req.method) && requestCookie(c, SESSION_COOKIE)) {
        const origin = c.req.header('origin');
        const site = c.req.header('sec-fetch-site');
        if (origin !== undefined) {
          let host = '';
          try {
            host = new URL(origin).host.toLowerCase();
          } catch {
            host = '';
          }
          if (host !== requestHost(c, trustProxy)) throw new AppError(403, 'security.crossSite');
        } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
          throw new AppError(403, 'security.crossSite');
        }
        const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
        const upload =
          (type === 'multipart/form-data' && uploadPaths.has(c.req.path)) ||
          (type === 'application/offset+octet-stream' && c.req.method === 'PATCH' && streamPaths.has(c.req.path));
        if (hasBody(c) && type !== 'application/json' && !upload)
          throw new AppError(415, 'security.unsupportedMediaType');
      }
      await next();
    } finally {
      setHeaders();
    }
  };
}
