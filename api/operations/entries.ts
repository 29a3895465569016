/**
 * Project form entries (administration-data.md §3 "Form entry (saved)", §7 "Project forms"):
 * submit, register rows with server-side paging/sorting/filtering, one entry, and CSV rows.
 */
import { randomUUID } from 'node:crypto';
import { AppError, detail } from '../../engine/errors';
import { type CsvEntry, csvEntryFields } from '../../engine/export/csv';
import { ALL_STATUSES, type EntryStatus, splitStatusFilter } from '../../engine/forms/entry-status';
import { fieldTypeOf } from '../../engine/forms/field-types';
import {
  type PickedDocument,
  parsePickedDocument,
  projectDocumentsFolder,
  projectDrawingRegisterFolder,
} from '../../engine/forms/field-types/document-picker';
import { allQuestions } from '../../engine/forms/questions';
import { validateAnswers, withComputedValues } from '../../engine/forms/validate-submission';
import { entryScore, weekOf } from '../../engine/registers/entry-score';
import {
  emptySortKey,
  readModelColumns,
  registerReadModel,
  registerSortKey,
  registerVersionOf,
} from '../../engine/registers/read-model';
import { entryToRegisterRow, filterText, queryRows, type RegisterRow } from '../../engine/registers/rows';
import { isAdmin } from '../../engine/rules/access';
import type {
  Answer,
  FormDefinition,
  FormEntry,
  FormEntrySubmission,
  Project,
  RegisterQuery,
} from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { dmsFileKey, relativePath } from '../dms/paths';
import { items as drawingRegisterItems, parseFileUrl } from '../drawing-register/items';
import { clientKey, fileKey } from '../files/paths';
import { insertNumbered } from '../ids';
import type { Filter, FindOptions, Store } from '../store/port';
import { projectUsers } from './projects';
import { withSanitizedRichText } from './rich-text';

type EntryDoc = FormEntry & { [key: string]: unknown };

/** Context of an entry operation: tenant, project, published form, acting user. */
export interface EntryScope {
  store: Store;
  clientId: number;
  clientName: string;
  project: Project;
  form: FormDefinition;
}

function scopeFilter(scope: EntryScope) {
  return { clientId: scope.clientId, projectId: scope.project.id, formId: scope.form.id };
}

/**
 * Every user an answer notifies must be one of the project's (projectUsers).
 * @throws AppError 400 validation.invalidBody with a `validation.notifyUser` detail per unknown id
 */
async function checkNotificationUsers(scope: EntryScope, answers: readonly Answer[]): Promise<void> {
  const asked = answers.flatMap((a) => (a.notificationUsers ?? []).map((id) => ({ questionId: a.questionId, id })));
  if (asked.length === 0) return;
  const allowed = new Set((await projectUsers(scope.store, scope.clientId, scope.project.id)).map((u) => u.id));
  const problems = asked
    .filter(({ id }) => !allowed.has(id))
    .map(({ questionId, id }) => detail(`/answers/${questionId}/notificationUsers`, 'validation.notifyUser', { id }));
  if (problems.length > 0)
    throw new AppError(400, 'validation.invalidBody', { details: problems.map((p) => p.message).join('; ') }, problems);
}

/**
 * A document picker's answer names files of this project that exist, at the revision picked (issue 23 item 5): a
 * DMS file below the project's document folder (with a `versionId`, that version must still be one of the file's),
 * or a drawing register file of the project (its item pins the drawing's revision). The client offers no others;
 * a forged value is refused. A bare path (an answer saved before issue 23) is checked as the file's current version.
 * @throws AppError 400 validation.invalidBody with a `validation.notADocument` detail per other value
 */
async function checkProjectDocuments(scope: EntryScope, answers: readonly Answer[]): Promise<void> {
  const questions = new Map(allQuestions(scope.form).map((q) => [q.id, q]));
  const problems = [];
  for (const answer of answers) {
    const question = questions.get(answer.questionId);
    if (!question || !fieldTypeOf(question).projectDocuments) continue;
    for (const value of answer.answers ?? []) {
      const text = String(value);
      if (!(await isPickableDocument(scope, parsePickedDocument(text))))
        problems.push(detail(`/answers/${answer.questionId}`, 'validation.notADocument', { file: text }));
    }
  }
  if (problems.length > 0)
    throw new AppError(400, 'validation.invalidBody', { details: problems.map((p) => p.message).join('; ') }, problems);
}

