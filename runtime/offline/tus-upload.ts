/**
 * The device's resumable upload of one file kept offline (issue 26 §4 "Photos upload resumably"; contract-26 §6
 * "Uploader"; docs/offline.md "Files"): tus-js-client against the server's tus endpoint /api/offline/uploads
 * (api/offline/uploads.ts). The sync runner (runtime/offline/sync.ts) calls it for each pending file, keeping the
 * upload URL it is handed (`onUrl`) in the file's row, so a killed tab resumes from the last chunk the server
 * acknowledged (`previousUrl`: a HEAD asks for the offset; an upload the server no longer has starts again, and
 * the server's write of the same path keeps one file).
 *
 * The Blob is read one chunk at a time (1 MiB by default): in a browser each chunk is a slice of the Blob handed
 * to XMLHttpRequest as it is, in Node (tests, benchmarks) the slice's bytes. Retries: after 0, 1, 3 and 5 s for
 * a network failure, a 5xx, a 409 (offset mismatch) or a 423 (locked), the offset asked again each time; the
 * delays start over once a chunk got through. Other refusals (401 session lost, 403, 413, 415) end the upload.
 */
import { DefaultHttpStack, type HttpRequest, type HttpResponse, type HttpStack, Upload } from 'tus-js-client';
import { ApiError } from '../api/client';

/** The tus endpoint's path (api/offline/uploads.ts OFFLINE_UPLOADS_PATH). */
export const OFFLINE_UPLOADS_PATH = '/api/offline/uploads';

/** Default chunk size, bytes (1 MiB). */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/** Delays before the retries of a failed request, milliseconds. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** The file to upload (a LocalFile's fields, runtime/offline/db.ts). */
export interface OfflineUploadFile {
  blob: Blob;
  /** The device's UUIDv7 of the file. */
  fileId: string;
  projectId: number;
  /** quality-assurance | health-and-safety */
  formArea: string;
  /** Client-relative folder, e.g. `files/k3j9x0a1`. */
  folder: string;
  name: string;
  type: string;
}

/** How the upload goes. */
export interface OfflineUploadOptions {
  /** Bytes the server acknowledged so far, and the file's size. */
  onProgress?(sent: number, total: number): void;
  /** The upload URL of an earlier attempt (kept in `files.uploadUrl`): the upload resumes from it. */
  previousUrl?: string;
  /** The upload URL, once the server gave it (or confirmed a previous one): to keep for a resume. */
  onUrl?(url: string): void;
  /** Bytes per PATCH (default 1 MiB). */
  chunkSize?: number;
  /** Aborts the upload (the promise rejects with an AbortError); the server keeps what it acknowledged. */
  signal?: AbortSignal;
  /** The test hook `siteforms.test.repeatRequests`: every request is sent twice (the server must not double anything). */
  repeatRequests?: boolean;
  /** The endpoint's absolute URL (default: OFFLINE_UPLOADS_PATH on this page's origin; Node has no page). */
  endpoint?: string;
  /** Extra request headers (Node: the session cookie; a browser sends its own). */
  headers?: Record<string, string>;
}

/** A Blob read one chunk at a time, as a slice (browsers) or its bytes (Node's HTTP stack takes no Blob). */
function blobReader(asBytes: boolean) {
  return {
    async openFile(input: Blob) {
      return {
        size: input.size,
        async slice(start: number, end: number) {
          const part = input.slice(start, end);
          const done = end >= input.size;
          if (!asBytes) return { value: part, done };
          // tus-js-client reads a chunk's length from `size` (as a Blob has it; its Node Buffer source sets it too),
          // and Node's HTTP stack sends it as Content-Length.
          const bytes = Object.assign(new Uint8Array(await part.arrayBuffer()), { size: part.size });
          return { value: bytes, done };
        },
        close() {},
      };
    },
  };
}

/** The HTTP stack of the repeat hook: each request is sent twice in a row; the first answer is the one used. */
class RepeatingHttpStack implements HttpStack {
  constructor(private readonly inner: HttpStack) {}

  getName(): string {
    return `Repeating${this.inner.getName()}`;
  }

