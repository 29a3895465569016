/**
 * Hooks of the employee resource (administration-data.md §7 "Employees"; docs/access.md "Employees"): an
 * employee's access is its linked user's, so every generic write of an employee keeps the user in step in the
 * same transaction, and an administrator cannot take away their own settings access (their own employee's flags,
 * deactivation or deletion).
 */
import { format } from 'date-fns';
import { AppError } from '../../engine/errors';
import { can } from '../../engine/rules/access';
import { accessOfEmployee, EMPLOYEE_FLAGS, withProjectAccess } from '../../engine/rules/employee-access';
import type { Employee, EmployeeProjectAccess } from '../../engine/types/generated';
import {
  checkedProjectAccesses,
  type EmployeeDoc,
  removeUserFromClient,
  roleName as roleNameOf,
  syncUserAccess,
} from '../operations/employees';
import type {
  AfterChangeHook,
  AfterDeleteHook,
  BeforeChangeHook,
  BeforeDeleteHook,
  BeforeValidateHook,
  HookArgs,
} from '../resources/hooks';

/**
 * Refuses a change that would take away the calling administrator's own settings access (`after` null: the
 * employee goes or is unlinked).
 * @throws AppError 409 employees.ownAccess
 */
export function keepOwnAdmin({ context }: Pick<HookArgs, 'context'>, before: Employee, after: Employee | null): void {
  const user = context.user;
  if (!user || before.userId !== user.id) return;
  const access = after && after.userId === user.id ? accessOfEmployee(after) : null;
  if (!can({ processes: user.processes, access }, 'admin', { area: 'settings' }))
    throw new AppError(409, 'employees.ownAccess');
}

/** beforeChange: an update must leave the calling administrator their settings access (409 otherwise). */
export const keepOwnAdminOnChange: BeforeChangeHook<EmployeeDoc> = (item, args) => {
  if (args.current) keepOwnAdmin(args, args.current, item);
  return item;
};

/** beforeDelete: the calling administrator's own employee cannot be deleted while it holds their access (409). */
export const keepOwnAdminOnDelete: BeforeDeleteHook<EmployeeDoc> = (item, args) => keepOwnAdmin(args, item, null);

/** afterChange: the linked user's access follows the employee's (api/operations/employees.ts syncUserAccess). */
export const syncEmployeeUser: AfterChangeHook<EmployeeDoc> = async (item, { store }) => {
  await syncUserAccess(store, item);
  return item;
};

/** afterDelete: the linked user leaves the client. */
export const removeEmployeeUser: AfterDeleteHook<EmployeeDoc> = async (item, { store }) => {
  if (item.userId !== undefined) await removeUserFromClient(store, item.userId, item.clientId);
};

/** beforeChange of DELETE …/{id}/removeaccesses: no flags and no project accesses. */
export const withoutAccesses: BeforeChangeHook<EmployeeDoc> = (item) => {
  const next: EmployeeDoc = { ...item, projectAccesses: [] };
  for (const flag of EMPLOYEE_FLAGS) delete next[flag];
  return next;
};

/**
 * beforeValidate of PUT …/updateaccesses `{ id, flags…, projectAccesses }`: every flag replaced (a flag the body
 * leaves out or sends false is taken away: dropFalseFlags) and the project accesses checked against the client's
 * projects (api/operations/employees.ts checkedProjectAccesses).
 */
export const accessesChange: BeforeValidateHook<EmployeeDoc> = async (data, { store, context }) => {
  const flags = Object.fromEntries(EMPLOYEE_FLAGS.map((flag) => [flag, data[flag] === true]));
  const projectAccesses = await checkedProjectAccesses(store, Number(context.clientId), data.projectAccesses ?? []);
  return { ...flags, projectAccesses } as unknown as EmployeeDoc;
};

/**
 * beforeValidate of PUT …/updateProjectAccess `{ id, projectId, activity, accessCodes }`: the employee's access to
 * one project set (Edit, View) or removed (activity null), the list checked against the client's projects.
 */
export const projectAccessChange: BeforeValidateHook<EmployeeDoc> = async (data, { store, context, current }) => {
  const { projectId, activity, accessCodes } = data as unknown as EmployeeProjectAccess;
  const list = withProjectAccess(current?.projectAccesses, projectId, activity, accessCodes);
  return {
    projectAccesses: await checkedProjectAccesses(store, Number(context.clientId), list),
  } as unknown as EmployeeDoc;
};

/** beforeChange: a flag set false is not stored (an employee holds the flags it has). */
export const dropFalseFlags: BeforeChangeHook<EmployeeDoc> = (item) => {
  const next: EmployeeDoc = { ...item };
  for (const flag of EMPLOYEE_FLAGS) if (next[flag] !== true) delete next[flag];
  return next;
};

/**
 * beforeValidate of POST /api/settings/employees and PUT …/{id} (employee-input): empty texts are left out, the
 * role is an Active EmployeeRole (400 employees.unknownRole; its name kept as roleName) and the project accesses
 * the client's projects. A new employee is active, Unassigned, with startDate today unless given. An update
 * replaces the person's fields; its flags only when the body holds any flag, its project accesses only when the
 * body holds them (else they stay).
 */
export const employeeFields: BeforeValidateHook<EmployeeDoc> = async (data, { store, context, current }) => {
  const clientId = Number(context.clientId);
  const body = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== '' && v !== null)) as EmployeeDoc;
  const roleName = await roleNameOf(store, clientId, body.role as unknown as number);
  if (!current) {
    const flags = Object.fromEntries(EMPLOYEE_FLAGS.filter((flag) => body[flag] === true).map((f) => [f, true]));
    return {
      ...body,
      ...flags,
      projectAccesses: await checkedProjectAccesses(store, clientId, body.projectAccesses ?? []),
      startDate: body.startDate ?? format(context.now, 'yyyy-MM-dd'),
      roleName,
      isActive: true,
      status: 'Unassigned',
    } as EmployeeDoc;
  }
  const next: Record<string, unknown> = { ...body, roleName };
  const flagsSent = EMPLOYEE_FLAGS.some((flag) => body[flag] !== undefined);
  for (const flag of EMPLOYEE_FLAGS) next[flag] = flagsSent ? body[flag] === true : current[flag] === true;
  next.projectAccesses =
    body.projectAccesses !== undefined
      ? await checkedProjectAccesses(store, clientId, body.projectAccesses)
      : current.projectAccesses;
  if (next.projectAccesses === undefined) delete next.projectAccesses;
  return next as EmployeeDoc;
};
