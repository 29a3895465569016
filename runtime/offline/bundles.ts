/**
 * Projects taken offline (issue 26 §1; contract-26 §2, §5): the project's bundle downloaded through
 * GET /api/projects/getQaOfflineInfo/{projectId} (ETag / If-None-Match: an unchanged bundle is not sent again), kept
 * in the `bundles` table, its entries copied into the `entries` table (syncState synced) without touching an entry
 * that has work waiting on the device. The user's list of offline projects on the server (updateQaOfflineInfo) is
 * kept in step.
 */
import { v7 } from 'uuid';
import type { FormEntry, OfflineBundle } from '../../engine/types/generated';
import { currentDb, guardQuota, type LocalEntry, nextLocalNumber, type OfflineDb } from './db';
import { refusal } from './entries';
import { request } from './http';
import { refreshCounts } from './state';

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

/** The bundle's path (contract-26 §2 projects.offlineBundle). */
export function bundlePath(projectId: number): string {
  return `/api/projects/getQaOfflineInfo/${projectId}`;
}

/**
 * Copies a bundle's entries into the entries table: a new one is added (synced); one the device has with nothing
 * waiting takes the server's answers and version; one with work waiting keeps the device's answers and learns only
 * its number. Synced entries of the project the bundle no longer holds (discarded, or older than its last 50) go.
 */
async function copyEntries(db: OfflineDb, projectId: number, bundle: OfflineBundle, now: string): Promise<void> {
  const local = await db.entries.where('projectId').equals(projectId).toArray();
  const waiting = new Set((await db.outbox.toArray()).map((i) => i.entryId));
  const byOfflineId = new Map(local.map((e) => [e.entryId, e]));
  const byNumber = new Map(
    local.filter((e) => e.entryNumber !== undefined).map((e) => [`${e.formId}:${e.entryNumber}`, e]),
  );
  const kept = new Set<string>();
  for (const entry of bundle.entries as FormEntry[]) {
    const known =
      (entry.offlineId && byOfflineId.get(entry.offlineId)) || byNumber.get(`${entry.formId}:${entry.entryNumber}`);
    if (known && (waiting.has(known.entryId) || known.syncState !== 'synced')) {
      kept.add(known.entryId);
      if (known.entryNumber === undefined) await db.entries.update(known.entryId, { entryNumber: entry.entryNumber });
      continue;
    }
    const copy: LocalEntry = {
      entryId: known?.entryId ?? entry.offlineId ?? v7(),
      projectId,
      formArea: entry.formArea as LocalEntry['formArea'],
      formId: entry.formId,
      formVersion: entry.formVersion ?? 1,
      localNumber: known?.localNumber ?? (await nextLocalNumber(db)),
      entryNumber: entry.entryNumber,
      version: entry.version ?? 1,
      base: entry.answers,
      answers: entry.answers,
      isDraft: entry.isDraft === true,
      ...(entry.isDraft === true && entry.activePageOrder !== undefined
        ? { activePageOrder: entry.activePageOrder }
        : {}),
      syncState: 'synced',
      date: entry.date,
      enteredBy: entry.enteredBy,
      updatedAt: now,
    };
    kept.add(copy.entryId);
    await db.entries.put(copy);
  }
  const gone = local.filter((e) => !kept.has(e.entryId) && e.syncState === 'synced' && !waiting.has(e.entryId));
  await db.entries.bulkDelete(gone.map((e) => e.entryId));
}

/**
 * Downloads the project's bundle again (If-None-Match: nothing is sent when unchanged) and keeps it.
 * @throws ApiError as the server refuses (403 when the project may not be taken offline), 0 without a network;
 *   507 offline.storageFull (the bundle kept before stays)
 */
