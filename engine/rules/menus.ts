/**
 * Which menu items a user sees (shell-access-navigation.md §2.3, §4, §6), on the access model
 * (engine/rules/access.ts; docs/access.md). Menu documents (schemas/screens, kind 'menu') mark items with
 * - `admin: true`: settings administrators only (can(user, 'admin', { area: 'settings' }));
 * - `area` (and `action`, default view): users who may view (or administer) the area: the top bar's entries;
 * - `accessCodes`: numeric access codes of the 'general' area, any one of which, held on the section's
 *   project, shows the item (without a project: any way into the area).
 * Sub-items are filtered the same way; an item whose sub-items are all hidden and that has no route of
 * its own is hidden.
 */
import { type AccessArea, type AccessSubject, can } from './access';

/** A menu item as the rule reads it. */
export interface MenuItemAccess {
  admin?: boolean;
  area?: AccessArea;
  action?: 'view' | 'admin';
  accessCodes?: number[];
  route?: string;
  items?: MenuItemAccess[];
}

/** The user as the rule reads it (a UserView: processes and the current client's access). */
export type MenuUser = AccessSubject;

/** Where a menu is shown: the section's area and project (a project menu), if any. */
export interface MenuPlace {
  area?: AccessArea;
  projectId?: number;
}

/** True when `user` may see `item` (not looking at sub-items). */
export function canSeeMenuItem(item: MenuItemAccess, user: MenuUser | undefined, place: MenuPlace = {}): boolean {
  if (!user) return !item.admin && !item.area && !item.accessCodes?.length;
  if (item.admin && !can(user, 'admin', { area: 'settings' })) return false;
  if (item.area && !can(user, item.action ?? 'view', { area: item.area })) return false;
  if (item.accessCodes?.length) {
    const area = place.area ?? 'projects';
    if (place.projectId === undefined) return can(user, 'view', { area });
    return can(user, 'view', { area, projectId: place.projectId, codes: item.accessCodes });
  }
  return true;
}

/**
 * The items of a menu `user` sees, sub-items filtered too.
 * @returns new item objects; the input is not changed
 */
export function visibleMenuItems<T extends MenuItemAccess>(
  items: readonly T[],
  user: MenuUser | undefined,
  place: MenuPlace = {},
): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (!canSeeMenuItem(item, user, place)) continue;
    if (item.items) {
      const children = visibleMenuItems(item.items as T[], user, place);
      if (children.length === 0 && !item.route) continue;
      out.push({ ...item, items: children });
    } else out.push(item);
  }
  return out;
}
