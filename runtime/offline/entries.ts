/**
 * Entries on the device and the outbox (issue 26 §2, §3; contract-26 §3, §4): an entry saved under the offline router
 * is written to the `entries` table and its command queued in the `outbox`, in ONE Dexie transaction (both or
 * neither). Commands carry UUIDv7 ids (the server's idempotency keys), the entry's form version, and the version and
 * answers they start from: a command queued behind others of the same entry starts from the one before it (its
 * baseVersion one more, its base that command's answers), so that a chain the server applies in order never
 * conflicts with itself. Consecutive page saves not yet sent are coalesced (the newest answers kept), never across a
 * submit. Also discard, conflicts and their resolution, and a refused command's retry.
 */
import { v7 } from 'uuid';
import { allQuestions } from '../../engine/forms/questions';
import { message } from '../../engine/messages/catalogue';
import type { Answer, AnswerConflict, FormDefinition, FormEntry, OfflineCommand } from '../../engine/types/generated';
import { ApiError } from '../api/client';
import { answerPaths, mergeAnswers } from './answers';
import {
  currentDb,
  guardQuota,
  type LocalEntry,
  lastSession,
  nextLocalNumber,
  type OfflineDb,
  type OutboxItem,
  type StoredBundle,
} from './db';
import { refreshCounts } from './state';

/** Told when something is queued (the sync runner starts a round soon). */
let onQueued: () => void = () => undefined;

/** Sets what hears that something was queued (runtime/offline/sync.ts). */
export function whenQueued(listener: () => void): void {
  onQueued = listener;
}

export function refusal(status: number, id: Parameters<typeof message>[0], params = {}): ApiError {
  return new ApiError(status, id, message(id, params));
}

/** The bundle of a project taken offline. @throws ApiError 404 offline.notTakenOffline */
export async function bundleOf(db: OfflineDb, projectId: number): Promise<StoredBundle> {
  const bundle = await db.bundles.get(projectId);
  if (!bundle) throw refusal(404, 'offline.notTakenOffline');
  return bundle;
}

/**
 * The definition of form `formId` in `version` (absent: the latest published one in the bundle).
 * @throws ApiError 404 offline.formNotOffline when the bundle does not hold it
 */
export function formOf(bundle: StoredBundle, formId: number, version?: number): FormDefinition {
  const latest = bundle.forms.find((f) => f.id === formId);
  const form =
    version === undefined || latest?.version === version
      ? latest
      : bundle.formVersions.find((f) => f.id === formId && f.version === version);
  if (!form) throw refusal(404, 'offline.formNotOffline');
  return form;
}

/** The local entry numbered `entryNumber` (negative: the device's localNumber; positive: the server's). */
export async function findEntry(
  db: OfflineDb,
  projectId: number,
  formId: number,
  entryNumber: number,
): Promise<LocalEntry | undefined> {
  const candidates =
    entryNumber < 0
      ? await db.entries.where('localNumber').equals(entryNumber).toArray()
      : await db.entries.where('[projectId+formId]').equals([projectId, formId]).toArray();
  return candidates.find(
    (e) =>
      e.projectId === projectId &&
      e.formId === formId &&
      (entryNumber < 0 ? e.localNumber === entryNumber : e.entryNumber === entryNumber),
  );
}

/** The number the offline pages show and route by: the server's entryNumber once known, else the localNumber. */
export function shownNumber(entry: LocalEntry): number {
  return entry.entryNumber ?? entry.localNumber;
}

/** A local entry as the entry calls answer one (FormEntry), with its `entryId` and `syncState`. */
export function toFormEntry(
  entry: LocalEntry,
): FormEntry & Pick<LocalEntry, 'entryId' | 'syncState' | 'conflicts' | 'serverAnswers' | 'error'> {
  const number = shownNumber(entry);
  return {
    id: number,
    clientId: lastSession()?.clientId ?? 0,
    projectId: entry.projectId,
    formId: entry.formId,
    formVersion: entry.formVersion,
    version: entry.version,
    offlineId: entry.entryId,
    formArea: entry.formArea,
    entryNumber: number,
    globalEntryNumber: 0,
    date: entry.date,
    enteredBy: entry.enteredBy,
    answers: entry.answers,
    isDraft: entry.isDraft,
    ...(entry.isDraft && entry.activePageOrder !== undefined ? { activePageOrder: entry.activePageOrder } : {}),
    entryId: entry.entryId,
    syncState: entry.syncState,
    ...(entry.conflicts ? { conflicts: entry.conflicts, serverAnswers: entry.serverAnswers } : {}),
    ...(entry.error ? { error: entry.error } : {}),
  };
}