export async function refreshBundle(projectId: number, now = new Date()): Promise<void> {
  const db = currentDb();
  const known = await db.bundles.get(projectId);
  const answer = await request<OfflineBundle>('GET', bundlePath(projectId), {
    headers: known ? { 'If-None-Match': `"${known.bundleVersion}"` } : {},
    timeoutMs: 120_000,
  });
  const stamp = now.toISOString();
  if (answer.status === 304 && known) {
    await db.bundles.put({ ...known, downloadedAt: stamp });
    return;
  }
  const bundle = answer.body;
  await guardQuota(() =>
    db.transaction('rw', [db.bundles, db.entries, db.outbox, db.meta], async () => {
      await db.bundles.put({ ...bundle, projectId, downloadedAt: stamp });
      await copyEntries(db, projectId, bundle, stamp);
    }),
  );
  await refreshCounts();
}

interface QaOfflineInfo {
  projectIds: number[];
}

/** Records the user's offline projects on the server (projects.updateQaOfflineInfo), adding or removing one. */
async function recordOnServer(projectId: number, taken: boolean): Promise<void> {
  const { body } = await request<QaOfflineInfo>('GET', '/api/projects/getQaOfflineInfo');
  const ids = new Set(body.projectIds);
  if (taken === ids.has(projectId)) return;
  if (taken) ids.add(projectId);
  else ids.delete(projectId);
  await request('PUT', '/api/projects/updateQaOfflineInfo', { body: { projectIds: [...ids] } });
}

/**
 * Takes a project offline on this device: records it in the user's offline list (updateQaOfflineInfo), then
 * downloads its bundle.
 * @throws ApiError 400 projects.notOfflineAvailable (not one the user may take), 0 without a network, 507
 */
export async function takeProjectOffline(projectId: number): Promise<void> {
  await recordOnServer(projectId, true);
  await refreshBundle(projectId);
}

/** Commands and files of a project not yet acknowledged by the server. */
async function unsyncedOf(db: OfflineDb, projectId: number): Promise<number> {
  const [commands, files] = await Promise.all([
    db.outbox.filter((i) => i.command.projectId === projectId).count(),
    db.files.filter((f) => f.projectId === projectId && f.state !== 'uploaded').count(),
  ]);
  return commands + files;
}

/**
 * Releases a project from this device: its bundle, entries and files go, and it leaves the user's offline list
 * (when there is a connection; otherwise the list is left as it is).
 * @throws ApiError 409 offline.unsyncedRelease while it has data not yet synced (nothing is deleted)
 */
export async function releaseProject(projectId: number): Promise<void> {
  const db = currentDb();
  const count = await unsyncedOf(db, projectId);
  if (count > 0) throw refusal(409, 'offline.unsyncedRelease', { count });
  await db.transaction('rw', [db.bundles, db.entries, db.outbox, db.files], async () => {
    if ((await unsyncedOf(db, projectId)) > 0) throw refusal(409, 'offline.unsyncedRelease', { count });
    await db.bundles.delete(projectId);
    await db.entries.where('projectId').equals(projectId).delete();
    await db.files.where('projectId').equals(projectId).delete();
  });
  await refreshCounts();
  await recordOnServer(projectId, false).catch(() => undefined);
}

/** The projects taken offline on this device, by code. */
export async function offlineProjects(): Promise<OfflineProject[]> {
  const db = currentDb();
  const bundles = await db.bundles.toArray();
  const projects = await Promise.all(
    bundles.map(async (b) => ({
      projectId: b.projectId,
      code: b.project.code,
      name: b.project.name,
      downloadedAt: b.downloadedAt,
      bundleVersion: b.bundleVersion,
      unsynced: await unsyncedOf(db, b.projectId),
    })),
  );
  return projects.sort((a, b) => a.code.localeCompare(b.code));
}

/** The bundles older than `maxAgeMs` (the runner refreshes them while online). */
export async function staleBundles(maxAgeMs: number, now = Date.now()): Promise<number[]> {
  const bundles = await currentDb().bundles.toArray();
  return bundles.filter((b) => now - Date.parse(b.downloadedAt) > maxAgeMs).map((b) => b.projectId);
}
