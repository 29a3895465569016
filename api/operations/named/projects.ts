/**
 * Projects (administration-data.md §3 Project, §7 Projects; decisions in docs/decisions.md "Projects"):
 * the lists (getall, getArchived, availablefortender), one project ({id}, summary, getOrganizationName),
 * create, update, deadline, description, newprojectcode, the QA offline calls and the hourly staff.
 * Archive and restore are generic (setStatus over the 'project' resource). Every call is tenant-scoped:
 * another client's project is 404; lists hold only the projects the user may see (projectScope).
 * Answers carry `hasEdit` (the caller has Edit on the project) and `organizationName` (computed, never
 * stored, so a renamed organisation shows its new name).
 */
import { AppError, detail, problemsError } from '../../../engine/errors';
import { type AccessArea, type AccessSubject, can, projectScope } from '../../../engine/rules/access';
import { nextCode } from '../../../engine/rules/code-generator';
import {
  isArchived,
  isAvailableForTender,
  PROJECT_CODE_GENERATOR_TYPE,
  projectProblems,
} from '../../../engine/rules/project';
import { projectAreas } from '../../../engine/rules/sections';
import type { Project, ProjectInput } from '../../../engine/types/generated';
import { validateSchema } from '../../../engine/validation/ajv';
import { fileKey } from '../../files/paths';
import { intParam } from '../../http/body';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf, resources } from '../../resources/declarations';
import { derives } from '../../resources/derive';
import { newItem } from '../../resources/handlers';
import { inTransaction } from '../../resources/transaction';
import type { Store } from '../../store/port';
import { withoutStoreKey } from '../documents';
import { findProject, projectUsers, requestProject } from '../projects';

type StoredProject = Project & { _id?: string };

/** The fields of a project the create and update calls set (schemas/api/project-input.schema.json). */
const EDITABLE: readonly (keyof ProjectInput)[] = [
  'code',
  'name',
  'address',
  'description',
  'status',
  'type',
  'startDate',
  'endDate',
  'enquiryDate',
  'deadline',
  'logoUrl',
  'organizationId',
  'weekHours',
];

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

/** Ids → names of the client's organisations (none while the organisation resource is not declared). */
async function organisationNames(store: Store, clientId: number, ids: number[]): Promise<Map<number, string>> {
  const resource = resources.get('organisation');
  const wanted = [...new Set(ids)];
  if (!resource || wanted.length === 0) return new Map();
  const found = await store
    .collection<{ id: number; name: string }>(resource.collection)
    .find({ clientId, id: { $in: wanted } });
  return new Map(found.map((o) => [o.id, o.name]));
}

/** Projects as answered: without the store key, with hasEdit and organizationName. */
async function views(context: OperationContext, projects: StoredProject[]) {
  const subject = subjectOf(context);
  const names = await organisationNames(
    context.store,
    context.clientId as number,
    projects.flatMap((p) => (p.organizationId ? [p.organizationId] : [])),
  );
  return projects.map((project) => {
    const { hasEdit: _h, organizationName: _o, ...stored } = withoutStoreKey(project);
    const organizationName = project.organizationId ? names.get(project.organizationId) : undefined;
    return {
      ...stored,
      hasEdit: !isArchived(project) && can(subject, 'edit', { area: areaOf(project.type), projectId: project.id }),
      ...(organizationName !== undefined ? { organizationName } : {}),
    };
  });
}

