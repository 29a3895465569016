/**
 * The named project calls (administration-data.md §3 Project, §7 Projects; docs/decisions.md "Projects"): the
 * people a form may notify, the next project code, and the QA offline calls. The lists, one project, its summary
 * and organisation name, create, update, deadline, description, offline availability, archive, restore and the
 * hourly staff are generic (schemas/api/operations.json over the 'project' resource, with the hooks of
 * api/hooks/project-views.ts and project-writes.ts). Every call is tenant-scoped: another client's project is 404.
 */
import { AppError, detail, problemsError } from '../../../engine/errors';
import { type AccessArea, type AccessSubject, projectScope } from '../../../engine/rules/access';
import { nextCode } from '../../../engine/rules/code-generator';
import { projectAreas } from '../../../engine/rules/sections';
import type { Project } from '../../../engine/types/generated';
import { projectCodeGenerator } from '../../hooks/project-writes';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { newItem } from '../../resources/handlers';
import { findProject, projectUsers } from '../projects';

type StoredProject = Project & { _id?: string };

/**
 * Sections whose projects are their own (an area with an "all" or "their" flag: projects, qs, estimating, locations;
 * engine/rules/sections.ts); any other type (e.g. 'all') is read as the projects area.
 */
const SECTION_AREAS = new Set(projectAreas());

function areaOf(type: string | undefined): AccessArea {
  return type && SECTION_AREAS.has(type) ? type : 'projects';
}

function subjectOf(context: OperationContext): AccessSubject {
  if (!context.user) throw new AppError(401, 'auth.notLoggedIn');
  return accessSubject(context.user, context.clientId);
}

/** The tenant's projects of a path `type` ('all' for every type) that the user may see, by code. */
async function listed(context: OperationContext, type: string, status: unknown) {
  const filter: Record<string, unknown> = {
    ...projectScope(subjectOf(context), areaOf(type)),
    clientId: context.clientId,
    status,
  };
  if (type !== 'all') filter.type = type;
  return context.store.collection<StoredProject>('projects').find(filter, { sort: { code: 1 } });
}

/**
 * GET /api/projects/{id}/users: the people a form may notify on the project (form-configuration.md §3
 * answer field notificationUsers): Active users of the client with access to the project (activityOn),
 * `{ id, fullName }` by name. Another client's project is 404.
 */
export const users: NamedOperation<'projects.users'> = async ({ store, clientId, params }) => {
  const project = await findProject(store, clientId as number, params.id);
  return projectUsers(store, clientId as number, project.id);
};

/**
 * GET /api/projects/newprojectcode: `{ code }`, the next code of the client's active Project code
 * generator (form-configuration.md §3), or null when there is none or it is inactive. Nothing is used up:
 * creating a project with that code advances the generator.
 */
export const newProjectCode: NamedOperation<'projects.newProjectCode'> = async (context) => {
  const setting = await projectCodeGenerator(context.store, context.clientId);
  if (setting?.active !== true) return { code: null };
  return { code: nextCode(setting as never, context.now).code };
};

/**
 * The projects the user may take offline: visible, not archived, offline-available; by code. The offline bundle
 * (api/operations/named/offline.ts) is given for these only.
 */
export async function offlineCandidates(context: OperationContext) {
  const projects = await listed(context, 'all', { $ne: 'Archived' });
  return projects.filter((p) => p.offlineAvailable === true);
}

interface QaOfflineInfoDoc {
  _id?: string;
  id: number;
  clientId: number;
  userId: number;
  projectIds: number[];
  updated?: string;
}

function offlineInfos(context: OperationContext) {
  return context.store.collection<QaOfflineInfoDoc>(resourceOf('qa-offline-info').collection);
}

/**
 * GET /api/projects/getQaOfflineInfo: `{ projectIds, updated, projects }`: what the user last recorded as
 * taken offline in this client (projects no longer allowed are left out), when (ISO date-time or null),
 * and the projects they may take (`{ id, code, name }`).
 */
export const getQaOfflineInfo: NamedOperation<'projects.getQaOfflineInfo' | 'projects.updateQaOfflineInfo'> = async (
  context,
) => {
  const candidates = await offlineCandidates(context);
  const info = await offlineInfos(context).findOne({ clientId: context.clientId, userId: context.user?.id });
  const allowed = new Set(candidates.map((p) => p.id));
  return {
    projectIds: (info?.projectIds ?? []).filter((id) => allowed.has(id)),
    updated: info?.updated ?? null,
    projects: candidates.map((p) => ({ id: p.id, code: p.code, name: p.name })),
  };
};

/**
 * PUT /api/projects/updateQaOfflineInfo `{ projectIds }`: replaces the user's list. Each id must be a
 * project they may take offline: otherwise 400 projects.notOfflineAvailable (every refused id in details;
 * another client's id is refused the same way) and nothing is saved.
 */
export const updateQaOfflineInfo: NamedOperation<'projects.updateQaOfflineInfo'> = async (context) => {
  const { projectIds } = context.body;
  const candidates = await offlineCandidates(context);
  const allowed = new Set(candidates.map((p) => p.id));
  const refused = projectIds.flatMap((id, index) =>
    allowed.has(id) ? [] : [detail(`/projectIds/${index}`, 'projects.notOfflineAvailable', { id })],
  );
  if (refused.length > 0) throw problemsError(400, refused);
  const updated = context.now.toISOString();
  const collection = offlineInfos(context);
  const existing = await collection.findOne({ clientId: context.clientId, userId: context.user?.id });
  if (existing) await collection.updateOne({ _id: existing._id }, { $set: { projectIds, updated } });
  else
    await collection.insertOne(
      (await newItem(context, resourceOf('qa-offline-info'), {
        userId: context.user?.id,
        projectIds,
        updated,
      })) as unknown as QaOfflineInfoDoc,
    );
  return getQaOfflineInfo(context);
};