/** The entry's commands in the outbox, oldest first. */
export function itemsOf(db: OfflineDb, entryId: string): Promise<OutboxItem[]> {
  return db.outbox.where('entryId').equals(entryId).sortBy('seq');
}

/** A save of an entry under the offline router: what entries.submit carries. */
export interface LocalSubmission {
  projectId: number;
  formArea: string;
  formId: number;
  /** The entry saved (negative: a local number); absent: a new entry. */
  entryNumber?: number;
  answers: Answer[];
  /** A page save (?isFromPaging=true): required questions may still be unanswered. */
  draft: boolean;
  activePageOrder?: number;
}

/**
 * Saves an entry on the device and queues its command (createEntry for an entry never sent, savePage for a page
 * save, submit otherwise), in one transaction: the entry and its command are both kept or neither.
 * @returns the entry as entries.submit answers it (entryNumber: the server's, else the local number)
 * @throws ApiError 404 offline.notTakenOffline, offline.formNotOffline, notFound.entry; 403 entries.editNotAllowed
 *   (the bundle says the user may not edit); 409 entries.submittedPageSave; 507 offline.storageFull (nothing
 *   written)
 */
export async function saveLocalEntry(submission: LocalSubmission, now = new Date()) {
  const db = currentDb();
  const bundle = await bundleOf(db, submission.projectId);
  if (!bundle.canEdit) throw refusal(403, 'entries.editNotAllowed');
  const existing =
    submission.entryNumber === undefined
      ? undefined
      : await findEntry(db, submission.projectId, submission.formId, submission.entryNumber);
  if (submission.entryNumber !== undefined && !existing) throw refusal(404, 'notFound.entry');
  const form = formOf(bundle, submission.formId, existing?.formVersion);
  if (form.formArea !== submission.formArea) throw refusal(404, 'offline.formNotOffline');
  if (existing && !existing.isDraft && submission.draft) throw refusal(409, 'entries.submittedPageSave');
  // The answers as the form gives them: the form checked them in the browser before the save (its interpreting
  // validator: the engine's Ajv cannot run under the site's Content-Security-Policy), and the server checks them
  // again against the entry's form version when the command arrives (a refusal is shown on the entry).
  const answers = submission.answers.map((a) => ({ ...a, formId: form.id }));
  const stamp = now.toISOString();
  const saved = await guardQuota(() =>
    db.transaction('rw', [db.entries, db.outbox, db.meta, db.files], async () => {
      const entry: LocalEntry = existing
        ? { ...existing }
        : {
            entryId: v7(),
            projectId: submission.projectId,
            formArea: form.formArea as LocalEntry['formArea'],
            formId: form.id,
            formVersion: form.version,
            localNumber: await nextLocalNumber(db),
            version: 0,
            base: [],
            answers: [],
            isDraft: true,
            syncState: 'pending',
            date: stamp,
            enteredBy: lastSession()?.fullName ?? '',
            updatedAt: stamp,
          };
      entry.isDraft = existing ? submission.draft && existing.isDraft : submission.draft;
      entry.answers = answers;
      entry.updatedAt = stamp;
      if (entry.isDraft && submission.activePageOrder !== undefined) entry.activePageOrder = submission.activePageOrder;
      if (!entry.isDraft) delete entry.activePageOrder;
      if (entry.syncState === 'synced' || entry.syncState === 'syncing') entry.syncState = 'pending';
      await enqueue(db, entry, submission.draft, stamp);
      await db.entries.put(entry);
      // The files the answers name are the entry's from now on (uploaded with its project and form area).
      const paths = [...answerPaths(answers)];
      if (paths.length > 0)
        await db.files
          .where('path')
          .anyOf(paths)
          .modify({ entryId: entry.entryId, formArea: entry.formArea, projectId: entry.projectId });
      return entry;
    }),
  );
  await refreshCounts();
  onQueued();
  return toFormEntry(saved);
}

