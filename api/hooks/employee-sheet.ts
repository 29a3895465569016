/**
 * The employees sheet's download (administration-data.md §7 Employees "download"; engine/rules/employee-import.ts):
 * GET /api/settings/employees/download/{withData} answers 'Employees template.csv', the header row, or with
 * `true` 'Employees.csv', one row per employee by employee number. Its upload stays a named operation: it creates
 * and links platform users (api/operations/named/employees.ts).
 */
import { employeeCsv } from '../../engine/rules/employee-import';
import type { Sheet } from '../resources/hooks';

export const employeeSheet: Sheet = {
  csv: (items) => employeeCsv(items),
  fileName: (withData) => (withData ? 'Employees.csv' : 'Employees template.csv'),
};
