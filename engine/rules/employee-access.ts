/**
 * The employee is the truth of a person's access in a client (administration-data.md §3 Employee, §6;
 * docs/access.md "Employees"): its area flags and project accesses become the linked user's access entry
 * for that client, written in the same operation that changes the employee. Pure functions, used by the API
 * and tested in isolation.
 */
import type { AreaFlags, ClientAccess, Employee, ProjectAccess } from '../types/generated';

/** The fourteen access flags of an employee (administration-data.md §3 Employee), in the spec's order. */
export const EMPLOYEE_FLAGS = [
  'accessAll',
  'accessAllProjects',
  'accessTheirProjects',
  'accessAllQS',
  'accessTheirQS',
  'accessHS',
  'accessHR',
  'accessAllEstimating',
  'accessTheirEstimating',
  'accessQA',
  'accessPlants',
  'accessMaterials',
  'accessAdmin',
  'accessLocations',
] as const satisfies readonly (keyof AreaFlags)[];

/** The employee fields the access is made of: the flags and the project accesses. */
export type EmployeeAccessFields = Pick<Employee, (typeof EMPLOYEE_FLAGS)[number] | 'projectAccesses'>;

/** The flags an employee holds (true ones only; an absent flag is false). */
export function employeeFlags(employee: EmployeeAccessFields): AreaFlags {
  const flags: AreaFlags = {};
  for (const flag of EMPLOYEE_FLAGS) if (employee[flag] === true) flags[flag] = true;
  return flags;
}

/**
 * Project accesses with one entry per project (the last one given wins), sorted by project id, so the
 * stored list never holds a project twice.
 */
export function normaliseProjectAccesses(list: readonly ProjectAccess[] | undefined): ProjectAccess[] {
  const byProject = new Map<number, ProjectAccess>();
  for (const access of list ?? []) byProject.set(access.projectId, { ...access });
  return [...byProject.values()].sort((a, b) => a.projectId - b.projectId);
}

/**
 * The user's access entry for the employee's client: the employee's flags, project accesses and role
 * (roleId, read by QR code setups). An inactive employee holds nothing: no flags, no projects.
 */
export function accessOfEmployee(
  employee: Pick<Employee, 'clientId' | 'isActive' | 'role'> & EmployeeAccessFields,
): ClientAccess {
  if (!employee.isActive) return { clientId: employee.clientId, flags: {}, projects: [], roleId: employee.role };
  return {
    clientId: employee.clientId,
    flags: employeeFlags(employee),
    projects: normaliseProjectAccesses(employee.projectAccesses),
    roleId: employee.role,
  };
}

/**
 * A user's `accesses` with the entry of `access.clientId` replaced by `access` (or removed when `access` is
 * null), the other clients' entries kept as they were.
 */
export function withClientAccess(
  accesses: readonly ClientAccess[] | undefined,
  clientId: number,
  access: ClientAccess | null,
): ClientAccess[] {
  const others = (accesses ?? []).filter((a) => a.clientId !== clientId);
  return access ? [...others, access] : others;
}

/**
 * An employee's project accesses with one project's access set (activity Edit or View, optional codes) or
 * removed (activity null): PUT /api/settings/employees/updateProjectAccess.
 */
export function withProjectAccess(
  list: readonly ProjectAccess[] | undefined,
  projectId: number,
  activity: ProjectAccess['activity'] | null,
  accessCodes?: number[],
): ProjectAccess[] {
  const others = (list ?? []).filter((a) => a.projectId !== projectId);
  if (activity === null) return normaliseProjectAccesses(others);
  const access: ProjectAccess = accessCodes ? { projectId, activity, accessCodes } : { projectId, activity };
  return normaliseProjectAccesses([...others, access]);
}
