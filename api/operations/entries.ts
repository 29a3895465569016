/**
 * Project form entries (administration-data.md §3 "Form entry (saved)", §7 "Project forms"):
 * submit, register rows with server-side paging/sorting/filtering, one entry, and CSV rows.
 */
import { randomUUID } from 'node:crypto';
import { AppError, detail } from '../../engine/errors';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { projectDocumentsFolder } from '../../engine/forms/field-types/document-picker';
import { allQuestions } from '../../engine/forms/questions';
import { validateAnswers, withComputedValues } from '../../engine/forms/validate-submission';
import { entryToRegisterRow, queryRows, type RegisterRow } from '../../engine/registers/rows';
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
import { fileKey } from '../files/paths';
import { nextSequence } from '../ids';
import type { Store } from '../store/port';
import { projectUsers } from './projects';
import { withSanitizedRichText } from './rich-text';

type EntryDoc = FormEntry & { [key: string]: unknown };

/** Columns every register has; sorting on these alone is pushed down to the store. */
const FIXED_SORT_FIELDS = new Set(['entryNumber', 'date', 'enteredBy']);

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
 * A document picker's answer names documents of this project's document store that exist (the client
 * offers no others; a forged path is refused).
 * @throws AppError 400 validation.invalidBody with a `validation.notADocument` detail per other path
 */
async function checkProjectDocuments(scope: EntryScope, answers: readonly Answer[]): Promise<void> {
  const questions = new Map(allQuestions(scope.form).map((q) => [q.id, q]));
  const folder = `${projectDocumentsFolder(scope.project.id)}/`;
  const problems = [];
  for (const answer of answers) {
    const question = questions.get(answer.questionId);
    if (!question || !fieldTypeOf(question).projectDocuments) continue;
    for (const file of answer.answers ?? []) {
      const path = String(file);
      const found = path.startsWith(folder) && (await scope.store.files.info(fileKey(scope.clientId, path))) !== null;
      if (!found) problems.push(detail(`/answers/${answer.questionId}`, 'validation.notADocument', { file: path }));
    }
  }
  if (problems.length > 0)
    throw new AppError(400, 'validation.invalidBody', { details: problems.map((p) => p.message).join('; ') }, problems);
}

/**
 * Saves a submission: a new entry with the next entryNumber of that project and form, or an
 * update of the answers of an existing entry (its author or an admin only).
 * `options.draft`: a page save; `options.qrUpdate`: the caller holds an Update QR code of this entry.
 * @throws AppError 400 validation.invalidBody with one detail per bad answer (and per notified user who is
 *   not one of the project's, and per picked document not in the project's store); 404 notFound.entry;
 *   403 auth.forbidden when another user's entry is to be updated by a non-admin
 */
export async function submitEntry(
  scope: EntryScope,
  submission: FormEntrySubmission,
  user: UserDoc,
  now = new Date(),
  options: { draft?: boolean; qrUpdate?: boolean } = {},
) {
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
  const entries = scope.store.collection<EntryDoc>('formEntries');
  if (submission.entryNumber !== undefined) {
    const filter = { ...scopeFilter(scope), entryNumber: submission.entryNumber };
    const existing = await entries.findOne(filter);
    if (!existing) throw new AppError(404, 'notFound.entry');
    // Only the person who entered it, an administrator, or a holder of an Update QR code of it (options.qrUpdate,
    // checked by the caller) may change an entry's answers.
    if (existing.enteredById !== user.id && !isAdmin(user) && !options.qrUpdate)
      throw new AppError(403, 'auth.forbidden');
    // A final submit ends the draft; a page save keeps an entry's state (a submitted entry stays submitted).
    const isDraft = draft ? existing.isDraft === true : false;
    await entries.updateOne(filter, {
      $set: { answers, modified: now.toISOString(), formVersion: scope.form.version, isDraft },
    });
    const { _id, ...rest } = existing;
    return { ...rest, answers, modified: now.toISOString(), formVersion: scope.form.version, isDraft } as FormEntry;
  }
  const { clientId, project, form } = scope;
  const entryNumber = await nextSequence(scope.store, `entry:${clientId}:${project.id}:${form.id}`);
  const globalEntryNumber = await nextSequence(scope.store, `globalEntry:${clientId}:${form.id}`);
  const id = await nextSequence(scope.store, 'formEntries');
  const entry: FormEntry = {
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
    enteredBy: user.fullName,
    enteredById: user.id,
    projectName: project.name,
    projectAddress: project.address ?? '',
    isPublic: false,
    answers,
    ...(draft ? { isDraft: true } : {}),
  };
  await entries.insertOne({ ...entry });
  return entry;
}

