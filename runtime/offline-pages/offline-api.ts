/**
 * The offline pages' view of the device side (issue 26; contract-26 §5 "Exported API for the screens", owned by
 * off-client in runtime/offline/index.ts): the shapes the pages read, and the one place they load it from. The
 * device code loads on demand (Dexie, the sync runner, the router), so a page outside `/offline` never carries it;
 * tests hand a stand-in to `useOfflineApi` through `setOfflineApi`.
 */
import { useEffect, useState } from 'react';
import type { AnswerConflict } from '../../engine/types/generated/answer-conflict';
import type { Answer } from '../../engine/types/generated/form-entry';
import type { OfflineBundle } from '../../engine/types/generated/offline-bundle';

/** The sync runner's state for the banner (contract §5 OfflineState). */
export interface OfflineState {
  online: boolean;
  running: boolean;
  /** 'session': the server answered 401; the queue waits for a login. */
  paused: null | 'session';
  /** Outbox commands not yet acknowledged. */
  queued: number;
  /** Entries in conflict. */
  conflicts: number;
  /** Commands the server refused. */
  refused: number;
  filesPending: number;
  lastSyncAt?: string;
  lastError?: string;
}

/** A project kept on the device (contract §5 offlineProjects). */
export interface OfflineProject {
  projectId: number;
  code: string;
  name: string;
  /** ISO date-time of the last bundle download. */
  downloadedAt: string;
  bundleVersion: string;
  /** Outbox commands and files of the project not yet acknowledged. */
  unsynced: number;
}

/** An entry's sync state (contract §3 LocalEntry.syncState). */
export type SyncState = 'pending' | 'syncing' | 'conflict' | 'synced' | 'refused';

/**
 * One conflicting unit of an entry (schemas/api/answer-conflict.schema.json): its values are any answer value (a
 * text, a number, a list, a table row), which the generated type narrows to objects.
 */
export type ConflictView = Omit<AnswerConflict, 'base' | 'mine' | 'theirs'> & {
  base: unknown;
  mine: unknown;
  theirs: unknown;
};

/** The fields of contract §3's LocalEntry that the pages read. */
export interface LocalEntryView {
  entryId: string;
  projectId: number;
  formArea: string;
  formId: number;
  formVersion: number;
  /** Negative: made on the device; the entryNumber the offline pages use until the server's is known. */
  localNumber: number;
  entryNumber?: number;
  version: number;
  answers: Answer[];
  isDraft: boolean;
  syncState: SyncState;
  conflicts?: ConflictView[];
  serverAnswers?: Answer[];
  error?: { messageId: string; message: string };
  updatedAt: string;
}

/** The fields of contract §3's LocalFile that the pages read. */
export interface LocalFileView {
  fileId: string;
  projectId: number;
  formArea: string;
  entryId?: string;
  folder: string;
  name: string;
  path: string;
  size: number;
  type: string;
  state: 'pending' | 'uploading' | 'uploaded' | 'failed';
  /** Bytes the server acknowledged (tus offset). */
  bytesSent: number;
  error?: string | { messageId?: string; message: string };
  createdAt: string;
}

/** One conflict's choice (contract §5 resolveConflicts). */
export interface ConflictChoice {
  questionId: number;
  unit: string;
  chosen: 'mine' | 'theirs';
}

/** contract §4: answers the handled operations on the device while a project's offline pages are open. */
export interface OfflineRouterLike {
  handles(name: string): boolean;
  call(name: string, options: unknown): Promise<unknown>;
  /** An object URL of a file kept on the device, or null (the server's). */
  fileUrl(path: string): string | null;
}

/** The functions of runtime/offline/index.ts the pages call (contract §5). */
export interface OfflineApi {
  getOfflineState(): OfflineState;
  subscribeOffline(listener: (state: OfflineState) => void): () => void;
  syncNow(): Promise<void>;
  /** Starts the sync runner's triggers (online event, timer) once per page; a second call does nothing. */
  startSync?(): void;
  takeProjectOffline(projectId: number): Promise<unknown>;
  releaseProject(projectId: number): Promise<unknown>;
  refreshBundle(projectId: number): Promise<unknown>;
  offlineProjects(): Promise<OfflineProject[]>;
  localEntries(projectId: number, formId?: number): Promise<LocalEntryView[]>;
  localFiles(projectId: number): Promise<LocalFileView[]>;
  retryFile(fileId: string): Promise<void>;
  retryCommand(seq: number): Promise<void>;
  resolveConflicts(entryId: string, choices: ConflictChoice[]): Promise<void>;
  downloadUnsynced(): Promise<Blob>;
  storageInfo(): Promise<{ usage: number; quota: number; persisted: boolean }>;
  requestPersistence(): Promise<boolean>;
  createOfflineRouter(projectId: number): OfflineRouterLike;
  /** Not in contract §5's list: the bundle kept for a project (its forms); read from the database when absent. */
  offlineBundle?(projectId: number): Promise<OfflineBundle | undefined>;
}

let given: OfflineApi | null = null;
let loading: Promise<OfflineApi> | null = null;

/** Uses `api` instead of runtime/offline (tests); null: the device code again. */
export function setOfflineApi(api: OfflineApi | null): void {
  given = api;
  loading = null;
}

/** The device side, loaded once (rejected when its chunk cannot be fetched). */
export function loadOfflineApi(): Promise<OfflineApi> {
  if (given) return Promise.resolve(given);
  // On demand: Dexie, the sync runner and the router load with the first offline page only.
  if (!loading) loading = import('../offline/index').then((device): OfflineApi => device);
  return loading;
}

/** The device side once loaded (null before), for a page's effects. */
export function useOfflineApi(): OfflineApi | null {
  const [api, setApi] = useState<OfflineApi | null>(given);
  useEffect(() => {
    let live = true;
    loadOfflineApi()
      .then((loaded) => live && setApi(() => loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return api;
}

/** The sync runner's state, kept current (null until the device side has loaded). */
export function useOfflineState(): OfflineState | null {
  const api = useOfflineApi();
  const [state, setState] = useState<OfflineState | null>(null);
  useEffect(() => {
    if (!api) return;
    setState(api.getOfflineState());
    return api.subscribeOffline(setState);
  }, [api]);
  return state;
}

/** localStorage key of the last signed-in session (contract §3). */
const LAST_SESSION = 'siteforms.offline.lastSession';

/**
 * The bundle the device keeps for `projectId`: through the device code when it offers it, else read from the
 * signed-in user's database (contract §3: `siteforms-offline-u{userId}-c{clientId}`, table `bundles`).
 */
export async function projectBundle(projectId: number): Promise<OfflineBundle | undefined> {
  const api = await loadOfflineApi();
  if (api.offlineBundle) return api.offlineBundle(projectId);
  const raw = localStorage.getItem(LAST_SESSION);
  if (!raw) return undefined;
  const { userId, clientId } = JSON.parse(raw) as { userId: number; clientId: number };
  const { default: Dexie } = await import('dexie');
  const name = `siteforms-offline-u${userId}-c${clientId}`;
  if (!(await Dexie.exists(name))) return undefined;
  const db = new Dexie(name);
  try {
    await db.open();
    return (await db.table('bundles').get(projectId)) as OfflineBundle | undefined;
  } finally {
    db.close();
  }
}
