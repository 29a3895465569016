/**
 * Finished JSON answers (issue "Performance at scale" §4; docs/security.md): a catalogue operation's JSON
 * answer under COMPRESS_THRESHOLD_BYTES leaves its handler with every header it will carry, the security headers
 * and `Cache-Control: no-store` included, as a plain object. The middlewares after the handler (security,
 * Cache-Control, compression) leave it as it is, and @hono/node-server writes it with one `writeHead` from that
 * object: a small read no longer builds a web Headers object, validates each header twice and sorts them.
 */

/** JSON answers smaller than this go uncompressed (docs/decisions.md "Small answers go uncompressed"). */
export const COMPRESS_THRESHOLD_BYTES = 8 * 1024;

/** The security headers of every answer besides the Content-Security-Policy (api/middleware/security.ts). */
export const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/**
 * The Content-Security-Policy of the API's JSON answers: a JSON document loads nothing and may be framed by
 * nobody (OWASP's REST Security Cheat Sheet). Pages get the nonce policy (contentSecurityPolicy).
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The mark of a finished answer: a property of the Response itself (a WeakSet of every answer cost the garbage
 * collector more than the answers: its entries are ephemerons, traced in every young-generation collection).
 */
const FINISHED = Symbol('finished answer');

/** The headers of a finished JSON answer, but its length. */
const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': JSON_CSP,
  ...Object.fromEntries(FIXED_HEADERS),
};

/**
 * A finished answer (status 200) of `json`, the JSON text of an answer: Content-Type and Content-Length, no-store,
 * and the security headers. Only for answers under COMPRESS_THRESHOLD_BYTES (they go uncompressed anyway) whose
 * handler set no header of its own (a cookie): those are made through the context.
 */
export function finishedJson(json: string, byteLength = Buffer.byteLength(json)): Response {
  const answer = new Response(json, {
    status: 200,
    headers: { ...JSON_HEADERS, 'Content-Length': String(byteLength) },
  });
  (answer as Response & { [FINISHED]?: true })[FINISHED] = true;
  return answer;
}

/** True for an answer made by finishedJson: it carries every header already, and goes as it is. */
export function isFinished(answer: Response): boolean {
  return (answer as Response & { [FINISHED]?: true })[FINISHED] === true;
}
