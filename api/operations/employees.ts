/**
 * Store logic of the employee calls (administration-data.md §3 Employee, §4, §5, §7 Employees;
 * api/operations/named/employees.ts): the roles list, the checks a JSON Schema cannot make (role in the
 * roles list, projects of the client; employee number and e-mail are unique indexes), and the one truth of access: the
 * employee's flags and project accesses written to the linked user's access for the client in the same
 * operation, with the user's cached sessions forgotten so the change holds at the next request
 * (docs/access.md "Employees").
 */
import { AppError } from '../../engine/errors';
import { accessOfEmployee, normaliseProjectAccesses, withClientAccess } from '../../engine/rules/employee-access';
import type { EmployeeRoleOption } from '../../engine/rules/employee-import';
import type { Employee, LookupValue, Project, ProjectAccess } from '../../engine/types/generated';
import { forgetSessions } from '../auth/sessions';
import type { UserDoc } from '../auth/types';
import type { Store } from '../store/port';

/** An employee as stored. */
export type EmployeeDoc = Employee & { [key: string]: unknown };

/** The employees collection. */
export function employeeCollection(store: Store) {
  return store.collection<EmployeeDoc>('employees');
}

/** The lookup type of the roles list (docs/decisions.md "Employees": the roles list is the EmployeeRole lookup). */
export const EMPLOYEE_ROLE_TYPE = 'EmployeeRole';

/** The roles list of a client: its Active EmployeeRole lookup values, by name. */
export async function rolesOf(store: Store, clientId: number): Promise<EmployeeRoleOption[]> {
  const values = await store
    .collection<LookupValue & { [key: string]: unknown }>('lookupValues')
    .find({ clientId, type: EMPLOYEE_ROLE_TYPE, status: 'Active' }, { sort: { name: 1 } });
  return values.map((v) => ({ id: v.id, name: v.name }));
}

/**
 * The name of a role of the client's roles list.
 * @throws AppError 400 employees.unknownRole for an id that is not an Active EmployeeRole of the client
 */
export async function roleName(store: Store, clientId: number, roleId: number): Promise<string> {
  const role = await store
    .collection<LookupValue & { [key: string]: unknown }>('lookupValues')
    .findOne({ clientId, type: EMPLOYEE_ROLE_TYPE, id: roleId, status: 'Active' });
  if (!role) throw new AppError(400, 'employees.unknownRole');
  return role.name;
}

/**
 * The project accesses with one entry per project, every project one of the client's.
 * @throws AppError 400 employees.unknownProject naming the first project that is not the client's
 */
export async function checkedProjectAccesses(
  store: Store,
  clientId: number,
  list: readonly ProjectAccess[] | undefined,
): Promise<ProjectAccess[]> {
  const accesses = normaliseProjectAccesses(list);
  if (accesses.length === 0) return accesses;
  const ids = accesses.map((a) => a.projectId);
  const found = await store
    .collection<Project & { [key: string]: unknown }>('projects')
    .find({ clientId, id: { $in: ids } }, { projection: { id: 1 } });
  const known = new Set(found.map((p) => p.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError(400, 'employees.unknownProject', { projectId: unknown });
  return accesses;
}

/**
 * Writes the employee's access (engine/rules/employee-access.ts accessOfEmployee) to its linked user's entry for
 * the client, and forgets that user's cached sessions (api/auth/sessions.ts), so the next request of any of
 * their sessions reads the new access. Nothing happens for an employee without a user.
 */
export async function syncUserAccess(store: Store, employee: Employee): Promise<void> {
  if (employee.userId === undefined) return;
  const users = store.collection<UserDoc>('users');
  const user = await users.findOne({ id: employee.userId });
  if (!user) return;
  const accesses = withClientAccess(user.accesses, employee.clientId, accessOfEmployee(employee));
  await users.updateOne({ id: user.id }, { $set: { accesses } });
  forgetSessions(store, { userId: user.id });
}

/**
 * Takes a user out of the client (the employee was deleted or unassigned): the client leaves the user's
 * clients, the client's access entry goes, and a current client that was this one is cleared. The user's
 * cached sessions are forgotten; a session still on this client is then refused by requireTenant.
 */
export async function removeUserFromClient(store: Store, userId: number, clientId: number): Promise<void> {
  const users = store.collection<UserDoc>('users');
  const user = await users.findOne({ id: userId });
  if (!user) return;
  const set: Partial<UserDoc> = {
    clientIds: user.clientIds.filter((id) => id !== clientId),
    accesses: withClientAccess(user.accesses, clientId, null),
  };
  if (user.currentClient === clientId) set.currentClient = null;
  await users.updateOne({ id: userId }, { $set: set });
  forgetSessions(store, { userId });
}

/**
 * Links a user to an employee: the client joins the user's clients, and the employee's access becomes the
 * user's for the client.
 */
export async function linkUser(store: Store, employee: EmployeeDoc, user: UserDoc): Promise<void> {
  const users = store.collection<UserDoc>('users');
  const clientIds = user.clientIds.includes(employee.clientId)
    ? user.clientIds
    : [...user.clientIds, employee.clientId];
  await users.updateOne({ id: user.id }, { $set: { clientIds } });
  await syncUserAccess(store, { ...employee, userId: user.id });
}

/** Removes the fields an optional text left empty (an empty optional text is no value). */
export function withoutEmptyTexts<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '' && v !== null)) as T;
}
