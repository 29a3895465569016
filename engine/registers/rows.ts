/**
 * A form's register: one row per entry with display text per question, the columns marked
 * showInRegister, and the register's filtering and sorting (docs/api.md "RegisterRow"; administration-data.md
 * §3 "Data table", §9). The API pages over queryRows' result; the runtime shows registerColumns.
 */
import { answerKey } from '../forms/answer-keys';
import { type EntryStatus, entryStatus } from '../forms/entry-status';
import { fieldTypeOf } from '../forms/field-types';
import { valuesDisplayText } from '../forms/field-types/display';
import type { ColumnType, DisplayFormat } from '../forms/field-types/types';
import { allQuestions, type QuestionProperties } from '../forms/questions';
import { message } from '../messages/catalogue';
import type {
  Answer,
  AnswerValue,
  FormDefinition,
  FormEntry,
  Question,
  RegisterFilter,
  RegisterSort,
} from '../types/generated';
import { registerSortKey } from './sort-key';

/**
 * One register row: the entry's id and entryNumber, `date` (when the entry was first submitted, the
 * stored ISO date-time, formatted by the table), `enteredBy` and `status` (Draft or Submitted,
 * engine/forms/entry-status.ts; the register shows it in catalogue words), plus the display text of every
 * question of the form under its answer key ('' when unanswered).
 */
export type RegisterRow = {
  id: number;
  entryNumber: number;
  date: string;
  enteredBy: string;
  status: EntryStatus;
  /**
   * Where the entry came from when not from a user (issue 25): 'External: {organisation}' (the recipient's name
   * when the link named no organisation) for a reply through a secure link, 'Public' for a public form's entry.
   */
  origin?: string;
  /**
   * The entry's version (issue 26 §5: 1 when created, one more at each change), added by the register page
   * (api/operations/entries.ts registerPage); not a column, never searched.
   */
  version?: number;
  [key: `q_${number}`]: string;
};

/** The register's origin text of an entry (RegisterRow.origin), or undefined for a user's entry. */
export function entryOrigin(entry: Pick<FormEntry, 'isPublic' | 'external'>): string | undefined {
  if (entry.isPublic === true) return message('externalForms.publicChip');
  if (!entry.external) return undefined;
  const organisation = entry.external.recipientOrganisation || entry.external.recipientName;
  return message('externalForms.externalChip', { organisation });
}

/** Data-table column types (administration-data.md §3 "Data table") the register's question columns use. */
export type RegisterColumnType = ColumnType;

/** A question column of the register. */
export interface RegisterColumn {
  /** The row key, `q_<questionId>`. */
  value: `q_${number}`;
  /** The question label. */
  header: string;
  type: RegisterColumnType;
}

/** The register query (register-query.schema.json) minus paging. */
export interface RowQuery {
  sorting?: RegisterSort[];
  filters?: RegisterFilter[];
  globalFilter?: string;
}

/** The register's display format: numbers as stored, one line per cell. */
export const REGISTER_FORMAT: DisplayFormat = { number: String, lines: false };

/**
 * The display text of an answer's values: option values as they are, ticks 'Yes'/'No' (catalogue csv.yes,
 * csv.no), dates yyyy-mm-dd (a date-time keeps its date part), numbers through `formatNumber`
 * (default: as given), several values joined with ', '. Only `answers`: {@link answerText} shows the
 * rest of a saved Answer (a grid, the Other text, a third party's name).
 * @param question the question answered
 * @param values the Answer's `answers`
 * @param formatNumber how numbers print
 */
export function answerDisplayText(
  question: Question,
  values: readonly AnswerValue[],
  formatNumber: (value: number) => string = String,
): string {
  return valuesDisplayText(fieldTypeOf(question).displayText, values, formatNumber);
}

/**
 * The text of a saved Answer in one cell, as its field type says (FieldType.answerText): the register's cell
 * with REGISTER_FORMAT (a grid '5/6 (83.33%) Good', files by name, a table's rows, 'Other: {text}').
 * @param question the question answered
 * @param answer its saved Answer
 * @param format how numbers and lists print (default: the register's)
 */
export function answerText(question: Question, answer: Answer, format: DisplayFormat = REGISTER_FORMAT): string {
  return fieldTypeOf(question).answerText(question, answer, format);
}

