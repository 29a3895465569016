/**
 * The typed API client of the runtime: one function per kind of call, built on the operation
 * catalogue (engine/api/operations.ts), of which it reads only each operation's method and path
 * (engine/api/operation-routes.ts). Requests go to the same origin with the session cookie. Its own text is
 * the first page's (../plain/messages); the catalogue loads only for an error that names a message without its text.
 */
import { resolveOperation } from '../../engine/api/operation-routes';
import type { OperationName } from '../../engine/api/operations';
import type { MessageId } from '../../engine/messages/catalogue';
import { plainMessage } from '../plain/messages';
import { takeFirstAnswer } from './first-answers';

/** One field-level problem the API reported (docs/api.md "Errors"). */
export interface ApiErrorDetail {
  path: string;
  messageId: string;
  message: string;
}

/**
 * A failed call: the HTTP status (0 when the network failed), the catalogue message id and its text.
 * When the answer carries no readable error, messageId is 'common.serverError' and the message is
 * 'Server error, please refresh and try again' (shell-access-navigation.md §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messageId: string;
  readonly details: ApiErrorDetail[];
  /** The answer's JSON body, when it had one (e.g. the external form refusal's `type`). */
  readonly answer?: Record<string, unknown>;

  constructor(
    status: number,
    messageId: string,
    text: string,
    details: ApiErrorDetail[] = [],
    answer?: Record<string, unknown>,
  ) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.messageId = messageId;
    this.details = details;
    this.answer = answer;
  }
}

/**
 * The file calls of the form runtime's widgets (upload, list, delete) and the file URLs they show, routed through a
 * secure link's token while the external form page is open (issue 25; api/operations/named/external.ts): the page
 * has no session, and a link reaches only its own folder. null: the signed-in calls.
 */
let externalToken: string | null = null;

const EXTERNAL_FILE_CALLS: Partial<Record<OperationName, OperationName>> = {
  'files.upload': 'external.upload',
  'files.list': 'external.files',
  'files.delete': 'external.deleteFile',
};

/** Routes the file calls through `token` (the external form page), or back to the session's calls (null). */
export function routeFileCallsThrough(token: string | null): void {
  externalToken = token;
}

/**
 * The offline router (issue 26; contract-26 §4; runtime/offline/router.ts): while the offline pages of a project are
 * open, the operations it handles are answered on the device (the project's bundle, the local entries and files, the
 * outbox), and a local file's URL is an object URL. Installed by the offline layout with `routeCallsOffline`.
 */
export interface OfflineRouter {
  /** Whether the router answers this operation (every other goes to the network as usual). */
  handles(name: OperationName): boolean;
  /** The operation's answer as the server would give it; a refusal is thrown as an ApiError. */
  call(name: OperationName, options: CallOptions): Promise<unknown>;
  /** An object URL of a file kept on the device (`<folder>/<name>`), or null when it is not one. */
  fileUrl(path: string): string | null;
}

let offlineRouter: OfflineRouter | null = null;

/**
 * Answers the operations `router` handles on the device (the offline pages; the form creator's preview, whose files
 * stay in memory), or none again (null).
 * @returns the router it replaces, to be put back when this one is done
 */
export function routeCallsOffline(router: OfflineRouter | null): OfflineRouter | null {
  const previous = offlineRouter;
  offlineRouter = router;
  return previous;
}

/** localStorage key of the last signed-in session (runtime/offline/db.ts LastSession): the offline boot's session. */
export const LAST_SESSION_KEY = 'siteforms.offline.lastSession';

/**
 * Keeps what the offline boot needs of an answer given online (contract-26 §3): the session's user (auth.isLoggedIn:
 * a user switch is announced with the window event `siteforms:session`, which the sync runner hears), its client
 * (clients.current), and forgets the session on logout (the offline pages then ask for a login).
 */
