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
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Context } from 'hono';
import { resolveOperation } from '../../engine/api/operation-routes';
import { firstCalls, rendersFirstScreen } from '../../engine/rules/first-calls';
import { type Viewport, viewportFor, viewportText } from '../../engine/rules/first-viewport';
import type { RouteTable } from '../../engine/types/generated/screen-documents';
import { SESSION_COOKIE } from '../auth/sessions';
import { requestCookie } from './cookie';

/** Answers larger than this (bytes of text) are left for the browser to ask: the page is not held up by one. */
export const FIRST_ANSWER_MAX_BYTES = 1024 * 1024;

/** The element's id (runtime/api/first-answers.ts FIRST_ANSWERS_ID). */
const ELEMENT_ID = 'first-answers';

/** Something that answers a request as the app does (the Hono app's `request`). */
export type AppRequest = (url: string, init: RequestInit) => Response | Promise<Response>;

/** One answer as the page carries it (runtime/api/first-answers.ts FirstAnswer). */
export interface FirstAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * The answers to the first calls of `pathname` for the holder of `cookie`, keyed `"<METHOD> <url>"` (2xx answers
 * only; empty when none answered so). Never throws: a call that fails is left out, for the browser to ask.
 */
export async function firstAnswers(
  request: AppRequest,
  table: RouteTable,
  pathname: string,
  cookie: string,
): Promise<Record<string, FirstAnswer>> {
  const answers: Record<string, FirstAnswer> = {};
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
  return answers;
}

/** `answers` as the page's JSON element; '' for none. */
export function answersElement(answers: Readonly<Record<string, FirstAnswer>>): string {
  if (Object.keys(answers).length === 0) return '';
  // `<` escaped, so no text in an answer can end the element (`</script>`) or open a comment.
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/** The answers to the first calls of `pathname` for the holder of `cookie`, as the page's JSON element. */
export async function firstAnswersElement(
  request: AppRequest,
  table: RouteTable,
  pathname: string,
  cookie: string,
): Promise<string> {
  return answersElement(await firstAnswers(request, table, pathname, cookie));
}

/** A page's first screen as the server draws it (runtime/server/render.tsx FirstScreen). */
export interface FirstScreen {
  /** A <style> element, put before #root. */
  styles: string;
  /** The markup inside #root. */
  html: string;
}

/**
 * Draws a page's first screen from its first answers (runtime/server/render.tsx renderFirstScreen), or undefined when
 * it cannot.
 */
export type FirstScreenRenderer = (
  url: string,
  answers: Readonly<Record<string, FirstAnswer>>,
  nonce: string,
  viewport: Viewport,
) => Promise<FirstScreen | undefined>;

/**
 * The attribute of #root when it holds the server's first screen, its value the window it was drawn for (`390x844`;
 * inert until the app has hydrated it; runtime/api/first-answers.ts FIRST_SCREEN_ATTRIBUTE).
 */
const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** Where the page's #root opens in index.html. */
const ROOT_OPENS = '<div id="root">';

/**
 * The app shell `html` for the page `c` asks for, streamed: all of it up to #root (or `</body>`) at once, then the
 * first answers (when the request carries a session cookie) and the rest. With `renderScreen`, a path that
 * {@link rendersFirstScreen} (a form page to fill in) also gets its first screen inside #root, drawn from the same
 * answers on the server; a page it cannot draw is sent as before.
 */
export function shellWithFirstAnswers(
  c: Context,
  html: string,
  request: AppRequest,
  table: RouteTable,
  headers: Record<string, string>,
  renderScreen?: { render: FirstScreenRenderer; nonce: string },
): Response {
  const cookie = c.req.header('cookie');
  const end = html.lastIndexOf('</body>');
  if (!cookie || requestCookie(c, SESSION_COOKIE) === undefined || end < 0) return c.html(html, 200, headers);
  const rootAt = html.indexOf(ROOT_OPENS);
  const screen = renderScreen && rootAt >= 0 && rendersFirstScreen(table, c.req.path) ? renderScreen : undefined;
  // With a first screen, the head goes first and #root after it; without, all of it up to </body>.
  const at = screen ? rootAt : end;
  const url = c.req.url;
  // The window the screen is drawn for: a phone's or a desktop's, as the request says (the browser hydrates for it).
  const viewport = viewportFor({ mobileHint: c.req.header('sec-ch-ua-mobile'), userAgent: c.req.header('user-agent') });
  const encoding = pageEncoding(c.req.header('accept-encoding'));
  const body = streamOf(async (send) => {
    await send(html.slice(0, at));
    // The head goes out before the answers are asked: their work (and the first screen's render) would otherwise
    // run before the server's next turn to write, and the head left with the rest (the scripts asked for ~40 ms late).
    await new Promise((resolve) => setImmediate(resolve));
    const given = await firstAnswers(request, table, c.req.path, cookie);
    if (screen) {
      const drawn = Object.keys(given).length > 0 ? await screen.render(url, given, screen.nonce, viewport) : undefined;
      const root = drawn
        ? `${drawn.styles}<div id="root" ${FIRST_SCREEN_ATTRIBUTE}="${viewportText(viewport)}" inert>${drawn.html}`
        : ROOT_OPENS;
      await send(root + html.slice(at + ROOT_OPENS.length, end) + answersElement(given) + html.slice(end));
    } else await send(answersElement(given) + html.slice(end));
  }, encoding);
  const encoded: Record<string, string> = encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {};
  return c.body(body, 200, { ...headers, ...encoded, 'Content-Type': 'text/html; charset=UTF-8' });
}

/** The encoding of a streamed page for an Accept-Encoding header: brotli, else gzip, else none. */
export function pageEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q\s*=\s*/i))
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name.toLowerCase()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A byte stream of the texts `write` sends, each sent on at once (compressed with `encoding` and flushed: the page's
 * head must reach the browser before the answers are ready, so that its scripts load meanwhile). Brotli at quality 5
 * (a page is compressed as it is asked for, so speed counts; the build's own files are brotli 11).
 */
function streamOf(
  write: (send: (text: string) => Promise<void>) => Promise<void>,
  encoding: 'br' | 'gzip' | undefined,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // The browser may leave before the end (a navigation, a closed tab): what is left is dropped, never written.
  let cancelled = false;
  let zip: ReturnType<typeof createGzip> | ReturnType<typeof createBrotliCompress> | undefined;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const enqueue = (bytes: Uint8Array) => {
        if (!cancelled) controller.enqueue(bytes);
      };
      try {
        if (!encoding) {
          await write(async (text) => enqueue(encoder.encode(text)));
          if (!cancelled) controller.close();
          return;
        }
        const compressor =
          encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
        zip = compressor;
        compressor.on('data', (chunk: Buffer) => enqueue(new Uint8Array(chunk)));
        const ended = new Promise<void>((resolve, reject) => {
          compressor.on('end', resolve);
          compressor.on('error', reject);
          compressor.on('close', resolve);
        });
        // Settled whatever happens, so a failure before the end is never an unhandled rejection.
        ended.catch(() => undefined);
        await write(
          (text) =>
            new Promise<void>((resolve) => {
              if (cancelled) return resolve();
              compressor.once('close', resolve);
              compressor.write(text);
              compressor.flush(() => {
                compressor.off('close', resolve);
                resolve();
              });
            }),
        );
        compressor.end();
        await ended;
        if (!cancelled) controller.close();
      } catch (error) {
        if (!cancelled) controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
      zip?.destroy();
    },
  });
}