/**
 * The register row of an entry.
 * @param def the form definition whose questions make the columns (the latest published version)
 * @param entry a saved entry of that form; answers to questions not on `def` are left out and of two
 *   answers to one question the first counts
 */
export function entryToRegisterRow(def: FormDefinition, entry: FormEntry): RegisterRow {
  const row: RegisterRow = {
    id: entry.id,
    entryNumber: entry.entryNumber,
    date: entry.date,
    enteredBy: entry.enteredBy,
    status: entryStatus(entry),
  };
  const origin = entryOrigin(entry);
  if (origin !== undefined) row.origin = origin;
  const answers = new Map<number, Answer>();
  for (const answer of entry.answers) if (!answers.has(answer.questionId)) answers.set(answer.questionId, answer);
  for (const question of allQuestions(def)) {
    const answer = answers.get(question.id);
    row[answerKey(question.id) as `q_${number}`] = answer ? answerText(question, answer) : '';
  }
  return row;
}

/** The question columns of a register: questions marked showInRegister, in page order. */
export function registerColumns(def: FormDefinition): RegisterColumn[] {
  return allQuestions(def)
    .filter((question: QuestionProperties) => question.showInRegister === true)
    .map((question) => ({
      value: answerKey(question.id) as `q_${number}`,
      header: question.label,
      type: fieldTypeOf(question).columnType,
    }));
}

function cellText(row: RegisterRow, id: string): string {
  const value = (row as Record<string, unknown>)[id];
  return value === undefined || value === null ? '' : String(value);
}

/** The text a register filter value matches: booleans as 'Yes'/'No' (catalogue), others trimmed. */
export function filterText(value: RegisterFilter['value']): string {
  if (typeof value === 'boolean') return message(value ? 'csv.yes' : 'csv.no');
  return String(value).trim();
}

/** Compares two cells by their sort keys (sort-key.ts): numbers numerically, text naturally, empty cells last either way. */
function compareCells(a: string, b: string, desc: boolean): number {
  if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
  const ka = registerSortKey(a);
  const kb = registerSortKey(b);
  const order = ka === kb ? 0 : ka < kb ? -1 : 1;
  return desc ? -order : order;
}

/**
 * Filters and sorts register rows (the register's "getall" and "download" queries, docs/api.md).
 * @param rows rows of one form
 * @param query `filters`: every filter must match: the column's display text contains the value,
 *   case-insensitively (booleans match 'Yes'/'No'; an empty value matches all); on `entryNumber` and `id`
 *   a whole-number value must equal the number. A filter on a column the rows do not have matches none.
 *   `globalFilter`: some column other than `id` contains it, case-insensitively. `sorting`: rules in order,
 *   each by the cells' sort keys (sort-key.ts: numbers numerically, text ignoring case and accents with digit runs as numbers), empty cells last; ties keep the input order.
 * @returns a new array; `rows` is not changed
 */
export function queryRows(rows: readonly RegisterRow[], query: RowQuery = {}): RegisterRow[] {
  const filters = (query.filters ?? [])
    .map((f) => ({ id: f.id, text: filterText(f.value) }))
    .filter((f) => f.text !== '')
    .map(({ id, text }) => {
      if ((id === 'entryNumber' || id === 'id') && /^\d+$/.test(text)) {
        const wanted = Number(text);
        return (row: RegisterRow) => (row as Record<string, unknown>)[id] === wanted;
      }
      const needle = text.toLowerCase();
      return (row: RegisterRow) => cellText(row, id).toLowerCase().includes(needle);
    });
  const global = (query.globalFilter ?? '').trim().toLowerCase();
  const matches = (row: RegisterRow) =>
    filters.every((test) => test(row)) &&
    (global === '' ||
      Object.entries(row).some(([key, value]) => key !== 'id' && String(value).toLowerCase().includes(global)));

  const sorting = query.sorting ?? [];
  const selected = rows.map((row, index) => ({ row, index })).filter(({ row }) => matches(row));
  if (sorting.length > 0) {
    selected.sort((a, b) => {
      for (const { id, desc } of sorting) {
        const order = compareCells(cellText(a.row, id), cellText(b.row, id), desc);
        if (order !== 0) return order;
      }
      return a.index - b.index;
    });
  }
  return selected.map(({ row }) => row);
}
