/**
 * Entries at work (issue 24 §4; administration-data.md §7 "Project forms"): copy an entry, several entries in one
 * call, the CSV import of entries and the lookup values an import takes (docs/entries.md "Copy, getMultiple, CSV
 * import, lookup values"; docs/decisions.md "Copying an entry", "CSV import of entries").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { AppError, detail, type ErrorDetail } from '../../engine/errors';
import { protectCell } from '../../engine/export/csv';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { allQuestions } from '../../engine/forms/questions';
import { validateAnswers, withComputedValues } from '../../engine/forms/validate-submission';
import { checkEntriesCsv, importableColumns, MAX_ENTRY_IMPORT_BYTES } from '../../engine/import/entries-csv';
import { message } from '../../engine/messages/catalogue';
import type { Answer, FormDefinition, FormEntry, ProjectLookupValue } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { fileKey } from '../files/paths';
import { insertNumbered, reserveSequence } from '../ids';
import { type EntryScope, readModelOf, toEntry } from './entries';
import { withSanitizedRichText } from './rich-text';

type EntryDoc = FormEntry & { [key: string]: unknown };

/** Most entries one getMultiple call answers. */
export const MAX_GET_MULTIPLE = 100;

/** The entry fields a copy takes besides its answers: what the ask* questions of the form's header hold. */
const HEADER_FIELDS = ['structureReferences', 'levels', 'elevations', 'cores', 'elements', 'packages'] as const;

/** The three counters a new entry of the scope's form takes a number of (as submitEntry numbers it). */
function entryCounters(scope: EntryScope): string[] {
  const { clientId, project, form } = scope;
  return [`entry:${clientId}:${project.id}:${form.id}`, `globalEntry:${clientId}:${form.id}`, 'formEntries'];
}

/** A new entry of the scope's form, numbered: the fields submitEntry stores. */
function newEntry(
  scope: EntryScope,
  user: UserDoc,
  now: Date,
  [entryNumber, globalEntryNumber, id]: number[],
  fields: Pick<FormEntry, 'answers'> & Partial<FormEntry>,
): FormEntry {
  const { clientId, project, form } = scope;
  return {
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
    version: 1,
    ...fields,
  };
}

/**
 * The stored entry `id` (the Form entry's `id`, administration-data.md §3) of the tenant's project in `formArea`.
 * @throws AppError 404 notFound.entry (another client's, another project's, another area's)
 */
export async function entryById(
  store: EntryScope['store'],
  clientId: number,
  projectId: number,
  formArea: string,
  id: number,
): Promise<FormEntry> {
  const found = await store.collection<EntryDoc>('formEntries').findOne({ clientId, projectId, formArea, id });
  if (!found) throw new AppError(404, 'notFound.entry');
  return toEntry(found);
}

/**
 * The answers a copy starts with: the original's, less its signatures (a signature is the signer's, of that entry:
 * the copy is signed again) and any isSigned mark, and only those the form's current version takes (a copy is
 * filled in the latest version; an answer it would refuse, such as an option since removed, is left for the user
 * to give again). Grid scores are computed again.
 */
function copiedAnswers(form: FormDefinition, original: FormEntry): Answer[] {
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  let answers: Answer[] = original.answers
    .filter((a) => {
      const question = questions.get(a.questionId);
      return question !== undefined && !fieldTypeOf(question).signed;
    })
    .map(({ isSigned: _signed, signatureByThirdParty: _by, ...rest }) => ({ ...rest, formId: form.id }));
  answers = withComputedValues(form, answers);
  // Answers the current version refuses (a page save's rules: required questions may be missing) are left out.
  const refused = new Set(
    validateAnswers(form, answers, { partial: true }).map((p) => {
      const key = /^q_(\d+)/.exec(p.path);
      const index = /^\/answers\/(\d+)/.exec(p.path);
      return key ? Number(key[1]) : index ? answers[Number(index[1])]?.questionId : undefined;
    }),
  );
  return answers.filter((a) => !refused.has(a.questionId));
}