async function view(context: OperationContext, project: StoredProject) {
  return (await views(context, [project]))[0];
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
 * GET /api/projects/getall/{type}: the tenant's projects of a type ('all' for every type) that are not
 * archived, by code; only those the user may see (engine/rules/access.ts projectScope: all, their own, none).
 */
export const getall: NamedOperation = async (context) =>
  views(context, await listed(context, context.params.type, { $ne: 'Archived' }));

/** GET /api/projects/getArchived/{type}: the archived projects of a type ('all' for every type), by code. */
export const getArchived: NamedOperation = async (context) =>
  views(context, await listed(context, context.params.type, 'Archived'));

/**
 * GET /api/projects/getall/availablefortender: Active projects whose tender deadline is today (the
 * server's date, yyyy-MM-dd) or later, by deadline then code; only those the user may see.
 */
export const availableForTender: NamedOperation = async (context) => {
  const today = context.now.toISOString().slice(0, 10);
  const projects = (await listed(context, 'all', 'Active')).filter((p) => isAvailableForTender(p, today));
  projects.sort((a, b) => (a.deadline as string).localeCompare(b.deadline as string) || a.code.localeCompare(b.code));
  return views(context, projects);
};

/**
 * GET /api/projects/summary/{id}: `{ code, name }`, fetched when navigating to a project: an archived
 * project has left the project menus, so its summary is 404 like a missing one.
 */
export const summary: NamedOperation = async ({ http: c }) => {
  const project = await requestProject(c, intParam(c, 'id'));
  if (isArchived(project)) throw new AppError(404, 'notFound.project');
  return { code: project.code, name: project.name };
};

/** GET /api/projects/{id}: the project with hasEdit and organizationName (an archived one too, read only). */
export const get: NamedOperation = async (context) =>
  view(context, await findProject(context.store, context.clientId as number, intParam(context.http, 'id')));

/** GET /api/projects/getOrganizationName/{id}: `{ organizationId, organizationName }`, nulls when none. */
export const organizationName: NamedOperation = async (context) => {
  const project = await findProject(context.store, context.clientId as number, intParam(context.http, 'id'));
  const id = project.organizationId ?? null;
  const names = await organisationNames(context.store, context.clientId as number, id ? [id] : []);
  return { organizationId: id, organizationName: (id && names.get(id)) ?? null };
};

/**
 * GET /api/projects/{id}/users: the people a form may notify on the project (form-configuration.md §3
 * answer field notificationUsers): Active users of the client with access to the project (activityOn),
 * `{ id, fullName }` by name. Another client's project is 404.
 */
export const users: NamedOperation = async ({ http: c, store, clientId }) => {
  const project = await findProject(store, clientId as number, intParam(c, 'id'));
  return projectUsers(store, clientId as number, project.id);
};

/**
 * GET /api/projects/organisations: the client's organisations as the project form offers them,
 * `[{ id, name }]` by name (none while the organisation resource is not declared).
 */
export const organisations: NamedOperation = async (context) => {
  const resource = resources.get('organisation');
  if (!resource) return [];
  const found = await context.store
    .collection<{ id: number; name: string }>(resource.collection)
    .find({ clientId: context.clientId }, { sort: { name: 1 } });
  return found.map((o) => ({ id: o.id, name: o.name }));
};

/** The client's Project code generator setting, when there is one. */
async function projectCodeGenerator(context: OperationContext) {
  const resource = resourceOf('code-generator-setting');
  return context.store
    .collection<Record<string, unknown>>(resource.collection)
    .findOne({ clientId: context.clientId, type: PROJECT_CODE_GENERATOR_TYPE });
}

/**
 * GET /api/projects/newprojectcode: `{ code }`, the next code of the client's active Project code
 * generator (form-configuration.md §3), or null when there is none or it is inactive. Nothing is used up:
 * creating a project with that code advances the generator.
 */
export const newProjectCode: NamedOperation = async (context) => {
  const setting = await projectCodeGenerator(context);
  if (setting?.active !== true) return { code: null };
  return { code: nextCode(setting as never, context.now).code };
};

/**
 * Advances the Project code generator when `code` is its next code (compare-and-set on its baseCode, as
 * GET /api/settings/codegenerator/{id}/generate does): a code typed by hand leaves it as it is.
 */
async function useProjectCode(context: OperationContext, code: string): Promise<void> {
  const setting = await projectCodeGenerator(context);
  if (setting?.active !== true) return;
  const next = nextCode(setting as never, context.now);
  if (next.code !== code) return;
  const advanced = derives.codeGeneratorCodes(
    { ...setting, baseStart: next.baseStart, baseEnd: next.baseEnd },
    context.now,
  );
  await context.store.collection<Record<string, unknown>>('codeGeneratorSettings').findOneAndUpdate(
    { _id: setting._id, baseCode: setting.baseCode },
    {
      $set: {
        baseStart: advanced.baseStart,
        baseEnd: advanced.baseEnd,
        baseCode: advanced.baseCode,
        nextCode: advanced.nextCode,
        modified: context.now.toISOString(),
      },
    },
  );
}

const DOWNLOAD_PREFIX = '/api/files/download?file=';

/**
 * Checks the references of a project's input: its organisation is one of the client's, and its logo an
 * image in the client's file store (uploaded through /api/files/upload; logoUrl is its download url).
 * @throws AppError 400 projects.unknownOrganisation, projects.badLogo (with the field's path)
 */
async function checkReferences(context: OperationContext, input: ProjectInput, current?: StoredProject) {
  const clientId = context.clientId as number;
  if (input.organizationId !== undefined && input.organizationId !== current?.organizationId) {
    const names = await organisationNames(context.store, clientId, [input.organizationId]);
    if (!names.has(input.organizationId))
      throw problemsError(400, [detail('/organizationId', 'projects.unknownOrganisation')]);
  }
  if (input.logoUrl !== undefined && input.logoUrl !== current?.logoUrl) {
    let ok = false;
    if (input.logoUrl.startsWith(DOWNLOAD_PREFIX)) {
      try {
        const file = decodeURIComponent(input.logoUrl.slice(DOWNLOAD_PREFIX.length));
        const info = await context.store.files.info(fileKey(clientId, file));
        ok = info?.contentType.startsWith('image/') === true;
      } catch {
        ok = false;
      }
    }
    if (!ok) throw problemsError(400, [detail('/logoUrl', 'projects.badLogo')]);
  }
}

/** 400 with every problem of the cross-field rules (engine/rules/project.ts). */
function checkRules(input: ProjectInput): void {
  const problems = projectProblems(input);
  if (problems.length > 0) throw problemsError(400, problems);
}

/**
 * POST /api/projects/create (body ProjectInput): a new project of the client, Active and of type
 * 'projects' unless given, loggedByFullName the caller. 409 projects.duplicateCode for a code the client
 * already has (ignoring spaces and case); 400 for the rules and references above; nothing is saved on any
 * error. A code equal to the Project code generator's next code advances the generator.
 */
export const create: NamedOperation = inTransaction(async (context) => {
  const input = context.body as ProjectInput;
  checkRules(input);
  await checkReferences(context, input);
  const fields: Record<string, unknown> = { status: 'Active', type: 'projects' };
  for (const key of EDITABLE) if (input[key] !== undefined) fields[key] = input[key];
  fields.loggedByFullName = context.user?.fullName ?? '';
  const item = await newItem(context, resourceOf('project'), fields);
  await context.store.collection<Record<string, unknown>>('projects').insertOne(item);
  await useProjectCode(context, String(item.code));
  return view(context, item as unknown as StoredProject);
});

/** The stored project of the path's id, refused while archived. @throws 404, 409 projects.archived */
async function editable(context: OperationContext): Promise<StoredProject> {
  const project = await findProject(context.store, context.clientId as number, intParam(context.http, 'id'));
  if (isArchived(project)) throw new AppError(409, 'projects.archived');
  return project;
}

/** Writes `change` ($set) and `cleared` ($unset) to a project with the audit fields; checked first. */
async function save(
  context: OperationContext,
  project: StoredProject,
  change: Record<string, unknown>,
  cleared: string[] = [],
) {
  const { _id, ...kept } = project;
  const stamp = {
    modified: context.now.toISOString(),
    modifiedBy: context.user?.fullName ?? '',
    modifiedById: context.user?.id ?? 0,
  };
  const merged: Record<string, unknown> = { ...kept, ...change, ...stamp };
  for (const key of cleared) delete merged[key];
  delete merged.hasEdit;
  delete merged.organizationName;
  const valid = validateSchema('project', merged);
  if (!valid.ok) throw problemsError(400, valid.details);
  const update: { $set: Record<string, unknown>; $unset?: Record<string, ''> } = { $set: { ...change, ...stamp } };
  const unset = [...cleared, 'hasEdit', 'organizationName'].filter((key) => key in project);
  if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((key) => [key, ''] as const));
  await context.store.collection<StoredProject>('projects').updateOne({ _id }, update);
  return view(context, merged as unknown as StoredProject);
}

