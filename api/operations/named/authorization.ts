/**
 * The authorization calls of shell-access-navigation.md §7 that answer the route guards of §6, as named
 * operations over the access model (engine/rules/access.ts; docs/access.md). Each asks `can()` of the
 * session user with the current client's access; none reads anything the tenant does not own.
 *
 * Secure-link tokens of external parties (the `securityToken` of the section and public-form checks) are
 * not issued yet: for a logged-in user the answer comes from their access alone.
 */

import { AppError } from '../../../engine/errors';
import { ACCESS_TYPES, type AccessArea, activityOn, can, holdsCode, SECTION_CODES } from '../../../engine/rules/access';
import type { AccessTypesRequest } from '../../../engine/types/generated';
import { accessSubject, areaOfFormArea } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
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

/** A section guard's text: 'edit', 'view', or 'denied' (shell-access-navigation.md §6). */
async function sectionText(
  context: OperationContext<'authorization.qs' | 'authorization.sitework'>,
  area: AccessArea,
): Promise<Response> {
  let text = 'denied';
  try {
    const projectId = await project(context, context.params.projectId);
    const value = activityOn(subjectOf(context), area, projectId);
    const codes = area === 'projects' ? SECTION_CODES.sitework : undefined;
    if (value && (!codes || can(subjectOf(context), 'view', { area, projectId, codes }))) text = value.toLowerCase();
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return context.http.text(text);
}

/** GET /api/QSAuthorization/{section}/{projectId}/{id}/{securityToken}: 'edit', 'view' or 'denied'. */
export const qs: NamedOperation<'authorization.qs'> = (context) => sectionText(context, 'qs');

/** GET /api/SiteworkAuthorization/{section}/{projectId}/{entryNumber}/{securityToken}: 'edit', 'view' or 'denied'. */
export const sitework: NamedOperation<'authorization.sitework'> = (context) => sectionText(context, 'projects');

/** GET /api/PublicFormAuthorization/{formArea}/{projectId}/{formId}/{securityToken}/{isView}: 'true' or 'false'. */
export const publicForm: NamedOperation<'authorization.publicForm'> = async (context) => {
  let allowed = false;
  try {
    const projectId = await project(context, context.params.projectId);
    const area = areaOfFormArea(context.params.formArea);
    const action = context.params.isView === true ? 'view' : 'edit';
    allowed = can(subjectOf(context), action, { area, projectId, codes: SECTION_CODES[area] });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  return context.http.text(String(allowed));
};

/** GET /api/DmsSharedAuthorization/{projectId}?folder=: 'true' or 'false' (the Vault, code 14). */
export const dmsShared: NamedOperation<'authorization.dmsShared'> = async (context) => {
  let allowed = false;
  try {
    const projectId = await project(context, context.params.projectId);
    allowed = can(subjectOf(context), 'view', { area: 'projects', projectId, code: 14 });
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