/** A new path for a copy of the file `path` (same folder, own sub-folder, same name), unused. */
function copyPath(path: string): string {
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, slash);
  // The copy's own sub-folder, beside the original's: the same folder depth every time (not one per copy made).
  const parent = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : folder;
  return `${parent}/copy-${randomBytes(6).toString('hex')}/${path.slice(slash + 1)}`;
}

/**
 * POST …/copy/{id}: a copy of the entry as a new draft of the same form on the same project (docs/decisions.md
 * "Copying an entry"): its answers (copiedAnswers: not its signatures), its header fields, a new entry number,
 * entered by the caller now; every file its answers hold (uploads, marked-up images) copied in the file store
 * under a new path, so that deleting either entry's files leaves the other's whole. All or nothing: the files are
 * copied first, and if a copy or the entry's write fails, the files copied so far are deleted.
 * @returns the new entry (isDraft: true)
 * @throws AppError 404 notFound.entry, notFound.form (the form is no longer offered on the project)
 */
export async function copyEntry(
  scope: EntryScope,
  original: FormEntry,
  user: UserDoc,
  now = new Date(),
): Promise<FormEntry> {
  const { store, clientId, form } = scope;
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const written: string[] = [];
  try {
    const answers: Answer[] = [];
    for (const answer of copiedAnswers(form, original)) {
      const question = questions.get(answer.questionId);
      if (!question || !fieldTypeOf(question).entryFiles) {
        answers.push(answer);
        continue;
      }
      const paths: string[] = [];
      for (const value of answer.answers) {
        const from = String(value);
        const found = await store.files.get(fileKey(clientId, from));
        // A file gone from the store is not invented: the copy does without it.
        if (!found) continue;
        const to = copyPath(from);
        await store.files.put(fileKey(clientId, to), found.bytes, found.info.contentType);
        written.push(to);
        paths.push(to);
      }
      if (paths.length > 0) answers.push({ ...answer, answers: paths });
    }
    const header = Object.fromEntries(
      HEADER_FIELDS.filter((f) => original[f] !== undefined).map((f) => [f, original[f]]),
    );
    const sanitized = withSanitizedRichText(form, answers);
    let entry!: FormEntry;
    await insertNumbered(store, 'formEntries', entryCounters(scope), (numbers) => {
      entry = newEntry(scope, user, now, numbers, { ...header, answers: sanitized, isDraft: true });
      return { ...entry, ...readModelOf(form, entry) };
    });
    return entry;
  } catch (error) {
    for (const path of written) await store.files.delete(fileKey(clientId, path)).catch(() => false);
    throw error;
  }
}

/**
 * POST …/getMultiple: the entries `entryNumbers` of the scope's form, in the order asked.
 * @throws AppError 404 notFound.entry when one of them is not an entry of the form on the project
 */
export async function getMultipleEntries(scope: EntryScope, entryNumbers: readonly number[]): Promise<FormEntry[]> {
  const found = await scope.store.collection<EntryDoc>('formEntries').find({
    clientId: scope.clientId,
    projectId: scope.project.id,
    formId: scope.form.id,
    entryNumber: { $in: [...entryNumbers] },
  });
  const byNumber = new Map(found.map((doc) => [doc.entryNumber, toEntry(doc)]));
  return entryNumbers.map((n) => {
    const entry = byNumber.get(n);
    if (!entry) throw new AppError(404, 'notFound.entry');
    return entry;
  });
}

/** A refused import: 400 'The file was not imported (problems found: {count}). Nothing was saved.' */
function importFailed(problems: ErrorDetail[]): AppError {
  return new AppError(400, 'entriesOps.import.failed', { count: problems.length }, problems);
}

