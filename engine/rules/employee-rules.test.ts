/**
 * The employee rules (administration-data.md §3, §5 Employee): the CSV check row by row, the template, and the
 * access an employee gives its user (docs/access.md "Employees").
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  accessOfEmployee,
  employeeFlags,
  normaliseProjectAccesses,
  withClientAccess,
  withProjectAccess,
} from './employee-access';
import { checkEmployeeCsv, EMPLOYEE_CSV_COLUMNS, employeeCsv, isIsoDate, MAX_EMPLOYEE_ROWS } from './employee-import';

const roles = [
  { id: 3, name: 'Site Engineer' },
  { id: 4, name: 'Foreman' },
];
const header = EMPLOYEE_CSV_COLUMNS.join(',');
const messages = (text: string) => {
  const result = checkEmployeeCsv(text, roles);
  return result.ok ? [] : result.problems.map((p) => p.message);
};

describe('employee CSV check', () => {
  it('accepts valid rows: roles and types ignoring case, a BOM, quoted cells, optional columns left out', () => {
    const result = checkEmployeeCsv(
      `\uFEFF${header}\r\nA1,Anna,Byrne,anna@x.ie,+353871,,2026-02-28,foreman,LABOUR\r\n"B2","Bob","O'Neill",,,,,"site  engineer",Management\r\n`,
      roles,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          employeeNumber: 'A1',
          firstName: 'Anna',
          lastName: 'Byrne',
          email: 'anna@x.ie',
          mobile: '+353871',
          startDate: '2026-02-28',
          role: 4,
          roleName: 'Foreman',
          type: 'Labour',
        },
        {
          line: 3,
          employeeNumber: 'B2',
          firstName: 'Bob',
          lastName: "O'Neill",
          role: 3,
          roleName: 'Site Engineer',
          type: 'Management',
        },
      ],
    });
    expect(
      checkEmployeeCsv('Employee Number,First Name,Last Name,Role,Type\nC3,Cara,Daly,Foreman,Administration', roles).ok,
    ).toBe(true);
  });

  it('reports every problem of every row with its row number', () => {
    expect(
      messages(
        `${header}\nA-1,Anna Maria,Byrne,a b@x.ie,,,2026-02-30,Painter,Crew\n,,,,,,,,\nA1,Ann,B,,,,,Foreman,Labour\na1,Al,C,,,,,Foreman,Labour`,
      ),
    ).toEqual([
      'Row 2: Employee Number may hold letters and digits only.',
      'Row 2: First Name: Whitespace is not allowed',
      'Row 2: Email: Whitespace is not allowed',
      "Row 2: Start Date '2026-02-30' is not a date yyyy-MM-dd.",
      "Row 2: the role 'Painter' is not in the roles list.",
      "Row 2: the type 'Crew' is not Administration, Management or Labour.",
      'Row 5: the employee number a1 is also on row 4.',
    ]);
    expect(messages(`${header}\nA1,,B,notanemail,,,,Foreman,`)).toEqual([
      'Row 2: First Name is required.',
      'Row 2: Type is required.',
      "Row 2: 'notanemail' is not an e-mail address.",
    ]);
    expect(messages(`${header}\n${'X'.repeat(21)},A,B,,,,,Foreman,Labour`)).toEqual([
      'Row 2: Employee Number cannot be longer than 20 characters.',
    ]);
  });

  it('refuses a file without a mandatory column, without rows, or with too many rows', () => {
    expect(messages('Employee Number,First Name,Role\nA1,B,Foreman')).toEqual([
      'The mandatory column Last Name is missing.',
      'The mandatory column Type is missing.',
    ]);
    expect(messages(header)).toEqual(['The file has no employees.']);
    const many = Array.from({ length: MAX_EMPLOYEE_ROWS + 1 }, (_, i) => `E${i},A,B,,,,,Foreman,Labour`).join('\n');
    expect(messages(`${header}\n${many}`)).toEqual([`The file has more than ${MAX_EMPLOYEE_ROWS} rows.`]);
  });

  it('knows real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
  });

  it('writes the template, and with data one row per employee that reads back the same', () => {
    expect(employeeCsv([])).toBe(`\uFEFF${header}\r\n`);
    const text = employeeCsv([
      {
        employeeNumber: 'A1',
        firstName: 'Anna',
        lastName: '=Byrne',
        mobile: '+353871',
        roleName: 'Foreman',
        type: 'Labour',
        startDate: '2026-01-02',
      },
    ]);
    expect(Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data[1]).toEqual([
      'A1',
      'Anna',
      "'=Byrne",
      '',
      '+353871',
      '',
      '2026-01-02',
      'Foreman',
      'Labour',
    ]);
    const back = checkEmployeeCsv(text, roles);
    expect(back.ok && back.rows[0]).toMatchObject({ lastName: '=Byrne', mobile: '+353871', role: 4 });
  });
});

describe('employee access', () => {
  const employee = {
    clientId: 1,
    role: 4,
    isActive: true,
    accessTheirProjects: true,
    accessQA: false,
    projectAccesses: [
      { projectId: 3, activity: 'View' as const },
      { projectId: 1, activity: 'Edit' as const },
      { projectId: 3, activity: 'Edit' as const },
    ],
  };

  it('gives the linked user the flags set, one access per project, and the role; nothing when inactive', () => {
    expect(employeeFlags(employee)).toEqual({ accessTheirProjects: true });
    expect(accessOfEmployee(employee)).toEqual({
      clientId: 1,
      flags: { accessTheirProjects: true },
      projects: [
        { projectId: 1, activity: 'Edit' },
        { projectId: 3, activity: 'Edit' },
      ],
      roleId: 4,
    });
    expect(accessOfEmployee({ ...employee, isActive: false })).toEqual({
      clientId: 1,
      flags: {},
      projects: [],
      roleId: 4,
    });
  });

  it("replaces one client's entry of a user and keeps the others'", () => {
    const other = { clientId: 2, flags: { accessHS: true }, projects: [] };
    const mine = accessOfEmployee(employee);
    expect(withClientAccess([other, { clientId: 1, flags: {}, projects: [] }], 1, mine)).toEqual([other, mine]);
    expect(withClientAccess([other, mine], 1, null)).toEqual([other]);
  });

  it('sets and removes one project access', () => {
    const list = normaliseProjectAccesses(employee.projectAccesses);
    expect(withProjectAccess(list, 2, 'View')).toEqual([
      { projectId: 1, activity: 'Edit' },
      { projectId: 2, activity: 'View' },
      { projectId: 3, activity: 'Edit' },
    ]);
    expect(withProjectAccess(list, 1, null)).toEqual([{ projectId: 3, activity: 'Edit' }]);
    expect(withProjectAccess(list, 1, 'View', [1, 14])).toContainEqual({
      projectId: 1,
      activity: 'View',
      accessCodes: [1, 14],
    });
  });
});
