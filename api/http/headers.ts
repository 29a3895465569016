import type { Context } from 'hono';

/**
 * Sets a header on the answer a later middleware or handler has already made (`c.res`), in place.
 * Hono's `c.header` on a finished answer builds a new Response around the old one's body stream, and
 * @hono/node-server then writes it through that stream instead of from the string it holds: seven of them
 * per request (the security headers and Cache-Control) cost more than the rest of a small read (issue
 * "Performance at scale" §4). Headers that cannot be changed in place (an immutable Response) go through
 * `c.header`.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
