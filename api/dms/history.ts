/**
 * A file's history (issue 23 item 6; contract.md §C GET /history): who uploaded, replaced, renamed, moved, copied,
 * deleted or relabelled a file, and who created a folder, and when. One document per event in the `dmsHistory`
 * collection: `{ clientId, projectId, fileId, path, action, by, at, from?, to? }`, where `fileId` is the stable id the
 * DMS keeps in the file's metadata (api/dms/nodes.ts), so the history follows a file across renames and moves; a
 * folder's events are keyed by `folder:{path}`. Written by the operation that did the change, right after the
 * file store's change succeeded (the file store is not part of a store transaction: the change first, then the
 * record of it).
 */
import type { Store } from '../store/port';

/** What happened. */
export type DmsAction = 'upload' | 'replace' | 'rename' | 'move' | 'copy' | 'delete' | 'label' | 'createFolder';

/** One event as stored. */
export interface DmsHistoryEvent {
  [key: string]: unknown;
  clientId: number;
  projectId: number;
  fileId: string;
  path: string;
  action: DmsAction;
  by: string;
  at: string;
  from?: string;
  to?: string;
}

/** An event as GET /history answers it. */
export interface DmsHistoryView {
  action: DmsAction;
  by: string;
  at: string;
  path: string;
  from?: string;
  to?: string;
}

const collection = (store: Store) => store.collection<DmsHistoryEvent>('dmsHistory');

/** The history key of a folder. */
export const folderHistoryId = (path: string) => `folder:${path}`;

/** Records events (none: nothing). */
export async function recordHistory(store: Store, events: DmsHistoryEvent[]): Promise<void> {
  if (events.length === 0) return;
  await collection(store).insertMany(events.map((e) => ({ ...e })));
}

/** The events of a file (by its fileId) or folder, newest first (at most 500). */
export async function historyOf(store: Store, clientId: number, fileId: string): Promise<DmsHistoryView[]> {
  const found = await collection(store).find(
    { clientId, fileId },
    { sort: { at: -1 }, limit: 500, projection: { _id: 0 } },
  );
  return found.map(({ action, by, at, path, from, to }) => ({
    action,
    by,
    at,
    path,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  }));
}