/**
 * Is `picked` a file of the entry's project that exists at the revision it names? A DMS file: its path passes the
 * DMS's path rules (api/dms/paths.ts) and, with a `versionId`, that version is still one of the file's. A drawing
 * register file (`{itemId}/{fileName}` below the project's register folder): the item of this project holds the
 * file and has the revision named.
 */
async function isPickableDocument(scope: EntryScope, picked: PickedDocument): Promise<boolean> {
  const documents = `${projectDocumentsFolder(scope.project.id)}/`;
  const register = `${projectDrawingRegisterFolder(scope.project.id)}/`;
  try {
    if (picked.path.startsWith(documents)) {
      const key = dmsFileKey(
        scope.clientId,
        scope.project.id,
        relativePath(picked.path.slice(documents.length), false),
      );
      if ((await scope.store.files.info(key)) === null) return false;
      if (!picked.versionId) return true;
      return (await scope.store.files.versions(key)).some((v) => v.versionId === picked.versionId);
    }
    if (picked.path.startsWith(register) && !picked.versionId) {
      const { itemId, fileName } = parseFileUrl(scope.project.id, picked.path);
      const item = await drawingRegisterItems(scope.store).findOne({
        clientId: scope.clientId,
        projectId: scope.project.id,
        id: itemId,
      });
      if (!item?.attachments.some((a) => a.fileName === fileName)) return false;
      if (picked.revision !== undefined && picked.revision !== item.revision) return false;
      return (await scope.store.files.info(clientKey(scope.clientId, picked.path))) !== null;
    }
  } catch (error) {
    // A path the DMS or the register refuses (traversal, another project) is no document of this project.
    if (error instanceof AppError && error.status === 400) return false;
    throw error;
  }
  return false;
}

/** What a save of an entry is: a page save (a draft, and the page the user is on), an Update QR code's change. */
export interface SubmitOptions {
  /** A page save (PUT …/submit?isFromPaging=true): required questions may still be unanswered. */
  draft?: boolean;
  /** The order (1-based) of the page the user is on after a page save: where Continue opens the draft. */
  activePageOrder?: number;
  /** The caller holds an Update QR code of this entry (checked by the caller). */
  qrUpdate?: boolean;
  /**
   * A new entry of someone who is not a user: an external party's reply or a public form's entry through a secure
   * link (issue 25; api/external/forms.ts). enteredBy is their name; the entry carries the marks given.
   */
  submitter?: { enteredBy: string; isPublic?: boolean; external?: FormEntry['external'] };
  /**
   * Called once the entry has become submitted (a new entry, or a draft's final submit; not a page save, not a
   * change of a submitted entry), after its write and with the same store: the notify-question e-mail is queued
   * here (api/mail/notifications.ts; issue 25 §5).
   */
  onSubmitted?: (entry: FormEntry) => Promise<void>;
  /**
   * An offline command's save (issue 26 §5; api/offline/commands.ts): the entry's version the answers were merged
   * against. The write happens only while the stored entry still has it; otherwise 409 offlineSync.versionChanged
   * and nothing is written (the caller merges again).
   */
  expectedVersion?: number;
  /** A new entry made on a device (issue 26 §3): its UUIDv7, kept as the entry's `offlineId` (unique per client). */
  offlineId?: string;
}

/** An entry's version: 1 when created, one more at each change; an entry stored before versions reads as 1. */
export function versionOf(entry: Pick<FormEntry, 'version'>): number {
  return entry.version ?? 1;
}

/**
 * May `user` change the stored entry `existing` (docs/decisions.md "Drafts")? The operation's access question
 * (activity Edit on the project's area) has been asked already. A draft: yes (its author and every Edit user may
 * continue it). A submitted entry: through an Update QR code of it, as an administrator, or when the form allows
 * changing submitted entries (`allowEntryEdit`); never by a page save (a submitted entry changes only by a full
 * submit).
 * @throws AppError 403 entries.editNotAllowed; 409 entries.submittedPageSave
 */
