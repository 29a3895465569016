/**
 * The checks of the named guards (shell-access-navigation.md §6), referred to by `guards` in
 * schemas/screens/routes.json (through ./guards) and by the section documents' menus (`menus.view.guard`, ...)
 * (schemas/sections, through ./section). Each check asks the server call of §7 that answers it (or,
 * where §7 names none, the access model of engine/rules/access.ts on the session's UserView, the same module
 * the server asks) and runs through the route guard flow (engine/machines/route-guard.ts): a denial or an
 * error redirects, by default to /unauthorized. Loaded on demand (the login page needs none of it).
 */
import { redirect } from 'react-router';
import { type GuardCheck, type GuardInput, type GuardOutcome, runGuard } from '../../engine/machines/route-guard';
import { ACCESS_TYPES, type AccessArea, can } from '../../engine/rules/access';
import { type FirstCall, guardCall } from '../../engine/rules/first-calls';
import { ApiError, callOperation, callOperationText } from '../api/client';
import type { UserView } from '../api/types';

/** A guard's answer to a denial: where to go. */
function denied(to = '/unauthorized') {
  return { allowed: false as const, redirect: to };
}

/** Thrown by enforceGuard when the guard found that what the path names is not there (a 404 of its check). */
export class PathNotFound extends Error {
  constructor(pathname: string) {
    super(`Not found: ${pathname}`);
  }
}

/**
 * The activity of GET /api/authorization/{type}/{projectId}; a project that is not there (404: none of that id,
 * or another client's) is not found rather than unauthorised.
 */
async function activityCheck(input: GuardInput) {
  try {
    const { operation, params } = callOf(input);
    const answer = await callOperation<{ activity: 'Edit' | 'View' }>(operation, { params });
    return byActivity(answer.activity, input);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ...denied(), notFound: true as const };
    throw error;
  }
}

/** The call of a path check (engine/rules/first-calls.ts guardCall: the server answers the same call into the page). */
function callOf(input: GuardInput): FirstCall {
  const call = guardCall(input.name, input);
  if (!call) throw new Error(`Guard ${input.name} is not a call on the path`);
  return call;
}

/** The Edit menu needs activity Edit; 'view' allows only view routes (§6 Project and Section guards). */
function byActivity(activity: 'Edit' | 'View' | null | undefined, input: GuardInput) {
  if (!activity) return denied();
  if (input.mode === 'edit' && activity !== 'Edit') return denied();
  return { allowed: true as const, activity };
}

/**
 * The checks that are a server call on the path alone (the server knows the session): they need no user, so the
 * shell starts them beside the session's call (startGuardCheck) instead of a round trip after it.
 */
const pathChecks: Readonly<Record<string, GuardCheck>> = {
  /** Project guard: GET /api/authorization/{type}/{projectId} gives the activity; Edit routes need Edit. */
  project: activityCheck,
  /** Location guard: the same check in the locations area. */
  location: activityCheck,
  /**
   * Section guard (quantity surveying): the server's text; 'edit' allows edit routes, 'view' only view
   * routes; anything else goes to /unauthorized with the section.
   */
  section: async (input) => {
    const { operation, params } = callOf(input);
    const text = await callOperationText(operation, { params });
    if (text === 'edit') return { allowed: true, activity: 'Edit' };
    if (text === 'view' && input.mode !== 'edit') return { allowed: true, activity: 'View' };
    return denied(`/unauthorized?section=${input.area ?? 'qs'}`);
  },
  /** Site-work section guard: the same texts from SiteworkAuthorization. */
  sitework: async (input) => {
    const { operation, params } = callOf(input);
    const text = await callOperationText(operation, { params });
    if (text === 'edit') return { allowed: true, activity: 'Edit' };
    if (text === 'view' && input.mode !== 'edit') return { allowed: true, activity: 'View' };
    return denied('/unauthorized?section=sitework');
  },
  /** Quality-assurance admin guard: POST /api/authorization/quality-assurance/has-access-type/false. */
  qualityAssuranceAdmin: async () => {
    const body = { accessTypes: Object.keys(ACCESS_TYPES['quality-assurance']) };
    const ok = await callOperation<boolean>('authorization.hasAccessType', {
      params: { formArea: 'quality-assurance', isNumeric: 'false' },
      body,
    });
    return ok ? { allowed: true } : denied();
  },
  /** Health-and-safety admin guard: POST /api/health-and-safety/admin/can-access. */
  healthAndSafetyAdmin: async () => {
    const body = { accessTypes: Object.keys(ACCESS_TYPES['health-and-safety']) };
    const ok = await callOperation<boolean>('healthAndSafety.canAccess', { body });
    return ok ? { allowed: true } : denied();
  },
  /** Public form guard: 'true' allows, else /unauthorized?security=quality-assurance (§6). */
  publicForm: async (input) => {
    const { operation, params } = callOf(input);
    const text = await callOperationText(operation, { params });
    return text === 'true' ? { allowed: true } : denied('/unauthorized?security=quality-assurance');
  },
  /** Shared document guard: 'true' allows, else /unauthorized. */
  sharedDocument: async (input) => {
    const { operation, params } = callOf(input);
    const text = await callOperationText(operation, { params });
    return text === 'true' ? { allowed: true } : denied();
  },
};

/** The checks of the named guards, by name. Each gets the user of the navigation. */
export function guardChecks(user: UserView): Readonly<Record<string, GuardCheck>> {
  return {
    /** Logged in: the session has answered. */
    loggedIn: async () => ({ allowed: true }),
    /** Settings administration (process Admin with activity Edit, accessAll or accessAdmin). */
    admin: async () => (can(user, 'admin', { area: 'settings' }) ? { allowed: true } : denied()),
    /** An area's admin pages (projects, qs, estimating, procurement): the area's admin flag. */
    areaAdmin: async (input) => (can(user, 'admin', { area: input.area as AccessArea }) ? { allowed: true } : denied()),
    ...pathChecks,
  };
}

/**
 * The check of guard `name` started now, before the session has answered, when it is a server call on the path
 * alone (the project, location, section, site-work, admin-access, public-form and shared-document guards); else
 * undefined (a check on the session's user waits for it). Its answer is taken by enforceGuard once the session is
 * known; a rejection is observed here, so a navigation that ends before (no session: /unauthorized) leaves no
 * unhandled one. Issue 21 "Speed": the form page's first paint waited a round trip for the project guard after the
 * session's answer.
 */
export function startGuardCheck(name: string, input: Omit<GuardInput, 'name'>): Promise<GuardOutcome> | undefined {
  const check = Object.hasOwn(pathChecks, name) ? pathChecks[name] : undefined;
  if (!check) return undefined;
  const started = check({ ...input, name });
  started.catch(() => undefined);
  return started;
}

/**
 * Runs the named guard `name` for `input` through the guard flow; throws the redirect of a denial, or
 * PathNotFound when the guard found the path's project is not there. `started`: the same check started earlier
 * for the same input (startGuardCheck), whose answer it takes instead of asking again.
 */
export async function enforceGuard(
  user: UserView,
  name: string,
  input: Omit<GuardInput, 'name'>,
  started?: Promise<GuardOutcome>,
) {
  const check = started ? () => started : guardChecks(user)[name];
  if (!check) throw new Error(`Unknown guard ${name}`);
  const outcome = await runGuard(check, { ...input, name });
  if (!outcome.allowed) throw outcome.notFound ? new PathNotFound(input.pathname) : redirect(outcome.redirect);
  return outcome;
}
