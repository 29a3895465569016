/**
 * Download names (administration-data.md §3 "File-name format for form downloads"; issue 24 §3 and "Bad input and
 * faults"): the stored format of a project's export setting, the name it composes for an entry or a register
 * download, and the file-name safety every PDF, CSV and zip download goes through. Pure: the browser's preview on
 * the Export Settings page and the server's downloads compose with the same functions.
 *
 * Stored grammar (docs/entries.md "Download names"): typed parts `type:value` separated by `|`, e.g. the default
 * `setup:formTitle|text: |setup:entryNumber|text: - |datefield:created`. The value of a `text` part is everything
 * after its first ':' (it may hold ':' and spaces, never '|', which separates parts and which no file name may hold
 * anyway); the value of every other type names one of the parts of DOWNLOAD_NAME_PARTS.
 */

/** The part types of the stored format (the spec's "client, datefield, field, project, setup and text"). */
export const PART_TYPES = ['client', 'datefield', 'field', 'project', 'setup', 'text'] as const;
export type PartType = (typeof PART_TYPES)[number];

/** What a part needs: nothing but the form and project, an entry, or a form that asks for the header field. */
export interface PartSpec {
  type: Exclude<PartType, 'text'>;
  name: string;
  /** Message id of the part's name in the Export Settings page's list. */
  label: string;
  /** The form definition flag that must be true for the part to appear (the spec's "when the form asks"). */
  ask?: AskFlag;
  /** The part stands for one entry and is left out of a register download. */
  entryOnly?: boolean;
  /** The part is never filled yet (no form asks for it: there is no askProgress flag nor progress field). */
  never?: boolean;
}

/** The form definition flags that open the header parts (schemas/entities/form-definition.schema.json). */
export type AskFlag =
  | 'askStructureReference'
  | 'askLevel'
  | 'askElevation'
  | 'askCores'
  | 'askElement'
  | 'askPackage'
  | 'askClient'
  | 'askProjectName'
  | 'askProjectAddress';

/**
 * Every selectable part, in the order the Export Settings page lists them: the spec's selectable parts first
 * (Form Title, Created, Entry Number, Project Name, Project Code, Organisation, Client Name), then the header fields
 * a form may ask for (Core, Element, Elevation, Entered By, Level, Package, Progress, Structure Reference, Client,
 * ProjectName, Project Address). Custom text is the `text` type.
 */
export const DOWNLOAD_NAME_PARTS: readonly PartSpec[] = [
  { type: 'setup', name: 'formTitle', label: 'exportNames.part.formTitle' },
  { type: 'datefield', name: 'created', label: 'exportNames.part.created' },
  { type: 'setup', name: 'entryNumber', label: 'exportNames.part.entryNumber', entryOnly: true },
  { type: 'project', name: 'name', label: 'exportNames.part.projectName' },
  { type: 'project', name: 'code', label: 'exportNames.part.projectCode' },
  { type: 'project', name: 'organisation', label: 'exportNames.part.organisation' },
  { type: 'client', name: 'name', label: 'exportNames.part.clientName' },
  { type: 'field', name: 'cores', label: 'exportNames.part.cores', ask: 'askCores', entryOnly: true },
  { type: 'field', name: 'elements', label: 'exportNames.part.elements', ask: 'askElement', entryOnly: true },
  { type: 'field', name: 'elevations', label: 'exportNames.part.elevations', ask: 'askElevation', entryOnly: true },
  { type: 'field', name: 'enteredBy', label: 'exportNames.part.enteredBy', entryOnly: true },
  { type: 'field', name: 'levels', label: 'exportNames.part.levels', ask: 'askLevel', entryOnly: true },
  { type: 'field', name: 'packages', label: 'exportNames.part.packages', ask: 'askPackage', entryOnly: true },
  { type: 'field', name: 'progress', label: 'exportNames.part.progress', entryOnly: true, never: true },
  {
    type: 'field',
    name: 'structureReferences',
    label: 'exportNames.part.structureReferences',
    ask: 'askStructureReference',
    entryOnly: true,
  },
  { type: 'field', name: 'client', label: 'exportNames.part.client', ask: 'askClient', entryOnly: true },
  {
    type: 'field',
    name: 'projectName',
    label: 'exportNames.part.entryProjectName',
    ask: 'askProjectName',
    entryOnly: true,
  },
  {
    type: 'field',
    name: 'projectAddress',
    label: 'exportNames.part.projectAddress',
    ask: 'askProjectAddress',
    entryOnly: true,
  },
];

/** One part of a format: a named part of DOWNLOAD_NAME_PARTS, or custom text. */
export type DownloadNamePart = { type: Exclude<PartType, 'text'>; name: string } | { type: 'text'; text: string };

/** The default format: form title, space, entry number, ' - ', created date (the spec's default). */
export const DEFAULT_DOWNLOAD_NAME_FORMAT = 'setup:formTitle|text: |setup:entryNumber|text: - |datefield:created';