function checkChange(scope: EntryScope, existing: FormEntry, user: UserDoc | null, options: SubmitOptions): void {
  if (!user) throw new AppError(403, 'entries.editNotAllowed');
  if (existing.isDraft === true) return;
  if (!options.qrUpdate && !isAdmin(user) && scope.form.allowEntryEdit !== true)
    throw new AppError(403, 'entries.editNotAllowed');
  if (options.draft) throw new AppError(409, 'entries.submittedPageSave');
}

/**
 * Saves a submission: a new entry with the next entryNumber of that project and form, or an update of the
 * answers of an existing one (checkChange says who may). A page save (`options.draft`) makes or keeps a Draft and
 * records `activePageOrder`; a full submit ends a draft: the entry becomes Submitted and its `date` (when it was
 * first submitted) is now.
 * @throws AppError 400 validation.invalidBody with one detail per bad answer (and per notified user who is not one
 *   of the project's, and per picked document not in the project's store); 404 notFound.entry; 403
 *   entries.editNotAllowed; 409 entries.submittedPageSave
 */
export async function submitEntry(
  scope: EntryScope,
  submission: FormEntrySubmission,
  user: UserDoc | null,
  now = new Date(),
  options: SubmitOptions = {},
) {
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const filter =
    submission.entryNumber === undefined ? null : { ...scopeFilter(scope), entryNumber: submission.entryNumber };
  let existing = filter ? await entries.findOne(filter) : null;
  if (filter && !existing) throw new AppError(404, 'notFound.entry');
  if (existing) checkChange(scope, toEntry(existing), user, options);
  if (existing && options.expectedVersion !== undefined && versionOf(existing) !== options.expectedVersion)
    throw new AppError(409, 'offlineSync.versionChanged');

  const given: Answer[] = submission.answers.map((a) => ({ ...a, formId: scope.form.id }));
  const draft = options.draft === true;
  const problems = validateAnswers(scope.form, given, { partial: draft });
  if (problems.length > 0) {
    const summary = problems
      .slice(0, 3)
      .map((p) => p.message)
      .join('; ');
    throw new AppError(400, 'validation.invalidBody', { details: summary }, problems);
  }
  await checkNotificationUsers(scope, given);
  await checkProjectDocuments(scope, given);
  // What the server computes (a grid's scores) is never taken from the client.
  const answers = withSanitizedRichText(scope.form, withComputedValues(scope.form, given));
  const page = draft && options.activePageOrder !== undefined ? { activePageOrder: options.activePageOrder } : {};
  // Each change moves the entry's version by one (issue 26 §5). The write names the version read, so that two
  // saves at once cannot both take the same next version: the one that finds it moved reads the entry again.
  for (let attempt = 0; filter && existing; attempt += 1) {
    const wasDraft = existing.isDraft === true;
    // A page save keeps the draft; a full submit ends it, and the entry is submitted now (date: first submitted).
    const isDraft = draft && wasDraft;
    const { activePageOrder: _left, ...kept } = toEntry(existing);
    const read = versionOf(existing);
    const changed = {
      ...kept,
      answers,
      modified: now.toISOString(),
      formVersion: scope.form.version,
      version: read + 1,
      isDraft,
      ...(wasDraft && !isDraft ? { date: now.toISOString() } : {}),
      ...(isDraft ? page : {}),
    } as FormEntry;
    const { matchedCount } = await entries.updateOne(
      { ...filter, version: existing.version ?? null },
      {
        $set: {
          answers,
          modified: changed.modified,
          formVersion: scope.form.version,
          version: changed.version,
          isDraft,
          date: changed.date,
          ...(isDraft ? page : {}),
          ...readModelOf(scope.form, changed),
        },
        ...(isDraft ? {} : { $unset: { activePageOrder: '' } }),
      },
    );
    if (matchedCount === 1) {
      if (wasDraft && !isDraft) await options.onSubmitted?.(changed);
      return changed;
    }
    // Changed meanwhile: an offline command merges again; an online save (last write wins, as before) retries.
    if (options.expectedVersion !== undefined || attempt >= 4) throw new AppError(409, 'offlineSync.versionChanged');
    existing = await entries.findOne(filter);
    if (!existing) throw new AppError(404, 'notFound.entry');
    checkChange(scope, toEntry(existing), user, options);
  }
  const { clientId, project, form } = scope;
  // The three counters and the entry are one write (on the embedded store one group commit, all or nothing).
  let entry!: FormEntry;
  const counters = [`entry:${clientId}:${project.id}:${form.id}`, `globalEntry:${clientId}:${form.id}`, 'formEntries'];
  await insertNumbered(scope.store, 'formEntries', counters, ([entryNumber, globalEntryNumber, id]) => {
    entry = {
      id,
      clientId,
      projectId: project.id,
      formId: form.id,
      formVersion: form.version,
      formArea: form.formArea,
      aggregateRootId: randomUUID(),
      entryNumber,
      globalEntryNumber,
      displayGlobalId: `${form.id}-${globalEntryNumber}`,
      client: scope.clientName,
      date: now.toISOString(),
      enteredBy: options.submitter?.enteredBy ?? user?.fullName ?? '',
      ...(user && !options.submitter ? { enteredById: user.id } : {}),
      projectName: project.name,
      projectAddress: project.address ?? '',
      isPublic: options.submitter?.isPublic === true,
      ...(options.submitter?.external ? { external: options.submitter.external } : {}),
      answers,
      version: 1,
      ...(options.offlineId ? { offlineId: options.offlineId } : {}),
      ...(draft ? { isDraft: true, ...page } : {}),
    };
    return { ...entry, ...readModelOf(form, entry) };
  });
  if (!draft) await options.onSubmitted?.(entry);
  return entry;
}

