/**
 * The offline batch call (issue 26 §3, §5; contract "Command semantics"; docs/offline.md "Protocol"):
 * POST /api/projects/updateQaOfflineInfo/commands applies a device's outbox, each command at most once per client,
 * in the order sent, and answers one OfflineCommandResult per command.
 *
 * - Idempotency: an applied command leaves a record in `offlineCommands` (unique clientId + commandId) holding its
 *   result, written in the same transaction as the command's writes; a repeat (the same batch again, a later one,
 *   or one sent at the same time) answers that result with `repeated: true` and writes nothing. A refusal or a
 *   conflict writes nothing and leaves no record: the device may send the command again (or its resolution).
 * - Entries are found by entryNumber when the command names one, else by offlineId (the device's entryId): a
 *   createEntry of an entry that exists is a save of it, never a second entry (the offlineId index is unique).
 * - Order per entry: after a command of an entry is refused or in conflict, the later commands of that entry in the
 *   batch are `skipped`; other entries go on.
 * - Access per command, as the online submit asks it: Edit on the command's form area of its project; another
 *   client's project or entry is 404, a user without Edit 403.
 * - The form version: the answers are validated against the definition of `formVersion`, which the entry keeps
 *   even when the form was republished meanwhile; a version that does not exist is 400.
 * - Versions: a command made against the entry's version is applied as it is (version + 1); against an older one,
 *   its answers are merged with the stored ones question by question (engine/offline/merge.ts): applied when no
 *   question changed on both sides, else `conflict` (nothing written). A resolve command's choices go into the
 *   entry's audit trail (`formEntryAudit`) in its transaction.
 * The entry is written by submitEntry (api/operations/entries.ts), the one entry writer, with the notification of
 * a submit queued as the online submit queues it.
 */
import { AppError } from '../../engine/errors';
import { mergeAnswers } from '../../engine/offline/merge';
import { can } from '../../engine/rules/access';
import type {
  Answer,
  Client,
  FormDefinition,
  FormEntry,
  OfflineCommand,
  OfflineCommandResult,
  OfflineCommandsRequest,
} from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { mayNotify, queueEntryNotification } from '../mail/notifications';
import { accessSubject } from '../middleware/session';
import { type EntryScope, submitEntry, toEntry, versionOf } from '../operations/entries';
import { type FormVersionDoc, publishedFormForProject } from '../operations/forms';
import { findProject } from '../operations/projects';
import { DuplicateKeyError, type Store } from '../store/port';

/** What a batch runs with: the session's client and user, the platform's public origin (for e-mail links). */
export interface OfflineContext {
  store: Store;
  clientId: number;
  user: UserDoc;
  origin: string;
  now: () => Date;
}

/** The stored record of an applied command (collection offlineCommands). */
interface CommandRecord {
  _id?: string;
  clientId: number;
  commandId: string;
  userId: number;
  deviceId: string;
  entryId: string;
  kind: OfflineCommand['kind'];
  at: string;
  result: OfflineCommandResult;
}

/** One resolution of the entry's audit trail (collection formEntryAudit; entries.audit answers them). */
export interface EntryAuditRecord {
  _id?: string;
  clientId: number;
  projectId: number;
  formArea: string;
  formId: number;
  entryNumber: number;
  at: string;
  by: number;
  byName: string;
  kind: 'conflictResolved';
  commandId: string;
  deviceId: string;
  questionId: number;
  unit: string;
  mine: unknown;
  theirs: unknown;
  chosen: 'mine' | 'theirs';
}

type EntryDoc = FormEntry & { [key: string]: unknown };

/** A command's outcome that is not an applied write: nothing was written, and no record is kept. */
class NotApplied extends Error {
  constructor(readonly result: OfflineCommandResult) {
    super(result.status);
  }
}

const records = (store: Store) => store.collection<CommandRecord>('offlineCommands');

/**
 * Applies a device's commands in order (see the module's comment).
 * @returns one result per command, in the order sent
 */
export async function applyOfflineCommands(
  context: OfflineContext,
  request: OfflineCommandsRequest,
): Promise<{ results: OfflineCommandResult[] }> {
  const held = new Set<string>();
  const results: OfflineCommandResult[] = [];
  const clients = new Map<number, string>();
  for (const command of request.commands) {
    const result = await applyOrRepeat(context, request.deviceId, command, held, clients);
    if (result.status === 'refused' || result.status === 'conflict' || result.status === 'skipped')
      held.add(command.entryId);
    results.push(result);
  }
  return { results };
}

