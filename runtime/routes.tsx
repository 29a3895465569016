/**
 * The route table: schemas/screens/routes.json (shell-access-navigation.md §2.1) interpreted into
 * react-router routes. Each node shows a named page (./shell/pages), a screen document (loaded on
 * demand with its renderer, so sections stay code-split), or redirects; its named guards
 * (./shell/guards) run before its named loader (./shell/route-loaders); its crumb is a message id or a
 * template over loader data. Unknown names fail runtime/renderer/screens.test.ts. A screen renders in the
 * MUI root (./shell/MuiRoot), which loads with it.
 */
import {
  type LazyRouteFunction,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
  type UIMatch,
} from 'react-router';
import type { Route, RouteTable } from '../engine/types/generated/screen-documents';
import routeTable from '../schemas/screens/routes.json';
import { RouteError } from './pages/RouteError';
import { ProgressBar } from './plain/ProgressBar';
import { type FormMode, loadScreen } from './renderer/documents';
import type { RouteHandle } from './shell/Breadcrumbs';
import { guards, requireOperation } from './shell/guards';
import { afterLoaders, pages } from './shell/pages';
import { routeLoaders } from './shell/route-loaders';

/** One node of routes.json (its type is generated from schemas/meta/routes.schema.json). */
export type RouteNode = Route;

/** The route table document. */
export const routeDocument = routeTable as RouteTable;

/** Ids of the screen documents the routes built so far show (the app's table, then any a test builds). */
const screensRouted = new Set<string>();