/**
 * Discards a draft (docs/decisions.md "Drafts"): the entry is deleted, then the files its answers hold (file
 * uploads, signatures, marked-up versions: field types with `entryFiles`) unless another entry of the project
 * refers to the same file (a linked form's copy). Picked project documents are the project's, never deleted.
 * The entry number is not given out again.
 * @returns the discarded entry's `{ entryNumber, files }`: how many files were deleted
 * @throws AppError 404 notFound.entry; 409 entries.notDraft for a submitted entry
 */
export async function discardEntry(
  scope: EntryScope,
  entryNumber: number,
): Promise<{ entryNumber: number; files: number }> {
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const filter = { ...scopeFilter(scope), entryNumber };
  const existing = await entries.findOne(filter);
  if (!existing) throw new AppError(404, 'notFound.entry');
  if (existing.isDraft !== true) throw new AppError(409, 'entries.notDraft');
  const { deletedCount } = await entries.deleteOne({ ...filter, isDraft: true });
  // Submitted meanwhile (a race with a final submit): nothing is deleted.
  if (deletedCount === 0) throw new AppError(409, 'entries.notDraft');
  const files = entryFilePaths(scope.form, toEntry(existing));
  if (files.length === 0) return { entryNumber, files: 0 };
  // Entries of the project that refer to one of the same files keep it.
  const others = await entries.find(
    { clientId: scope.clientId, projectId: scope.project.id },
    { projection: { _id: 0, formId: 1, answers: 1 } },
  );
  const used = new Set(others.flatMap((e) => (e.answers ?? []).flatMap((a) => (a.answers ?? []).map(String))));
  let deleted = 0;
  for (const path of files) {
    if (used.has(path)) continue;
    if (await scope.store.files.delete(fileKey(scope.clientId, path))) deleted += 1;
  }
  return { entryNumber, files: deleted };
}

/** The paths of the files an entry's answers hold as its own (field types with `entryFiles`), each once. */
export function entryFilePaths(form: FormDefinition, entry: Pick<FormEntry, 'answers'>): string[] {
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const paths = new Set<string>();
  for (const answer of entry.answers) {
    const question = questions.get(answer.questionId);
    if (!question || !fieldTypeOf(question).entryFiles) continue;
    for (const value of answer.answers ?? []) if (typeof value === 'string' && value !== '') paths.add(value);
  }
  return [...paths];
}

