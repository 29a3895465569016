/**
 * The API calls a page's first navigation makes before it can render, from its path alone: the session's, the route
 * loaders' (schemas/screens/routes.json `loader`), and the guard check of the section the path is in (its menu's
 * `guard`, shell-access-navigation.md §6-§7) when that check is a call on the path. One definition for both sides:
 * the browser's loaders and guard checks (runtime/shell/route-loaders.ts, guard-checks.ts, guards.ts) make their
 * calls from these descriptions, and the server (api/http/first-answers.ts) answers the same calls ahead, into the
 * page it sends, so the page need not ask them once its code has run (issue 21 "Speed", docs/decisions.md "A page
 * comes with its first answers"). Pure: the route table is a parameter.
 */
import type { OperationName } from '../api/operations';
import type { Route, RouteTable } from '../types/generated/screen-documents';
import { sectionOf } from './section-menu';

/** One call of the operation catalogue: its name and path parameters (no body: only such calls are answered ahead). */
export interface FirstCall {
  operation: OperationName;
  params: Record<string, string | number>;
}

/** The session's calls (runtime/shell/guards.ts askSession): the user, and the current client for the branding. */
export const SESSION_CALLS: readonly FirstCall[] = [
  { operation: 'auth.isLoggedIn', params: {} },
  { operation: 'clients.current', params: {} },
];

/** Route parameters as react-router gives them (fixed ones of routes.json `params` included). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * The calls of a named route loader (runtime/shell/route-loaders.ts) for the route's parameters; none for a loader
 * whose calls are not on the path alone (or that makes none).
 */
export function loaderCalls(loader: string, params: RouteParams): FirstCall[] {
  const p = (name: string) => params[name] ?? '';
  switch (loader) {
    case 'shell':
    case 'optionalSession':
    case 'unauthorized':
      return [...SESSION_CALLS];
    case 'project':
      return [{ operation: 'projects.summary', params: { id: p('projectId') } }];
    case 'qsActivity':
      return [{ operation: 'authorization.activity', params: { type: 'qs', projectId: p('projectId') } }];
    case 'form':
      return [
        {
          operation: 'forms.getForProject',
          params: { projectId: p('projectId'), formArea: p('formArea'), id: p('formId') },
        },
      ];
    case 'workingCopy': {
      const form = { formArea: p('formArea'), id: p('formId') };
      return [
        { operation: 'forms.get', params: form },
        { operation: 'forms.publishImpact', params: form },
      ];
    }
    default:
      return [];
  }
}

/** What a guard check knows of the path (engine/machines/route-guard.ts GuardInput, without the guard's name). */
export interface GuardCallInput {
  pathname: string;
  projectId?: number;
  mode?: string;
  area?: string;
}

/**
 * The call of a named guard's check when it is a call on the path alone without a body (runtime/shell/guard-checks.ts
 * pathChecks); undefined for a check on the session's user, or one that sends a body.
 */
export function guardCall(name: string, input: GuardCallInput): FirstCall | undefined {
  const projectId = input.projectId ?? 0;
  switch (name) {
    case 'project':
      return { operation: 'authorization.activity', params: { type: input.area ?? 'projects', projectId } };
    case 'location':
      return { operation: 'authorization.activity', params: { type: 'locations', projectId } };
    case 'section':
      return {
        operation: 'authorization.qs',
        params: { section: input.pathname.split('/')[3] ?? 'home', projectId, id: 0, securityToken: 'null' },
      };
    case 'sitework':
      return {
        operation: 'authorization.sitework',
        params: { section: 'sitework', projectId, entryNumber: 0, securityToken: 'null' },
      };
    case 'publicForm': {
      const [, , formArea, formId, isView] = input.pathname.split('/');
      return {
        operation: 'authorization.publicForm',
        params: {
          formArea: formArea ?? 'quality-assurance',
          projectId,
          formId: formId ?? 0,
          securityToken: 'null',
          isView: isView === 'view' ? 'true' : 'false',
        },
      };
    }
    case 'sharedDocument':
      return { operation: 'authorization.dmsShared', params: { projectId } };
    default:
      return undefined;
  }
}

