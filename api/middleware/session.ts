/**
 * Middleware factories of the request chain: session → tenant → access (DESIGN.md "api/").
 */
import type { MiddlewareHandler } from 'hono';
import type { Operation } from '../../engine/api/operations';
import { AppError } from '../../engine/errors';
import { type AccessArea, type AccessSubject, accessIn, can, SECTION_CODES } from '../../engine/rules/access';
import { findSession, SESSION_COOKIE, sessionUser } from '../auth/sessions';
import { requestCookie } from '../http/cookie';
import type { ApiEnv } from '../http/env';
import { requestProject } from '../operations/projects';

/** Requires a live session of an active or pending user; sets `session` and `user`. 401 otherwise. */
export function requireSession(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const store = c.get('store');
    const session = await findSession(store, requestCookie(c, SESSION_COOKIE));
    if (!session) throw new AppError(401, 'auth.notLoggedIn');
    const user = await sessionUser(store, session);
    if (!user || user.status === 'Inactive') throw new AppError(401, 'auth.notLoggedIn');
    c.set('session', session);
    c.set('user', user);
    await next();
  };
}

/**
 * Requires a selected client the user is still assigned to; sets `clientId`, the tenant every
 * query is scoped to. 409 auth.noClientSelected before a client is chosen.
 */
export function requireTenant(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const session = c.get('session');
    const user = c.get('user');
    const clientId = session.currentClient;
    if (clientId === null || clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
    if (!user.clientIds.includes(clientId)) throw new AppError(409, 'auth.noClientSelected');
    c.set('clientId', clientId);
    await next();
  };
}

/**
 * Refuses a Pending user (shell-access-navigation.md §4: the password must be changed first) with 403
 * auth.passwordChangeRequired; operations marked `pendingAllowed` in the catalogue skip it.
 */
export function requireActive(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.get('user').status === 'Pending') throw new AppError(403, 'auth.passwordChangeRequired');
    await next();
  };
}

/** The session user as the access model reads it, with the access of the current client. */
export function accessSubject(user: ApiEnv['Variables']['user'], clientId: number | null | undefined): AccessSubject {
  return { processes: user.processes, access: accessIn(user, clientId ?? null) };
}

/** Requires a settings administrator (docs/access.md: Admin/Edit, accessAll or accessAdmin); 403 otherwise. */
export function requireAdmin(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!can(accessSubject(c.get('user'), c.get('clientId')), 'admin', { area: 'settings' })) {
      throw new AppError(403, 'auth.forbidden');
    }
    await next();
  };
}

/** The area a form area's operations are checked in: its own for QA and H&S, else the projects area. */
export function areaOfFormArea(formArea: string | undefined): AccessArea {
  return formArea === 'quality-assurance' || formArea === 'health-and-safety' ? formArea : 'projects';
}

const AREAS = new Set(['projects', 'qs', 'estimating', 'locations', 'quality-assurance', 'health-and-safety']);

/**
 * Asks the operation's access-model question (catalogue `can`, engine/rules/access.ts): 403
 * auth.forbidden when the answer is no, 404 for a project id that is not a number.
 */
export function requireAccess(question: NonNullable<Operation['can']>): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    let area = question.area as string;
    if (area === '{formArea}') area = areaOfFormArea(c.req.param('formArea'));
    else if (area === '{type}') {
      const type = c.req.param('type') ?? '';
      if (!AREAS.has(type)) throw new AppError(404, 'notFound.generic');
      area = type;
    }
    let projectId: number | undefined;
    if (question.project) {
      const raw = c.req.param(question.project) ?? '';
      if (!/^\d{1,9}$/.test(raw)) throw new AppError(404, 'notFound.generic');
      projectId = Number(raw);
      // Another client's project is not there at all: 404, as the handlers answer (no existence signal).
      await requestProject(c, projectId);
    }
    const subject = accessSubject(c.get('user'), c.get('clientId'));
    // A form area's project-level calls need one of its section's codes (QA 23-28, H&S 15-22).
    const codes = projectId !== undefined && question.action !== 'admin' ? SECTION_CODES[area] : undefined;
    if (!can(subject, question.action, { area: area as AccessArea, projectId, code: question.code, codes })) {
      throw new AppError(403, 'auth.forbidden');
    }
    await next();
  };
}