  createRequest(method: string, url: string): HttpRequest {
    const inner = this.inner;
    const headers = new Map<string, string>();
    let progress: ((bytesSent: number) => void) | undefined;
    let current: HttpRequest | null = null;
    const open = () => {
      const request = inner.createRequest(method, url);
      for (const [name, value] of headers) request.setHeader(name, value);
      if (progress) request.setProgressHandler(progress);
      current = request;
      return request;
    };
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers.set(name, value);
      },
      getHeader: (name) => headers.get(name),
      setProgressHandler: (handler) => {
        progress = handler;
      },
      async send(body: unknown): Promise<HttpResponse> {
        const answer = await open().send(body);
        // The repeat arrives after the first was applied, as a retried request whose answer was lost would.
        await open()
          .send(body)
          .catch(() => undefined);
        return answer;
      },
      abort: () => (current ? current.abort() : Promise.resolve()),
      getUnderlyingObject: () => (current as HttpRequest | null)?.getUnderlyingObject(),
    };
  }
}

/** The catalogue error of a refused request (the server answers `{ messageId, message }`), or a generic one. */
async function uploadError(error: unknown): Promise<Error> {
  if (error instanceof Error && error.name === 'AbortError') return error;
  const response = (error as { originalResponse?: HttpResponse | null }).originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { messageId?: unknown; message?: unknown };
    if (typeof body.messageId === 'string' && typeof body.message === 'string' && body.message !== '')
      return new ApiError(status, body.messageId, body.message);
  } catch {
    // tus's own refusals (409, 412, 460) are plain text.
  }
  const { message } = await import('../../engine/messages/catalogue');
  const id = status === 401 ? 'auth.notLoggedIn' : 'offlineFiles.uploadFailed';
  return new ApiError(status, id, message(id));
}

function abortError(): Error {
  return new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * Uploads (or resumes) one file kept offline to `<folder>/<name>` of the client's files.
 * @returns `{ file }`: the stored file's client-relative path (the answer's Upload-File header)
 * @throws ApiError with the server's status and catalogue message (401 the session is gone, 403 no Edit on the
 *   form area, 404 another client's project, 413 files.tooLarge, 415 files.typeNotAllowed; status 0 and
 *   offlineFiles.uploadFailed when the network failed after the retries); an AbortError when `signal` aborts.
 */
export function uploadOfflineFile(
  file: OfflineUploadFile,
  options: OfflineUploadOptions = {},
): Promise<{ file: string }> {
  const endpoint = options.endpoint ?? new URL(OFFLINE_UPLOADS_PATH, globalThis.location.origin).toString();
  const plainStack = new DefaultHttpStack({});
  const asBytes = plainStack.getName() !== 'XHRHttpStack';
  const path = `${file.folder}/${file.name}`;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const upload = new Upload(file.blob, {
      endpoint,
      uploadUrl: options.previousUrl ?? null,
      chunkSize: options.chunkSize ?? DEFAULT_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      headers: options.headers ?? {},
      metadata: {
        projectId: String(file.projectId),
        formArea: file.formArea,
        folder: file.folder,
        filename: file.name,
        filetype: file.type,
        fileId: file.fileId,
      },
      // The device's database keeps the URL (files.uploadUrl): tus-js-client's own storage is not used.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: async () => `siteforms-${file.fileId}`,
      fileReader: blobReader(asBytes),
      httpStack: options.repeatRequests ? new RepeatingHttpStack(plainStack) : plainStack,
      onUploadUrlAvailable: () => {
        if (upload.url) options.onUrl?.(upload.url);
      },
      onChunkComplete: (_chunk, accepted, total) => options.onProgress?.(accepted, total),
      onSuccess: ({ lastResponse }) => {
        options.signal?.removeEventListener('abort', onAbort);
        options.onProgress?.(file.blob.size, file.blob.size);
        resolve({ file: lastResponse.getHeader('Upload-File') ?? path });
      },
      onError: (error) => {
        options.signal?.removeEventListener('abort', onAbort);
        uploadError(error).then(reject, reject);
      },
    });
    const onAbort = () => {
      void upload.abort(false);
      reject(abortError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}