/** Queues the command of a save of `entry` (inside the caller's transaction). */
async function enqueue(db: OfflineDb, entry: LocalEntry, pageSave: boolean, stamp: string): Promise<void> {
  const items = await itemsOf(db, entry.entryId);
  const last = items.at(-1);
  // Never sent: may take the newest answers of a page save in its place (never across a submit).
  if (
    pageSave &&
    last &&
    last.state === 'queued' &&
    last.attempts === 0 &&
    (last.kind === 'savePage' || (last.kind === 'createEntry' && last.command.submit === false))
  ) {
    last.command = {
      ...last.command,
      answers: entry.answers,
      ...(entry.activePageOrder === undefined ? {} : { activePageOrder: entry.activePageOrder }),
      createdAt: stamp,
    };
    await db.outbox.put(last);
    return;
  }
  const kind: OfflineCommand['kind'] =
    items.length === 0 && entry.version === 0 ? 'createEntry' : pageSave ? 'savePage' : 'submit';
  const command: OfflineCommand = {
    commandId: v7(),
    kind,
    entryId: entry.entryId,
    projectId: entry.projectId,
    formArea: entry.formArea,
    formId: entry.formId,
    formVersion: entry.formVersion,
    ...(entry.entryNumber === undefined ? {} : { entryNumber: entry.entryNumber }),
    // Behind another command of the entry: starts where that one leaves the entry.
    baseVersion: last ? (last.command.baseVersion ?? 0) + 1 : entry.version,
    base: last ? last.command.answers : entry.base,
    answers: entry.answers,
    ...(kind === 'createEntry' ? { submit: !pageSave } : {}),
    ...(pageSave && entry.activePageOrder !== undefined ? { activePageOrder: entry.activePageOrder } : {}),
    createdAt: stamp,
  };
  await db.outbox.add({
    commandId: command.commandId,
    entryId: entry.entryId,
    kind,
    command,
    state: 'queued',
    attempts: 0,
  });
}

/** The entries of a project on the device (of one form when given): made offline, and the bundle's. */
export async function localEntries(projectId: number, formId?: number): Promise<LocalEntry[]> {
  const db = currentDb();
  const entries =
    formId === undefined
      ? await db.entries.where('projectId').equals(projectId).toArray()
      : await db.entries.where('[projectId+formId]').equals([projectId, formId]).toArray();
  return entries.sort(registerOrder);
}

/** The register's order: entries only on the device first (newest first), then by the server's number, descending. */
export function registerOrder(a: LocalEntry, b: LocalEntry): number {
  if (a.entryNumber === undefined || b.entryNumber === undefined)
    return a.entryNumber === b.entryNumber ? a.localNumber - b.localNumber : a.entryNumber === undefined ? -1 : 1;
  return b.entryNumber - a.entryNumber;
}

/** Files the answers or commands of entries other than `except` still name. */
async function namedPaths(db: OfflineDb, except?: string): Promise<Set<string>> {
  const named = new Set<string>();
  for (const entry of await db.entries.toArray())
    if (entry.entryId !== except) for (const path of answerPaths(entry.answers)) named.add(path);
  for (const item of await db.outbox.toArray())
    if (item.entryId !== except) for (const path of answerPaths(item.command.answers)) named.add(path);
  return named;
}

export { namedPaths };

/**
 * Discards a draft made on the device and never sent: the entry, its commands and its files not named by another
 * entry go, in one transaction.
 * @returns the entry, and whether it was discarded (false: it is, or may be, on the server: the server must discard it)
 * @throws ApiError 404 notFound.entry; 409 entries.notDraft
 */
export async function discardLocalEntry(
  projectId: number,
  formId: number,
  entryNumber: number,
): Promise<{ discarded: boolean; entry: LocalEntry }> {
  const db = currentDb();
  const entry = await findEntry(db, projectId, formId, entryNumber);
  if (!entry) throw refusal(404, 'notFound.entry');
  if (!entry.isDraft) throw refusal(409, 'entries.notDraft');
  const items = await itemsOf(db, entry.entryId);
  const onDevice = entry.version === 0 && entry.entryNumber === undefined && items.every((i) => i.attempts === 0);
  if (!onDevice) return { discarded: false, entry };
  await db.transaction('rw', [db.entries, db.outbox, db.files], async () => {
    const named = await namedPaths(db, entry.entryId);
    const own = answerPaths(entry.answers);
    await db.outbox.where('entryId').equals(entry.entryId).delete();
    await db.entries.delete(entry.entryId);
    await db.files.filter((f) => (f.entryId === entry.entryId || own.has(f.path)) && !named.has(f.path)).delete();
  });
  await refreshCounts();
  return { discarded: true, entry };
}

/** Forgets a server draft the server discarded (its local copy, its files on the device). */
export async function forgetEntry(entryId: string): Promise<void> {
  const db = currentDb();
  await db.transaction('rw', [db.entries, db.outbox, db.files], async () => {
    await db.outbox.where('entryId').equals(entryId).delete();
    await db.entries.delete(entryId);
    await db.files.where('entryId').equals(entryId).delete();
  });
  await refreshCounts();
}

/**
 * The conflicts of an entry the server found in conflict, with those the device's later answers add (units the
 * user changed again since the command in conflict), labelled with the question's label.
 */