/**
 * PUT …/upload: the entries of a CSV file (engine/import/entries-csv.ts) saved as new submitted entries of the
 * scope's form, numbered in the file's order, entered by the caller now; all or nothing: `store` must be a
 * transaction's (the named handler runs in one), and every row is checked before anything is written.
 * @param bytes the file's bytes (UTF-8)
 * @returns `{ created, entryNumbers }`
 * @throws AppError 409 entriesOps.import.notAllowed (the form has no Allow CSV upload), 413
 *   entriesOps.import.tooLarge, 400 entriesOps.import.failed with every problem (row and column) as details
 */
export async function importEntries(
  scope: EntryScope,
  bytes: Uint8Array,
  user: UserDoc,
  now = new Date(),
): Promise<{ created: number; entryNumbers: number[] }> {
  if (scope.form.allowCsvUpload !== true) throw new AppError(409, 'entriesOps.import.notAllowed');
  if (bytes.byteLength > MAX_ENTRY_IMPORT_BYTES)
    throw new AppError(413, 'entriesOps.import.tooLarge', { limit: MAX_ENTRY_IMPORT_BYTES / (1024 * 1024) });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw importFailed([detail('/file', 'entriesOps.import.notUtf8')]);
  }
  const checked = checkEntriesCsv(scope.form, text);
  if (!checked.ok) throw importFailed(checked.problems);
  const { store, form } = scope;
  const count = checked.rows.length;
  const [firstNumber, firstGlobal, firstId] = await Promise.all(
    entryCounters(scope).map((name) => reserveSequence(store, name, count)),
  );
  const docs = checked.rows.map(({ answers }, i) => {
    const entry = newEntry(scope, user, now, [firstNumber + i, firstGlobal + i, firstId + i], {
      answers: withSanitizedRichText(form, withComputedValues(form, answers)),
    });
    return { ...entry, ...readModelOf(form, entry) } as EntryDoc;
  });
  await store.collection<EntryDoc>('formEntries').insertMany(docs);
  return { created: count, entryNumbers: docs.map((d) => d.entryNumber) };
}

/** The project lookup type each ask* flag of a form takes its values from. */
const ASK_LOOKUPS = [
  ['askStructureReference', 'StructureReference'],
  ['askLevel', 'Level'],
  ['askElevation', 'Elevation'],
  ['askCores', 'Core'],
  ['askElement', 'Element'],
  ['askPackage', 'Package'],
] as const;

/**
 * GET …/{formId}/downloadlookupvalues: the values a CSV import of the form takes, as a CSV (docs/decisions.md "CSV
 * import of entries"): columns List and Value; first the project's Active lookup values of each lookup the form's
 * ask* flags use (List: the lookup type's name, e.g. 'Levels'), by name; then each question answered from a list
 * (a dropdown, a multi-select, ticks with options, yes/no), List its column's header, one row per value as the
 * import reads it. UTF-8 BOM, CRLF, cells protected as the export protects them.
 */
export async function lookupValuesCsv(scope: EntryScope): Promise<string> {
  const { form, store } = scope;
  const rows: string[][] = [];
  for (const [flag, type] of ASK_LOOKUPS) {
    if (form[flag] !== true) continue;
    const values = await store
      .collection<ProjectLookupValue & { [key: string]: unknown }>('projectLookupValues')
      .find({ clientId: scope.clientId, projectId: scope.project.id, type, status: 'Active' }, { sort: { name: 1 } });
    const list = message(`projectLookupTypes.${type}`);
    for (const value of values) rows.push([list, value.name]);
  }
  for (const column of importableColumns(form)) {
    const reader = column.reader;
    if (reader?.kind === 'option' || reader?.kind === 'options')
      for (const option of reader.options) rows.push([column.header, option]);
    if (reader?.kind === 'boolean') rows.push([column.header, reader.yes], [column.header, reader.no]);
  }
  const header = [message('entriesOps.lookupValues.list'), message('entriesOps.lookupValues.value')];
  return `\uFEFF${Papa.unparse(
    [header, ...rows].map((r) => r.map(protectCell)),
    { newline: '\r\n' },
  )}`;
}
