/**
 * The pickers' reads of the DMS and the drawing register (contract.md §C and §D; issue 23 item 5) by their spec
 * paths: the document picker's folder tabs and the Document Register dialog. A refusal carries the server's text
 * (e.g. the DMS permission text of administration-data.md §6 "Other rules") in an ApiError.
 */
import { ApiError, callOperation } from '../../api/client';
import { plainMessage } from '../../plain/messages';

/** A DMS node as the picker reads it (administration-data.md §3 "DMS node"; contract.md §C). */
export interface DmsNode {
  label: string;
  type: 'Folder' | 'File' | 'Image';
  /** Relative to the project's document root, e.g. 'Vault/GA/GA-101.pdf'. */
  path: string;
  fileName: string;
  revisionNumber?: number;
}

/** One version of a DMS file, newest first (contract.md §C `/versions`). */
export interface DmsVersion {
  versionId: string;
  revisionNumber: number;
}

async function getJson<T>(url: string): Promise<T> {
  const origin = globalThis.location?.origin;
  const absolute = origin && origin !== 'null' ? new URL(url, origin).toString() : url;
  let response: Response;
  try {
    response = await fetch(absolute, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'common.serverError', plainMessage('common.serverError'));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { messageId?: unknown; message?: unknown };
    if (typeof body.messageId === 'string' && typeof body.message === 'string' && body.message)
      throw new ApiError(response.status, body.messageId, body.message);
    throw new ApiError(response.status, 'common.serverError', plainMessage('common.serverError'));
  }
  return (await response.json()) as T;
}

const dms = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/dms`;

/** The nodes of a DMS folder of the project: folders first, then files (GET …/dms/getall/?folder=). */
export function dmsFolder(projectId: string, folder: string): Promise<DmsNode[]> {
  return getJson(`${dms(projectId)}/getall/?folder=${encodeURIComponent(folder)}`);
}

/** The versions of a DMS file, the current one first (GET …/dms/versions?path=). */
export function dmsVersions(projectId: string, path: string): Promise<DmsVersion[]> {
  return getJson(`${dms(projectId)}/versions?path=${encodeURIComponent(path)}`);
}

/** The drawing register's rows, the current revision of each drawing (GET …/sitework/drawingregister). */
export function drawingRegisterRows<T>(projectId: string): Promise<T[]> {
  return getJson(`/api/projects/${encodeURIComponent(projectId)}/sitework/drawingregister`);
}

/**
 * The project lookup types that are enabled: those with at least one Active value (projectLookupValues.getallactive);
 * a type whose values cannot be read counts as not enabled.
 */
export async function enabledLookups(projectId: string, types: readonly string[]): Promise<Set<string>> {
  const answers = await Promise.all(
    types.map((type) =>
      callOperation<unknown[]>('projectLookupValues.getallactive', { params: { projectId, type } }).then(
        (values) => (Array.isArray(values) && values.length > 0 ? type : null),
        () => null,
      ),
    ),
  );
  return new Set(answers.filter((t): t is string => t !== null));
}
