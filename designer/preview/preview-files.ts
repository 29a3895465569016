/**
 * The preview's files (issue 21 part 6 "Preview and test": "nothing saved"). While the preview is open, the file
 * calls its widgets make (the file field's files.list, files.upload, files.delete and files.deleteFolder; the
 * signature's and the image markup's uploads) are answered in the page's memory through the API client's router
 * (runtime/api/client.ts `routeCallsOffline`, the hook the offline pages use), each file shown by an object URL; every
 * other call goes to the network as usual. Closing the preview (or Start again) forgets the files and revokes their
 * URLs: nothing reaches the server.
 *
 * Shapes: a file is `{ name, file: '<folder>/<name>', url, size (bytes), contentType, modified (ISO time) }`, as the
 * server's file calls answer. A same-named upload replaces the file in its folder, as the server does.
 * Errors: ApiError 400 'files.noFiles' for an upload without files, 404 'files.notFound' for a delete of an unknown
 * file.
 */
import type { OperationName } from '../../engine/api/operations';
import { message } from '../../engine/messages/catalogue';
import { ApiError, type CallOptions, type OfflineRouter } from '../../runtime/api/client';

/** A file kept by the preview. */
export interface PreviewFile {
  name: string;
  file: string;
  url: string;
  size: number;
  contentType: string;
  modified: string;
}

const HANDLED = new Set<OperationName>(['files.upload', 'files.list', 'files.delete', 'files.deleteFolder']);

function refusal(status: number, id: 'files.noFiles' | 'files.notFound', params: Record<string, string> = {}) {
  return new ApiError(status, id, message(id, params));
}

/** A folder's path without its leading and trailing slashes. */
function folderPath(folder: string | undefined): string {
  return (folder ?? '').replace(/^\/+|\/+$/g, '');
}

/**
 * A router answering the preview's file calls in memory; `dispose` forgets its files and revokes their URLs.
 * @param now the clock of the files' `modified` (tests)
 */
export function createPreviewFiles(now: () => Date = () => new Date()): OfflineRouter & {
  dispose(): void;
  /** The files kept, by path (tests). */
  files(): PreviewFile[];
} {
  const byPath = new Map<string, PreviewFile>();
  const forget = (path: string) => {
    const kept = byPath.get(path);
    if (!kept) return false;
    URL.revokeObjectURL(kept.url);
    byPath.delete(path);
    return true;
  };
  const inFolder = (folder: string) =>
    [...byPath.values()].filter((f) => f.file.slice(0, f.file.lastIndexOf('/')) === folder);

  const answers: Partial<Record<OperationName, (options: CallOptions) => unknown>> = {
    'files.upload': ({ query, body }) => {
      const folder = folderPath(query?.folder);
      const chosen = (body instanceof FormData ? [...body.getAll('uploads[]'), ...body.getAll('uploads')] : []).filter(
        (f): f is File => typeof f === 'object' && f !== null && 'name' in f,
      );
      if (chosen.length === 0) throw refusal(400, 'files.noFiles');
      return chosen.map((upload) => {
        const file = `${folder}/${upload.name}`;
        forget(file);
        const kept: PreviewFile = {
          name: upload.name,
          file,
          url: URL.createObjectURL(upload),
          size: upload.size,
          contentType: upload.type,
          modified: now().toISOString(),
        };
        byPath.set(file, kept);
        return kept;
      });
    },
    'files.list': ({ query }) => inFolder(folderPath(query?.folder)),
    'files.delete': ({ query }) => {
      const file = query?.file ?? '';
      if (!forget(file)) throw refusal(404, 'files.notFound', { file });
      return undefined;
    },
    'files.deleteFolder': ({ query }) => {
      const files = inFolder(folderPath(query?.folder));
      for (const f of files) forget(f.file);
      return undefined;
    },
  };

  return {
    handles: (name) => HANDLED.has(name),
    call: async (name, options) => {
      const answer = answers[name];
      if (!answer) throw new Error(`the preview does not answer ${name}`);
      return answer(options);
    },
    fileUrl: (path) => byPath.get(path)?.url ?? null,
    dispose: () => {
      for (const path of [...byPath.keys()]) forget(path);
    },
    files: () => [...byPath.values()],
  };
}
