/**
 * The CSV import of form entries (administration-data.md §7 "Project forms" PUT upload; issue 24 §4;
 * docs/decisions.md "CSV import of entries"): the columns are those of the register CSV (engine/export/csv.ts),
 * so a downloaded register edited and uploaded comes back where it can. Pure: the server passes the form and the
 * file's text and gets each row's answers, or every problem with its row and column.
 *
 * - Row numbers are the file's records with the header as row 1 (as the employee import counts).
 * - Entry Number, Created, Entered By and Status are read as nothing: an import makes new entries, numbered in
 *   the file's order, created now by the importer, submitted.
 * - A question is imported when its answer is a text, a number, a date, a yes/no or options: its one column (the
 *   question's label). Columns of files, signatures, picked documents, grids and tables (which a cell cannot
 *   give back) are left unread; so are the extra columns of a question (a signer's name, a grid's scores).
 * - A cell is read as the export writes it: the leading `'` the export puts before a formula-like text is taken
 *   off; Yes/No and option texts are matched as the export prints them; several options are ', '-joined; a
 *   dropdown's 'Other: {text}' (allowOther) is Other with its text.
 * - The answers are then checked by the submission rules (engine/forms/validate-submission.ts, as PUT submit),
 *   with the form's conditions applied (engine/forms/entry-data.ts: a question its condition hides is not
 *   answered); each problem names its row and the question's column.
 * - A header that is not a column of the form's register CSV is refused (a misspelt column would otherwise be
 *   left unread without a word).
 */
import Papa from 'papaparse';
import { detail, type ErrorDetail } from '../errors';
import { CSV_FORMAT } from '../export/csv';
import { answerKey, parseAnswerKey } from '../forms/answer-keys';
import { formDataToAnswers } from '../forms/entry-data';
import { fieldTypeOf } from '../forms/field-types';
import { OTHER_OPTION } from '../forms/field-types/shared';
import type { JSONSchema } from '../forms/field-types/types';
import { allQuestions } from '../forms/questions';
import { validateAnswers } from '../forms/validate-submission';
import { message } from '../messages/catalogue';
import type { Answer, AnswerValue, FormDefinition, Question } from '../types/generated';

/** Most rows (entries) one file may hold. */
export const MAX_ENTRY_IMPORT_ROWS = 5_000;
/** Largest file, bytes (5 MiB: 5,000 rows of about 1 KB). */
export const MAX_ENTRY_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most problems reported for one file: enough to fix it, never a huge answer. */
export const MAX_ENTRY_IMPORT_PROBLEMS = 200;

/** The register CSV's own columns, which an import does not read (message ids of their headers). */
const REGISTER_COLUMNS = ['register.entryNumber', 'register.date', 'register.enteredBy', 'register.status'] as const;

/** How one question's cell is read: a text, a number, a yes/no, one option, several options. */
type CellReader =
  | { kind: 'text'; richText: boolean }
  | { kind: 'number' }
  | { kind: 'boolean'; yes: string; no: string }
  | { kind: 'option'; options: string[]; otherPrefix?: string }
  | { kind: 'options'; options: string[] };

/** A column of the form's register CSV: its header and the question it belongs to (none for Entry Number...). */
export interface EntryCsvColumn {
  header: string;
  question?: Question;
  /** How its cell is read; absent for a column an import does not read. */
  reader?: CellReader;
}

function enumOf(schema: JSONSchema | undefined): string[] | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as { enum?: unknown[]; oneOf?: { const?: unknown }[] };
  if (Array.isArray(s.enum)) return s.enum.map(String);
  if (Array.isArray(s.oneOf) && s.oneOf.every((o) => o && 'const' in o)) return s.oneOf.map((o) => String(o.const));
  return null;
}

