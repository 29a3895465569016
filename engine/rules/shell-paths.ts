/**
 * Which addresses the shell serves (shell-access-navigation.md §2.1, schemas/screens/routes.json): every route
 * outside the shell's layout (the route with id 'shell') is a public page (login, the password pages, an external
 * link's form, a shared folder, a QR scan, ...); everything else opens inside the shell. The server reads this to
 * send the pages inside the shell the shell's and the forms' code ahead of the entry's (api/server.ts, docs/
 * performance.md "Chunks by page"), and the login page nothing more. Pure: the route table is a parameter.
 */
import type { Route, RouteTable } from '../types/generated/screen-documents';

/** A route's path as segments: ':name' a parameter, '*' the rest of the path. */
type Pattern = readonly string[];

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The full path patterns of `routes` and their descendants, below `parent`; the shell's subtree left out. */
function publicPatterns(routes: readonly Route[], parent: Pattern, into: Pattern[]): Pattern[] {
  for (const route of routes) {
    if (route.id === 'shell') continue;
    const own = route.path === undefined ? parent : [...parent, ...segmentsOf(route.path)];
    if (route.path !== undefined || route.index) into.push(own);
    if (route.children) publicPatterns(route.children, own, into);
  }
  return into;
}

function matches(pattern: Pattern, segments: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '*') return true;
    if (i >= segments.length) return false;
    if (!pattern[i].startsWith(':') && pattern[i] !== segments[i]) return false;
  }
  return pattern.length === segments.length;
}

/**
 * A test of whether `pathname` (e.g. '/projects/1/health-and-safety/5/add') opens inside the shell: it matches no
 * route outside the shell's layout. '/' (which goes on to the login page) and every public page do not; an
 * unknown address inside no public route counts as the shell's (its not-found page is the shell's).
 */
export function shellPathTest(table: RouteTable): (pathname: string) => boolean {
  const patterns = publicPatterns(table.routes, [], []);
  return (pathname) => {
    const segments = segmentsOf(pathname);
    return !patterns.some((pattern) => matches(pattern, segments));
  };
}
