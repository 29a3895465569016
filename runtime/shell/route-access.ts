/**
 * The access questions of routes (issue 19 "Show only what can be done"): a route of
 * schemas/screens/routes.json may name, with `can`, the catalogue operation whose access question its page
 * needs (entries.submit for a form's add route). The route's loader asks it before the page renders
 * (runtime/routes.tsx through ./guards requireOperation); an action that navigates asks it of its target before
 * its button is shown (runtime/renderer/actions). Both ask engine/rules/operation-access.ts, as the API does.
 *
 * The paths are matched by react-router's own matcher over a light copy of the route table (paths, fixed
 * parameters and questions; no pages), so the answer is the route the navigation would reach.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import type { AccessSubject } from '../../engine/rules/access';
import { operationAllowedByName } from '../../engine/rules/operation-access';
import type { Route, RouteTable } from '../../engine/types/generated/screen-documents';
import routeTable from '../../schemas/screens/routes.json';

/** Where a logged-out user on an unknown path goes (shell-access-navigation.md §2.1 "any other path"). */
export const UNKNOWN_PATH_REDIRECT = '/login?error=notfound';

/** The named page of the logged-in shell's catch-all: a path no route knows. */
const NOT_FOUND_PAGE = 'notFound';

interface AccessHandle {
  can?: string;
  /** The fixed parameters of the route and its parents (routes.json `params`). */
  fixed: Record<string, string>;
  /** The page of the route (the not-found catch-all is 'notFound'). */
  page?: string;
}

function accessRoute(node: Route, inherited: Record<string, string>): RouteObject {
  const fixed = node.params ? { ...inherited, ...node.params } : inherited;
  const handle: AccessHandle = { can: node.can, fixed, page: node.page };
  if (node.index) return { index: true, handle };
  return { path: node.path, handle, children: node.children?.map((child) => accessRoute(child, fixed)) };
}

const accessRoutes: RouteObject[] = (routeTable as RouteTable).routes.map((node) => accessRoute(node, {}));

/** One question a path asks: an operation and the parameters of the route that names it. */
export interface RouteQuestion {
  operation: string;
  params: Record<string, string | undefined>;
}

/** How many path shapes' matches are kept (a shape is a path with its numbers left out: a few hundred at most). */
const MATCH_CACHE_SIZE = 2_000;
type Matches = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>;
const matchCache = new Map<string, Matches | null>();

/** A path segment that is a number (an id, an entry number): routes.json has no fixed segment of digits. */
const NUMBER = /^\d+$/;
/** The stand-in of the number at segment `i` in a path's shape: no fixed segment of routes.json looks like it. */
const standIn = (i: number) => `~${i}~`;
const STAND_IN = /~(\d+)~/g;

/**
 * The route matches of a path. react-router's matcher flattens and ranks the whole route table at every call (about
 * 6 ms here), and a register asks it of every row's actions at every render (50 rows: some 300 ms a render, and the
 * rows' paths change as an offline sync gives entries their numbers). Paths that differ only in their numbers reach
 * the same routes (no route has a fixed segment of digits: checked by the tests), so the matcher runs once per shape
 * (the path with each number replaced by a stand-in) and the numbers are put back into the parameters.
 */
function matchesOf(path: string): Matches {
  const pathname = path.replace(/[?#].*$/, '');
  const segments = pathname.split('/');
  const shape = segments.map((segment, i) => (NUMBER.test(segment) ? standIn(i) : segment)).join('/');
  let matches = matchCache.get(shape);
  if (matches === undefined) {
    matches = matchRoutes(accessRoutes, shape);
    if (matchCache.size >= MATCH_CACHE_SIZE) matchCache.delete(matchCache.keys().next().value as string);
    matchCache.set(shape, matches);
  }
  if (!matches) return [];
  if (shape === pathname) return matches;
  const real = (text: string) => text.replace(STAND_IN, (_, i: string) => segments[Number(i)]);
  return matches.map((match) => ({
    ...match,
    params: Object.fromEntries(Object.entries(match.params).map(([name, value]) => [name, value && real(value)])),
    pathname: real(match.pathname),
    pathnameBase: real(match.pathnameBase),
  }));
}

/**
 * The questions of the routes `path` reaches (every level that names one), with the route's parameters: the
 * path's and the fixed ones (a path parameter wins). A query string or hash is ignored.
 */
export function routeQuestions(path: string): RouteQuestion[] {
  return matchesOf(path).flatMap((match) => {
    const handle = match.route.handle as AccessHandle;
    return handle.can ? [{ operation: handle.can, params: { ...handle.fixed, ...match.params } }] : [];
  });
}

/** True when `subject` may open `path`: every question of the routes it reaches is answered yes. */
export function routeAllowed(subject: AccessSubject, path: string): boolean {
  return routeQuestions(path).every((q) => operationAllowedByName(subject, q.operation, q.params));
}

/** True when no route but the logged-in shell's catch-all knows `path` (the not-found page). */
export function isUnknownPath(path: string): boolean {
  const last = matchesOf(path).at(-1);
  return !last || (last.route.handle as AccessHandle).page === NOT_FOUND_PAGE;
}
