/**
 * The import sheets of the contractor's directory (administration-data.md §5 Contact "Import sheet"; §7
 * Contacts and Organisations upload and template download; docs/decisions.md "Contacts", "Organisations"):
 * reading a CSV sheet (papaparse) into the items it adds or updates, with every problem of every row, and
 * writing the template (with or without data). Pure: the caller passes the lists the rows are checked
 * against (organisations, roles, counties/provinces, countries, lookup types and disciplines, existing ids).
 *
 * Rules of a contacts sheet, row by row (row numbers as a spreadsheet shows them: the header is row 1):
 * - Organisation, First Name, Last Name and Role are mandatory;
 * - the organisation must be one of the listed organisations (its name, ignoring case and outer spaces);
 * - a country, if given, must be one of the listed countries; the role one of the listed roles; a
 *   county/province, if given, one of the listed ContactLocation values (the form's list, docs/decisions.md);
 * - an Id, if given, must be a contact of the client (the row updates it), and only once in the file;
 * - the row must then satisfy the contact body schema (contact-input: lengths, e-mail, phone characters).
 * An organisations sheet: Name mandatory, unique (ignoring case and spaces) in the file and among the client's
 * other organisations; Country, Type and Discipline, if given, listed; Id as for contacts.
 * Blank rows are skipped; a header is matched ignoring case and outer spaces; at most MAX_SHEET_ROWS rows.
 */
import Papa from 'papaparse';
import { detail, type ErrorDetail } from '../errors';
import { protectCell } from '../export/csv';
import type { MessageId } from '../messages/catalogue';
import { message } from '../messages/catalogue';
import type { ContactInput, OrganisationInput } from '../types/generated';
import { validateSchema } from '../validation/ajv';

/** Most data rows one sheet may hold. */
export const MAX_SHEET_ROWS = 5000;

/** One column of a sheet: the field it fills and its header's message id. */
export interface SheetColumn<F extends string> {
  field: F | 'id';
  header: MessageId;
  mandatory?: boolean;
}

/** The columns of the contacts sheet, in order. */
export const contactColumns: readonly SheetColumn<keyof ContactInput | 'organisation'>[] = [
  { field: 'id', header: 'contacts.id' },
  { field: 'organisation', header: 'contacts.organisation', mandatory: true },
  { field: 'firstName', header: 'contacts.firstName', mandatory: true },
  { field: 'lastName', header: 'contacts.lastName', mandatory: true },
  { field: 'role', header: 'contacts.role', mandatory: true },
  { field: 'email', header: 'contacts.email' },
  { field: 'mobileNumber', header: 'contacts.mobileNumber' },
  { field: 'telephoneNumber', header: 'contacts.telephoneNumber' },
  { field: 'country', header: 'contacts.country' },
  { field: 'province', header: 'contacts.province' },
  { field: 'city', header: 'contacts.city' },
];

/** The columns of the organisations sheet, in order. */
export const organisationColumns: readonly SheetColumn<keyof OrganisationInput>[] = [
  { field: 'id', header: 'contacts.id' },
  { field: 'name', header: 'organisations.name', mandatory: true },
  { field: 'address', header: 'organisations.address' },
  { field: 'postalCode', header: 'organisations.postalCode' },
  { field: 'city', header: 'organisations.city' },
  { field: 'province', header: 'organisations.province' },
  { field: 'country', header: 'organisations.country' },
  { field: 'type', header: 'organisations.type' },
  { field: 'discipline', header: 'organisations.discipline' },
];

/** A row read from a sheet: its spreadsheet row number and its cells by field. */
interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/** What a sheet read gives: the items to write (each with the id it updates, if any) or the problems. */
export type SheetResult<T> =
  | { ok: true; items: Array<{ id?: number; fields: T }> }
  | { ok: false; messageId: MessageId; params: Record<string, string | number>; problems: ErrorDetail[] };

const key = (text: string) => text.trim().toLowerCase();
const nameKey = (text: string) => text.replace(/\s+/g, '').toLowerCase();

function failure<T>(messageId: MessageId, params: Record<string, string | number> = {}): SheetResult<T> {
  return { ok: false, messageId, params, problems: [] };
}

/**
 * Reads the CSV text into rows by the columns' headers.
 * @returns the rows, or a file-level failure (not CSV, a mandatory column missing, no rows, too many rows)
 */
function readRows<F extends string>(text: string, columns: readonly SheetColumn<F>[]): SheetRow[] | SheetResult<never> {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (fatal || parsed.data.length === 0) return failure(parsed.data.length === 0 ? 'sheet.noRows' : 'sheet.notCsv');
  const [header, ...data] = parsed.data;
  const index = new Map<string, number>();
  for (const column of columns) {
    const at = header.findIndex((h) => key(h) === key(message(column.header)));
    if (at >= 0) index.set(column.field, at);
    else if (column.mandatory) return failure('sheet.missingColumn', { column: message(column.header) });
  }
  if (data.length === 0) return failure('sheet.noRows');
  if (data.length > MAX_SHEET_ROWS) return failure('sheet.tooManyRows', { limit: MAX_SHEET_ROWS });
  return data.map((cells, i) => ({
    row: i + 2,
    cells: Object.fromEntries(
      columns.map((c) => [c.field, String(cells[index.get(c.field) ?? -1] ?? '').trim()] as const),
    ),
  }));
}

