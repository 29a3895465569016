/**
 * The file browser's calls of the DMS API (administration-data.md §7 "DMS"; contract.md §C), base
 * /api/projects/{projectId}/dms, by the operation catalogue's names and paths (the dms.* operations). A failed call throws the runtime's ApiError (status, the
 * catalogue message id and text, the answer's body, e.g. the duplicates of a 409). Uploads go one file per request
 * through XMLHttpRequest, whose upload progress events give the per-file progress (fetch has none for a request
 * body). The shared folder page's client (`sharedDms`) reads through bysecuritycode/{code} and changes nothing.
 */
import { resolveOperation } from '../../../engine/api/operation-routes';
import type { OperationName } from '../../../engine/api/operations';
import { ApiError } from '../../api/client';
import { plainMessage } from '../../plain/messages';
import type { DmsHistoryLine, DmsNode, DmsVersion } from './dms-rules';

function absolute(url: string): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(url, origin).toString() : url;
}

/** The ApiError of a failed answer's body text (JSON `{ messageId, message }` when the API wrote one). */
export function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { messageId?: unknown; message?: unknown; details?: unknown };
    if (typeof body.messageId === 'string' && typeof body.message === 'string') {
      return new ApiError(status, body.messageId, body.message, [], body as Record<string, unknown>);
    }
  } catch {
    // Not JSON: the generic text.
  }
  return new ApiError(status, 'common.serverError', plainMessage('common.serverError'));
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(absolute(url), init);
  } catch {
    throw new ApiError(0, 'common.serverError', plainMessage('common.serverError'));
  }
  if (!response.ok) throw errorOf(response.status, await response.text());
  return response;
}

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  const text = await (await send(method, url, body)).text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

async function text(method: string, url: string, body?: unknown): Promise<string> {
  return (await send(method, url, body)).text();
}

/** How an upload treats names that exist (contract.md §C `onDuplicate`); undefined: a duplicate is refused (409). */
export type OnDuplicate = 'separate' | 'replace' | undefined;

/** One file to upload: its bytes and its name relative to the target folder ('GA/GA-101.pdf' for Upload Folder). */
export interface UploadItem {
  file: File;
  relativePath: string;
}

/** The calls of one project's documents (signed in). */
export interface DmsClient {
  projectId: number;
  list(folder: string): Promise<DmsNode[]>;
  search(text: string, folder: string): Promise<DmsNode[]>;
  downloadUrl(path: string, versionId?: string): string;
  createDirectory(path: string): Promise<string>;
  createUrl(url: string, path: string, filename?: string): Promise<DmsNode>;
  renameFolder(body: { oldPath: string; newPath: string; isCopy: boolean; isReplace: boolean }): Promise<unknown>;
  renameFile(body: {
    oldPath: string;
    newPath: string;
    isCopy: boolean;
    newFileName: string;
    isReplace: boolean;
  }): Promise<DmsNode>;
  deleteFolder(path: string): Promise<void>;
  deleteFile(path: string): Promise<void>;
  updateLabel(path: string, label: string): Promise<DmsNode>;
  versions(path: string): Promise<DmsVersion[]>;
  history(path: string): Promise<DmsHistoryLine[]>;
  sharedFolderLink(folder: string): Promise<string>;
  /** POST /downloadFolder: the folder as a zip (the API streams it). */
  downloadFolder(path: string, filename: string): Promise<Blob>;
  /** Uploads one file into `folder`, telling the bytes sent so far. */
  upload(folder: string, item: UploadItem, onDuplicate: OnDuplicate, onProgress: (sent: number) => void): Promise<void>;
  /** PUT /replace: a new revision of the file at `path`. */
  replace(path: string, file: File, onProgress: (sent: number) => void): Promise<void>;
}

/**
 * Sends a multipart form with XMLHttpRequest (upload progress per file).
 * @throws ApiError on a non-2xx answer or a network failure
 */
