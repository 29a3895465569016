/**
 * The section of a navigation (shell-access-navigation.md §2.1, §2.3, §6): which menu document the path
 * shows and the guard that opens it (the section documents of schemas/sections, read by
 * engine/rules/section-menu.ts), the menu's guard run for it (./guard-checks.ts), and the active item.
 * A path that is no page of its menu, or whose project is not there (none of that id, or another client's), is
 * not found: the shell shows its not-found page (issue 19); an item the user may not see goes to /unauthorized.
 * Asked once per navigation, by the shell loader.
 */
import { redirect } from 'react-router';
import type { Activity } from '../../engine/rules/access';
import { visibleMenuItems } from '../../engine/rules/menus';
import { activeItem, isMenuPage, type SectionPlace, sectionOf } from '../../engine/rules/section-menu';
import type { UserView } from '../api/types';
import { loadScreen, type MenuDocument, type MenuItemSpec } from '../renderer/documents';
import { enforceGuard, PathNotFound } from './guard-checks';

/** What the shell shows of a section: the menu, the project, the activity found, the active item. */
export interface SectionData {
  place: SectionPlace;
  menu: MenuDocument | null;
  /** The user's activity on the section's project, when the guard asked. */
  activity: Activity | null;
  /** Id of the active menu item, when the path is one. */
  activeId: string | null;
  /** The path is no page of its menu, or its project is not there: the shell shows the not-found page. */
  notFound?: true;
}

/**
 * The section of `pathname` for `user`: runs the menu's guard (throwing its redirect on denial) and
 * checks the path is a page of the menu the user may see.
 */
export async function sectionData(user: UserView, pathname: string): Promise<SectionData> {
  const place = sectionOf(pathname);
  const section = place.menu;
  if (!section) return { place, menu: null, activity: null, activeId: null };
  // The menu's document and the guard's call go together: the guard's answer came a round trip later when it
  // waited for the document's code (issue 21 "Speed", the form page's first paint).
  const menuLoad = loadScreen(section.id) as Promise<MenuDocument>;
  // A guard that fails first leaves the menu unread: its failure is not an unhandled one.
  menuLoad.catch(() => undefined);
  let outcome: Awaited<ReturnType<typeof enforceGuard>>;
  try {
    outcome = await enforceGuard(user, section.guard, {
      pathname,
      projectId: place.projectId,
      mode: section.mode,
      area: section.area,
    });
  } catch (thrown) {
    // No menu of a project that is not there: its links would lead nowhere.
    if (thrown instanceof PathNotFound) return { place, menu: null, activity: null, activeId: null, notFound: true };
    throw thrown;
  }
  const menu = await menuLoad;
  const notFound = { place, menu, activity: null, activeId: null, notFound: true as const };
  const activity = 'activity' in outcome ? (outcome.activity ?? null) : null;
  const item = activeItem<MenuItemSpec>(menu.items, pathname, place.projectId, section.base);
  if (!item) {
    // The menu's own paths (its base, Edit and View links) are pages too; anything else is unknown.
    if (!isMenuPage(menu.items, section, pathname, place.projectId)) return notFound;
  } else {
    const visible = activeItem<MenuItemSpec>(
      visibleMenuItems(menu.items, user, { area: section.area, projectId: place.projectId }),
      pathname,
      place.projectId,
      section.base,
    );
    if (visible?.id !== item.id) throw redirect('/unauthorized');
  }
  return { place, menu, activity, activeId: item?.id ?? null };
}