/** Reads the Id cell: empty → none; an existing id → it; else a problem. */
function readId(
  row: SheetRow,
  existing: ReadonlySet<number>,
  seen: Set<number>,
  problems: ErrorDetail[],
): number | undefined {
  const raw = row.cells.id;
  if (!raw) return undefined;
  const id = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!existing.has(id)) {
    problems.push(detail(`/rows/${row.row}/id`, 'sheet.unknownId', { row: row.row, value: raw }));
    return undefined;
  }
  if (seen.has(id)) problems.push(detail(`/rows/${row.row}/id`, 'sheet.duplicateId', { row: row.row, value: raw }));
  seen.add(id);
  return id;
}

/** The canonical spelling of `value` in `list` (ignoring case and outer spaces), or undefined. */
function listed(list: readonly string[], value: string): string | undefined {
  const wanted = key(value);
  return list.find((item) => key(item) === wanted);
}

/** Mandatory cells left empty: one problem each. */
function checkMandatory<F extends string>(row: SheetRow, columns: readonly SheetColumn<F>[], problems: ErrorDetail[]) {
  let ok = true;
  for (const c of columns)
    if (c.mandatory && !row.cells[c.field]) {
      ok = false;
      problems.push(
        detail(`/rows/${row.row}/${c.field}`, 'sheet.mandatory', { row: row.row, column: message(c.header) }),
      );
    }
  return ok;
}

/** Checks the built fields against the body schema: one problem per column it refuses. */
function checkSchema<F extends string>(
  schema: 'contact-input' | 'organisation-input',
  fields: object,
  row: SheetRow,
  columns: readonly SheetColumn<F>[],
  problems: ErrorDetail[],
): void {
  const result = validateSchema(schema, fields);
  if (result.ok) return;
  const fieldsWrong = new Set(result.details.map((d) => d.path.split('/')[1] ?? ''));
  for (const field of fieldsWrong) {
    const column = columns.find((c) => c.field === field || (field === 'organizationId' && c.field === 'organisation'));
    problems.push(
      detail(`/rows/${row.row}/${field}`, 'sheet.invalidValue', {
        row: row.row,
        column: column ? message(column.header) : field,
      }),
    );
  }
}

/** Non-empty cells as fields (empty ones are left out, as the form leaves an empty field out). */
function present(cells: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => cells[f] !== '').map((f) => [f, cells[f]]));
}

/** What a contacts sheet is checked against. */
export interface ContactSheetLists {
  organisations: readonly { id: number; name: string }[];
  /** The listed roles (Active ContactRole values). */
  roles: readonly string[];
  /** The ContactLocation values (counties/provinces). */
  provinces: readonly string[];
  countries: readonly string[];
  /** Ids of the client's contacts (rows with an Id update them). */
  contactIds: ReadonlySet<number>;
}

/**
 * Reads a contacts sheet (see the module comment).
 * @returns every contact to add (no id) or update (id) when every row is right; otherwise every problem
 */
export function contactsFromSheet(text: string, lists: ContactSheetLists): SheetResult<ContactInput> {
  const rows = readRows(text, contactColumns);
  if (!Array.isArray(rows)) return rows;
  const problems: ErrorDetail[] = [];
  const items: Array<{ id?: number; fields: ContactInput }> = [];
  const seen = new Set<number>();
  for (const row of rows) {
    const before = problems.length;
    const id = readId(row, lists.contactIds, seen, problems);
    checkMandatory(row, contactColumns, problems);
    const { organisation, role, country, province } = row.cells;
    const at = `/rows/${row.row}`;
    const org = organisation ? lists.organisations.find((o) => key(o.name) === key(organisation)) : undefined;
    if (organisation && !org)
      problems.push(detail(`${at}/organisation`, 'sheet.notListedOrganisation', { row: row.row, value: organisation }));
    const roleName = role ? listed(lists.roles, role) : undefined;
    if (role && !roleName) problems.push(detail(`${at}/role`, 'sheet.notListedRole', { row: row.row, value: role }));
    const countryName = country ? listed(lists.countries, country) : undefined;
    if (country && !countryName)
      problems.push(detail(`${at}/country`, 'sheet.notListedCountry', { row: row.row, value: country }));
    const provinceName = province ? listed(lists.provinces, province) : undefined;
    if (province && !provinceName)
      problems.push(detail(`${at}/province`, 'sheet.notListedProvince', { row: row.row, value: province }));
    if (problems.length > before) continue;
    const fields = {
      ...present(row.cells, ['firstName', 'lastName', 'email', 'mobileNumber', 'telephoneNumber', 'city']),
      organizationId: org?.id,
      role: roleName,
      ...(countryName ? { country: countryName } : {}),
      ...(provinceName ? { province: provinceName } : {}),
    } as ContactInput;
    checkSchema('contact-input', fields, row, contactColumns, problems);
    if (problems.length === before) items.push({ ...(id ? { id } : {}), fields });
  }
  if (problems.length > 0) return failedRows(problems);
  return { ok: true, items };
}