/**
 * PUT /api/projects/{id} (body ProjectInput): replaces the project's editable fields; one left out is
 * cleared, except status and type, which stay as they are. 409 for an archived project or a code the
 * client already has; 400 for the rules and references; nothing is saved on any error.
 */
export const update: NamedOperation = inTransaction(async (context) => {
  const project = await editable(context);
  const input = context.body as ProjectInput;
  checkRules(input);
  await checkReferences(context, input, project);
  const change: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const key of EDITABLE) {
    if (input[key] !== undefined) change[key] = input[key];
    else if (key !== 'status' && key !== 'type' && key in project) cleared.push(key);
  }
  return save(context, project, change, cleared);
});

/** PUT /api/projects/{id}/deadline `{ deadline }`: sets the deadline (yyyy-MM-dd), or clears it with null. */
export const deadline: NamedOperation = async (context) => {
  const project = await editable(context);
  const { deadline: value } = context.body as { deadline: string | null };
  return value === null ? save(context, project, {}, ['deadline']) : save(context, project, { deadline: value });
};

/** PUT /api/projects/update/description/{id} `{ description }`: sets the description; '' clears it. */
export const description: NamedOperation = async (context) => {
  const project = await editable(context);
  const { description: value } = context.body as { description: string };
  return value === '' ? save(context, project, {}, ['description']) : save(context, project, { description: value });
};

