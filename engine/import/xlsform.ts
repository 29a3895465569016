/**
 * The XLSForm (ODK) importer (issue 22 §1 "XLSForm"; docs/import-and-migration.md "XLSForm").
 *
 * `importXlsForm(bytes, ctx)` reads an .xlsx workbook's `survey`, `choices` and `settings` sheets with exceljs and
 * answers a form-definition draft (not saved) with a report of findings and the summary counts
 * (engine/import/types.ts). Server side only: exceljs is loaded with a dynamic import, and the importers'
 * registry loads this module dynamically on the server, so nothing the browser bundle imports pulls exceljs in.
 *
 * What is read, in short (the full table is in docs/import-and-migration.md):
 * - texts in the settings' `default_language` (columns `label::Deutsch (de)`; matched by the whole name, its code
 *   or its name), else the plain `label` column, else the first language; the other languages are reported once;
 * - a top-level `begin group` with appearance `field-list`, or any top-level group when the settings' `style` is
 *   `pages`, makes a page (its `relevant` the page's condition); other groups are flattened into the page they
 *   are on (their title kept as a note, their `relevant` joined to each of their questions' conditions);
 * - `begin repeat` becomes a TableLight table with a text column per question (nested repeats dropped);
 * - each type maps to a question type (see {@link importXlsForm}); `relevant` and `constraint` expressions are read
 *   by engine/import/xpath.ts; anything without a counterpart is reported, never thrown.
 *
 * Counting (the summary): each survey row read (a question, a group, a repeat, a metadata or calculate row; not
 * the end rows or empty rows), each `relevant` and each `constraint` is one source element, mapped exactly,
 * lossily or not at all (the worst of its findings; an `info` finding keeps it exact, except metadata rows,
 * which are dropped with an info finding: the platform records an entry's author and times itself).
 */

import type { Condition } from '../forms/conditions';
import { OTHER_OPTION } from '../forms/field-types/shared';
import { MAX_PAGES, MAX_QUESTIONS } from '../forms/limits';
import { type MessageId, type MessageParams, message } from '../messages/catalogue';
import type { FormDefinitionInput } from '../types/generated';
import {
  type FindingSeverity,
  type ImportContext,
  type ImportFinding,
  type ImportResult,
  ImportSourceError,
} from './types';
import {
  conditionFits,
  constraintToLimits,
  type ReferencedQuestion,
  relevantToCondition,
  type Unmapped,
} from './xpath';

/** Text limits of the draft (schemas/entities/question.schema.json, form-definition.schema.json). */
const LIMITS = { title: 200, pageLabel: 200, label: 500, helpText: 1000, option: 200, options: 500, columns: 20 };

/** Metadata types: the platform records an entry's author, device-free, and its times itself. */
const METADATA = new Set([
  'start',
  'end',
  'today',
  'deviceid',
  'subscriberid',
  'simserial',
  'phonenumber',
  'username',
  'email',
  'audit',
  'start-geopoint',
  'background-audio',
  'instanceid',
]);

/** Appearances the importer acts on (the others are reported as info). */
const READ_APPEARANCES = new Set(['multiline', 'field-list', 'minimal']);

/** Columns naming a picture, sound or video shown with a question (`media::image` is read as `media`). */
const MEDIA_COLUMNS = ['image', 'big-image', 'audio', 'video', 'media'];

/** The survey columns the importer reads (any other column holding a value is reported once). */
const SURVEY_COLUMNS = new Set([
  'type',
  'name',
  'label',
  'hint',
  'required',
  'required_message',
  'relevant',
  'constraint',
  'constraint_message',
  'appearance',
  'parameters',
  'choice_filter',
  'calculation',
  'repeat_count',
  'default',
  'read_only',
  ...MEDIA_COLUMNS,
]);

/** Settings that name or number the source form, which the platform does itself. */
const SETTINGS_NOT_KEPT = ['form_id', 'id_string', 'version', 'instance_name', 'submission_url', 'public_key'];

type Row = Record<string, string> & { __row: string };
type Question = Record<string, unknown> & { id: number; type: string; label: string };
type Page = { id: number; label: string; questions: Question[]; visibleWhen?: Condition };

interface Sheet {
  /** Header (lower-cased base name, e.g. `label`) -> { language (or '' for the plain column) -> column index }. */
  columns: Map<string, Map<string, number>>;
  /** The rows after the header that hold a value, by their sheet row number; cells by 1-based column. */
  rows: { number: number; cells: string[] }[];
}

/** A cell's value as text: rich text joined, a hyperlink's text, a formula's result, a date as yyyy-mm-dd. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    return '';
  }
  return String(value);
}

/** The spreadsheet letter of a 1-based column number. */
function columnLetter(n: number): string {
  let out = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) out = String.fromCharCode(65 + ((c - 1) % 26)) + out;
  return out;
}