function remember(name: OperationName, answer: unknown): void {
  try {
    if (name === 'auth.logout') localStorage.removeItem(LAST_SESSION_KEY);
    if (name !== 'auth.isLoggedIn' && name !== 'clients.current') return;
    const stored = localStorage.getItem(LAST_SESSION_KEY);
    const last = JSON.parse(stored ?? 'null') as Record<string, unknown> | null;
    // Written only when it changed: the session is asked on every navigation, and a write of the same text cost
    // about 10 ms of a register navigation's main thread in Chromium (docs/performance.md "No size read ...").
    const keep = (text: string) => {
      if (text !== stored) localStorage.setItem(LAST_SESSION_KEY, text);
    };
    if (name === 'clients.current') {
      const client = answer as { id?: number } | null;
      if (last && client?.id === last.clientId) keep(JSON.stringify({ ...last, client }));
      return;
    }
    const user = (answer as { user?: { id: number; currentClient: number | null; fullName: string; email: string } })
      .user;
    if (!user || user.currentClient === null) return;
    const same = last?.userId === user.id && last?.clientId === user.currentClient;
    const { id: userId, currentClient: clientId, fullName, email } = user;
    const client = same ? last?.client : undefined;
    keep(JSON.stringify({ userId, clientId, fullName, email, user, client }));
    globalThis.dispatchEvent?.(new Event('siteforms:session'));
  } catch {
    // No storage (a private window's quota): the offline boot has no session, nothing else changes.
  }
}

/** The URL of a stored file's bytes (`file`: `<folder>/<name>`), through the external link when one is routed. */
export function fileUrl(file: string): string {
  const local = offlineRouter?.fileUrl(file);
  if (local) return local;
  return externalToken === null
    ? `/api/files/download?file=${encodeURIComponent(file)}`
    : `/api/external/${encodeURIComponent(externalToken)}/download?file=${encodeURIComponent(file)}`;
}

/**
 * The URL of an image file's thumbnail within `width` × `height` px (no height: by width); the original through an
 * external link (whose calls have no thumbnails).
 */
export function thumbnailUrl(file: string, width: number, height?: number): string {
  const local = offlineRouter?.fileUrl(file);
  if (local) return local;
  const size = height === undefined ? `${width}` : `${width}/${height}`;
  return externalToken === null ? `/api/thumbnail/${size}?file=${encodeURIComponent(file)}` : fileUrl(file);
}

/** Options of one call: `params` fill the path, `query` the query string, `body` is sent as JSON (a FormData as multipart). */
export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (sent while it is being left). */
  keepalive?: boolean;
}

function absolute(url: string): string {
  // Browsers resolve relative URLs themselves; the test runner's fetch needs an absolute one.
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(url, origin).toString() : url;
}

function serverError(status: number): ApiError {
  const id: MessageId = 'common.serverError';
  return new ApiError(status, id, plainMessage(id));
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { messageId?: unknown; message?: unknown; details?: unknown };
    if (typeof body.messageId === 'string' && typeof body.message === 'string' && body.message !== '') {
      const details = Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [];
      return new ApiError(response.status, body.messageId, body.message, details, body as Record<string, unknown>);
    }
    if (typeof body.messageId === 'string') {
      const { isMessageId, message } = await import('../../engine/messages/catalogue');
      if (isMessageId(body.messageId)) return new ApiError(response.status, body.messageId, message(body.messageId));
    }
  } catch {
    // Not JSON: fall through to the generic text.
  }
  return serverError(response.status);
}

