/**
 * The section of a navigation (shell-access-navigation.md §2.1, §2.3, §6): which menu document the path
 * shows and the guard that opens it (the section documents of schemas/sections, read by
 * engine/rules/section-menu.ts), the menu's guard run for it (./guard-checks.ts), and the active item.
 * A path that is no page of its menu, or whose project is not there (none of that id, or another client's), is
 * not found: the shell shows its not-found page (issue 19); an item the user may not see goes to /unauthorized.
 * Asked once per navigation, by the shell loader.
 */
import { redirect } from 'react-router';
import type { GuardOutcome } from '../../engine/machines/route-guard';
import type { Activity } from '../../engine/rules/access';
import { visibleMenuItems } from '../../engine/rules/menus';
import { activeItem, isMenuPage, type SectionPlace, sectionOf } from '../../engine/rules/section-menu';
import type { UserView } from '../api/types';
import { loadScreen, type MenuDocument, type MenuItemSpec } from '../renderer/documents';
import { enforceGuard, PathNotFound, startGuardCheck } from './guard-checks';

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

/** The section's work that needs no user, started with the session's call (startSection). */
export interface SectionStart {
  pathname: string;
  /** The section menu's document, when the path is in a section. */
  menuLoad?: Promise<MenuDocument>;
  /** The menu guard's server call, when it is one on the path alone (guard-checks.ts startGuardCheck). */
  guard?: Promise<GuardOutcome>;
}

/**
 * Starts what the section of `pathname` needs before the user is known: its menu's document and its guard's server
 * call (a path-only check; the others wait for the user), so that neither waits a round trip for the session
 * (issue 21 "Speed", the form page's first paint). Failures are observed here; sectionData takes the answers.
 */
export function startSection(pathname: string): SectionStart {
  const place = sectionOf(pathname);
  const section = place.menu;
  if (!section) return { pathname };
  const menuLoad = loadScreen(section.id) as Promise<MenuDocument>;
  // A guard that fails first leaves the menu unread: its failure is not an unhandled one.
  menuLoad.catch(() => undefined);
  const guard = startGuardCheck(section.guard, guardInput(pathname, place));
  return { pathname, menuLoad, guard };
}

function guardInput(pathname: string, place: SectionPlace) {
  return { pathname, projectId: place.projectId, mode: place.menu?.mode, area: place.menu?.area };
}

/**
 * The section of `pathname` for `user`: runs the menu's guard (throwing its redirect on denial) and
 * checks the path is a page of the menu the user may see. `started`: startSection's work for the same path, when
 * the caller started it beside the session's call.
 */
export async function sectionData(user: UserView, pathname: string, started?: SectionStart): Promise<SectionData> {
  const place = sectionOf(pathname);
  const section = place.menu;
  if (!section) return { place, menu: null, activity: null, activeId: null };
  // The menu's document and the guard's call go together: the guard's answer came a round trip later when it
  // waited for the document's code (issue 21 "Speed", the form page's first paint).
  const begun = started?.pathname === pathname ? started : startSection(pathname);
  const menuLoad = begun.menuLoad as Promise<MenuDocument>;
  let outcome: Awaited<ReturnType<typeof enforceGuard>>;
  try {
    outcome = await enforceGuard(user, section.guard, guardInput(pathname, place), begun.guard);
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
