/**
 * Hooks of the employee resource (administration-data.md §7 "Employees"; docs/access.md "Employees"): an
 * employee's access is its linked user's, so every generic write of an employee keeps the user in step in the
 * same transaction, and an administrator cannot take away their own settings access (their own employee's flags,
 * deactivation or deletion).
 */
import { AppError } from '../../engine/errors';
import { can } from '../../engine/rules/access';
import { accessOfEmployee, EMPLOYEE_FLAGS } from '../../engine/rules/employee-access';
import type { Employee } from '../../engine/types/generated';
import { type EmployeeDoc, removeUserFromClient, syncUserAccess } from '../operations/employees';
import type {
  AfterChangeHook,
  AfterDeleteHook,
  BeforeChangeHook,
  BeforeDeleteHook,
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
