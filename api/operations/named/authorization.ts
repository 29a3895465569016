/**
 * The authorization calls of shell-access-navigation.md §7 that answer the route guards of §6, as named
 * operations over the access model (engine/rules/access.ts; docs/access.md). Each asks `can()` of the
 * session user with the current client's access; none reads anything the tenant does not own.
 *
 * The four token-taking checks (QSAuthorization, SiteworkAuthorization, PublicFormAuthorization,
 * DmsSharedAuthorization; issue 25 §1) are public operations: with a secure-link token the token alone decides
 * (api/links/secure-links.ts; never the caller's own access), without one the signed-in user does, as before.
 */

import { AppError } from '../../../engine/errors';
import { ACCESS_TYPES, type AccessArea, activityOn, can, holdsCode, SECTION_CODES } from '../../../engine/rules/access';
import type { AccessTypesRequest, SecureLink } from '../../../engine/types/generated';
import { findSession, SESSION_COOKIE, sessionUser } from '../../auth/sessions';
import { requestCookie } from '../../http/cookie';
import { checkLink, findLink, type LinkExpectation, type LinkKind } from '../../links/secure-links';
import { checkTokenAttempts, recordTokenFailure } from '../../links/token-attempts';
import { clientAddress } from '../../middleware/security';
import { accessSubject, areaOfFormArea } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { findWorkingCopy, publishedFormForProject } from '../forms';
import { findProject } from '../projects';

function subjectOf(context: OperationContext) {
  if (!context.user) throw new AppError(401, 'auth.notLoggedIn');
  return accessSubject(context.user, context.clientId);
}

/** The tenant's project, or 404: a check never answers about another client's project (nor a malformed id). */
async function project(context: OperationContext, id: number | null): Promise<number> {
  if (id === null) throw new AppError(404, 'notFound.project');
  const found = await findProject(context.store, context.clientId as number, id);
  return found.id;
}

/** Every 'general' code from 1 to 31 a user holds on a project. */
function heldCodes(context: OperationContext, projectId: number): number[] {
  const subject = subjectOf(context);
  return Array.from({ length: 31 }, (_, i) => i + 1).filter((code) => holdsCode(subject, projectId, code));
}

/** GET /api/authorization/{type}/{projectId}: `{ activity, process }` (the catalogue's `can` has refused no access). */
export const activity: NamedOperation<'authorization.activity'> = async (context) => {
  const projectId = await project(context, context.params.projectId);
  const type = context.params.type as AccessArea;
  return { activity: activityOn(subjectOf(context), type, projectId), process: type };
};

/** GET /api/authorization/{id}/projectaccess: `{ projectId, activity, accessCodes }`. */
export const projectAccess: NamedOperation<'authorization.projectAccess'> = async (context) => {
  const projectId = await project(context, context.params.id);
  return {
    projectId,
    activity: activityOn(subjectOf(context), 'projects', projectId),
    accessCodes: heldCodes(context, projectId),
  };
};

/** GET /api/authorization/{id}/documents: `{ activity, canDelete }` (a view user gets no Delete). */
export const documents: NamedOperation<'authorization.documents'> = async (context) => {
  const projectId = await project(context, context.params.id);
  const value = activityOn(subjectOf(context), 'projects', projectId);
  return { activity: value, canDelete: value === 'Edit' };
};

/** GET /api/authorization/hasaccess/{projectId}/{accessCode}: true or false. */
export const hasAccess: NamedOperation<'authorization.hasAccess'> = async (context) => {
  const projectId = await project(context, context.params.projectId);
  const code = context.params.accessCode;
  return can(subjectOf(context), 'view', { area: 'projects', projectId, code });
};

/** The codes of access types given by name (a form area's ACCESS_TYPES) or as numbers. */
function codesOf(formArea: string, accessTypes: AccessTypesRequest['accessTypes'], numeric: boolean): number[] {
  const names = ACCESS_TYPES[formArea as keyof typeof ACCESS_TYPES] ?? {};
  const codes: number[] = [];
  for (const type of accessTypes) {
    if (numeric) {
      const code = typeof type === 'number' ? type : Number(type);
      if (!Number.isInteger(code))
        throw new AppError(400, 'validation.invalidBody', { details: `${type} is not a number` });
      codes.push(code);
    } else {
      const code = names[String(type).replace(/\s+/g, '')];
      if (code !== undefined) codes.push(code);
    }
  }
  return codes;
}

/**
 * Does the user hold one of the access types: on the body's project (one of the codes held there and a
 * view of the area), or without a project at the area's admin level (its flag holds every type).
 */
function holdsAccessType(context: OperationContext, formArea: string, body: AccessTypesRequest, numeric: boolean) {
  const subject = subjectOf(context);
  const area = areaOfFormArea(formArea);
  const codes = codesOf(formArea, body.accessTypes, numeric);
  if (codes.length === 0) return false;
  if (body.projectId === undefined) return can(subject, 'admin', { area });
  return can(subject, 'view', { area, projectId: body.projectId, codes });
}

