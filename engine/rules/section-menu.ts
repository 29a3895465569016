/**
 * Which section menu a path shows (shell-access-navigation.md §2.1, §2.3), read from the section documents
 * (schemas/sections; ./sections.ts, issue 20 part 7): the longest section path the path starts with picks the
 * section; the next segment, when numeric, is the project id, and then a following 'edit' picks the section's edit
 * menu, anything else its view menu; without a project id the section's admin menu is used (qs, estimating,
 * quality-assurance, ...), except on the section's own path when it is a page without a menu (`indexMenu: false`:
 * the project list). A section with no view menu shows its admin menu on project paths too (offline). Login, logout
 * and the empty path hide the breadcrumbs and clear the client.
 */
import { menuPlace, type SectionMenuPlace, sectionOfPath, segmentsOf } from './sections';

export type { SectionMenuPlace };

/** What the shell shows for a path. */
export interface SectionPlace {
  /** The section menu the path shows (its document, guard, mode and paths), or null for none. */
  menu: SectionMenuPlace | null;
  /** The section of the path (a section document's id), when it is in one. */
  section?: string;
  /** The project (or location) id of the path, when the segment after the section's path is numeric. */
  projectId?: number;
  /** Breadcrumbs hidden and the client cleared: login, logout and the empty path. */
  bare: boolean;
}

/**
 * The section place of a path.
 * @param pathname e.g. '/projects/12/edit/contacts'
 * @example sectionOf('/qs/4/edit').menu?.id → 'menus/qs-edit' (projectId 4, mode 'edit', guard 'section')
 */
export function sectionOf(pathname: string): SectionPlace {
  const [first = ''] = segmentsOf(pathname);
  if (first === '' || first === 'login' || first === 'logout') return { menu: null, bare: true };
  const section = sectionOfPath(pathname);
  if (!section?.path) return { menu: null, bare: false };
  const rest = segmentsOf(pathname).slice(segmentsOf(section.path).length);
  const numeric = rest[0] !== undefined && /^\d{1,9}$/.test(rest[0]);
  const projectId = numeric ? Number(rest[0]) : undefined;
  const menus = section.menus ?? {};
  let mode: SectionMenuPlace['mode'] | undefined;
  if (numeric && (menus.view || menus.edit)) mode = rest[1] === 'edit' && menus.edit ? 'edit' : menus.view && 'view';
  else if (rest.length > 0 || section.indexMenu !== false) mode = menus.admin && 'admin';
  const place: SectionPlace = { menu: mode ? menuPlace(section, mode) : null, section: section.id, bare: false };
  if (projectId !== undefined) place.projectId = projectId;
  return place;
}

/** Fills `{projectId}` in a menu route. */
export function menuRoute(template: string, projectId: number | undefined): string {
  return template.replace('{projectId}', projectId === undefined ? '' : String(projectId));
}

/**
 * The item of a menu whose route is the longest prefix of `pathname` (the active page), or undefined.
 * Items are `{ route }` templates over {projectId}, with `paths` of further pages of theirs (a menu item's
 * `paths`: the form library's QR code setups under the Forms item); sub-items are searched too. An item whose route
 * is the menu's `base` (its Home) is the active page only on that very path.
 */
export function activeItem<T extends { route?: string; paths?: string[]; items?: T[] }>(
  items: readonly T[],
  pathname: string,
  projectId: number | undefined,
  base?: string,
): T | undefined {
  const home = base === undefined ? undefined : menuRoute(base, projectId);
  let best: T | undefined;
  let bestLength = -1;
  const visit = (list: readonly T[]) => {
    for (const item of list) {
      for (const template of [...(item.route ? [item.route] : []), ...(item.paths ?? [])]) {
        const route = menuRoute(template, projectId);
        const matches = pathname === route || (route !== home && pathname.startsWith(`${route}/`));
        if (matches && route.length > bestLength) {
          best = item;
          bestLength = route.length;
        }
      }
      if (item.items) visit(item.items);
    }
  };
  visit(items);
  return best;
}

/** The menu's own paths: its base and its Edit and View links, filled for the project. */
export function menuOwnPaths(menu: SectionMenuPlace, projectId: number | undefined): string[] {
  return [menu.base, menu.editLink, menu.viewLink]
    .filter((p): p is string => p !== undefined)
    .map((p) => menuRoute(p, projectId));
}

/**
 * True when `pathname` is a page of the menu: one of its items (or a page under one, ./activeItem), or one of the
 * menu's own paths. Any other path of the section is not found (runtime/shell/section.ts).
 */
export function isMenuPage<T extends { route?: string; paths?: string[]; items?: T[] }>(
  items: readonly T[],
  menu: SectionMenuPlace,
  pathname: string,
  projectId: number | undefined,
): boolean {
  return (
    activeItem(items, pathname, projectId, menu.base) !== undefined || menuOwnPaths(menu, projectId).includes(pathname)
  );
}