/** One worksheet as its header map and its non-empty rows (padded rows skipped quietly). */
function readSheet(worksheet: { eachRow: (opts: unknown, cb: (row: unknown, n: number) => void) => void }): Sheet {
  const columns = new Map<string, Map<string, number>>();
  const rows: Sheet['rows'] = [];
  let header = true;
  worksheet.eachRow({ includeEmpty: false }, (row: unknown, n: number) => {
    const values = (row as { values: unknown[] }).values;
    const cells: string[] = [];
    for (let c = 1; c < values.length; c++) cells[c] = cellText(values[c]).trim();
    if (!cells.some((cell) => cell)) return;
    if (header) {
      header = false;
      cells.forEach((cell, c) => {
        if (!cell) return;
        const split = /^([^:]+?)\s*::?\s*(.*)$/u.exec(cell);
        const base = (split ? split[1] : cell).trim().toLowerCase().replace(/\s+/gu, '_');
        const language = split ? split[2].trim() : '';
        if (!columns.has(base)) columns.set(base, new Map());
        const byLanguage = columns.get(base) as Map<string, number>;
        if (!byLanguage.has(language)) byLanguage.set(language, c);
      });
      return;
    }
    rows.push({ number: n, cells });
  });
  return { columns, rows };
}

/** The language of a column name: the name itself, its code in parentheses, and its name before them. */
function languageNames(language: string): string[] {
  const match = /^(.*?)\s*\(([^)]*)\)\s*$/u.exec(language);
  return [language, ...(match ? [match[1], match[2]] : [])].map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/** Picks the column of each translated header for one language. */
function pickLanguage(sheets: Sheet[], defaultLanguage: string): { language: string; others: string[] } {
  const languages = new Set<string>();
  for (const sheet of sheets)
    for (const base of ['label', 'hint', 'constraint_message', 'required_message'])
      for (const language of sheet.columns.get(base)?.keys() ?? []) languages.add(language);
  const wanted = defaultLanguage.trim().toLowerCase();
  const all = [...languages];
  let chosen =
    (wanted &&
      (all.find((l) => l.toLowerCase() === wanted) ??
        all.find((l) => languageNames(l).some((n) => languageNames(defaultLanguage).includes(n))))) ||
    undefined;
  if (chosen === undefined) chosen = languages.has('') ? '' : (all[0] ?? '');
  return { language: chosen, others: all.filter((l) => l !== chosen && l !== '') };
}

/** A sheet's rows as records keyed by base header, translated headers read in `language` (else plain, else any). */
function recordsOf(sheet: Sheet, sheetName: string, keyColumn: string, language: string): Row[] {
  const keyIndex = sheet.columns.get(keyColumn)?.values().next().value as number | undefined;
  const letter = columnLetter(keyIndex ?? 1);
  return sheet.rows.map(({ number, cells }) => {
    const record: Row = { __row: `${sheetName}!${letter}${number}` } as Row;
    for (const [base, byLanguage] of sheet.columns) {
      const index = byLanguage.get(language) ?? byLanguage.get('') ?? byLanguage.values().next().value;
      if (index !== undefined && cells[index]) record[base] = cells[index];
    }
    return record;
  });
}

/** Element tally: the worst severity met per source element. */
class Tally {
  readonly report: ImportFinding[] = [];
  private readonly elements = new Map<string, 'exact' | 'lossy' | 'dropped'>();

  /** Counts a source element (once; counting again keeps its state). */
  element(key: string): void {
    if (!this.elements.has(key)) this.elements.set(key, 'exact');
  }

  /** Marks an element lossy or dropped (the worse wins). */
  mark(key: string, state: 'lossy' | 'dropped'): void {
    this.element(key);
    if (state === 'dropped' || this.elements.get(key) === 'exact') this.elements.set(key, state);
  }

  /** A finding; lossy and dropped findings mark `element` (when given) too. */
  find(
    path: string,
    severity: FindingSeverity,
    messageId: MessageId,
    params: MessageParams = {},
    element?: string,
  ): void {
    this.report.push({ path, severity, messageId, message: message(messageId, params) });
    if (element !== undefined && severity !== 'info') this.mark(element, severity);
  }

  summary(): ImportResult['summary'] {
    const out = { exact: 0, lossy: 0, dropped: 0 };
    for (const state of this.elements.values()) out[state]++;
    return out;
  }
}

/** A group or repeat open while the rows are walked. */
interface Frame {
  kind: 'group' | 'repeat';
  row: Row;
  /** The condition joined to each question inside (flattened groups). */
  condition?: Condition;
  /** True for a group that made a page. */
  page: boolean;
  /** For a repeat: its TableLight question (undefined when it could not be added); dropped: a nested repeat. */
  table?: Question;
  dropped?: boolean;
}

