/**
 * The register CSV export of a form (administration-data.md §9 "Csv export"; docs/api.md "CSV").
 *
 * Decisions:
 * - Created is formatted as yyyy-MM-dd HH:mm in `opts.timeZone` (an IANA name, default 'UTC') with
 *   `Intl.DateTimeFormat`, which knows every zone in the browser and in Node; date-fns parses the
 *   stored ISO date-time. date-fns-tz is not used (not a dependency).
 * - CSV injection (OWASP): a cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading
 *   `'`, except a plain decimal number such as `-5` or `-12.75`, which a spreadsheet reads as a number and
 *   not as a formula, so Number answers stay numbers. Header cells (question labels) are protected too.
 */
import { parseISO } from 'date-fns';
import { fieldTypeOf } from '../forms/field-types';
import type { CsvColumn, DisplayFormat } from '../forms/field-types/types';
import { allQuestions } from '../forms/questions';
import { message } from '../messages/catalogue';
import type { Answer, FormDefinition, FormEntry } from '../types/generated';

/**
 * The fields of an entry the export reads: the server asks the store for these alone (the download's
 * projection, api/operations/entries.ts `entriesForDownload`). `isDraft` gives the Status column.
 */
export const csvEntryFields = ['entryNumber', 'date', 'enteredBy', 'isDraft', 'answers'] as const;

/** An entry as the export reads it: {@link csvEntryFields} of a FormEntry. */
export type CsvEntry = Pick<FormEntry, (typeof csvEntryFields)[number]>;

/** Export options. */
export interface CsvOptions {
  /** IANA time zone for the Created column and the file name's date, e.g. 'Europe/Dublin'; default 'UTC'. */
  timeZone?: string;
}

const numberFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
  useGrouping: false,
  signDisplay: 'negative',
});

/** A number with 0 to 2 decimals, no grouping: 12 → '12', 12.345 → '12.35', -0.001 → '0'. */
export function formatCsvNumber(value: number): string {
  // Safe integers print the same through String, which is many times faster than Intl (a CSV of 100k entries);
  // so does a number that already has at most 2 decimals (a grid's rating 83.33): it is the double nearest to a
  // decimal of 2 places, which String prints in its shortest form, as Intl does (csv.test.ts compares them).
  if (Number.isSafeInteger(value)) return String(value);
  if (Math.abs(value) < 1e15 && Math.round(value * 100) / 100 === value) return String(value);
  return numberFormat.format(value);
}

/** How the CSV prints answers (FieldType.csvColumns): numbers with 0 to 2 decimals, lists a line an item. */
export const CSV_FORMAT: DisplayFormat = { number: formatCsvNumber, lines: true };

const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * Neutralises a cell a spreadsheet would run as a formula: text starting with =, +, -, @, tab or CR
 * gets a leading single quote; plain decimal numbers (e.g. '-5', '-0.25') are left as they are.
 */
