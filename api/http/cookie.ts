/**
 * The request's cookie `name` (issue "Performance at scale" §4): read from Node's own request headers when the
 * app runs on @hono/node-server, so that a signed-in read does not build a web Headers object of every request
 * header only to read one; from the web Request otherwise (in-process `app.request()`, MSW). Parsed as Hono's
 * getCookie parses it (hono/utils/cookie). Undefined when the request has no such cookie.
 */
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

export function requestCookie(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
    ?.incoming;
  const header = incoming?.headers ? incoming.headers.cookie : c.req.raw.headers.get('Cookie');
  if (typeof header !== 'string' || header === '') return undefined;
  return parse(header, name)[name];
}
