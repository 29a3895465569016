/**
 * A page comes with its first answers (issue 21 "Speed", docs/decisions.md "A page comes with its first answers"):
 * the app shell sent for a path carries the answers to the calls its first navigation makes
 * (engine/rules/first-calls.ts: the session's, the route loaders', the section guard's), asked of the app itself
 * with the request's cookie while the page is being sent. The browser's API client takes them instead of asking
 * (runtime/api/first-answers.ts), so the page renders without a round trip after its code has run: on a site's
 * mobile network that round trip is most of the wait.
 *
 * The answers go through the whole app (security, session, tenant scoping, validation) exactly as the browser's own
 * calls would: a visitor without a session gets none (each call answers 401, and only 2xx answers are written). The
 * page is `Cache-Control: no-store`, as it was.
 *
 * The page is streamed: the head (the scripts to fetch) leaves at once, the answers and the end of the body when
 * they are ready; module scripts run only once the document is parsed, so they find the answers in place.
 */
import type { Context } from 'hono';
import { resolveOperation } from '../../engine/api/operation-routes';
import { firstCalls } from '../../engine/rules/first-calls';
import type { RouteTable } from '../../engine/types/generated/screen-documents';
import { SESSION_COOKIE } from '../auth/sessions';
import { requestCookie } from './cookie';

/** Answers larger than this (bytes of text) are left for the browser to ask: the page is not held up by one. */
export const FIRST_ANSWER_MAX_BYTES = 1024 * 1024;

/** The element's id (runtime/api/first-answers.ts FIRST_ANSWERS_ID). */
const ELEMENT_ID = 'first-answers';

/** Something that answers a request as the app does (the Hono app's `request`). */
export type AppRequest = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * The answers to the first calls of `pathname` for the holder of `cookie`, as the page's JSON element (empty when
 * none answered 2xx). Never throws: a call that fails is left out, for the browser to ask.
 */
export async function firstAnswersElement(
  request: AppRequest,
  table: RouteTable,
  pathname: string,
  cookie: string,
): Promise<string> {
  const answers: Record<string, { status: number; type: string; body: string }> = {};
  await Promise.all(
    firstCalls(table, pathname).map(async ({ operation, params }) => {
      try {
        const { method, url } = resolveOperation(operation, params);
        const answer = await request(url, { method, headers: { cookie } });
        if (answer.status < 200 || answer.status > 299) return;
        const body = await answer.text();
        if (body.length > FIRST_ANSWER_MAX_BYTES) return;
        answers[`${method} ${url}`] = { status: answer.status, type: answer.headers.get('Content-Type') ?? '', body };
      } catch {
        // Left for the browser to ask (a parameter the path lacks, a failing handler).
      }
    }),
  );
  if (Object.keys(answers).length === 0) return '';
  // `<` escaped, so no text in an answer can end the element (`</script>`) or open a comment.
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/**
 * The app shell `html` for the page `c` asks for, streamed: all of it up to `</body>` at once, then the first answers
 * (when the request carries a session cookie) and the rest.
 */
export function shellWithFirstAnswers(
  c: Context,
  html: string,
  request: AppRequest,
  table: RouteTable,
  headers: Record<string, string>,
): Response {
  const cookie = c.req.header('cookie');
  const at = html.lastIndexOf('</body>');
  if (!cookie || requestCookie(c, SESSION_COOKIE) === undefined || at < 0) return c.html(html, 200, headers);
  const encoder = new TextEncoder();
  const answers = firstAnswersElement(request, table, c.req.path, cookie);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(html.slice(0, at)));
      controller.enqueue(encoder.encode((await answers) + html.slice(at)));
      controller.close();
    },
  });
  return c.body(body, 200, { ...headers, 'Content-Type': 'text/html; charset=UTF-8' });
}
