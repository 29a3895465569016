/**
 * Which section menu a path shows (shell-access-navigation.md §2.1, §2.3): the first path segment picks
 * the menu; the second, when numeric, is the project id; a third segment 'edit' picks the edit menu,
 * otherwise the view menu is used; without a project id qs, estimating and quality-assurance (and the
 * other sections with admin pages) load their admin menu. Login, logout and the empty path hide the
 * breadcrumbs and clear the client.
 */

/** What the shell shows for a path. */
export interface SectionPlace {
  /** Id of the menu document (schemas/screens/menus/<id>.json), or null for no section menu. */
  menu: string | null;
  /** The project (or location) id of the path, when the second segment is numeric. */
  projectId?: number;
  /** Breadcrumbs hidden and the client cleared: login, logout and the empty path. */
  bare: boolean;
}

/**
 * The section place of a path.
 * @param pathname e.g. '/projects/12/edit/contacts'
 * @example sectionOf('/qs/4/edit') → { menu: 'menus/qs-edit', projectId: 4, bare: false }
 */
export function sectionOf(pathname: string): SectionPlace {
  const segments = pathname.split('/').filter((s) => s !== '');
  const [first = '', second, third] = segments;
  if (first === '' || first === 'login' || first === 'logout') return { menu: null, bare: true };
  const numeric = second !== undefined && /^\d{1,9}$/.test(second);
  const projectId = numeric ? Number(second) : undefined;
  const mode = third === 'edit' ? 'edit' : 'view';
  switch (first) {
    case 'projects':
      if (numeric) return { menu: `menus/projects-${mode}`, projectId, bare: false };
      return { menu: second === undefined ? null : 'menus/projects-admin', bare: false };
    case 'qs':
    case 'estimating':
      if (numeric) return { menu: `menus/${first}-${mode}`, projectId, bare: false };
      return { menu: `menus/${first}-admin`, bare: false };
    case 'locations':
      if (numeric) return { menu: `menus/locations-${mode}`, projectId, bare: false };
      return { menu: null, bare: false };
    case 'quality-assurance':
    case 'health-and-safety':
      return { menu: `menus/${first}-admin`, bare: false };
    case 'settings':
      return { menu: 'menus/settings', bare: false };
    case 'procurement':
      if (second === 'materials' || second === 'plant') return { menu: `menus/procurement-${second}`, bare: false };
      return { menu: null, bare: false };
    case 'offline':
      return { menu: 'menus/offline', projectId, bare: false };
    default:
      return { menu: null, bare: false };
  }
}

/** Fills `{projectId}` in a menu route. */
export function menuRoute(template: string, projectId: number | undefined): string {
  return template.replace('{projectId}', projectId === undefined ? '' : String(projectId));
}

/**
 * The item of a menu whose route is the longest prefix of `pathname` (the active page), or undefined.
 * Items are `{ route }` templates over {projectId}; sub-items are searched too. An item whose route is
 * the menu's `base` (its Home) is the active page only on that very path.
 */
export function activeItem<T extends { route?: string; items?: T[] }>(
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
      if (item.route) {
        const route = menuRoute(item.route, projectId);
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
