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
import Papa from 'papaparse';
import { allQuestions } from '../forms/questions';
import { message } from '../messages/catalogue';
import { answerDisplayText } from '../registers/rows';
import type { AnswerValue, FormDefinition, FormEntry } from '../types/generated';

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
  // Safe integers print the same through String, which is many times faster than Intl (a CSV of 100k entries).
  if (Number.isSafeInteger(value)) return String(value);
  return numberFormat.format(value);
}

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
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
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
 * @returns the file content: UTF-8 BOM, a header row (Entry Number, Created, Entered By, then every
 *   question label), one row per entry; booleans Yes/No, numbers with 0–2 decimals, several values joined
 *   with ', ', dates yyyy-mm-dd; fields quoted per RFC 4180 only when needed; CRLF line ends, none after
 *   the last row; formula-like cells neutralised (see {@link protectCell})
 * @throws RangeError for an unknown time zone
 */
export function registerCsv(def: FormDefinition, entries: readonly FormEntry[], opts: CsvOptions = {}): string {
  return [...registerCsvChunks(def, entries, opts)].join('');
}

/** Rows per chunk of a streamed export. */
export const CSV_CHUNK_ROWS = 500;

/**
 * The same CSV as {@link registerCsv}, in pieces: the BOM and the header row first, then CSV_CHUNK_ROWS rows a
 * piece, so the server streams the file without building it as one string.
 * @throws RangeError for an unknown time zone (before the first piece)
 */
export function* registerCsvChunks(
  def: FormDefinition,
  entries: readonly FormEntry[],
  opts: CsvOptions = {},
): Generator<string> {
  const writer = csvWriter(def, opts);
  yield writer.header;
  for (let start = 0; start < entries.length; start += CSV_CHUNK_ROWS)
    yield writer.rows(entries.slice(start, start + CSV_CHUNK_ROWS));
}

/**
 * The same CSV as {@link registerCsv} from entries that arrive one at a time (a store cursor): the BOM and
 * header row first, then a piece per CSV_CHUNK_ROWS entries, so neither the entries nor the file are ever held
 * whole (issue "Performance at scale" §3).
 * @throws RangeError for an unknown time zone (before the first piece)
 */
export async function* registerCsvStream(
  def: FormDefinition,
  entries: AsyncIterable<FormEntry>,
  opts: CsvOptions = {},
): AsyncGenerator<string> {
  const writer = csvWriter(def, opts);
  yield writer.header;
  let batch: FormEntry[] = [];
  for await (const entry of entries) {
    batch.push(entry);
    if (batch.length === CSV_CHUNK_ROWS) {
      yield writer.rows(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield writer.rows(batch);
}

/** The header piece and the row pieces of a register CSV (one date formatter for the whole file). */
function csvWriter(def: FormDefinition, opts: CsvOptions) {
  const timeZone = opts.timeZone ?? 'UTC';
  formatCreated(new Date(0).toISOString(), timeZone); // an unknown zone fails here, not halfway through
  const questions = allQuestions(def);
  const unparse = (rows: string[][]) => Papa.unparse(rows, { newline: '\r\n', quotes: false, escapeFormulae: false });
  const fields = [
    message('register.entryNumber'),
    message('register.date'),
    message('register.enteredBy'),
    ...questions.map((q) => q.label),
  ].map(protectCell);
  return {
    header: `\uFEFF${unparse([fields])}`,
    rows(entries: readonly FormEntry[]): string {
      const rows = entries.map((entry) => {
        const answers = new Map<number, readonly AnswerValue[]>();
        for (const answer of entry.answers)
          if (!answers.has(answer.questionId)) answers.set(answer.questionId, answer.answers);
        return [
          String(entry.entryNumber),
          formatCreated(entry.date, timeZone),
          entry.enteredBy,
          ...questions.map((q) => answerDisplayText(q, answers.get(q.id) ?? [], formatCsvNumber)),
        ].map(protectCell);
      });
      return `\r\n${unparse(rows)}`;
    },
  };
}

/**
 * The export's file name: '{form title} Register {yyyyMMdd}.csv' (docs/api.md "CSV"), the date taken in
 * `opts.timeZone` (default UTC). Characters no file system accepts (\ / : * ? " < > | and control
 * characters) in the title become '_'.
 * @throws RangeError for an unknown time zone
 */
export function csvFileName(def: Pick<FormDefinition, 'title'>, date: Date, opts: CsvOptions = {}): string {
  const p = zonedParts(date, opts.timeZone ?? 'UTC');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
  const title = def.title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim();
  return `${title} Register ${p.year}${p.month}${p.day}.csv`;
}