async function storedResult(
  store: Store,
  context: OfflineContext,
  command: OfflineCommand,
): Promise<OfflineCommandResult | null> {
  const record = await records(store).findOne({ clientId: context.clientId, commandId: command.commandId });
  if (!record) return null;
  // A command id is the device's UUIDv7: another user's is no command of this one (and its answers are not theirs).
  if (record.userId !== context.user.id) return refusal(command, new AppError(404, 'notFound.entry'));
  return { ...record.result, repeated: true };
}

function refusal(command: OfflineCommand, error: AppError): OfflineCommandResult {
  const { messageId, message, details } = error.toBody();
  return {
    commandId: command.commandId,
    entryId: command.entryId,
    status: 'refused',
    error: {
      status: error.status,
      messageId,
      message,
      ...(details ? { details: details as unknown as Array<Record<string, unknown>> } : {}),
    },
  };
}

async function applyOrRepeat(
  context: OfflineContext,
  deviceId: string,
  command: OfflineCommand,
  held: ReadonlySet<string>,
  clients: Map<number, string>,
): Promise<OfflineCommandResult> {
  const repeated = await storedResult(context.store, context, command);
  if (repeated) return repeated;
  if (held.has(command.entryId)) {
    const error = new AppError(409, 'offlineSync.skipped');
    return {
      commandId: command.commandId,
      entryId: command.entryId,
      status: 'skipped',
      error: refusal(command, error).error,
    };
  }
  // A command meeting another at the same time (the same command sent twice at once, or two createEntry of one
  // entry): the unique indexes refuse the second write; it is then read again as a repeat, or applied again as a
  // save of the entry the first one made.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await context.store.withTransaction(async (tx) => {
        const again = await storedResult(tx, context, command);
        if (again) return again;
        const result = await applyOne({ ...context, store: tx }, command, clients);
        await records(tx).insertOne({
          clientId: context.clientId,
          commandId: command.commandId,
          userId: context.user.id,
          deviceId,
          entryId: command.entryId,
          kind: command.kind,
          at: context.now().toISOString(),
          result,
        });
        if (command.kind === 'resolve') await audit(tx, context, deviceId, command, result);
        return result;
      });
    } catch (error) {
      if (error instanceof NotApplied) return error.result;
      if (error instanceof AppError) return refusal(command, error);
      if (error instanceof DuplicateKeyError && attempt < 2) {
        const stored = await storedResult(context.store, context, command);
        if (stored) return stored;
        continue;
      }
      console.error(`[offline] command ${command.commandId} (${command.kind}) failed:`, error);
      return refusal(command, new AppError(500, 'common.serverError'));
    }
  }
}

/** The definition of version `version` of the form, checked as offered on the project (its latest decides). */
async function formVersion(store: Store, clientId: number, command: OfflineCommand): Promise<FormDefinition> {
  const latest = await publishedFormForProject(store, clientId, command.projectId, command.formArea, command.formId);
  if (latest.version === command.formVersion) return latest;
  const found = await store
    .collection<FormVersionDoc>('formVersions')
    .findOne({ clientId, formId: command.formId, version: command.formVersion });
  if (!found) throw new AppError(400, 'offlineSync.unknownFormVersion', { version: command.formVersion });
  return found.definition;
}

/** The entry the command is about: by entryNumber when given, else by the device's entryId (offlineId). */
async function findEntry(scope: EntryScope, command: OfflineCommand): Promise<FormEntry | null> {
  const entries = scope.store.collection<EntryDoc>('formEntries');
  if (command.entryNumber !== undefined) {
    const found = await entries.findOne({
      clientId: scope.clientId,
      projectId: scope.project.id,
      formId: scope.form.id,
      entryNumber: command.entryNumber,
    });
    return found ? toEntry(found) : null;
  }
  const found = await entries.findOne({ clientId: scope.clientId, offlineId: command.entryId });
  if (!found) return null;
  // The device's id names an entry of another project or form than the command says: a tampered command.
  if (found.projectId !== scope.project.id || found.formId !== scope.form.id)
    throw new AppError(400, 'offlineSync.entryMismatch');
  return toEntry(found);
}

function applied(command: OfflineCommand, entry: FormEntry): OfflineCommandResult {
  return {
    commandId: command.commandId,
    entryId: command.entryId,
    status: 'applied',
    entryNumber: entry.entryNumber,
    version: versionOf(entry),
    isDraft: entry.isDraft === true,
    answers: entry.answers,
  };
}