/** One entry by its entryNumber. @throws AppError 404 notFound.entry */
export async function getEntry(scope: EntryScope, entryNumber: number): Promise<FormEntry> {
  const entry = await scope.store.collection<EntryDoc>('formEntries').findOne({ ...scopeFilter(scope), entryNumber });
  if (!entry) throw new AppError(404, 'notFound.entry');
  return withVersion(toEntry(entry));
}

/** The entry with its `version` (an entry stored before versions reads as 1). */
export function withVersion(entry: FormEntry): FormEntry {
  return entry.version === undefined ? { ...entry, version: 1 } : entry;
}

/** A stored entry without the store's `_id` and the read model (the register's row, the score fields). */
export function toEntry(doc: EntryDoc): FormEntry {
  const { _id, registerRow, registerVersion, scorePercent, scoreBucket, ratingBand, entryWeek, ...rest } = doc;
  return rest as FormEntry;
}

/**
 * The read model fields an entry is stored with, built from form version `def`: the register's row
 * (engine/registers/read-model.ts), and what the category registers' charts count in the store
 * (api/operations/category-registers.ts): the entry's week (`entryWeek`, its Monday in UTC) and its score
 * (engine/registers/entry-score.ts: `scorePercent`, `scoreBucket` 0-9, `ratingBand`; null when there is none).
 */
export function readModelOf(def: FormDefinition, entry: FormEntry) {
  const score = entryScore(def, entry);
  return {
    registerRow: registerReadModel(def, entry),
    registerVersion: registerVersionOf(def),
    scorePercent: score?.percent ?? null,
    scoreBucket: score?.bucket ?? null,
    ratingBand: score?.band ?? null,
    entryWeek: weekOf(entry.date),
  };
}

/** How long a register known to be up to date is trusted before the store is asked again (ms). */
export const READ_MODEL_RECHECK_MS = 60_000;

interface ReadModelState {
  /** `${clientId}:${formId}:${version}` -> when its rows were last found up to date. */
  ready: Map<string, number>;
  /** Rebuilds under way, with their progress. */
  rebuilds: Map<string, { done: number; total: number; finished: Promise<void> }>;
}

const readModelStates = new WeakMap<Store, ReadModelState>();

function stateOf(store: Store): ReadModelState {
  let state = readModelStates.get(store);
  if (!state) {
    state = { ready: new Map(), rebuilds: new Map() };
    readModelStates.set(store, state);
  }
  return state;
}

/**
 * The register rebuilds under way in `store` (issue "Performance at scale" §2: rows are rebuilt in the
 * background, with progress): `{ key: 'clientId:formId:version', done, total, finished }`.
 */
export function registerRebuilds(store: Store) {
  return [...stateOf(store).rebuilds].map(([key, r]) => ({ key, ...r }));
}

/**
 * True when every entry of the form has its read model built from `scope.form`'s version. Otherwise starts
 * (once) the background rebuild of the stale rows and answers false: the register is then served from memory
 * until the rebuild is done (a published version that changes display texts, entries written by an earlier
 * release or imported without it). The answer is trusted for READ_MODEL_RECHECK_MS.
 */
export async function readModelReady(scope: EntryScope, now = Date.now()): Promise<boolean> {
  const { store, clientId, form } = scope;
  const state = stateOf(store);
  const key = `${clientId}:${form.id}:${form.version}`;
  if (state.rebuilds.has(key)) return false;
  const checked = state.ready.get(key);
  if (checked !== undefined && now - checked < READ_MODEL_RECHECK_MS) return true;
  state.ready.delete(key);
  const stale = staleFilter(clientId, form);
  const total = await store.collection<EntryDoc>('formEntries').countDocuments(stale);
  if (total === 0) {
    state.ready.set(key, now);
    return true;
  }
  const progress = { done: 0, total, finished: Promise.resolve() };
  progress.finished = rebuildReadModel(store, clientId, form, progress)
    .then((complete) => {
      if (complete) state.ready.set(key, Date.now());
    })
    .catch((error) => console.error(`[register] rebuilding the rows of form ${form.id} failed:`, error))
    .finally(() => state.rebuilds.delete(key));
  state.rebuilds.set(key, progress);
  return false;
}

