/**
 * The offline module's own requests (contract-26 §2): the bundle, the batch of commands and the QA offline list go
 * through one `fetch` that tests may replace (`setOfflineFetch`: the API harness's app, or a fake following the
 * contract), never through the offline router (which answers the pages' calls on the device).
 */
import { isMessageId, type MessageId, message } from '../../engine/messages/catalogue';
import { ApiError, type ApiErrorDetail } from '../api/client';

export type OfflineFetch = (url: string, init: RequestInit) => Promise<Response>;

let fetcher: OfflineFetch | null = null;

/** Replaces the fetch of the offline module's requests (tests); null: the page's own fetch. */
export function setOfflineFetch(replacement: OfflineFetch | null): void {
  fetcher = replacement;
}

function absolute(path: string): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

/** Whether the test hook asks every sync request to be sent twice (contract-26 §5). */
export function repeatRequests(): boolean {
  try {
    return localStorage.getItem('siteforms.test.repeatRequests') === '1';
  } catch {
    return false;
  }
}

/**
 * The test hook `siteforms.test.uploadChunkBytes`: the uploader's bytes per PATCH, a whole number from 16,384 to
 * 1 MiB (anything else, or none: undefined, the uploader's default 1 MiB). A photo is at most about 1 MB, one PATCH:
 * with smaller chunks a test can kill a tab between the server's acknowledgements (docs/offline.md "Test hooks").
 */
export function uploadChunkBytes(): number | undefined {
  try {
    const asked = Number(localStorage.getItem('siteforms.test.uploadChunkBytes'));
    return Number.isInteger(asked) && asked >= 16 * 1024 && asked <= 1024 * 1024 ? asked : undefined;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { messageId?: unknown; message?: unknown; details?: unknown };
    if (typeof body.messageId === 'string') {
      const text =
        typeof body.message === 'string' && body.message !== ''
          ? body.message
          : isMessageId(body.messageId)
            ? message(body.messageId)
            : message('common.serverError');
      const details = Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [];
      return new ApiError(response.status, body.messageId, text, details, body as Record<string, unknown>);
    }
  } catch {
    // Not JSON: the generic text.
  }
  const id: MessageId = response.status === 401 ? 'auth.notLoggedIn' : 'common.serverError';
  return new ApiError(response.status, id, message(id));
}

/** One request's answer: its status, headers and parsed JSON body (undefined when empty). */
export interface OfflineAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Sends one request to the API (same origin, with the session cookie); with `repeat`, sends it twice and keeps the
 * second answer (the test hook: the server must apply nothing twice).
 * @throws ApiError: status 0 for a network failure, else the server's refusal (any status >= 400)
 */
export async function request<T>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    repeat?: boolean;
    /** Gives up after this many ms (a connection that says it is up and carries nothing must not hold a round). */
    timeoutMs?: number;
  } = {},
): Promise<OfflineAnswer<T>> {
  const timeout =
    options.timeoutMs !== undefined && typeof AbortSignal.timeout === 'function'
      ? AbortSignal.timeout(options.timeoutMs)
      : undefined;
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal: options.signal ?? timeout,
    headers: { ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  const send = fetcher ?? ((url: string, i: RequestInit) => fetch(url, i));
  let response: Response | undefined;
  for (let time = 0; time < (options.repeat ? 2 : 1); time += 1) {
    try {
      response = await send(absolute(path), init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // A network failure, or the time-out: both are "no connection" (status 0), tried again later.
      throw new ApiError(0, 'common.serverError', message('common.serverError'));
    }
    // The first of a repeated pair is read and dropped (its body must not be left unread).
    if (options.repeat && time === 0) await response.arrayBuffer().catch(() => undefined);
  }
  const answer = response as Response;
  if (answer.status >= 400) throw await toApiError(answer);
  const text = answer.status === 204 || answer.status === 304 ? '' : await answer.text();
  let body: T = undefined as T;
  if (text !== '') {
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new ApiError(answer.status, 'common.serverError', message('common.serverError'));
    }
  }
  return { status: answer.status, headers: answer.headers, body };
}