/** One entry by its entryNumber. @throws AppError 404 notFound.entry */
export async function getEntry(scope: EntryScope, entryNumber: number): Promise<FormEntry> {
  const entry = await scope.store.collection<EntryDoc>('formEntries').findOne({ ...scopeFilter(scope), entryNumber });
  if (!entry) throw new AppError(404, 'notFound.entry');
  const { _id, ...rest } = entry;
  return rest as FormEntry;
}

function canPushDown(query: RegisterQuery): boolean {
  return (
    !query.globalFilter &&
    (query.filters ?? []).length === 0 &&
    (query.sorting ?? []).every((s) => FIXED_SORT_FIELDS.has(s.id))
  );
}

function stripIds(docs: EntryDoc[]): FormEntry[] {
  return docs.map(({ _id, ...rest }) => rest as FormEntry);
}

/**
 * A page of register rows. Without filters and with sorting only on fixed columns the store pages
 * (skip/limit/count); otherwise rows are built for the project's entries of the form and filtered
 * and sorted in memory (docs/architecture.md "Registers").
 */
export async function registerPage(
  scope: EntryScope,
  query: RegisterQuery,
): Promise<{ items: RegisterRow[]; totalRecords: number }> {
  const pageIndex = query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? 10;
  const entries = scope.store.collection<EntryDoc>('formEntries');
  const filter = scopeFilter(scope);
  if (canPushDown(query)) {
    const sorting = query.sorting && query.sorting.length > 0 ? query.sorting : [{ id: 'entryNumber', desc: true }];
    const sort: Record<string, 1 | -1> = {};
    for (const s of sorting) sort[s.id] = s.desc ? -1 : 1;
    if (!('entryNumber' in sort)) sort.entryNumber = -1;
    const [docs, totalRecords] = await Promise.all([
      entries.find(filter, { sort, skip: pageIndex * pageSize, limit: pageSize }),
      entries.countDocuments(filter),
    ]);
    return { items: stripIds(docs).map((e) => entryToRegisterRow(scope.form, e)), totalRecords };
  }
  const rows = await filteredRows(scope, query);
  return { items: rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), totalRecords: rows.length };
}

async function filteredRows(scope: EntryScope, query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'>) {
  const docs = await scope.store
    .collection<EntryDoc>('formEntries')
    .find(scopeFilter(scope), { sort: { entryNumber: -1 } });
  const rows = stripIds(docs).map((e) => entryToRegisterRow(scope.form, e));
  return queryRows(rows, { sorting: query.sorting, filters: query.filters, globalFilter: query.globalFilter });
}

/**
 * The entries a CSV download holds, in register order: those matching the register query, and
 * only the given entry numbers when `downloadFormIds` is set.
 */
export async function entriesForDownload(
  scope: EntryScope,
  query: Omit<RegisterQuery, 'pageIndex' | 'pageSize'> & { downloadFormIds?: number[] },
): Promise<FormEntry[]> {
  const docs = await scope.store
    .collection<EntryDoc>('formEntries')
    .find(scopeFilter(scope), { sort: { entryNumber: -1 } });
  const byNumber = new Map(stripIds(docs).map((e) => [e.entryNumber, e]));
  const wanted = query.downloadFormIds ? new Set(query.downloadFormIds) : null;
  const rows = queryRows(
    [...byNumber.values()].map((e) => entryToRegisterRow(scope.form, e)),
    { sorting: query.sorting, filters: query.filters, globalFilter: query.globalFilter },
  );
  return rows.filter((r) => !wanted || wanted.has(r.entryNumber)).map((r) => byNumber.get(r.entryNumber)!);
}