/** Applies one command inside its transaction; throws AppError (refused) or NotApplied (conflict). */
async function applyOne(
  context: OfflineContext,
  command: OfflineCommand,
  clients: Map<number, string>,
): Promise<OfflineCommandResult> {
  const { store, clientId, user } = context;
  // Another client's project is not there at all (404, never a 403 that tells it exists).
  const project = await findProject(store, clientId, command.projectId);
  if (!can(accessSubject(user, clientId), 'edit', { area: command.formArea, projectId: project.id }))
    throw new AppError(403, 'auth.forbidden');
  const form = await formVersion(store, clientId, command);
  let clientName = clients.get(clientId);
  if (clientName === undefined) {
    const client = await store.collection<Client>('clients').findOne({ id: clientId });
    if (!client) throw new AppError(404, 'notFound.client');
    clientName = client.name;
    clients.set(clientId, clientName);
  }
  const scope: EntryScope = { store, clientId, clientName, project, form };
  const now = context.now();
  const onSubmitted = async (entry: FormEntry) => {
    if (mayNotify(entry.answers)) await queueEntryNotification(store, scope, entry, context.origin, now);
  };
  if (command.kind === 'resolve' && (command.resolutions ?? []).length === 0)
    throw new AppError(400, 'offlineSync.resolutionsRequired');

  const existing = await findEntry(scope, command);
  if (!existing) {
    if (command.kind !== 'createEntry' || command.entryNumber !== undefined) throw new AppError(404, 'notFound.entry');
    const entry = await submitEntry(scope, { formId: form.id, answers: command.answers }, user, now, {
      draft: command.submit !== true,
      activePageOrder: command.activePageOrder,
      offlineId: command.entryId,
      onSubmitted,
    });
    return applied(command, entry);
  }

  const current = versionOf(existing);
  const baseVersion = command.baseVersion ?? 0;
  let answers: Answer[] = command.answers;
  if (baseVersion > current) throw new AppError(409, 'offlineSync.versionChanged');
  if (baseVersion < current) {
    const merged = mergeAnswers(form, command.base ?? [], command.answers, existing.answers);
    if (merged.conflicts.length > 0)
      throw new NotApplied({
        commandId: command.commandId,
        entryId: command.entryId,
        status: 'conflict',
        entryNumber: existing.entryNumber,
        version: current,
        isDraft: existing.isDraft === true,
        answers: existing.answers,
        conflicts: merged.conflicts,
      });
    answers = merged.answers;
  }
  // savePage keeps a draft; submit ends it; createEntry and resolve say it with `submit` (resolve without it keeps
  // the entry as it is).
  const draft =
    command.kind === 'savePage'
      ? true
      : command.kind === 'submit'
        ? false
        : command.submit === undefined
          ? existing.isDraft === true
          : command.submit !== true;
  const entry = await submitEntry(scope, { formId: form.id, entryNumber: existing.entryNumber, answers }, user, now, {
    draft,
    activePageOrder: command.activePageOrder,
    expectedVersion: current,
    onSubmitted,
  });
  return applied(command, entry);
}

/** Writes a resolve command's choices to the entry's audit trail (in the command's transaction). */
async function audit(
  store: Store,
  context: OfflineContext,
  deviceId: string,
  command: OfflineCommand,
  result: OfflineCommandResult,
): Promise<void> {
  const at = context.now().toISOString();
  const docs: EntryAuditRecord[] = (command.resolutions ?? []).map((r) => ({
    clientId: context.clientId,
    projectId: command.projectId,
    formArea: command.formArea,
    formId: command.formId,
    entryNumber: result.entryNumber as number,
    at,
    by: context.user.id,
    byName: context.user.fullName,
    kind: 'conflictResolved',
    commandId: command.commandId,
    deviceId,
    questionId: r.questionId,
    unit: r.unit,
    mine: r.mine ?? null,
    theirs: r.theirs ?? null,
    chosen: r.chosen,
  }));
  await store.collection<EntryAuditRecord>('formEntryAudit').insertMany(docs);
}

/**
 * An entry's audit trail, newest first (entries.audit): `[{ at, by, byName, kind, commandId, deviceId, questionId,
 * unit, mine, theirs, chosen }]`.
 */
export async function entryAudit(scope: EntryScope, entryNumber: number) {
  const entry = await scope.store
    .collection<EntryDoc>('formEntries')
    .findOne({ clientId: scope.clientId, projectId: scope.project.id, formId: scope.form.id, entryNumber });
  if (!entry) throw new AppError(404, 'notFound.entry');
  const trail = await scope.store
    .collection<EntryAuditRecord>('formEntryAudit')
    .find(
      { clientId: scope.clientId, projectId: scope.project.id, formId: scope.form.id, entryNumber },
      { sort: { at: -1 } },
    );
  return trail.map(({ at, by, byName, kind, commandId, deviceId, questionId, unit, mine, theirs, chosen }) => ({
    at,
    by,
    byName,
    kind,
    commandId,
    deviceId,
    questionId,
    unit,
    mine,
    theirs,
    chosen,
  }));
}