/** Limits of a stored format (the entity schema holds the same: schemas/entities/export-setting.schema.json). */
export const DOWNLOAD_NAME_LIMITS = { formatLength: 1000, parts: 20, textLength: 100 } as const;

/** The date format of a `datefield` part (date-fns tokens; docs/entries.md "Download names"). */
export const DOWNLOAD_NAME_DATE_FORMAT = 'yyyy-MM-dd';

/** Why a format is refused: the catalogue message and its values (the API answers 400 with it). */
export class DownloadNameFormatError extends Error {
  constructor(
    readonly messageId:
      | 'exportNames.formatEmpty'
      | 'exportNames.formatTooLong'
      | 'exportNames.tooManyParts'
      | 'exportNames.unknownPart'
      | 'exportNames.textTooLong',
    readonly values: Record<string, string> = {},
  ) {
    super(messageId);
    this.name = 'DownloadNameFormatError';
  }
}

function specOf(type: string, name: string): PartSpec | undefined {
  return DOWNLOAD_NAME_PARTS.find((p) => p.type === type && p.name === name);
}

/**
 * The parts of a stored format; the default format's when `format` is undefined (a project without a setting).
 * @throws DownloadNameFormatError formatEmpty (no parts, or an empty string), formatTooLong, tooManyParts,
 *   unknownPart (a type or part name not listed, or a piece without ':'; values.part names it), textTooLong
 */
export function parseDownloadNameFormat(format: string | undefined): DownloadNamePart[] {
  const text = format ?? DEFAULT_DOWNLOAD_NAME_FORMAT;
  if (text.length > DOWNLOAD_NAME_LIMITS.formatLength)
    throw new DownloadNameFormatError('exportNames.formatTooLong', { max: String(DOWNLOAD_NAME_LIMITS.formatLength) });
  if (text === '') throw new DownloadNameFormatError('exportNames.formatEmpty');
  const pieces = text.split('|');
  if (pieces.length > DOWNLOAD_NAME_LIMITS.parts)
    throw new DownloadNameFormatError('exportNames.tooManyParts', { max: String(DOWNLOAD_NAME_LIMITS.parts) });
  return pieces.map((piece) => {
    const colon = piece.indexOf(':');
    const type = colon < 0 ? piece : piece.slice(0, colon);
    const value = colon < 0 ? '' : piece.slice(colon + 1);
    if (colon >= 0 && type === 'text') {
      if (value.length > DOWNLOAD_NAME_LIMITS.textLength)
        throw new DownloadNameFormatError('exportNames.textTooLong', { max: String(DOWNLOAD_NAME_LIMITS.textLength) });
      return { type: 'text', text: value };
    }
    const spec = colon < 0 ? undefined : specOf(type, value);
    if (!spec) throw new DownloadNameFormatError('exportNames.unknownPart', { part: piece.slice(0, 60) });
    return { type: spec.type, name: spec.name };
  });
}

/**
 * The stored format of `parts` (the inverse of parseDownloadNameFormat).
 * @throws DownloadNameFormatError unknownPart for a text holding '|' (it would split into two parts)
 */
export function serialiseDownloadNameFormat(parts: readonly DownloadNamePart[]): string {
  return parts
    .map((part) => {
      if (part.type !== 'text') return `${part.type}:${part.name}`;
      if (part.text.includes('|')) throw new DownloadNameFormatError('exportNames.unknownPart', { part: part.text });
      return `text:${part.text}`;
    })
    .join('|');
}

/** What a name is composed from. Dates are ISO strings or Dates; the time zone names the wall clock of dates. */
export interface DownloadNameContext {
  form: { title: string } & Partial<Record<AskFlag, boolean>>;
  /** The entry of an entry download; absent for a register download (its entry parts are left out). */
  entry?: {
    entryNumber?: number;
    /** When the entry was first submitted: the Created part. */
    date?: string;
    enteredBy?: string;
    client?: string;
    projectName?: string;
    projectAddress?: string;
    levels?: readonly string[];
    elements?: readonly string[];
    packages?: readonly string[];
    elevations?: readonly string[];
    cores?: readonly string[];
    structureReferences?: readonly string[];
  };
  project: { name?: string; code?: string; address?: string; organizationName?: string };
  /** The client (tenant) name: the Client Name part. */
  clientName?: string;
  /** The download's time: the Created part of a register download. */
  now: Date;
  /** IANA time zone of the dates (default UTC). */
  timeZone?: string;
}

