/**
 * The employee CSV (administration-data.md §5 Employee "Import"): the template's columns, and the check of an
 * uploaded file row by row. Mandatory columns are Employee Number, First Name, Last Name, Role and Type; dates
 * are yyyy-MM-dd. Every row is checked before anything is saved, and every problem is reported with its row
 * (the line of the file, the header being line 1), so the import is all or nothing (docs/decisions.md
 * "Employees"). Pure: the caller passes the roles list; parsing with papaparse, dates as engine/table/dates.ts checks them.
 */
import Papa from 'papaparse';
import { detail, type ErrorDetail } from '../errors';
import { protectCell } from '../export/csv';
import { isIsoDate } from '../table/dates';
import type { Employee } from '../types/generated';
import { validateSchema } from '../validation/ajv';

/** The template's columns in order (the download's header row). */
export const EMPLOYEE_CSV_COLUMNS = [
  'Employee Number',
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'Landline',
  'Start Date',
  'Role',
  'Type',
] as const;

export type EmployeeCsvColumn = (typeof EMPLOYEE_CSV_COLUMNS)[number];

/** The columns a file must have, and a row must fill (§5). */
export const MANDATORY_EMPLOYEE_COLUMNS: readonly EmployeeCsvColumn[] = [
  'Employee Number',
  'First Name',
  'Last Name',
  'Role',
  'Type',
];

/** Most rows one file may hold (a limit of the server; docs/decisions.md "Employees"). */
export const MAX_EMPLOYEE_ROWS = 10_000;

/** Most problems reported for one file: enough to fix a file, never a huge answer. */
export const MAX_IMPORT_PROBLEMS = 200;

/** The employee types (administration-data.md §3, §9: 3 values). */
export const EMPLOYEE_TYPES = ['Administration', 'Management', 'Labour'] as const;

/** A role of the roles list (an Active EmployeeRole lookup value). */
export interface EmployeeRoleOption {
  id: number;
  name: string;
}

/** One valid row: the employee's fields, with the role's id and name. */
export type EmployeeImportRow = Pick<
  Employee,
  'employeeNumber' | 'firstName' | 'lastName' | 'email' | 'mobile' | 'landline' | 'startDate' | 'role' | 'roleName'
> & { type: NonNullable<Employee['type']>; line: number };

/** The outcome of a check: the rows when every one is valid, else the problems (rows is then empty). */
export type EmployeeImportResult = { ok: true; rows: EmployeeImportRow[] } | { ok: false; problems: ErrorDetail[] };

const FIELD_OF: Record<EmployeeCsvColumn, keyof EmployeeImportRow> = {
  'Employee Number': 'employeeNumber',
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Mobile: 'mobile',
  Landline: 'landline',
  'Start Date': 'startDate',
  Role: 'role',
  Type: 'type',
};

const MAX_LENGTH: Partial<Record<EmployeeCsvColumn, number>> = {
  'Employee Number': 20,
  'First Name': 100,
  'Last Name': 100,
  Email: 320,
  Mobile: 30,
  Landline: 30,
};

const NO_WHITESPACE: readonly EmployeeCsvColumn[] = ['First Name', 'Last Name', 'Email', 'Mobile', 'Landline'];

/** True for a real calendar date written yyyy-MM-dd (engine/table/dates.ts). */
export { isIsoDate };

