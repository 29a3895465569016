/**
 * Access rules (shell-access-navigation.md §6): pure functions shared by the API's checks and the
 * runtime's guards.
 */
import type { ProcessAccess } from '../types/generated';

/** True when the user has process Admin with activity Edit (the Admin guard of §6). */
export function isAdmin(user: { processes: ProcessAccess[] }): boolean {
  return user.processes.some((p) => p.process === 'Admin' && p.activity === 'Edit');
}
