/**
 * The answers the server sent inside the page (api/http/first-answers.ts): the calls of the first navigation
 * (engine/rules/first-calls.ts), answered while the page was being sent, so that they need no round trip once the
 * page's code has run (issue 21 "Speed", docs/decisions.md "A page comes with its first answers").
 *
 * The page holds them as JSON in `<script type="application/json" id="first-answers">`: an object of
 * `"<METHOD> <url>"` (the operation's resolved path, engine/api/operation-routes.ts) to `{ status, type, body }` (the
 * answer's status, Content-Type and text). Each is taken once; all are dropped when the first navigation has settled
 * (runtime/main.tsx), so a later call (after a client switch, a save) always asks the server.
 */

/** One answer as the page holds it. */
export interface FirstAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * The attribute of the first screen the server draws inside #root on a form page (runtime/server/render.tsx); the
 * app renders in its place once its first navigation has settled (runtime/main.tsx).
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** The id of the page's element holding the answers. */
export const FIRST_ANSWERS_ID = 'first-answers';

let answers: Map<string, FirstAnswer> | undefined;

/** On the server (runtime/entry-server.tsx): where the answers of the page being rendered are. */
let serverAnswers: (() => Map<string, FirstAnswer> | undefined) | undefined;

/** Sets where {@link takeFirstAnswer} finds the answers when the page is rendered on the server. */
export function serveFirstAnswersFrom(source: () => Map<string, FirstAnswer> | undefined): void {
  serverAnswers = source;
}

function read(): Map<string, FirstAnswer> {
  if (serverAnswers) return serverAnswers() ?? new Map();
  if (answers) return answers;
  answers = new Map();
  const element = globalThis.document?.getElementById(FIRST_ANSWERS_ID);
  if (!element) return answers;
  try {
    const parsed = JSON.parse(element.textContent ?? '{}') as Record<string, FirstAnswer>;
    for (const [key, answer] of Object.entries(parsed))
      if (typeof answer?.status === 'number' && typeof answer.body === 'string') answers.set(key, answer);
  } catch {
    // A page without valid answers asks the server, as any page does.
  }
  element.remove();
  return answers;
}

/**
 * The page's answer to the bodiless call `method url`, as a Response, once; undefined when the page has none (or it
 * was taken, or the first navigation has settled).
 */
export function takeFirstAnswer(method: string, url: string): Response | undefined {
  const key = `${method} ${url}`;
  const all = read();
  const answer = all.get(key);
  if (!answer) return undefined;
  all.delete(key);
  return new Response(answer.status === 204 ? null : answer.body, {
    status: answer.status,
    headers: { 'Content-Type': answer.type },
  });
}

/** Drops the answers not taken (the first navigation has settled: anything asked later asks the server). */
export function dropFirstAnswers(): void {
  read().clear();
}