/**
 * PUT /api/projects/updateProjectOffineAvailability `{ id, offlineAvailable }`: whether the project's QA
 * forms may be taken offline. Edit activity on the project (403 otherwise), 404 another client's project,
 * 409 an archived one.
 */
export const offlineAvailability: NamedOperation = async (context) => {
  const { id, offlineAvailable } = context.body as { id: number; offlineAvailable: boolean };
  const project = await findProject(context.store, context.clientId as number, id);
  if (!can(subjectOf(context), 'edit', { area: areaOf(project.type), projectId: project.id }))
    throw new AppError(403, 'auth.forbidden');
  if (isArchived(project)) throw new AppError(409, 'projects.archived');
  return save(context, project, { offlineAvailable });
};

/** The projects the user may take offline: visible, not archived, offline-available; by code. */
async function offlineCandidates(context: OperationContext) {
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
export const getQaOfflineInfo: NamedOperation = async (context) => {
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
export const updateQaOfflineInfo: NamedOperation = async (context) => {
  const { projectIds } = context.body as { projectIds: number[] };
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

interface EmployeeDoc {
  id: number;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  email?: string;
  mobile?: string;
  role?: string;
  roleName?: string;
  type?: string;
  isActive: boolean;
  projectAccesses?: { projectId: number; activity: string }[];
}

/**
 * GET /api/projects/{projectId}/hourlystaff (projects/{id}/edit/hourlystaff; docs/decisions.md
 * "Projects"): the active employees of type Labour with an access to the project,
 * `[{ id, employeeNumber, fullName, email, mobile, role, activity, weekHours }]` by name, weekHours the
 * project's working week. Empty while the employee resource is not declared.
 */
export const hourlyStaff: NamedOperation = async (context) => {
  const project = await findProject(context.store, context.clientId as number, intParam(context.http, 'projectId'));
  const resource = resources.get('employee');
  if (!resource) return [];
  const employees = await context.store
    .collection<EmployeeDoc>(resource.collection)
    .find({ clientId: context.clientId, type: 'Labour', isActive: true });
  return employees
    .flatMap((e) => {
      const access = e.projectAccesses?.find((a) => a.projectId === project.id);
      if (!access) return [];
      return [
        {
          id: e.id,
          employeeNumber: e.employeeNumber,
          fullName: `${e.firstName} ${e.lastName}`,
          ...(e.email ? { email: e.email } : {}),
          ...(e.mobile ? { mobile: e.mobile } : {}),
          role: e.roleName ?? e.role ?? '',
          activity: access.activity,
          ...(project.weekHours !== undefined ? { weekHours: project.weekHours } : {}),
        },
      ];
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
};