/** How a question's cell is read, or undefined for one a cell cannot give back (files, grids, tables...). */
function readerOf(question: Question): CellReader | undefined {
  const type = fieldTypeOf(question);
  if (type.answerless || type.answerOf || type.entryFiles || type.projectDocuments) return undefined;
  if (type.hidden?.(question)) return undefined;
  const schema = type.schema(question) as { type?: string; items?: JSONSchema };
  const cellOf = (values: AnswerValue[]) => {
    const [column] = type.csvColumns(question, CSV_FORMAT);
    return column ? column.cell({ formId: 0, questionId: question.id, answers: values }) : '';
  };
  switch (schema.type) {
    case 'boolean':
      return { kind: 'boolean', yes: cellOf([true]), no: cellOf([false]) };
    case 'number':
    case 'integer':
      return { kind: 'number' };
    case 'string': {
      const options = enumOf(schema as JSONSchema);
      if (!options) return { kind: 'text', richText: type.richText === true };
      // 'Other' with its text is exported as 'Other: {text}' (catalogue csv.other): read back into both.
      const otherPrefix = options.includes(OTHER_OPTION)
        ? message('csv.other', { option: OTHER_OPTION, text: '' })
        : undefined;
      return { kind: 'option', options, ...(otherPrefix ? { otherPrefix } : {}) };
    }
    case 'array': {
      const options = enumOf(schema.items);
      return options ? { kind: 'options', options } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The columns of `def`'s register CSV in the export's order (engine/export/csv.ts): Entry Number, Created,
 * Entered By, Status, then every question's columns (FieldType.csvColumns); a question's first column carries its
 * reader when an import can read it.
 */
export function entryCsvColumns(def: FormDefinition): EntryCsvColumn[] {
  const fixed: EntryCsvColumn[] = REGISTER_COLUMNS.map((id) => ({ header: message(id) }));
  const questions = allQuestions(def).flatMap((question) => {
    const reader = readerOf(question);
    return fieldTypeOf(question)
      .csvColumns(question, CSV_FORMAT)
      .map(
        (column, i): EntryCsvColumn => ({ header: column.header, question, ...(i === 0 && reader ? { reader } : {}) }),
      );
  });
  return [...fixed, ...questions];
}

/** The columns an import reads (the template's header): one per question a cell can answer. */
export function importableColumns(def: FormDefinition): EntryCsvColumn[] {
  return entryCsvColumns(def).filter((c) => c.reader);
}

/** The export's protection of a formula-like text (protectCell) taken off. */
function unprotect(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Several options as the export joins them (', '), read back against the question's options, longest first. */
function splitOptions(text: string, options: readonly string[]): string[] | null {
  const byLength = [...options].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  let rest = text;
  while (rest !== '') {
    const option = byLength.find((o) => rest === o || rest.startsWith(`${o}, `));
    if (option === undefined) return null;
    found.push(option);
    rest = rest.slice(Math.min(rest.length, option.length + 2));
  }
  return found;
}

/** A cell's form-data value, or a problem (message id and the value) when the cell cannot be read. */
function readCell(
  reader: CellReader,
  raw: string,
): { value: unknown; other?: string } | { problem: 'number' | 'option' | 'yesNo' } {
  const text = unprotect(raw.trim());
  switch (reader.kind) {
    case 'text':
      return {
        value: reader.richText
          ? text
              .split(/\r?\n/)
              .map((line) => `<p>${escapeHtml(line)}</p>`)
              .join('')
          : text.replace(/\r\n/g, '\n'),
      };
    case 'number': {
      const n = Number(text);
      return /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(n) ? { value: n } : { problem: 'number' };
    }
    case 'boolean':
      if (text.toLowerCase() === reader.yes.toLowerCase()) return { value: true };
      if (text.toLowerCase() === reader.no.toLowerCase()) return { value: false };
      return { problem: 'yesNo' };
    case 'option':
      if (reader.otherPrefix && !reader.options.includes(text) && text.startsWith(reader.otherPrefix))
        return { value: OTHER_OPTION, other: text.slice(reader.otherPrefix.length) };
      // An option outside the list goes to the submission rules, which name it as PUT submit does.
      return { value: text };
    case 'options': {
      const values = splitOptions(text, reader.options);
      return values ? { value: values } : { problem: 'option' };
    }
  }
}

/** One row the import will save: its row number and answers, checked. */
export interface EntryImportRow {
  row: number;
  answers: Answer[];
}

export type EntryImportCheck = { ok: true; rows: EntryImportRow[] } | { ok: false; problems: ErrorDetail[] };

function rowProblem(row: number, column: string, messageId: Parameters<typeof detail>[1], params = {}) {
  return detail(`/rows/${row}/${column}`, messageId, { row, column, ...params });
}

/**
 * Reads and checks an uploaded entries CSV against `def` (the form's latest published version).
 * @param text the file's text (a UTF-8 BOM is allowed)
 * @returns every row's answers, or the problems: `entriesOps.import.unknownColumn` `{column}`,
 *   `entriesOps.import.noRows`, `entriesOps.import.tooManyRows` `{limit}` for the file; per row (paths
 *   `/rows/<row>/<column>`) `entriesOps.import.number`, `.yesNo`, `.option` for a cell not read, and
 *   `entriesOps.import.invalid` `{row, column, problem}` with the submission rules' message (required, an option
 *   not listed, a limit...); at most MAX_ENTRY_IMPORT_PROBLEMS
 */
export function checkEntriesCsv(def: FormDefinition, text: string): EntryImportCheck {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...records] = parsed.data;
  const columns = entryCsvColumns(def);
  const problems: ErrorDetail[] = [];
  // Each header is the next unused column with that text (two questions may share a label).
  const used = new Set<number>();
  const readers: (EntryCsvColumn | undefined)[] = header.map((cell) => {
    const name = cell.trim();
    const index = columns.findIndex((c, i) => !used.has(i) && c.header === name);
    if (index < 0) {
      if (name !== '') problems.push(detail(`/columns/${name}`, 'entriesOps.import.unknownColumn', { column: name }));
      return undefined;
    }
    used.add(index);
    return columns[index];
  });
  if (problems.length > 0) return { ok: false, problems };
  if (records.length === 0) return { ok: false, problems: [detail('/rows', 'entriesOps.import.noRows')] };
  if (records.length > MAX_ENTRY_IMPORT_ROWS)
    return {
      ok: false,
      problems: [detail('/rows', 'entriesOps.import.tooManyRows', { limit: MAX_ENTRY_IMPORT_ROWS })],
    };
  const labelOf = new Map(allQuestions(def).map((q) => [q.id, q.label]));
  const rows: EntryImportRow[] = [];
  for (const [index, record] of records.entries()) {
    if (problems.length >= MAX_ENTRY_IMPORT_PROBLEMS) break;
    const row = index + 2;
    const formData: Record<string, unknown> = {};
    let readable = true;
    for (const [i, column] of readers.entries()) {
      if (!column?.reader || !column.question) continue;
      const raw = record[i] ?? '';
      if (raw.trim() === '') continue;
      const read = readCell(column.reader, raw);
      if ('problem' in read) {
        readable = false;
        problems.push(rowProblem(row, column.header, `entriesOps.import.${read.problem}`, { value: raw.trim() }));
      } else {
        formData[answerKey(column.question.id)] = read.value;
        if (read.other !== undefined) formData[answerKey(column.question.id, 'other')] = read.other;
      }
    }
    if (!readable) continue;
    const answers = formDataToAnswers(def, formData);
    for (const problem of validateAnswers(def, answers)) {
      const questionId = parseAnswerKey(problem.path)?.questionId;
      const column = questionId === undefined ? '' : (labelOf.get(questionId) ?? '');
      problems.push(rowProblem(row, column, 'entriesOps.import.invalid', { problem: problem.message }));
    }
    rows.push({ row, answers });
  }
  return problems.length > 0
    ? { ok: false, problems: problems.slice(0, MAX_ENTRY_IMPORT_PROBLEMS) }
    : { ok: true, rows };
}

/**
 * The import template (GET …/{formId}/uploadtemplate): the header row of the columns an import reads, protected
 * and quoted as the export writes them, with a UTF-8 BOM for spreadsheets; CRLF line ends.
 */
export function entriesCsvTemplate(def: FormDefinition): string {
  return `\uFEFF${Papa.unparse([importableColumns(def).map((c) => c.header)], { newline: '\r\n' })}`;
}