/** The guard input of the section menu a path shows (runtime/shell/section.ts), or undefined outside any menu. */
export function sectionGuard(pathname: string): { name: string; input: GuardCallInput } | undefined {
  const place = sectionOf(pathname);
  const menu = place.menu;
  if (!menu) return undefined;
  return { name: menu.guard, input: { pathname, projectId: place.projectId, mode: menu.mode, area: menu.area } };
}

/** A branch of the route tree: the routes from the root to one route, with its whole path's segments. */
interface Branch {
  routes: Route[];
  segments: string[];
  index: boolean;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function branchesOf(routes: readonly Route[], parent: Route[], parentSegments: string[], into: Branch[]): Branch[] {
  for (const route of routes) {
    const chain = [...parent, route];
    const segments = route.path === undefined ? parentSegments : [...parentSegments, ...segmentsOf(route.path)];
    if (route.path !== undefined || route.index) into.push({ routes: chain, segments, index: route.index === true });
    if (route.children) branchesOf(route.children, chain, segments, into);
  }
  return into;
}

/** react-router's ranking of a branch: static segments over parameters over a splat, an index route first. */
function score(branch: Branch): number {
  let total = branch.segments.length + (branch.index ? 2 : 0);
  for (const segment of branch.segments)
    total += segment === '*' ? -2 : segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return total;
}

/** The branch `pathname` opens and its parameters, as react-router would match it; undefined for none. */
export function matchRoute(
  table: RouteTable,
  pathname: string,
): { routes: Route[]; params: Record<string, string> } | undefined {
  const wanted = segmentsOf(pathname);
  const branches = branchesOf(table.routes, [], [], []).sort((a, b) => score(b) - score(a));
  for (const branch of branches) {
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < branch.segments.length && matched; i++) {
      const segment = branch.segments[i];
      if (segment === '*') {
        params['*'] = wanted.slice(i).join('/');
        break;
      }
      const value = wanted[i];
      if (value === undefined) matched = false;
      else if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
      else if (segment !== value) matched = false;
    }
    const splat = branch.segments.at(-1) === '*';
    if (matched && (splat || branch.segments.length === wanted.length)) {
      // Fixed parameters of the branch's routes (routes.json `params`); a path parameter of the same name wins.
      const fixed = Object.assign({}, ...branch.routes.map((route) => route.params ?? {}));
      return { routes: branch.routes, params: { ...fixed, ...params } };
    }
  }
  return undefined;
}

/**
 * The calls the first navigation to `pathname` makes before its page renders, each once: the session's (a
 * `loggedIn` guard, or a loader that asks it), the loaders' of the routes it opens, and its section menu's guard
 * call when the shell's loader runs. Empty for a path no route matches, or one that redirects at once.
 */
export function firstCalls(table: RouteTable, pathname: string): FirstCall[] {
  const match = matchRoute(table, pathname);
  if (!match || match.routes.some((route) => route.redirect !== undefined)) return [];
  const calls: FirstCall[] = [];
  for (const route of match.routes) {
    if (route.guards?.includes('loggedIn')) calls.push(...SESSION_CALLS);
    if (route.loader) calls.push(...loaderCalls(route.loader, match.params));
    if (route.loader === 'shell') {
      const guard = sectionGuard(pathname);
      const call = guard && guardCall(guard.name, guard.input);
      if (call) calls.push(call);
    }
  }
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = JSON.stringify(call);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether the server draws the first screen of the page at `pathname` (api/http/first-answers.ts, runtime/server/
 * render.tsx): a screen to fill in afresh (its route `mode` is `add`), whose first screen is its document and the
 * first answers alone. Pages showing stored data (an entry to view or edit, a register) ask for it inside the screen,
 * after the first answers, so the server would draw them empty: the browser draws those, as before.
 */
export function rendersFirstScreen(table: RouteTable, pathname: string): boolean {
  const match = matchRoute(table, pathname);
  const leaf = match?.routes.at(-1);
  return !!leaf?.screen && leaf.mode === 'add' && !match?.routes.some((route) => route.redirect !== undefined);
}
