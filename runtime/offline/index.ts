/**
 * The device side of offline on site (issue 26; contract-26 §3-§6; docs/offline.md "On the device", "Sync"): what
 * the offline screens and the shell use. Every call acts on the signed-in user's database (offline: the last
 * signed-in user's; runtime/offline/db.ts). Loaded lazily: nothing of it is on the first page.
 *
 * FIRST COMMIT: the exported types and signatures; the functions throw 'not yet' until the next commits fill them.
 */
import type { OfflineRouter } from '../api/client';
import type { LocalEntry, LocalFile } from './db';

export type { LastSession, LocalEntry, LocalFile, OfflineProblem, OutboxItem, StoredBundle, SyncState } from './db';
export type { OfflineRouter };

/** What the sync banner shows (contract-26 §5). */
export interface OfflineState {
  /** navigator.onLine as last heard. */
  online: boolean;
  /** A sync round is under way (in this tab). */
  running: boolean;
  /** 'session': the server answered 401; nothing is dropped, sync resumes after a login. */
  paused: null | 'session';
  /** Commands waiting to be sent (queued or sent, not refused). */
  queued: number;
  /** Entries in conflict, waiting for the user's choice. */
  conflicts: number;
  /** Commands (and files) the server refused. */
  refused: number;
  /** Files not uploaded yet. */
  filesPending: number;
  /** The last round that reached the server (ISO date-time). */
  lastSyncAt?: string;
  /** The last round's failure, in catalogue words. */
  lastError?: string;
}

/** A project taken offline on this device. */
export interface OfflineProject {
  projectId: number;
  code: string;
  name: string;
  downloadedAt: string;
  bundleVersion: string;
  /** Commands and files not yet acknowledged for the project. */
  unsynced: number;
}

/** A user's choice for one conflict (the conflict dialog). */
export interface ConflictChoice {
  questionId: number;
  unit: string;
  chosen: 'mine' | 'theirs';
}

const notYet = (): never => {
  throw new Error('not yet');
};
const notYetAsync = async (): Promise<never> => notYet();

export function getOfflineState(): OfflineState {
  return notYet();
}
export function subscribeOffline(_listener: (_state: OfflineState) => void): () => void {
  return notYet();
}
export function useOfflineState(): OfflineState {
  return notYet();
}
export function syncNow(): Promise<void> {
  return notYetAsync();
}
export function takeProjectOffline(_projectId: number): Promise<void> {
  return notYetAsync();
}
export function releaseProject(_projectId: number): Promise<void> {
  return notYetAsync();
}
export function refreshBundle(_projectId: number): Promise<void> {
  return notYetAsync();
}
export function offlineProjects(): Promise<OfflineProject[]> {
  return notYetAsync();
}
export function localEntries(_projectId: number, _formId?: number): Promise<LocalEntry[]> {
  return notYetAsync();
}
export function localFiles(_projectId: number): Promise<LocalFile[]> {
  return notYetAsync();
}
export function retryFile(_fileId: string): Promise<void> {
  return notYetAsync();
}
export function retryCommand(_seq: number): Promise<void> {
  return notYetAsync();
}
export function resolveConflicts(_entryId: string, _choices: ConflictChoice[]): Promise<void> {
  return notYetAsync();
}
export function downloadUnsynced(): Promise<Blob> {
  return notYetAsync();
}
export function storageInfo(): Promise<{ usage: number; quota: number; persisted: boolean }> {
  return notYetAsync();
}
export function requestPersistence(): Promise<boolean> {
  return notYetAsync();
}
export function createOfflineRouter(_projectId: number): OfflineRouter {
  return notYet();
}