export function protectCell(text: string): string {
  if (plainNumber.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One formatter per time zone: making an Intl.DateTimeFormat per row was a third of an export's time. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall-clock parts of an instant in a time zone. */
function zonedParts(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = formatterOf(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/**
 * An ISO date-time as yyyy-MM-dd HH:mm in a time zone (the spec's table date format, form-configuration.md §9).
 * @returns the input unchanged when it is not a valid ISO date-time
 * @throws RangeError for an unknown time zone
 */
export function formatCreated(iso: string, timeZone = 'UTC'): string {
  const time = isoUtc.test(iso) ? Date.parse(iso) : parseISO(iso).getTime();
  if (Number.isNaN(time)) return iso;
  // The zone's offset is the same within a quarter of an hour (every offset and every change of one falls on
  // a quarter hour), so it is asked of Intl once per quarter hour and the wall clock is computed from it.
  const local = new Date(time + zoneOffset(timeZone, Math.floor(time / QUARTER_HOUR) * QUARTER_HOUR));
  return `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** Two digits, for the parts of formatCreated (at module level: a closure per call costs a row's worth). */
function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** A stored date-time as Date.toISOString writes it (parsed by Date.parse, without date-fns). */
const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

/** The offset (ms) of `timeZone` from UTC at the instant `at` (cached per zone and quarter hour, bounded). */
function zoneOffset(timeZone: string, at: number): number {
  const key = `${timeZone}@${at}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = zonedParts(new Date(at), timeZone);
    offset = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - at;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The CSV export of a form's register.
 * @param def the form definition (latest published version): its questions, in page order, are the columns
 * @param entries the entries to export, in the order wanted (the API applies the register's sorting)
 * @param opts time zone for Created (default UTC)
 * @returns the file content: UTF-8 BOM, a header row (Entry Number, Created, Entered By, Status, then the
 *   columns every question's field type gives, FieldType.csvColumns: most one under its label, a grid its
 *   scores, rows, sums and comments, a note or an image none), one row per entry (Status 'Draft' for an entry
 *   with `isDraft: true`, else 'Submitted'); booleans Yes/No, numbers with 0–2 decimals, several values joined
 *   with ', ' (files, table and grid rows one a line), dates yyyy-mm-dd; fields quoted per RFC 4180 only when
 *   needed; CRLF line ends, none after the last row; formula-like cells neutralised (see {@link protectCell})
 * @throws RangeError for an unknown time zone
 */
export function registerCsv(def: FormDefinition, entries: readonly CsvEntry[], opts: CsvOptions = {}): string {
  return [...registerCsvChunks(def, entries, opts)].join('');
}

/**
 * Rows per chunk of a streamed export (about 36 KB of the bench's form). Small, so that little of a download is
 * alive when the young generation is collected (issue 24 "Speed": with 500, the pieces being built and sent helped
 * the server's young generation grow on every download; docs/decisions.md "The CSV download's memory").
 */
export const CSV_CHUNK_ROWS = 100;

/**
 * The same CSV as {@link registerCsv}, in pieces: the BOM and the header row first, then CSV_CHUNK_ROWS rows a
 * piece, so the server streams the file without building it as one string.
 * @throws RangeError for an unknown time zone (before the first piece)
 */
export function* registerCsvChunks(
  def: FormDefinition,
  entries: readonly CsvEntry[],
  opts: CsvOptions = {},
): Generator<string> {
  const writer = csvWriter(def, opts);
  yield writer.header;
  for (let start = 0; start < entries.length; start += CSV_CHUNK_ROWS) {
    let piece = '';
    for (const entry of entries.slice(start, start + CSV_CHUNK_ROWS)) piece += writer.row(entry);
    yield piece;
  }
}

/**
 * The same CSV as {@link registerCsv} from entries that arrive one at a time (a store cursor): the BOM and
 * header row first, then a piece per CSV_CHUNK_ROWS entries, so neither the entries nor the file are ever held
 * whole (issue "Performance at scale" §3).
 * @throws RangeError for an unknown time zone (before the first piece)
 */
export async function* registerCsvStream(
  def: FormDefinition,
  entries: AsyncIterable<CsvEntry>,
  opts: CsvOptions = {},
): AsyncGenerator<string> {
  const writer = csvWriter(def, opts);
  yield writer.header;
  // Each entry is written as it arrives and let go: only the piece is held, never CSV_CHUNK_ROWS entries.
  let piece = '';
  let rows = 0;
  for await (const entry of entries) {
    piece += writer.row(entry);
    rows += 1;
    if (rows === CSV_CHUNK_ROWS) {
      yield piece;
      piece = '';
      rows = 0;
    }
  }
  if (rows > 0) yield piece;
}

/**
 * The header piece and the row pieces of a register CSV (one date formatter for the whole file).
 *
 * Rows are written straight into the piece's string, cell by cell, with what Papa.unparse did for this file
 * (`quotes: false`, ',' and CRLF): a cell is quoted when it holds '"', ',', CR, LF or a BOM, or starts or ends
 * with a space, and its quotes are doubled; {@link protectCell} comes first. That is the same text byte for byte
 * (csv.test.ts compares it with Papa on every field type) at a fraction of the cost: no array per row, no Map per
 * entry, each question's field type looked up once per file.
 */
function csvWriter(def: FormDefinition, opts: CsvOptions) {
  const timeZone = opts.timeZone ?? 'UTC';
  formatCreated(new Date(0).toISOString(), timeZone); // an unknown zone fails here, not halfway through
  const questions = allQuestions(def);
  // allQuestions holds each question id once: its index.
  const indexOf = new Map(questions.map((q, i) => [q.id, i]));
  // Every question's columns, asked of its field type once per file; `question` is the question's index.
  const columns: (CsvColumn & { question: number })[] = questions.flatMap((q, i) =>
    fieldTypeOf(q)
      .csvColumns(q, CSV_FORMAT)
      .map((column) => ({ header: column.header, cell: column.cell, question: i })),
  );
  // The first answer of each question in the entry being written (answers[i] is valid when seen[i] === row).
  const answers: (Answer | undefined)[] = new Array(questions.length).fill(undefined);
  const seen = new Int32Array(questions.length).fill(-1);
  const draft = csvCell(message('register.status.Draft'));
  const submitted = csvCell(message('register.status.Submitted'));
  let row = 0;
  const header = [
    message('register.entryNumber'),
    message('register.date'),
    message('register.enteredBy'),
    message('register.status'),
    ...columns.map((c) => c.header),
  ]
    .map(csvCell)
    .join(',');
  return {
    header: `\uFEFF${header}`,
    /** One row: CRLF, then its cells. */
    row(entry: CsvEntry): string {
      row += 1;
      for (const answer of entry.answers) {
        const index = indexOf.get(answer.questionId);
        if (index !== undefined && seen[index] !== row) {
          seen[index] = row;
          answers[index] = answer;
        }
      }
      let line = `\r\n${csvCell(String(entry.entryNumber))},${csvCell(formatCreated(entry.date, timeZone))},${csvCell(entry.enteredBy)},${entry.isDraft === true ? draft : submitted}`;
      for (let i = 0; i < columns.length; i += 1) {
        const column = columns[i];
        const answer = seen[column.question] === row ? answers[column.question] : undefined;
        line += `,${answer ? csvCell(column.cell(answer)) : ''}`;
      }
      return line;
    },
  };
}

const needsQuotes = /[",\r\n\uFEFF]|^ | $/;

/**
 * One cell of the file: {@link protectCell}, then quoted as Papa.unparse quotes with `quotes: false` (see
 * csvWriter). As Papa wrote them: null and undefined are empty cells, a Date its ISO text (none is stored; a date
 * a cell could not format comes back as it was given).
 */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  let text = String(value);
  const first = text.charCodeAt(0);
  // protectCell without its regular expressions for the usual cell (no formula starter).
  if (first === 61 || first === 43 || first === 64 || first === 9 || first === 13 || first === 45)
    text = protectCell(text);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