/** POST /api/authorization/{formArea}/has-access-type/{isNumeric}: true or false. */
export const hasAccessType: NamedOperation<'authorization.hasAccessType'> = async (context) => {
  const { body } = context;
  if (body.projectId !== undefined) await project(context, body.projectId);
  return holdsAccessType(context, context.params.formArea, body, context.params.isNumeric);
};

/** POST /api/authorization/project-access: true or false. */
export const projectAccessNumber: NamedOperation<'authorization.projectAccessNumber'> = async (context) => {
  const { body } = context;
  const projectId = await project(context, body.projectId);
  return can(subjectOf(context), 'view', { area: 'projects', projectId, code: body.accessNumber });
};

/** The values of a token parameter that mean "no token": the signed-in guards send 'null'. */
const NO_TOKEN = new Set(['', 'null', 'undefined']);

/** The token of a call, or null when none was given (then the logged-in user decides, as before issue 25). */
function givenToken(value: string | null | undefined): string | null {
  const token = (value ?? '').trim();
  return NO_TOKEN.has(token) ? null : token;
}

/**
 * The signed-in context of a call that is public because a token may decide it: the session's user and current
 * client, refused as the session and tenant middlewares refuse (401 signed out, 409 no client, 403 Pending).
 */
async function signedIn<C extends OperationContext>(context: C): Promise<C> {
  const session = await findSession(context.store, requestCookie(context.http, SESSION_COOKIE), context.now);
  const user = session ? await sessionUser(context.store, session, context.now) : null;
  if (!session || !user || user.status === 'Inactive') throw new AppError(401, 'auth.notLoggedIn');
  const clientId = session.currentClient;
  if (clientId === null || clientId === undefined || !user.clientIds.includes(clientId))
    throw new AppError(409, 'auth.noClientSelected');
  if (user.status === 'Pending') throw new AppError(403, 'auth.passwordChangeRequired');
  return { ...context, user, clientId };
}

/**
 * Checks a token against what the route names (api/links/secure-links.ts checkLink, which logs a valid use), behind
 * the per-address limit of refused tokens (api/links/token-attempts.ts: 429 after TOKEN_ATTEMPT_LIMIT).
 * @returns the valid link, or null for every refusal (unknown, expired, used, revoked, mismatch: one answer)
 */
async function linkOf(context: OperationContext, token: string, expected: LinkExpectation): Promise<SecureLink | null> {
  const address = clientAddress(context.http);
  await checkTokenAttempts(context.store, address, context.now);
  const { state, link } = await checkLink(
    context.store,
    token,
    expected,
    { address: address ?? 'unknown', action: context.name },
    context.now,
  );
  if (state !== 'valid' || !link) {
    await recordTokenFailure(context.store, address, context.now);
    return null;
  }
  return link;
}

type SectionCheck = 'authorization.qs' | 'authorization.sitework';

/** The kinds of link whose recipient replies through a section's route (the spec's {type}s). */
const REPLY_KINDS: readonly LinkKind[] = ['rfi', 'cvi', 'submittal', 'daywork', 'packages'];

/** A positive integer from a path segment, or null. */
function positiveId(value: string | number | null | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && String(value).trim() === String(id) ? id : null;
}

/**
 * A section guard's text from a token (issue 25 §1; docs/links-and-mail.md "Secure links and access"): 'edit' when
 * the token is a live reply link of the route's project and of the entry (or, for packages, the package) the route
 * names, and of the section when the section is a link kind; else 'denied'. A reply link lets its recipient fill
 * and send the reply, so it gives 'edit'; a link never gives 'view' (a used link is refused, not downgraded).
 */
async function sectionTextOfToken(
  context: OperationContext<SectionCheck>,
  token: string,
  section: string,
  id: string | number,
) {
  const projectId = context.params.projectId;
  const target = positiveId(id);
  if (projectId === null || target === null) return 'denied';
  const sectionKind = REPLY_KINDS.find((kind) => kind === section.toLowerCase());
  const kinds = sectionKind ? [sectionKind] : REPLY_KINDS;
  // A package link names its package, a reply link its entry: the route's id is compared with the one the link has,
  // inside the check, so a link of another entry is a refusal (counted) and not a use (logged).
  const candidate = await findLink(context.store, token);
  const targetField = candidate?.kind === 'packages' ? { packageId: target } : { entryNumber: target };
  return (await linkOf(context, token, { kind: kinds, projectId, ...targetField })) ? 'edit' : 'denied';
}