/** Fills `{a.b}` placeholders from `data` (`{*}`: a splat route's rest of the path); an unknown name becomes ''. */
function fillPath(template: string, data: Record<string, unknown>): string {
  return template.replace(/\{([\w.]+|\*)\}/g, (_, name: string) => {
    let value: unknown = data;
    for (const key of name.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A route showing the screen document `screenId`, loaded on demand. */
function screenRoute(screenId: string, mode?: FormMode): LazyRouteFunction<RouteObject> {
  screensRouted.add(screenId);
  return async () => {
    // The route's loaders ask the server first (their calls ahead of this code in the browser's queue).
    await afterLoaders();
    // The page's code, its document and its kind's view load together, beside the route's loaders.
    // A route with a mode shows a form: its view starts loading before the document says so, in this round
    // (through ScreenView's preload alone, it came a round later, after ScreenView's own code).
    const view = mode
      ? Promise.all([
          import('./renderer/FormScreen'),
          import('./renderer/ScreenView').then((m) => m.preloadView('form')),
        ])
      : undefined;
    const [{ ScreenPage }, { preloadView }, { MuiRoot }, document] = await Promise.all([
      import('./renderer/ScreenPage'),
      import('./renderer/ScreenView'),
      import('./shell/MuiRoot'),
      loadScreen(screenId),
    ]);
    await (view ?? preloadView(document.kind));
    if (view && document.kind !== 'form') await preloadView(document.kind);
    return {
      // Keyed by screen and mode: a route showing another screen is a new page, so the screen leaving never
      // renders (nor asks its calls) with the parameters of the route coming in (a form's QR code setups
      // opened the form library again through its breadcrumb: 'Template {formId}: no value for {formId}').
      element: (
        <MuiRoot key={`${screenId}|${mode ?? ''}`}>
          <ScreenPage screenId={screenId} mode={mode} document={document} />
        </MuiRoot>
      ),
    };
  };
}

/** The breadcrumb handle of a node, with the fixed parameters it and its parents declare. */
function handleOf(node: RouteNode, fixed: Record<string, string>): RouteHandle | undefined {
  const { crumb } = node;
  const hasFixed = Object.keys(fixed).length > 0;
  if (!crumb && !node.loader && !hasFixed) return undefined;
  const handle: RouteHandle = { loader: node.loader, to: crumb?.to };
  if (hasFixed) handle.params = fixed;
  if (crumb?.messageId) {
    const id = crumb.messageId;
    handle.crumb = (match: UIMatch<unknown, RouteHandle>, text) =>
      text(id, { ...fixed, ...(match.params as Record<string, string>) });
  } else if (crumb?.template) {
    const template = crumb.template;
    handle.crumb = (match: UIMatch<unknown, RouteHandle>) =>
      fillPath(template, node.loader ? { [node.loader]: match.data } : {}).trim();
  }
  return handle;
}

/**
 * The loader of a node: its guards in order, then its access question (`can`, ./shell/guards requireOperation),
 * then its named loader, or its redirect; fixed parameters added.
 */
function loaderOf(node: RouteNode, fixed: Record<string, string>): RouteObject['loader'] {
  const nodeGuards = (node.guards ?? []).map((name) => {
    const guard = guards[name];
    if (!guard) throw new Error(`routes.json: unknown guard ${name}`);
    return guard;
  });
  const named = node.loader ? routeLoaders[node.loader] : undefined;
  if (node.loader && !named) throw new Error(`routes.json: unknown loader ${node.loader}`);
  if (node.redirect) {
    const target = node.redirect;
    return ({ params }: LoaderFunctionArgs) => redirect(fillPath(target, { ...fixed, ...params }));
  }
  const operation = node.can;
  if (nodeGuards.length === 0 && !named && !operation) return undefined;
  return async (given: LoaderFunctionArgs) => {
    const args = { ...given, params: { ...fixed, ...given.params } };
    // The named loader's own code loads while the guards ask the server; a failure shows when it runs.
    named?.code?.(args).catch(() => undefined);
    for (const guard of nodeGuards) await guard(args);
    if (operation) await requireOperation(args, operation);
    return named ? named.load(args) : null;
  };
}

/**
 * Interprets one node of routes.json (and its children) into a react-router route; `inherited` are the
 * fixed parameters (`params`) of its parents.
 */
export function toRoute(node: RouteNode, inherited: Record<string, string> = {}): RouteObject {
  const fixed = node.params ? { ...inherited, ...node.params } : inherited;
  const route: Record<string, unknown> = {};
  if (node.id) route.id = node.id;
  if (node.index) route.index = true;
  else if (node.path) route.path = node.path;
  route.loader = loaderOf(node, fixed);
  if (node.loader && routeLoaders[node.loader]?.shouldRevalidate)
    route.shouldRevalidate = routeLoaders[node.loader].shouldRevalidate;
  const handle = handleOf(node, fixed);
  if (handle) route.handle = handle;
  if (node.page) {
    const page = pages[node.page];
    if (!page) throw new Error(`routes.json: unknown page ${node.page}`);
    Object.assign(route, page);
  } else if (node.screen) {
    route.lazy = screenRoute(node.screen, node.mode);
  } else if (node.redirect && !node.redirect.includes('{')) {
    route.element = <Navigate to={node.redirect} replace />;
  } else if (node.index && !node.redirect) {
    // An index that shows nothing of its own (the offline register's: its parent page shows the register, a sibling
    // the conflict dialog over it).
    route.element = null;
  } else if (node.can && !node.children) {
    // A leaf that only asks its question (the form creator's `form-creator/:formId`): its parent's page shows it,
    // so that page stays mounted when the path moves between the parent's leaves.
    route.element = null;
  }
  if (node.page || node.loader || node.guards || node.can) route.errorElement = <RouteError />;
  if (node.page === 'root') route.hydrateFallbackElement = <ProgressBar />;
  if (node.children) route.children = node.children.map((child) => toRoute(child, fixed));
  return route as RouteObject;
}

/** Every route of the runtime. */
export const routes: RouteObject[] = routeDocument.routes.map((node) => toRoute(node));

/**
 * Ids of the screen documents the app's route table shows (checked by renderer/screens.test.ts): taken when the table
 * is built, so routes a test builds later with toRoute do not join them.
 */
export const routedScreens: ReadonlySet<string> = new Set(screensRouted);