/** What an organisations sheet is checked against. */
export interface OrganisationSheetLists {
  /** The client's organisations (names must stay unique; rows with an Id update them). */
  organisations: readonly { id: number; name: string }[];
  types: readonly string[];
  disciplines: readonly string[];
  countries: readonly string[];
}

/**
 * Reads an organisations sheet (see the module comment).
 * @returns every organisation to add or update when every row is right; otherwise every problem
 */
export function organisationsFromSheet(text: string, lists: OrganisationSheetLists): SheetResult<OrganisationInput> {
  const rows = readRows(text, organisationColumns);
  if (!Array.isArray(rows)) return rows;
  const problems: ErrorDetail[] = [];
  const items: Array<{ id?: number; fields: OrganisationInput }> = [];
  const seen = new Set<number>();
  const ids = new Set(lists.organisations.map((o) => o.id));
  // The names after the import, by the organisation that ends up with them (a new row counts as its own).
  const finalNames = new Map<number, string>(lists.organisations.map((o) => [o.id, nameKey(o.name)]));
  const rowOwner = new Map<SheetRow, number>();
  for (const row of rows) {
    const id = readId(row, ids, seen, problems);
    const owner = id ?? -row.row;
    rowOwner.set(row, owner);
    if (row.cells.name) finalNames.set(owner, nameKey(row.cells.name));
  }
  const owners = new Map<string, number>();
  for (const name of finalNames.values()) owners.set(name, (owners.get(name) ?? 0) + 1);
  for (const row of rows) {
    const name = row.cells.name;
    if (name && (owners.get(nameKey(name)) ?? 0) > 1)
      problems.push(detail(`/rows/${row.row}/name`, 'sheet.duplicateName', { row: row.row, value: name }));
  }
  for (const row of rows) {
    const before = problems.length;
    checkMandatory(row, organisationColumns, problems);
    const at = `/rows/${row.row}`;
    const { country, type, discipline } = row.cells;
    const countryName = country ? listed(lists.countries, country) : undefined;
    if (country && !countryName)
      problems.push(detail(`${at}/country`, 'sheet.notListedCountry', { row: row.row, value: country }));
    const typeName = type ? listed(lists.types, type) : undefined;
    if (type && !typeName) problems.push(detail(`${at}/type`, 'sheet.notListedType', { row: row.row, value: type }));
    const disciplineName = discipline ? listed(lists.disciplines, discipline) : undefined;
    if (discipline && !disciplineName)
      problems.push(detail(`${at}/discipline`, 'sheet.notListedDiscipline', { row: row.row, value: discipline }));
    if (problems.length > before) continue;
    const fields = {
      ...present(row.cells, ['name', 'address', 'postalCode', 'city', 'province']),
      ...(countryName ? { country: countryName } : {}),
      ...(typeName ? { type: typeName } : {}),
      ...(disciplineName ? { discipline: disciplineName } : {}),
    } as OrganisationInput;
    checkSchema('organisation-input', fields, row, organisationColumns, problems);
    const owner = rowOwner.get(row) ?? 0;
    if (problems.length === before) items.push({ ...(owner > 0 ? { id: owner } : {}), fields });
  }
  if (problems.length > 0) return failedRows(problems);
  return { ok: true, items };
}

function failedRows<T>(problems: ErrorDetail[]): SheetResult<T> {
  const sorted = [...problems].sort((a, b) => rowOf(a) - rowOf(b));
  const rowsWithProblems = new Set(sorted.map(rowOf)).size;
  return { ok: false, messageId: 'sheet.importFailed', params: { count: rowsWithProblems }, problems: sorted };
}

function rowOf(problem: ErrorDetail): number {
  return Number(problem.path.split('/')[2] ?? 0);
}

/**
 * A sheet as CSV: the header row of `columns` and one row per item (cells by field; Id from `id`), quoted per
 * RFC 4180 by papaparse, CRLF line ends, a UTF-8 BOM so spreadsheet tools read accents, cells that a
 * spreadsheet would run as a formula prefixed with `'` (OWASP CSV injection).
 */
export function sheetCsv<F extends string>(columns: readonly SheetColumn<F>[], items: readonly object[]): string {
  const header = columns.map((c) => message(c.header));
  const rows = items.map((item) =>
    columns.map((c) => {
      const value = (item as Record<string, unknown>)[c.field];
      return value === undefined || value === null ? '' : protectCell(String(value));
    }),
  );
  return `\uFEFF${Papa.unparse([header, ...rows], { newline: '\r\n' })}\r\n`;
}