export function conflictsWithLater(
  form: FormDefinition | undefined,
  entry: LocalEntry,
  base: readonly Answer[],
  serverAnswers: readonly Answer[],
  found: readonly AnswerConflict[],
): AnswerConflict[] {
  const known = new Set(found.map((c) => `${c.questionId}|${c.unit}`));
  const labels = new Map((form ? allQuestions(form) : []).map((q) => [q.id, q.label]));
  const extra = mergeAnswers(form, base, entry.answers, serverAnswers).conflicts.filter(
    (c) => !known.has(`${c.questionId}|${c.unit}`),
  );
  return [
    ...found,
    ...extra.map(
      (c) =>
        ({
          questionId: c.questionId,
          unit: c.unit,
          ...(labels.has(c.questionId) ? { label: labels.get(c.questionId) } : {}),
          base: c.base,
          mine: c.mine,
          theirs: c.theirs,
        }) as AnswerConflict,
    ),
  ];
}

/** A user's choice for one conflict (the conflict dialog). */
export interface ConflictChoice {
  questionId: number;
  unit: string;
  chosen: 'mine' | 'theirs';
}

/**
 * Settles an entry in conflict: the answers are the three-way merge of the command's base, the device's latest
 * answers and the server's (at the conflict's version), with the user's choice per conflicting unit (the server's where
 * none is given, as engine/offline/merge.ts applyResolutions keeps it). Queues one resolve command against the server's version (its resolutions go into the entry's audit
 * trail) in place of the entry's waiting commands (the resolve carries their answers and the submit).
 * @throws ApiError 404 notFound.entry (no such entry in conflict); 507 offline.storageFull
 */
export async function resolveConflicts(entryId: string, choices: ConflictChoice[], now = new Date()): Promise<void> {
  const db = currentDb();
  const entry = await db.entries.get(entryId);
  if (entry?.syncState !== 'conflict' || entry.serverVersion === undefined) throw refusal(404, 'notFound.entry');
  const bundle = await db.bundles.get(entry.projectId);
  let form: FormDefinition | undefined;
  try {
    form = bundle ? formOf(bundle, entry.formId, entry.formVersion) : undefined;
  } catch {
    form = undefined;
  }
  const chosen = new Map(choices.map((c) => [`${c.questionId}|${c.unit}`, c.chosen]));
  const serverAnswers = entry.serverAnswers ?? [];
  const settled = mergeAnswers(form, entry.conflictBase ?? entry.base, entry.answers, serverAnswers, (q, unit) =>
    chosen.get(`${q}|${unit}`),
  ).answers;
  const stamp = now.toISOString();
  const command: OfflineCommand = {
    commandId: v7(),
    kind: 'resolve',
    entryId,
    projectId: entry.projectId,
    formArea: entry.formArea,
    formId: entry.formId,
    formVersion: entry.formVersion,
    ...(entry.entryNumber === undefined ? {} : { entryNumber: entry.entryNumber }),
    baseVersion: entry.serverVersion,
    base: serverAnswers,
    answers: settled,
    submit: !entry.isDraft,
    resolutions: (entry.conflicts ?? []).map((c) => ({
      questionId: c.questionId,
      unit: c.unit,
      mine: c.mine ?? null,
      theirs: c.theirs ?? null,
      chosen: chosen.get(`${c.questionId}|${c.unit}`) ?? 'theirs',
    })),
    createdAt: stamp,
  };
  await guardQuota(() =>
    db.transaction('rw', [db.entries, db.outbox], async () => {
      await db.outbox.where('entryId').equals(entryId).delete();
      await db.outbox.add({
        commandId: command.commandId,
        entryId,
        kind: 'resolve',
        command,
        state: 'queued',
        attempts: 0,
      });
      const { conflicts: _c, serverAnswers: _s, serverVersion: _v, conflictBase: _b, error: _e, ...kept } = entry;
      await db.entries.put({
        ...kept,
        answers: settled,
        base: serverAnswers,
        version: entry.serverVersion as number,
        syncState: 'pending',
        updatedAt: stamp,
      });
    }),
  );
  await refreshCounts();
  onQueued();
}

/** Sends a refused command again (after the cause was fixed, e.g. access given back). */
export async function retryCommand(seq: number): Promise<void> {
  const db = currentDb();
  await db.transaction('rw', [db.entries, db.outbox], async () => {
    const item = await db.outbox.get(seq);
    if (item?.state !== 'refused') return;
    const { error: _e, ...kept } = item;
    await db.outbox.put({ ...kept, state: 'queued' });
    const entry = await db.entries.get(item.entryId);
    if (entry?.syncState === 'refused') {
      const { error: _x, ...rest } = entry;
      await db.entries.put({ ...rest, syncState: 'pending' });
    }
  });
  await refreshCounts();
  onQueued();
}