async function send(called: OperationName, options: CallOptions): Promise<Response> {
  const external = externalToken === null ? undefined : EXTERNAL_FILE_CALLS[called];
  const name = external ?? called;
  const params = external ? { ...options.params, token: externalToken as string } : (options.params ?? {});
  const resolved = resolveOperation(name, params);
  const { method } = resolved;
  const url = options.query ? `${resolved.url}?${new URLSearchParams(options.query).toString()}` : resolved.url;
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal: options.signal,
    headers: {},
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  if (options.body instanceof FormData) {
    // The browser writes the multipart boundary itself.
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  // The first navigation's calls the server answered into the page (./first-answers.ts).
  const answered = init.body === undefined ? takeFirstAnswer(method, url) : undefined;
  if (answered) return answered;
  let response: Response;
  try {
    response = await fetch(absolute(url), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw serverError(0);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls an operation and reads its JSON answer.
 * @returns the parsed answer, or undefined for 204 and empty answers
 * @throws ApiError for a non-2xx answer or a network failure
 */
export async function callOperation<T>(name: OperationName, options: CallOptions = {}): Promise<T> {
  if (offlineRouter?.handles(name)) return (await offlineRouter.call(name, options)) as T;
  let response: Response;
  try {
    response = await send(name, options);
  } catch (error) {
    // No network under the offline pages (or /qa/access): the session is the last signed-in one (contract-26 §4).
    // A session the server has ended keeps the offline pages open too (issue 26 §6: a lost session pauses, never
    // deletes): they read only the device, the sync runner pauses on its 401 and the banner offers 'Log in to
    // sync'. /qa/access re-checks the session for real (lost: the login page). A logout forgets the last session.
    const path = globalThis.location?.pathname ?? '';
    const offlinePage = /^\/(offline|qa\/access)(\/|$)/.test(path);
    const lostOnOfflinePage = error instanceof ApiError && error.status === 401 && /^\/offline(\/|$)/.test(path);
    if (error instanceof ApiError && ((error.status === 0 && offlinePage) || lostOnOfflinePage)) {
      const { offlineSessionAnswer } = await import('../offline/session');
      const answer = offlineSessionAnswer(name);
      if (answer !== null) return answer as T;
    }
    throw error;
  }
  let answer: T = undefined as T;
  const text = response.status === 204 ? '' : await response.text();
  try {
    if (text !== '') answer = JSON.parse(text) as T;
  } catch {
    throw serverError(response.status);
  }
  remember(name, answer);
  return answer;
}

/**
 * Calls an operation whose answer is text (the section guards' 'edit'/'view', the public form guard's
 * 'true'), shell-access-navigation.md §7.
 * @throws ApiError for a non-2xx answer or a network failure
 */
export async function callOperationText(name: OperationName, options: CallOptions = {}): Promise<string> {
  if (offlineRouter?.handles(name)) return String(await offlineRouter.call(name, options));
  return (await send(name, options)).text();
}

/**
 * Calls an operation whose answer is text, with the answer's headers (e.g. the QR image and its scan URL in
 * X-Scan-Url).
 * @throws ApiError for a non-2xx answer or a network failure
 */
export async function callOperationWithHeaders(
  name: OperationName,
  options: CallOptions = {},
): Promise<{ text: string; headers: Headers }> {
  const response = await send(name, options);
  return { text: await response.text(), headers: response.headers };
}

/** A downloaded file: its content and the name from Content-Disposition (or `fallbackName`). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Reads the file name of a Content-Disposition header: `filename*=UTF-8''...` (RFC 5987) first,
 * then `filename="..."`; null when neither is present.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Badly encoded: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]).trim();
}

/**
 * Calls an operation whose answer is a file (e.g. 'entries.download'); `onProgress` hears the bytes received
 * so far as they arrive.
 * @throws ApiError for a non-2xx answer or a network failure
 */
export async function downloadOperation(
  name: OperationName,
  options: CallOptions = {},
  fallbackName = 'download',
  onProgress?: (bytes: number) => void,
): Promise<DownloadedFile> {
  const response = await send(name, options);
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  if (!onProgress || !response.body) return { blob: await response.blob(), fileName };
  // Read piece by piece, telling the bytes received so far (a streamed export has no length to show a share of).
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(parts as BlobPart[], { type }), fileName };
}

/** Offers a file to the user through a temporary `<a download>` link. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text to show for any thrown value: an ApiError's message, else the generic server error. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : plainMessage('common.serverError');
}