function joinConditions(parts: (Condition | undefined)[]): Condition | undefined {
  const present = parts.filter((p): p is Condition => p !== undefined);
  if (present.length <= 1) return present[0];
  const flat: Condition[] = [];
  for (const part of present) {
    const all = (part as { all?: Condition[] }).all;
    if (Array.isArray(all)) flat.push(...all);
    else flat.push(part);
  }
  return { all: flat } as Condition;
}

/** Markdown and HTML made plain: links as 'text (url)', emphasis marks and tags removed, <br> as a new line. */
function plainText(text: string): { text: string; changed: boolean } {
  const plain = text
    .replace(/<br\s*\/?>/giu, '\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/giu, '$2 ($1)')
    .replace(/<\/?[a-z][^>]*>/giu, '')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/gu, '$1 ($2)')
    .replace(/(\*\*|__)(.+?)\1/gu, '$2')
    .replace(/(^|\s)[*_]([^*_\s][^*_]*?)[*_](?=\s|$|[.,;:!?])/gu, '$1$2')
    .replace(/^#{1,6}\s+/gmu, '')
    .replace(/\\([\\*_[\]()#`])/gu, '$1');
  return { text: plain, changed: plain !== text };
}

/**
 * Imports an XLSForm workbook.
 *
 * Types: text/string -> Text (multiline: Long); integer/int -> Text Number (lossy: decimals taken); decimal ->
 * Text Number; date -> Date; datetime -> Date (lossy); time, geopoint, geotrace, geoshape, barcode -> Text (lossy);
 * range -> Text Number with min/max from `start`/`end` (lossy); select_one -> Dropdown (`or_other`: allowOther);
 * select_multiple -> Checkbox (appearance minimal: MultiSelect; `or_other` lossy); rank -> Checkbox (lossy);
 * select_one_from_file / select_multiple_from_file / an unknown list -> Text (lossy); note -> Note; image ->
 * FileUpload image/*; audio, video, file -> FileUpload; acknowledge/trigger -> Checkbox (one tick box);
 * calculate, hidden, unknown types -> dropped; metadata -> dropped with info.
 *
 * @param bytes the .xlsx file
 * @param ctx the form area, and a title for a workbook without `form_title`
 * @returns the draft (formArea, title, pages; ids 1.. for pages, questions and each question's options), the
 *   findings (paths `survey!A12 (name)`) and the summary
 * @throws ImportSourceError `import.xlsform.notWorkbook` for bytes that are not an .xlsx workbook,
 *   `import.xlsform.noSurveySheet` for a workbook without a `survey` sheet
 */
export async function importXlsForm(bytes: Uint8Array, ctx: ImportContext): Promise<ImportResult> {
  const { default: ExcelJS } = await import('exceljs');
  const notWorkbook = () => new ImportSourceError('import.xlsform.notWorkbook', message('import.xlsform.notWorkbook'));
  // An .xlsx is a zip archive: refuse anything else before exceljs reads it.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw notWorkbook();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw notWorkbook();
  }
  const sheetNamed = (name: string) => workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === name);
  const surveySheet = sheetNamed('survey');
  if (!surveySheet)
    throw new ImportSourceError('import.xlsform.noSurveySheet', message('import.xlsform.noSurveySheet'));
  const survey = readSheet(surveySheet as never);
  const choicesSheet = sheetNamed('choices');
  const choices = choicesSheet ? readSheet(choicesSheet as never) : undefined;
  const settingsSheet = sheetNamed('settings');
  const settingsRead = settingsSheet ? readSheet(settingsSheet as never) : undefined;
  const settings: Record<string, string> = settingsRead
    ? (recordsOf(settingsRead, 'settings', 'form_title', '')[0] ?? ({} as Row))
    : {};

  const tally = new Tally();
  const sheets = [survey, ...(choices ? [choices] : [])];
  const { language, others } = pickLanguage(sheets, settings.default_language ?? '');
  if (others.length > 0)
    tally.find('settings', 'lossy', 'import.xlsform.otherLanguages', {
      language: language || (settings.default_language ?? ''),
      others: others.join(', '),
    });
  const notKept = SETTINGS_NOT_KEPT.filter((name) => settings[name]);
  if (notKept.length > 0)
    tally.find('settings', 'info', 'import.xlsform.settingsNotKept', { names: notKept.join(', ') });
  const pagesStyle = (settings.style ?? '').toLowerCase().split(/\s+/u).includes('pages');

  // Choice lists: list name -> its choices (name, label) in order.
  const lists = new Map<string, { name: string; label: string }[]>();
  if (choices)
    for (const row of recordsOf(choices, 'choices', 'list_name', language)) {
      const list = row.list_name;
      const name = row.name;
      if (!list || name === undefined) continue;
      if (!lists.has(list)) lists.set(list, []);
      lists.get(list)?.push({ name, label: row.label ?? name });
    }

  const pages: Page[] = [];
  let pageId = 0;
  let questionId = 0;
  let questionCount = 0;
  let current: Page | undefined;
  const openPage = (label: string): Page => {
    const page: Page = { id: ++pageId, label, questions: [] };
    pages.push(page);
    current = page;
    return page;
  };
  const references = new Map<string, ReferencedQuestion>();
  const choiceNameExamples: string[] = [];
  const stack: Frame[] = [];

  const pathOf = (row: Row) => (row.name ? `${row.__row} (${row.name})` : row.__row);
  const fitText = (text: string, limit: number, row: Row, element: string): string => {
    if (text.length <= limit) return text;
    tally.find(pathOf(row), 'lossy', 'import.xlsform.tooLong', { limit }, element);
    return `${text.slice(0, limit - 1)}…`;
  };
  /** A text of the source made plain and fitted, its references reported. */
  const sourceText = (text: string, limit: number, row: Row, element: string): string => {
    const plain = plainText(text);
    if (plain.changed) tally.find(pathOf(row), 'lossy', 'import.xlsform.formatting', {}, element);
    for (const reference of new Set(plain.text.match(/\$\{[^}]*\}/gu) ?? []))
      tally.find(pathOf(row), 'lossy', 'import.xlsform.reference', { reference }, element);
    return fitText(plain.text.trim(), limit, row, element);
  };

  /** The relevant and constraint of a row not imported at all: elements of their own, dropped with it. */
  const dropExpressions = (row: Row) => {
    for (const column of ['relevant', 'constraint']) if (row[column]) tally.mark(`${row.__row}#${column}`, 'dropped');
  };
  const inheritedCondition = () => joinConditions(stack.map((f) => f.condition));
  const pageForQuestion = (): Page => current ?? openPage('');
  /** A repeat none of whose questions became a column is no table (a TableLight needs a column): dropped. */
  const closeRepeat = (frame: Frame) => {
    const table = frame.table;
    if (frame.kind !== 'repeat' || !table) return;
    if ((table.columns as unknown[]).length > 0) {
      tally.find(pathOf(frame.row), 'lossy', 'import.xlsform.repeat', {}, frame.row.__row);
      return;
    }
    for (const page of pages) page.questions = page.questions.filter((q) => q !== table);
    questionCount--;
    tally.find(pathOf(frame.row), 'dropped', 'import.xlsform.repeatEmpty', {}, frame.row.__row);
  };

  /** Reads a relevant expression into a condition, reporting it as an element of its own. */
  const readRelevant = (
    row: Row,
    messageId: 'import.xlsform.relevantDropped' | 'import.xlsform.groupRelevantDropped',
  ) => {
    if (!row.relevant) return undefined;
    const element = `${row.__row}#relevant`;
    tally.element(element);
    const read = relevantToCondition(row.relevant, (name) => references.get(name));
    if ('condition' in read) return read.condition;
    tally.find(
      pathOf(row),
      'dropped',
      messageId,
      { expression: row.relevant, reason: reasonText(read.unmapped) },
      element,
    );
    return undefined;
  };

  const addQuestion = (row: Row, question: Omit<Question, 'id'>, reference?: Omit<ReferencedQuestion, 'id'>) => {
    if (questionCount >= MAX_QUESTIONS) {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.tooManyQuestions', { limit: MAX_QUESTIONS }, row.__row);
      return undefined;
    }
    const own = readRelevant(row, 'import.xlsform.relevantDropped');
    let condition = joinConditions([inheritedCondition(), own]);
    if (condition && !conditionFits(condition)) {
      tally.find(
        pathOf(row),
        'dropped',
        'import.xlsform.relevantDropped',
        { expression: row.relevant ?? '', reason: message('import.xlsform.reason.shape') },
        `${row.__row}#relevant`,
      );
      condition = inheritedCondition();
    }
    const full = { id: ++questionId, ...question } as Question;
    if (condition) full.visibleWhen = condition;
    pageForQuestion().questions.push(full);
    questionCount++;
    if (reference && row.name) references.set(row.name, { id: full.id, ...reference });
    return full;
  };

  /** The options of a choice list (labels as values, made unique), and how to find a choice's stored value. */
  const optionsOf = (listName: string, row: Row) => {
    const list = lists.get(listName) ?? [];
    const byName = new Map<string, string>();
    const used = new Set<string>();
    const options: { id: number; value: string }[] = [];
    if (list.length > LIMITS.options)
      tally.find(
        pathOf(row),
        'lossy',
        'import.xlsform.tooManyChoices',
        { list: listName, count: list.length, limit: LIMITS.options },
        row.__row,
      );
    for (const choice of list.slice(0, LIMITS.options)) {
      let value =
        fitText(plainText(choice.label).text.trim(), LIMITS.option, row, row.__row) ||
        choice.name.slice(0, LIMITS.option);
      if (used.has(value)) {
        const unique = `${value} (${choice.name})`.slice(0, LIMITS.option);
        tally.find(
          pathOf(row),
          'lossy',
          'import.xlsform.duplicateChoice',
          { list: listName, label: value, value: unique },
          row.__row,
        );
        value = unique;
      }
      used.add(value);
      byName.set(choice.name, value);
      if (value !== choice.name && choiceNameExamples.length < 3 && !choiceNameExamples.includes(choice.name))
        choiceNameExamples.push(choice.name);
      options.push({ id: options.length + 1, value });
    }
    return { options, choiceValue: (name: string) => byName.get(name) };
  };

  /** Reads a constraint into a Number question's min/max, reporting it as an element of its own. */
  const readConstraint = (row: Row, question: Question | undefined, takesLimits: boolean) => {
    if (!row.constraint) return;
    const element = `${row.__row}#constraint`;
    tally.element(element);
    const read = constraintToLimits(row.constraint);
    const drop = (reason: string) =>
      tally.find(
        pathOf(row),
        'dropped',
        'import.xlsform.constraintDropped',
        { expression: row.constraint, reason },
        element,
      );
    if ('unmapped' in read) return drop(reasonText(read.unmapped));
    const { limits } = read;
    if (limits.pattern !== undefined) return drop(message('import.xlsform.reason.pattern'));
    if (!takesLimits || !question) return drop(message('import.xlsform.reason.limitsNotNumber'));
    const min = Math.max(limits.min ?? -Infinity, (question.min as number | undefined) ?? -Infinity);
    const max = Math.min(limits.max ?? Infinity, (question.max as number | undefined) ?? Infinity);
    if (Number.isFinite(min)) question.min = min;
    if (Number.isFinite(max)) question.max = max;
    if (limits.widened)
      tally.find(pathOf(row), 'lossy', 'import.xlsform.constraintWidened', { expression: row.constraint }, element);
    if (row.constraint_message)
      tally.find(pathOf(row), 'lossy', 'import.xlsform.constraintMessage', { text: row.constraint_message }, element);
  };

  const required = (row: Row): boolean => {
    const value = (row.required ?? '').trim();
    if (/^(yes|true|1|true\(\))$/iu.test(value)) return true;
    if (value === '' || /^(no|false|0|false\(\))$/iu.test(value)) return false;
    tally.find(pathOf(row), 'lossy', 'import.xlsform.requiredIf', { expression: value }, row.__row);
    return false;
  };

  /** The common keywords of an answered question: label, hint, required. */
  const common = (row: Row, type: string): Omit<Question, 'id'> => {
    const base: Omit<Question, 'id'> = {
      type,
      label: sourceText(row.label ?? row.name ?? row.type, LIMITS.label, row, row.__row) || (row.name ?? type),
    };
    if (row.hint) base.helpText = sourceText(row.hint, LIMITS.helpText, row, row.__row);
    if (type !== 'Note' && required(row)) base.required = true;
    if (row.default) tally.find(pathOf(row), 'lossy', 'import.xlsform.default', { value: row.default }, row.__row);
    if (row.required_message && base.required)
      tally.find(pathOf(row), 'lossy', 'import.xlsform.requiredMessage', { text: row.required_message }, row.__row);
    if (/^(yes|true|1)$/iu.test(row.read_only ?? ''))
      tally.find(pathOf(row), 'lossy', 'import.xlsform.readOnly', {}, row.__row);
    if (row.calculation)
      tally.find(
        pathOf(row),
        'lossy',
        'import.xlsform.questionCalculation',
        { expression: row.calculation },
        row.__row,
      );
    for (const kind of MEDIA_COLUMNS)
      if (row[kind]) tally.find(pathOf(row), 'lossy', 'import.xlsform.media', { kind, file: row[kind] }, row.__row);
    return base;
  };

  const reportExtras = (row: Row, appearances: string[]) => {
    for (const appearance of appearances)
      if (!READ_APPEARANCES.has(appearance))
        tally.find(pathOf(row), 'info', 'import.xlsform.appearance', { appearance });
    if (row.parameters && !/^\s*(start|end|step)\s*=/iu.test(row.parameters))
      tally.find(pathOf(row), 'info', 'import.xlsform.parameters', { parameters: row.parameters });
  };

  /** A row inside a repeat: a column of its table, or reported. */
  const repeatColumn = (row: Row, frame: Frame, keyword: string) => {
    const element = row.__row;
    tally.element(element);
    if (row.relevant) {
      tally.element(`${row.__row}#relevant`);
      tally.find(
        pathOf(row),
        'dropped',
        'import.xlsform.inRepeat',
        { what: message('import.xlsform.what.relevant'), expression: row.relevant },
        `${row.__row}#relevant`,
      );
    }
    if (row.constraint) {
      tally.element(`${row.__row}#constraint`);
      tally.find(
        pathOf(row),
        'dropped',
        'import.xlsform.inRepeat',
        { what: message('import.xlsform.what.constraint'), expression: row.constraint },
        `${row.__row}#constraint`,
      );
    }
    if (frame.dropped || !frame.table) {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.inDroppedRepeat', {}, element);
      return;
    }
    if (METADATA.has(keyword)) {
      tally.mark(element, 'dropped');
      tally.find(pathOf(row), 'info', 'import.xlsform.metadata', { type: keyword });
      return;
    }
    if (['note', 'calculate', 'hidden', 'acknowledge', 'trigger'].includes(keyword) || keyword.startsWith('begin')) {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.repeatDropped', { type: keyword }, element);
      return;
    }
    const columns = frame.table.columns as { id: number; value: string }[];
    if (columns.length >= LIMITS.columns) {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.tooManyColumns', { limit: LIMITS.columns }, element);
      return;
    }
    let heading =
      fitText(plainText(row.label ?? row.name ?? keyword).text.trim(), LIMITS.option, row, element) || keyword;
    if (columns.some((c) => c.value === heading)) heading = `${heading} (${row.name})`.slice(0, LIMITS.option);
    columns.push({ id: columns.length + 1, value: heading });
    const plainTextColumn = ['text', 'string'].includes(keyword) && !/^(yes|true|1)$/iu.test(row.required ?? '');
    if (!plainTextColumn) tally.find(pathOf(row), 'lossy', 'import.xlsform.repeatColumn', { type: keyword }, element);
  };

  const rows = recordsOf(survey, 'survey', 'type', language);
  const unread = [...survey.columns.keys()].filter((c) => !SURVEY_COLUMNS.has(c) && rows.some((r) => r[c]));
  if (unread.length > 0)
    tally.find('survey', 'info', 'import.xlsform.columnsNotRead', { columns: unread.join(', '), sheet: 'survey' });
  for (const row of rows) {
    const rawType = (row.type ?? '').trim().replace(/\s+/gu, ' ');
    if (!rawType) continue;
    const words = rawType.split(' ');
    let keyword = words[0].toLowerCase();
    let rest = words.slice(1);
    // Old spellings: "begin group", "select one list", "select all that apply list".
    if ((keyword === 'begin' || keyword === 'end') && rest.length > 0) {
      keyword = `${keyword}_${rest[0].toLowerCase()}`;
      rest = rest.slice(1);
    } else if (keyword === 'select' && rest[0]?.toLowerCase() === 'one') {
      keyword = 'select_one';
      rest = rest.slice(1);
    } else if (keyword === 'select' && rest.slice(0, 3).join(' ').toLowerCase() === 'all that apply') {
      keyword = 'select_multiple';
      rest = rest.slice(3);
    }
    const appearances = (row.appearance ?? '').toLowerCase().split(/\s+/u).filter(Boolean);

    if (keyword === 'end_group' || keyword === 'end_repeat') {
      const kind = keyword === 'end_group' ? 'group' : 'repeat';
      const index = stack.map((f) => f.kind).lastIndexOf(kind);
      if (index < 0) {
        tally.find(row.__row, 'info', 'import.xlsform.strayEnd', { type: rawType });
        continue;
      }
      const closed = stack.splice(index);
      for (const frame of closed.slice(1))
        tally.find(pathOf(frame.row), 'info', 'import.xlsform.unclosed', { type: frame.row.type });
      for (const frame of closed) closeRepeat(frame);
      if (closed[0].page) current = undefined;
      continue;
    }

    // A constraint on a group or a repeat row (ODK ignores it): an element of its own, dropped.
    if ((keyword === 'begin_group' || keyword === 'begin_repeat') && row.constraint) {
      tally.element(`${row.__row}#constraint`);
      tally.find(
        pathOf(row),
        'dropped',
        'import.xlsform.constraintDropped',
        { expression: row.constraint, reason: message('import.xlsform.reason.notQuestion') },
        `${row.__row}#constraint`,
      );
    }
    const repeat = stack.findLast((f) => f.kind === 'repeat');
    if (repeat) {
      if (keyword === 'begin_group') {
        tally.element(row.__row);
        if (row.relevant) {
          tally.element(`${row.__row}#relevant`);
          tally.find(
            pathOf(row),
            'dropped',
            'import.xlsform.inRepeat',
            { what: message('import.xlsform.what.relevant'), expression: row.relevant },
            `${row.__row}#relevant`,
          );
        }
        tally.find(pathOf(row), 'info', 'import.xlsform.groupFlattenedUntitled');
        stack.push({ kind: 'group', row, page: false, dropped: repeat.dropped });
        continue;
      }
      if (keyword === 'begin_repeat') {
        tally.find(pathOf(row), 'dropped', 'import.xlsform.repeatNested', {}, row.__row);
        if (row.relevant) tally.mark(`${row.__row}#relevant`, 'dropped');
        stack.push({ kind: 'repeat', row, page: false, dropped: true });
        continue;
      }
      repeatColumn(row, repeat, keyword);
      continue;
    }

    tally.element(row.__row);
    if (keyword === 'begin_group') {
      const topLevel = stack.length === 0;
      const makesPage = topLevel && (pagesStyle || appearances.includes('field-list'));
      reportExtras(
        row,
        appearances.filter((a) => a !== 'field-list'),
      );
      if (makesPage && pages.length >= MAX_PAGES) {
        tally.find(pathOf(row), 'lossy', 'import.xlsform.tooManyPages', { limit: MAX_PAGES }, row.__row);
      } else if (makesPage) {
        const condition = readRelevant(row, 'import.xlsform.groupRelevantDropped');
        const label = row.label ? sourceText(row.label, LIMITS.pageLabel, row, row.__row) : '';
        const page = openPage(label);
        if (condition) page.visibleWhen = condition;
        stack.push({ kind: 'group', row, page: true });
        continue;
      }
      // A group that is not a page: flattened, its title a note, its condition joined to its questions'.
      const condition = readRelevant(row, 'import.xlsform.groupRelevantDropped');
      if (row.label) {
        tally.find(pathOf(row), 'info', 'import.xlsform.groupFlattened');
        const note = {
          type: 'Note',
          label: sourceText(row.label, LIMITS.label, row, row.__row) || (row.name ?? 'group'),
        };
        if (questionCount < MAX_QUESTIONS) {
          const question = { id: ++questionId, ...note } as Question;
          const inherited = joinConditions([inheritedCondition(), condition]);
          if (inherited && conditionFits(inherited)) question.visibleWhen = inherited;
          pageForQuestion().questions.push(question);
          questionCount++;
        }
      } else tally.find(pathOf(row), 'info', 'import.xlsform.groupFlattenedUntitled');
      stack.push({ kind: 'group', row, page: false, condition });
      continue;
    }

    if (keyword === 'begin_repeat') {
      const table = addQuestion(row, { ...common(row, 'TableLight'), columns: [] });
      if (row.repeat_count)
        tally.find(pathOf(row), 'lossy', 'import.xlsform.repeatCount', { expression: row.repeat_count }, row.__row);
      stack.push({ kind: 'repeat', row, page: false, table, dropped: !table });
      continue;
    }

    if (METADATA.has(keyword)) {
      tally.mark(row.__row, 'dropped');
      tally.find(pathOf(row), 'info', 'import.xlsform.metadata', { type: keyword });
      dropExpressions(row);
      continue;
    }
    if (keyword === 'calculate') {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.calculate', { expression: row.calculation ?? '' }, row.__row);
      dropExpressions(row);
      continue;
    }
    if (keyword === 'hidden') {
      tally.find(pathOf(row), 'dropped', 'import.xlsform.hidden', {}, row.__row);
      dropExpressions(row);
      continue;
    }

    reportExtras(row, appearances);
    let question: Question | undefined;
    let takesLimits = false;
    const asText = (messageId: MessageId, params: MessageParams) => {
      tally.find(pathOf(row), 'lossy', messageId, params, row.__row);
      return addQuestion(row, { ...common(row, 'Text') }, { kind: 'text' });
    };
    switch (keyword) {
      case 'text':
      case 'string':
        question = addQuestion(
          row,
          { ...common(row, 'Text'), ...(appearances.includes('multiline') ? { extendedType: 'Long' } : {}) },
          { kind: 'text' },
        );
        break;
      case 'integer':
      case 'int':
      case 'decimal':
        if (keyword !== 'decimal') tally.find(pathOf(row), 'lossy', 'import.xlsform.integer', {}, row.__row);
        question = addQuestion(row, { ...common(row, 'Text'), extendedType: 'Number' }, { kind: 'number' });
        takesLimits = true;
        break;
      case 'range': {
        tally.find(pathOf(row), 'lossy', 'import.xlsform.range', { parameters: row.parameters ?? '' }, row.__row);
        const parameters = Object.fromEntries(
          [...(row.parameters ?? '').matchAll(/(\w+)\s*=\s*(-?[\d.]+)/gu)].map((m) => [
            m[1].toLowerCase(),
            Number(m[2]),
          ]),
        );
        const limits: Record<string, number> = {};
        const start = Number.isFinite(parameters.start) ? parameters.start : 1;
        const end = Number.isFinite(parameters.end) ? parameters.end : 10;
        limits.min = Math.min(start, end);
        limits.max = Math.max(start, end);
        question = addQuestion(row, { ...common(row, 'Text'), extendedType: 'Number', ...limits }, { kind: 'number' });
        takesLimits = true;
        break;
      }
      case 'date':
        question = addQuestion(row, { ...common(row, 'Date') }, { kind: 'date' });
        break;
      case 'datetime':
      case 'datetime-local':
        tally.find(pathOf(row), 'lossy', 'import.xlsform.datetime', {}, row.__row);
        question = addQuestion(row, { ...common(row, 'Date') }, { kind: 'date' });
        break;
      case 'time':
        question = asText('import.xlsform.time', {});
        break;
      case 'geopoint':
      case 'geotrace':
      case 'geoshape':
      case 'barcode':
        question = asText('import.xlsform.asText', { type: keyword });
        break;
      case 'note':
        question = addQuestion(row, common(row, 'Note'));
        break;
      case 'image':
      case 'audio':
      case 'video':
      case 'file':
      case 'background-audio': {
        const accept = { image: 'image/*', audio: 'audio/*', video: 'video/*' }[keyword as 'image'];
        question = addQuestion(row, { ...common(row, 'FileUpload'), ...(accept ? { accept } : {}), multiple: false });
        break;
      }
      case 'acknowledge':
      case 'trigger':
        // Not offered to conditions: a tick box's answer is true or false, not the text ODK compares.
        question = addQuestion(row, { ...common(row, 'Checkbox') });
        break;
      case 'select_one':
      case 'select_multiple':
      case 'rank': {
        const listName = rest[0] ?? '';
        const orOther = rest.slice(1).some((w) => w.toLowerCase() === 'or_other');
        if (!lists.has(listName)) {
          question = asText('import.xlsform.unknownList', { list: listName });
          break;
        }
        const { options, choiceValue } = optionsOf(listName, row);
        if (keyword === 'select_one') {
          // or_other adds a choice named 'other': here it is the Dropdown's own 'Other' (OTHER_OPTION).
          const withOther = (name: string) =>
            choiceValue(name) ?? (orOther && name === 'other' ? OTHER_OPTION : undefined);
          question = addQuestion(
            row,
            { ...common(row, 'Dropdown'), options, ...(orOther ? { allowOther: true } : {}) },
            { kind: 'choice', choiceValue: withOther },
          );
        } else {
          if (keyword === 'rank') tally.find(pathOf(row), 'lossy', 'import.xlsform.rank', {}, row.__row);
          if (orOther) tally.find(pathOf(row), 'lossy', 'import.xlsform.otherMultiple', {}, row.__row);
          const type = appearances.includes('minimal') ? 'MultiSelect' : 'Checkbox';
          question = addQuestion(row, { ...common(row, type), options }, { kind: 'choices', choiceValue });
        }
        break;
      }
      case 'select_one_from_file':
      case 'select_multiple_from_file':
        question = asText('import.xlsform.fromFile', { file: rest.join(' ') });
        break;
      default:
        tally.find(pathOf(row), 'dropped', 'import.xlsform.unknownType', { type: rawType }, row.__row);
        dropExpressions(row);
        continue;
    }
    if (row.choice_filter)
      tally.find(pathOf(row), 'lossy', 'import.xlsform.choiceFilter', { expression: row.choice_filter }, row.__row);
    readConstraint(row, question, takesLimits && question?.extendedType === 'Number');
  }
  for (const frame of stack) {
    tally.find(pathOf(frame.row), 'info', 'import.xlsform.unclosed', { type: frame.row.type });
    closeRepeat(frame);
  }
  if (choiceNameExamples.length > 0)
    tally.find('choices', 'info', 'import.xlsform.choiceNames', { examples: choiceNameExamples.join(', ') });

  const usedPages = pages.length > 0 ? pages : [{ id: 1, label: '', questions: [] }];
  let title =
    settings.form_title ||
    ctx.fallbackTitle?.trim() ||
    settings.form_id ||
    settings.id_string ||
    message('import.xlsform.defaultTitle');
  if (title.length > LIMITS.title) {
    tally.find('settings', 'lossy', 'import.xlsform.tooLong', { limit: LIMITS.title });
    title = `${title.slice(0, LIMITS.title - 1)}…`;
  }
  const definition = { formArea: ctx.formArea, title, pages: usedPages } as unknown as FormDefinitionInput;
  return { definition, report: tally.report, summary: tally.summary() };
}

/** The catalogue text of why an expression was not mapped. */
function reasonText(unmapped: Unmapped & { error?: string }): string {
  switch (unmapped.reason) {
    case 'unknownQuestion':
      return message('import.xlsform.reason.unknownQuestion', { name: unmapped.name ?? '' });
    case 'unknownChoice':
      return message('import.xlsform.reason.unknownChoice', { name: unmapped.name ?? '' });
    case 'notNumber':
      return message('import.xlsform.reason.notNumber', { name: unmapped.name ?? '' });
    case 'parse':
      return message('import.xlsform.reason.parse', { error: unmapped.error ?? '' });
    default:
      return message('import.xlsform.reason.shape');
  }
}