/** A section guard's text from the signed-in user: 'edit', 'view', or 'denied' (shell-access-navigation.md §6). */
async function sectionTextOfUser(signed: OperationContext<SectionCheck>, area: AccessArea): Promise<string> {
  try {
    const projectId = await project(signed, signed.params.projectId);
    const value = activityOn(subjectOf(signed), area, projectId);
    const codes = area === 'projects' ? SECTION_CODES.sitework : undefined;
    if (value && (!codes || can(subjectOf(signed), 'view', { area, projectId, codes }))) return value.toLowerCase();
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return 'denied';
}

/**
 * GET /api/QSAuthorization/{section}/{projectId}/{id}/{securityToken} (public: a token decides): with a token, its
 * answer (sectionTextOfToken; `id` is the package or entry); without one ('null', 'undefined' or empty), the
 * signed-in user's 'edit', 'view' or 'denied' on the project's quantity surveying.
 */
export const qs: NamedOperation<'authorization.qs'> = async (context) => {
  const token = givenToken(context.params.securityToken);
  const text = token
    ? await sectionTextOfToken(context, token, context.params.section, context.params.id)
    : await sectionTextOfUser(await signedIn(context), 'qs');
  return context.http.text(text);
};

/**
 * GET /api/SiteworkAuthorization/{section}/{projectId}/{entryNumber}/{securityToken} (public: a token decides):
 * as {@link qs}, the entry number naming the entry the reply link answers.
 */
export const sitework: NamedOperation<'authorization.sitework'> = async (context) => {
  const token = givenToken(context.params.securityToken);
  const text = token
    ? await sectionTextOfToken(context, token, context.params.section, context.params.entryNumber)
    : await sectionTextOfUser(await signedIn(context), 'projects');
  return context.http.text(text);
};

/**
 * GET /api/PublicFormAuthorization/{formArea}/{projectId}/{formId}/{securityToken}/{isView} (public: a token
 * decides): with a token, 'true' only for a live `public-form` link of exactly that form area, project and form,
 * whose form is still published, active and offered on the project for the link's client; without one, the
 * signed-in user's view (isView true) or edit access to the area on the project, for a form of the user's client
 * in that area. Else 'false'.
 */
export const publicForm: NamedOperation<'authorization.publicForm'> = async (context) => {
  const { params } = context;
  const token = givenToken(params.securityToken);
  const formId = positiveId(params.formId);
  let allowed = false;
  if (token) {
    const projectId = params.projectId;
    if (projectId !== null && formId !== null) {
      const found = await linkOf(context, token, {
        kind: 'public-form',
        projectId,
        formArea: params.formArea,
        formId,
      });
      if (found)
        allowed = await publishedFormForProject(context.store, found.clientId, projectId, params.formArea, formId).then(
          () => true,
          () => false,
        );
    }
    return context.http.text(String(allowed));
  }
  const signed = await signedIn(context);
  try {
    const projectId = await project(signed, params.projectId);
    if (formId === null) throw new AppError(404, 'notFound.form');
    await findWorkingCopy(signed.store, signed.clientId as number, params.formArea, formId);
    const area = areaOfFormArea(params.formArea);
    const action = params.isView === true ? 'view' : 'edit';
    allowed = can(subjectOf(signed), action, { area, projectId, codes: SECTION_CODES[area] });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return context.http.text(String(allowed));
};

/** A folder path as compared: forward slashes, no leading, trailing or doubled slash. */
function folderPath(folder: string): string {
  return folder.replace(/\\/g, '/').split('/').filter(Boolean).join('/');
}

/**
 * GET /api/DmsSharedAuthorization/{projectId}?folder=&securityToken= (public: a token decides): with the query's
 * securityToken (as the DMS's fileSec?securityToken= passes it), 'true' for a live `shared-folder` link of the
 * project whose folder is the asked folder or contains it; without one, the signed-in user's view of the
 * project's Vault (code 14). Else 'false'.
 */
export const dmsShared: NamedOperation<'authorization.dmsShared'> = async (context) => {
  const token = givenToken(context.http.req.query('securityToken'));
  const asked = folderPath(context.http.req.query('folder') ?? '');
  let allowed = false;
  if (token) {
    const projectId = context.params.projectId;
    const found = projectId === null ? null : await linkOf(context, token, { kind: 'shared-folder', projectId });
    if (found) {
      const shared = folderPath(found.folder ?? '');
      allowed = shared === '' || asked === shared || asked.startsWith(`${shared}/`);
    }
    return context.http.text(String(allowed));
  }
  const signed = await signedIn(context);
  try {
    const projectId = await project(signed, signed.params.projectId);
    allowed = can(subjectOf(signed), 'view', { area: 'projects', projectId, code: 14 });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return context.http.text(String(allowed));
};

/** POST /api/health-and-safety/admin/can-access: true or false. */
export const hsCanAccess: NamedOperation<'healthAndSafety.canAccess' | 'healthAndSafety.accessLevel'> = async (
  context,
) => {
  const { accessTypes } = context.body;
  const numeric = accessTypes.every((type) => typeof type === 'number');
  return holdsAccessType(context, 'health-and-safety', { accessTypes }, numeric);
};

/** POST /api/health-and-safety/admin/access-level: `{ accessLevel: 'Edit' | null }`. */
export const hsAccessLevel: NamedOperation<'healthAndSafety.accessLevel'> = async (context) => ({
  accessLevel: (await hsCanAccess(context)) ? 'Edit' : null,
});