function staleFilter(clientId: number, form: FormDefinition): Filter {
  return { clientId, formId: form.id, registerVersion: { $ne: registerVersionOf(form) } };
}

/**
 * Rebuilds the read model of the form's stale entries, 500 at a time, logging progress every tenth. An entry
 * changed meanwhile is left alone (its save wrote its own row). Resolves true when no stale entry is left.
 */
async function rebuildReadModel(
  store: Store,
  clientId: number,
  form: FormDefinition,
  progress: { done: number; total: number },
): Promise<boolean> {
  const entries = store.collection<EntryDoc>('formEntries');
  let logged = 0;
  for (;;) {
    const batch = await entries.find(staleFilter(clientId, form), { limit: 500 });
    if (batch.length === 0) return true;
    const results = await Promise.all(
      batch.map((doc) =>
        entries.updateOne(
          { _id: doc._id, registerVersion: doc.registerVersion ?? null, modified: doc.modified ?? null },
          { $set: readModelOf(form, toEntry(doc)) },
        ),
      ),
    );
    const changed = results.filter((r) => r.modifiedCount > 0).length;
    progress.done += changed;
    if (progress.done - logged >= progress.total / 10) {
      logged = progress.done;
      console.log(`[register] form ${form.id} v${form.version}: ${progress.done}/${progress.total} rows rebuilt`);
    }
    if (changed === 0) return false;
  }
}

/**
 * The store query of a register query on the read model: the filter, and the column to sort by (besides
 * entryNumber); null when some filter or sort is on a column the read model does not index (a question not
 * shown in the register, several sort columns), which is then answered from memory.
 */
function readModelQuery(
  scope: EntryScope,
  query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'>,
  defaultStatus?: EntryStatus,
): { filter: Filter; sort: { column: string; desc: boolean } | null } | null {
  const columns = new Set(readModelColumns(scope.form));
  const and: Filter[] = [];
  const { status, rest } = splitStatusFilter(query.filters);
  const wanted = status ?? defaultStatus;
  // The status is one equality on its sort key (an index lookup), not a "contains" match; every entry has a
  // status, so the empty cell's key matches none (an unknown status).
  if (wanted !== undefined && wanted !== ALL_STATUSES)
    and.push({ 'registerRow.sortKeys.status': wanted === 'None' ? emptySortKey : registerSortKey(wanted) });
  for (const f of rest) {
    const text = filterText(f.value);
    if (text === '') continue;
    if ((f.id === 'entryNumber' || f.id === 'id') && /^\d+$/.test(text)) and.push({ [f.id]: Number(text) });
    else if (columns.has(f.id))
      and.push({ [`registerRow.text.${f.id}`]: { $regex: escapeRegExp(text.toLowerCase()) } });
    else return null;
  }
  const global = (query.globalFilter ?? '').trim().toLowerCase();
  if (global !== '') and.push({ 'registerRow.any': { $regex: escapeRegExp(global) } });
  const sorting = query.sorting ?? [];
  if (sorting.length > 1 || (sorting.length === 1 && !columns.has(sorting[0].id))) return null;
  const filter: Filter = and.length > 0 ? { ...scopeFilter(scope), $and: and } : scopeFilter(scope);
  const sort =
    sorting.length === 1 && sorting[0].id !== 'entryNumber'
      ? { column: sorting[0].id, desc: sorting[0].desc === true }
      : null;
  if (sorting.length === 1 && sorting[0].id === 'entryNumber' && sorting[0].desc !== true)
    return { filter, sort: { column: 'entryNumber', desc: false } };
  return { filter, sort };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The parts a read-model query is read in, in register order: without a sort column, every match by
 * entryNumber descending; sorted by a column, the rows with a value in the column's order (ties by
 * entryNumber descending), then the empty ones (entryNumber descending), as the register puts empty cells last.
 */