export function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, absolute(url));
    request.withCredentials = true;
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.responseText);
      else reject(errorOf(request.status, request.responseText));
    };
    request.onerror = () => reject(new ApiError(0, 'common.serverError', plainMessage('common.serverError')));
    request.send(form);
  });
}

/** The DMS client of `projectId`; see the module comment. */
export function dmsClient(projectId: number): DmsClient {
  /** The operation's method and URL (the catalogue's path), with a query string. */
  const to = (name: OperationName, query?: Record<string, string>, params: Record<string, string> = {}) => {
    const { method, url } = resolveOperation(name, { projectId, ...params });
    return { method, url: query ? `${url}?${new URLSearchParams(query).toString()}` : url };
  };
  const asJson = <T>(
    name: OperationName,
    query?: Record<string, string>,
    body?: unknown,
    params?: Record<string, string>,
  ) => {
    const { method, url } = to(name, query, params);
    return json<T>(method, url, body);
  };
  const asText = (name: OperationName, query?: Record<string, string>, body?: unknown) => {
    const { method, url } = to(name, query);
    return text(method, url, body);
  };
  return {
    projectId,
    list: (folder) => asJson('dms.getAll', { folder }),
    search: (value, folder) => asJson('dms.search', { folder }, undefined, { text: value }),
    downloadUrl: (path, versionId) => to('dms.download', versionId ? { path, versionId } : { path }).url,
    createDirectory: (path) => asText('dms.createDirectory', undefined, { path }),
    createUrl: (url, path, filename) => asJson('dms.createUrl', undefined, { url, path, filename: filename ?? '' }),
    renameFolder: (body) => asJson('dms.renameFolder', undefined, body),
    renameFile: (body) => asJson('dms.renameFile', undefined, body),
    deleteFolder: async (path) => {
      await asJson('dms.deleteFolder', undefined, { url: path });
    },
    deleteFile: async (path) => {
      await asJson('dms.deleteFile', undefined, { url: path });
    },
    updateLabel: (path, label) => asJson('dms.updateLabel', undefined, { url: path, label }),
    versions: (path) => asJson('dms.versions', { path }),
    history: (path) => asJson('dms.history', { path }),
    sharedFolderLink: (folder) => asText('dms.sharedFolderLink', { folder }),
    downloadFolder: async (path, filename) => {
      const { method, url } = to('dms.downloadFolder');
      return (await send(method, url, { path, filename })).blob();
    },
    upload: async (folder, item, onDuplicate, onProgress) => {
      const form = new FormData();
      if (onDuplicate) form.append('onDuplicate', onDuplicate);
      form.append('files', item.file, item.relativePath);
      await sendForm('POST', to('dms.upload', { folder }).url, form, onProgress);
    },
    replace: async (path, file, onProgress) => {
      const form = new FormData();
      form.append('originalUrl', path);
      form.append('file', file, file.name);
      await sendForm('PUT', to('dms.replace').url, form, onProgress);
    },
  };
}

/** The read-only calls of a shared folder's page (signed out; contract.md §C bysecuritycode). */
export interface SharedDmsClient {
  list(folder: string): Promise<DmsNode[]>;
  downloadUrl(path: string): string;
  /** The shared folder's path (GET /getSharedFolderPath/{token}). */
  sharedPath(): Promise<string>;
}

/** The client of a shared folder link's page. */
export function sharedDms(projectId: number, token: string): SharedDmsClient {
  return {
    list: (folder) => {
      const { method, url } = resolveOperation('dms.bySecurityCode', { projectId, code: token });
      return json(method, `${url}?${new URLSearchParams({ folder }).toString()}`);
    },
    downloadUrl: (path) =>
      `${resolveOperation('dms.bySecurityCodeDownload', { projectId, code: token }).url}?${new URLSearchParams({ path }).toString()}`,
    sharedPath: () => {
      const { method, url } = resolveOperation('dms.sharedFolderPath', { projectId, token });
      return text(method, url);
    },
  };
}
