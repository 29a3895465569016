/**
 * The pickers' reads of the DMS and the drawing register (contract.md §C and §D; issue 23 item 5): the document
 * picker's folder tabs (dms.getAll, dms.versions) and the Document Register dialog (drawingRegister.list,
 * drawingRegister.lookups). A refusal is an ApiError with the server's text (e.g. the DMS permission text of
 * administration-data.md §6 "Other rules").
 */
import type { DrawingRegisterRow } from '../../../engine/rules/drawing-register-picker';
import { callOperation } from '../../api/client';

/** A DMS node as the picker reads it: its one definition is schemas/api/dms-node.schema.json. */
export type { DmsNode } from '../../../engine/types/generated';

import type { DmsNode } from '../../../engine/types/generated';

/** One version of a DMS file, newest first (contract.md §C `/versions`). */
export interface DmsVersion {
  versionId: string;
  revisionNumber: number;
}

/** The nodes of a DMS folder of the project: folders first, then files (GET …/dms/getall/?folder=). */
export function dmsFolder(projectId: string, folder: string): Promise<DmsNode[]> {
  return callOperation('dms.getAll', { params: { projectId }, query: { folder } });
}

/** The versions of a DMS file, the current one first (GET …/dms/versions?path=). */
export function dmsVersions(projectId: string, path: string): Promise<DmsVersion[]> {
  return callOperation('dms.versions', { params: { projectId }, query: { path } });
}

/** The drawing register's rows, the current revision of each drawing (GET …/sitework/drawingregister). */
export function drawingRegisterRows(projectId: string): Promise<DrawingRegisterRow[]> {
  return callOperation('drawingRegister.list', { params: { projectId } });
}

/**
 * The project lookup types that are enabled for drawings (GET …/sitework/drawingregister/lookups: a type with an
 * Active value of the project); none when they cannot be read.
 */
export async function enabledLookups(projectId: string): Promise<Set<string>> {
  try {
    const found = await callOperation<Record<string, string[]>>('drawingRegister.lookups', { params: { projectId } });
    return new Set(Object.keys(found ?? {}));
  } catch {
    return new Set();
  }
}