function readModelParts(q: {
  filter: Filter;
  sort: { column: string; desc: boolean } | null;
}): Array<{ filter: Filter; sort: FindOptions['sort'] }> {
  if (!q.sort) return [{ filter: q.filter, sort: { entryNumber: -1 } }];
  if (q.sort.column === 'entryNumber') return [{ filter: q.filter, sort: { entryNumber: q.sort.desc ? -1 : 1 } }];
  const path = `registerRow.sortKeys.${q.sort.column}`;
  return [
    {
      filter: { $and: [q.filter, { [path]: { $lt: emptySortKey } }] },
      sort: { [path]: q.sort.desc ? -1 : 1, entryNumber: -1 },
    },
    { filter: { $and: [q.filter, { [path]: emptySortKey }] }, sort: { entryNumber: -1 } },
  ];
}

/**
 * A page of register rows (docs/architecture.md "Registers"), with `drafts`: how many drafts the register holds
 * whatever the query (the register shows them as a hint while it lists submitted entries). With the form's read
 * model up to date and every filter and sort on an indexed column, the store pages, sorts and filters on its
 * indexes; otherwise the rows of the project's entries are built, filtered and sorted in memory (queryRows),
 * with the same results.
 */
export async function registerPage(
  scope: EntryScope,
  query: RegisterQuery,
): Promise<{ items: RegisterRow[]; totalRecords: number; drafts: number }> {
  const pageIndex = query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? 10;
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const q = (await readModelReady(scope)) ? readModelQuery(scope, query) : null;
  if (!q) {
    const all = (await entries.find(scopeFilter(scope), { sort: { entryNumber: -1 } })).map((d) => toEntry(d));
    const rows = queryEntries(scope, all, query);
    const drafts = all.filter((entry) => entry.isDraft === true).length;
    const versions = new Map(all.map((entry) => [entry.entryNumber, versionOf(entry)]));
    const items = rows
      .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
      .map((row) => ({ ...row, version: versions.get(row.entryNumber) ?? 1 }));
    return { items, totalRecords: rows.length, drafts };
  }
  // The drafts of the register whatever the query, for the register's hint (an equality on the indexed status).
  const drafts = await entries.countDocuments({
    ...scopeFilter(scope),
    'registerRow.sortKeys.status': registerSortKey('Draft'),
  });
  const parts = readModelParts(q);
  // The total, and the empty cells of the sorted column (an equality on the index): the rest have a value.
  const totalRecords = await entries.countDocuments(q.filter);
  const counts =
    parts.length === 2
      ? await entries.countDocuments(parts[1].filter).then((empty) => [totalRecords - empty, empty])
      : [totalRecords];
  let skip = pageIndex * pageSize;
  const docs: EntryDoc[] = [];
  for (const [i, part] of parts.entries()) {
    if (docs.length < pageSize && skip < counts[i])
      docs.push(...(await entries.find(part.filter, { sort: part.sort, skip, limit: pageSize - docs.length })));
    skip = Math.max(0, skip - counts[i]);
  }
  const items = docs.map((d) => ({ ...entryToRegisterRow(scope.form, toEntry(d)), version: versionOf(d) }));
  return { items, totalRecords, drafts };
}

/**
 * The entries of a form's register that a query matches, for its charts (issue 24 §6; counted by
 * api/operations/category-registers.ts `formRegisterCharts`): with the read model up to date and every filter on
 * an indexed column, a store filter (`formId` as `{ $in: [id] }`; the status as `isDraft`, the field the chart
 * indexes hold, so that the register's default view is counted on them alone); otherwise the matching entries,
 * selected in memory as the register page does. Sorting plays no part. No status filter means every entry.
 */
