/**
 * Which menu items a user sees (shell-access-navigation.md §2.3, §6): menu documents (schemas/screens,
 * kind 'menu') mark items with `admin: true` (admins only) and/or `accessCodes` (numeric access codes,
 * any of which shows the item). Until the access model of §6 (per-employee access codes) is built, an
 * admin holds every code and other users none, so a coded item shows to admins only. Sub-items are
 * filtered the same way; an item whose sub-items are all hidden and that has no route of its own is hidden.
 */
import { isAdmin } from './access';

/** A menu item as the rule reads it. */
export interface MenuItemAccess {
  admin?: boolean;
  accessCodes?: number[];
  route?: string;
  items?: MenuItemAccess[];
}

/** The user as the rule reads it: processes, and access codes when known. */
export interface MenuUser {
  processes: Array<{ process: string; activity: string }>;
  accessCodes?: number[];
}

function holdsCode(user: MenuUser, codes: number[]): boolean {
  if (isAdmin(user as never)) return true;
  return codes.some((code) => user.accessCodes?.includes(code) ?? false);
}

/** True when `user` may see `item` (not looking at sub-items). */
export function canSeeMenuItem(item: MenuItemAccess, user: MenuUser | undefined): boolean {
  if (!user) return !item.admin && !item.accessCodes?.length;
  if (item.admin && !isAdmin(user as never)) return false;
  if (item.accessCodes?.length && !holdsCode(user, item.accessCodes)) return false;
  return true;
}

/**
 * The items of a menu `user` sees, sub-items filtered too.
 * @returns new item objects; the input is not changed
 */
export function visibleMenuItems<T extends MenuItemAccess>(items: readonly T[], user: MenuUser | undefined): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (!canSeeMenuItem(item, user)) continue;
    if (item.items) {
      const children = visibleMenuItems(item.items, user);
      if (children.length === 0 && !item.route) continue;
      out.push({ ...item, items: children });
    } else out.push(item);
  }
  return out;
}