/** yyyy-MM-dd of an instant in a time zone ('' for an invalid date). @throws RangeError for an unknown zone */
function dateText(value: string | Date | undefined, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!date || Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Several header values (levels, elements...) in a name: joined with ', ', as the register shows them. */
function listText(values: readonly string[] | undefined): string {
  return (values ?? []).filter((v) => v.trim() !== '').join(', ');
}

/** Whether a part has a value for this download (the form asks for it; an entry part needs an entry). */
export function partApplies(spec: PartSpec, context: Pick<DownloadNameContext, 'form' | 'entry'>): boolean {
  if (spec.never) return false;
  if (spec.entryOnly && !context.entry) return false;
  return !spec.ask || context.form[spec.ask] === true;
}

function partValue(part: Exclude<DownloadNamePart, { type: 'text' }>, context: DownloadNameContext): string {
  const spec = specOf(part.type, part.name);
  if (!spec || !partApplies(spec, context)) return '';
  const { entry, project, form } = context;
  const timeZone = context.timeZone ?? 'UTC';
  switch (`${part.type}:${part.name}`) {
    case 'setup:formTitle':
      return form.title;
    case 'setup:entryNumber':
      return entry?.entryNumber === undefined ? '' : String(entry.entryNumber);
    case 'datefield:created':
      // A register download is of many entries: its Created is the day of the download.
      return dateText(entry ? (entry.date ?? context.now) : context.now, timeZone);
    case 'project:name':
      return project.name ?? '';
    case 'project:code':
      return project.code ?? '';
    case 'project:organisation':
      return project.organizationName ?? '';
    case 'client:name':
      return context.clientName ?? '';
    case 'field:enteredBy':
      return entry?.enteredBy ?? '';
    case 'field:client':
      return entry?.client || context.clientName || '';
    case 'field:projectName':
      return entry?.projectName || project.name || '';
    case 'field:projectAddress':
      return entry?.projectAddress || project.address || '';
    default: {
      const values = entry?.[part.name as 'levels'];
      return Array.isArray(values) ? listText(values) : '';
    }
  }
}

/**
 * The download name of `parts` for `context`, before the extension and made safe (safeFileName). A part the form
 * does not ask for, or an entry part of a register download, is left out, and the spaces and dashes it leaves at
 * the ends or doubled are tidied (the default's 'Title  - 2026-03-04' of a register becomes 'Title - 2026-03-04').
 * A name left empty is the form's title.
 * @throws RangeError for an unknown time zone
 */
export function composeDownloadName(parts: readonly DownloadNamePart[], context: DownloadNameContext): string {
  const raw = parts.map((part) => (part.type === 'text' ? part.text : partValue(part, context))).join('');
  const tidy = raw
    .replace(/ {2,}/g, ' ')
    .replace(/^[ \-_.,]+|[ \-_,]+$/g, '')
    .replace(/( [-_] )(?:[-_] )+/g, '$1');
  return safeFileName(tidy === '' ? context.form.title : tidy);
}

/** Names Windows reserves for devices, with or without an extension. */
const RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9¹²³]|LPT[1-9¹²³])(\..*)?$/i;
/** Characters Windows refuses in a name (/ and \ are separators everywhere, ':' on macOS too), and controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
/** Most characters of a name before its extension. */
export const MAX_NAME_CHARACTERS = 150;
/** Most UTF-8 bytes of a name before its extension (ext4 and APFS allow 255 with the extension). */
export const MAX_NAME_BYTES = 240;

const encoder = new TextEncoder();

/**
 * A file name (without extension) every common system accepts: NFC; '<>:"/\|?*' and control characters replaced by
 * '_'; leading dots (hidden on macOS and Linux) and leading/trailing spaces and trailing dots (Windows drops them)
 * removed; a reserved device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9) prefixed with '_'; at most
 * MAX_NAME_CHARACTERS characters and MAX_NAME_BYTES UTF-8 bytes, cut between graphemes. '_' when nothing is left.
 */
export function safeFileName(name: string): string {
  let out = name
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[\s.]+/, '');
  out = cut(out).replace(/[\s.]+$/, '');
  if (RESERVED.test(out)) out = `_${out}`;
  return out === '' ? '_' : out;
}

/** `text` cut to the limits between grapheme clusters (an emoji or an accented letter is never split). */
function cut(text: string): string {
  if (text.length <= MAX_NAME_CHARACTERS && encoder.encode(text).length <= MAX_NAME_BYTES) return text;
  let out = '';
  let chars = 0;
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    const size = encoder.encode(segment).length;
    const count = [...segment].length;
    if (chars + count > MAX_NAME_CHARACTERS || bytes + size > MAX_NAME_BYTES) break;
    out += segment;
    chars += count;
    bytes += size;
  }
  return out;
}

/**
 * `name` + `extension` made unique among `taken` (compared case-insensitively, as Windows and macOS do): the first
 * free of 'name.ext', 'name (2).ext', 'name (3).ext'…; the result is added to `taken`. For the files of one zip (the
 * PDFs of many entries), whose names may repeat when the format has no entry number.
 * @param extension with its dot ('.pdf'), or ''
 */
export function uniqueFileName(name: string, extension: string, taken: Set<string>): string {
  let candidate = `${name}${extension}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