export async function registerSelection(
  scope: EntryScope,
  query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'>,
): Promise<{ filter: Filter } | { entries: FormEntry[] }> {
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const { status, rest } = splitStatusFilter(query.filters);
  const unsorted = { filters: rest, globalFilter: query.globalFilter };
  const q = (await readModelReady(scope)) ? readModelQuery(scope, unsorted) : null;
  if (q && status !== 'None') {
    const and: Filter[] = [];
    if (status === 'Draft') and.push({ isDraft: true });
    if (status === 'Submitted') and.push({ isDraft: { $ne: true } });
    if (q.filter.$and) and.push(...(q.filter.$and as Filter[]));
    const filter: Filter = { ...scopeFilter(scope), formId: { $in: [scope.form.id] } };
    return { filter: and.length > 0 ? { ...filter, $and: and } : filter };
  }
  const all = (await entries.find(scopeFilter(scope), { sort: { entryNumber: -1 } })).map((d) => toEntry(d));
  const byNumber = new Map(all.map((entry) => [entry.entryNumber, entry]));
  const rows = queryEntries(scope, all, { ...unsorted, filters: query.filters });
  return { entries: rows.map((row) => byNumber.get(row.entryNumber) as FormEntry) };
}

/** The register rows of `entries` that match the query (its status filter, else `defaultStatus`), in its order. */
function queryEntries(
  scope: EntryScope,
  entries: readonly FormEntry[],
  query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'>,
  defaultStatus?: EntryStatus,
) {
  const { status, rest } = splitStatusFilter(query.filters);
  const wanted = status ?? defaultStatus;
  const rows = entries
    .map((entry) => entryToRegisterRow(scope.form, entry))
    .filter((row) => wanted === undefined || wanted === ALL_STATUSES || row.status === wanted);
  return queryRows(rows, { sorting: query.sorting, filters: rest, globalFilter: query.globalFilter });
}

/**
 * Documents a CSV download reads from the store at a time (findEach's batch; its default is 500): the batch's
 * texts stay alive while its rows are written, and fewer of them alive at each young-generation collection keep
 * the server's memory flat however many downloads run (issue 24 "Speed"; docs/decisions.md "The CSV download's
 * memory"). The time is the same (docs/performance.md).
 */
export const CSV_READ_BATCH = 50;

/** The store projection of what the CSV reads of an entry (engine/export/csv.ts `csvEntryFields`). */
const csvProjection: Record<string, 0 | 1> = {
  _id: 0,
  ...Object.fromEntries(csvEntryFields.map((field) => [field, 1])),
};

/**
 * The entries a CSV download holds, one at a time in register order: those matching the register query, and
 * only the given entry numbers when `downloadFormIds` is set. Without a status filter (and without chosen entry
 * numbers) only submitted entries are exported: drafts are exported when the query asks for them
 * (`{ id: 'status', value: 'Draft' | 'All' }`, docs/decisions.md "Drafts"). On the read model they stream from store cursors
 * (constant memory) with only the fields the CSV reads (`CsvEntry`: MongoDB sends no more; SQLite's
 * json_extract costs more than parsing the whole document, so the embedded store projects after parsing);
 * otherwise they are selected in memory as the register page is, and come whole.
 */
export async function* entriesForDownload(
  scope: EntryScope,
  query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'> & { downloadFormIds?: number[] },
): AsyncGenerator<CsvEntry> {
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const defaultStatus: EntryStatus | undefined = query.downloadFormIds ? undefined : 'Submitted';
  const q = (await readModelReady(scope)) ? readModelQuery(scope, query, defaultStatus) : null;
  if (q) {
    if (query.downloadFormIds) q.filter = { $and: [q.filter, { entryNumber: { $in: query.downloadFormIds } }] };
    for (const part of readModelParts(q))
      yield* entries.findEach(part.filter, {
        sort: part.sort,
        projection: csvProjection,
        batchSize: CSV_READ_BATCH,
      }) as AsyncIterable<CsvEntry>;
    return;
  }
  const docs = await entries.find(scopeFilter(scope), { sort: { entryNumber: -1 } });
  const byNumber = new Map(docs.map((d) => [d.entryNumber, toEntry(d)]));
  const wanted = query.downloadFormIds ? new Set(query.downloadFormIds) : null;
  const rows = queryEntries(scope, [...byNumber.values()], query, defaultStatus);
  for (const r of rows) if (!wanted || wanted.has(r.entryNumber)) yield byNumber.get(r.entryNumber)!;
}