function normalName(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Checks an uploaded employee CSV.
 * @param text the file's text (a UTF-8 BOM is ignored; comma-separated, RFC 4180 quoting)
 * @param roles the roles list: a row's Role must name one (ignoring case and repeated spaces)
 * @returns every row, or every problem (at most MAX_IMPORT_PROBLEMS): a missing mandatory column
 *   (employees.import.missingColumn), an empty file (employees.import.noRows), too many rows
 *   (employees.import.tooManyRows), and per row: a mandatory cell empty (employees.import.required), an
 *   employee number with other than letters and digits (employees.import.lettersAndDigits), whitespace in a
 *   name, e-mail or phone (employees.import.whitespace), a bad date (employees.import.date), an unknown role
 *   (employees.import.role) or type (employees.import.type), an e-mail that is not one (employees.import.email),
 *   a cell too long (employees.import.tooLong), an employee number twice in the file (employees.import.duplicate)
 */
export function checkEmployeeCsv(text: string, roles: readonly EmployeeRoleOption[]): EmployeeImportResult {
  // Empty lines are kept while numbering (a row's number is its line in the file), then passed over.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/(\r?\n)+$/, ''));
  const [header = [], ...lines] = parsed.data;
  const body = lines
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => String(cell ?? '').trim() !== ''));
  const columnIndex = new Map<EmployeeCsvColumn, number>();
  header.forEach((name, index) => {
    const column = EMPLOYEE_CSV_COLUMNS.find((c) => normalName(c) === normalName(String(name)));
    if (column && !columnIndex.has(column)) columnIndex.set(column, index);
  });
  const missing = MANDATORY_EMPLOYEE_COLUMNS.filter((c) => !columnIndex.has(c));
  if (missing.length > 0)
    return {
      ok: false,
      problems: missing.map((column) => detail(`/columns/${column}`, 'employees.import.missingColumn', { column })),
    };
  if (body.length === 0) return { ok: false, problems: [detail('/rows', 'employees.import.noRows')] };
  if (body.length > MAX_EMPLOYEE_ROWS)
    return { ok: false, problems: [detail('/rows', 'employees.import.tooManyRows', { limit: MAX_EMPLOYEE_ROWS })] };

  const roleByName = new Map(roles.map((r) => [normalName(r.name), r]));
  const problems: ErrorDetail[] = [];
  const rows: EmployeeImportRow[] = [];
  const firstLineOfNumber = new Map<string, number>();
  body.forEach(({ cells, row }) => {
    const rowProblems: ErrorDetail[] = [];
    const problem = (column: EmployeeCsvColumn, id: Parameters<typeof detail>[1], extra: Record<string, string> = {}) =>
      rowProblems.push(detail(`/rows/${row}/${column}`, id, { row, column, ...extra }));
    const cell = (column: EmployeeCsvColumn) => {
      const at = columnIndex.get(column);
      // A quote the download put before a formula-like cell (protectCell) is taken off again.
      return at === undefined
        ? ''
        : String(cells[at] ?? '')
            .trim()
            .replace(/^'(?=[=+\-@])/, '');
    };
    const fields: Record<string, unknown> = { line: row };
    for (const column of EMPLOYEE_CSV_COLUMNS) {
      const value = cell(column);
      if (value === '') {
        if (MANDATORY_EMPLOYEE_COLUMNS.includes(column)) problem(column, 'employees.import.required');
        continue;
      }
      const limit = MAX_LENGTH[column];
      if (limit !== undefined && value.length > limit) {
        problem(column, 'employees.import.tooLong', { limit: String(limit) });
        continue;
      }
      if (NO_WHITESPACE.includes(column) && /\s/.test(value)) {
        problem(column, 'employees.import.whitespace');
        continue;
      }
      if (column === 'Employee Number' && !/^[A-Za-z0-9]+$/.test(value)) {
        problem(column, 'employees.import.lettersAndDigits');
        continue;
      }
      if (column === 'Start Date' && !isIsoDate(value)) {
        problem(column, 'employees.import.date', { value });
        continue;
      }
      if (column === 'Role') {
        const role = roleByName.get(normalName(value));
        if (!role) problem(column, 'employees.import.role', { value });
        else {
          fields.role = role.id;
          fields.roleName = role.name;
        }
        continue;
      }
      if (column === 'Type') {
        const type = EMPLOYEE_TYPES.find((t) => t.toLowerCase() === value.toLowerCase());
        if (!type) problem(column, 'employees.import.type', { value });
        else fields.type = type;
        continue;
      }
      fields[FIELD_OF[column]] = value;
    }
    if (typeof fields.email === 'string' && !validateSchema('employee-input', { ...minimal, email: fields.email }).ok)
      problem('Email', 'employees.import.email', { value: fields.email });
    const number = typeof fields.employeeNumber === 'string' ? fields.employeeNumber.toLowerCase() : undefined;
    if (number !== undefined) {
      const first = firstLineOfNumber.get(number);
      if (first !== undefined)
        problem('Employee Number', 'employees.import.duplicate', {
          value: String(fields.employeeNumber),
          first: String(first),
        });
      else firstLineOfNumber.set(number, row);
    }
    if (rowProblems.length > 0) problems.push(...rowProblems);
    else rows.push(fields as unknown as EmployeeImportRow);
  });
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_IMPORT_PROBLEMS) };
  return { ok: true, rows };
}

/** A valid employee input besides the field checked (the e-mail check reuses the entity's format). */
const minimal = { employeeNumber: 'A1', firstName: 'A', lastName: 'B', role: 1 };

/** The cells of one employee in the template's column order (the download with data). */
export function employeeCsvCells(employee: Partial<Employee>): string[] {
  return EMPLOYEE_CSV_COLUMNS.map((column) => {
    if (column === 'Role') return employee.roleName ?? '';
    const value = employee[FIELD_OF[column] as keyof Employee];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The template download (GET /api/settings/employees/download/{withData}): the header row, and with data one
 * row per employee. UTF-8 BOM, CRLF, RFC 4180 quoting; a cell that would start a formula is neutralised
 * (engine/export/csv.ts protectCell), as in every CSV of the platform.
 */
export function employeeCsv(employees: readonly Partial<Employee>[]): string {
  // A phone number such as +353871234567 is no formula: it keeps its plus.
  const protect = (cell: string) => (/^\+\d+$/.test(cell) ? cell : protectCell(cell));
  const rows = employees.map((employee) => employeeCsvCells(employee).map(protect));
  const lines = [[...EMPLOYEE_CSV_COLUMNS], ...rows].map((cells) => Papa.unparse([cells], { newline: '\r\n' }));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
