/**
 * The project lists and views (administration-data.md §7 Projects; docs/decisions.md "Projects"): which projects a
 * user may see (engine/rules/access.ts projectScope, by the path's project type), and the fields an answered
 * project carries besides the stored ones: `hasEdit` (the caller has Edit on it; never on an archived one) and
 * `organizationName` (computed, never stored, so a renamed organisation shows its new name).
 */
import { AppError } from '../../engine/errors';
import { type AccessArea, can, projectScope } from '../../engine/rules/access';
import { isArchived, isAvailableForTender } from '../../engine/rules/project';
import { projectAreas } from '../../engine/rules/sections';
import type { Project } from '../../engine/types/generated';
import { accessSubject } from '../middleware/session';
import type { AfterReadHook, BeforeChangeHook, HookArgs, Item, WhereHook } from '../resources/hooks';

/** A project as the store holds it. */
type StoredProject = Project & Item;

/**
 * Sections whose projects are their own (an area with an "all" or "their" flag: projects, qs, estimating,
 * locations; engine/rules/sections.ts); any other type (e.g. 'all') is read as the projects area.
 */
const SECTION_AREAS = new Set(projectAreas());

function areaOf(type: unknown): AccessArea {
  return typeof type === 'string' && SECTION_AREAS.has(type) ? type : 'projects';
}

function subjectOf({ context }: HookArgs) {
  if (!context.user) throw new AppError(401, 'auth.notLoggedIn');
  return accessSubject(context.user, context.clientId);
}

/** where: the projects of the path's `type` ('all', or none given: every type) the user may see. */
export const visibleProjects: WhereHook = (args) => {
  const type = args.context.params.type ?? 'all';
  return { ...projectScope(subjectOf(args), areaOf(type)), ...(type !== 'all' ? { type } : {}) };
};

/**
 * afterRead: the Active projects whose tender deadline is today (the server's date, yyyy-MM-dd) or later, by
 * deadline then code.
 */
export const availableForTender: AfterReadHook<StoredProject> = (projects, { context }) => {
  const today = context.now.toISOString().slice(0, 10);
  return projects
    .filter((p) => isAvailableForTender(p, today))
    .sort((a, b) => (a.deadline as string).localeCompare(b.deadline as string) || a.code.localeCompare(b.code));
};

/** afterRead: projects as answered, with hasEdit and (when it has one) its organisation's organizationName. */
export const projectView: AfterReadHook<StoredProject> = async (projects, args) => {
  const subject = subjectOf(args);
  const wanted = [...new Set(projects.flatMap((p) => (p.organizationId ? [p.organizationId] : [])))];
  const found =
    wanted.length === 0
      ? []
      : await args.store
          .collection<{ id: number; name: string }>('organisations')
          .find({ clientId: args.context.clientId, id: { $in: wanted } });
  const names = new Map(found.map((o) => [o.id, o.name]));
  return projects.map((project) => {
    const { hasEdit: _h, organizationName: _o, ...stored } = project;
    const organizationName = project.organizationId ? names.get(project.organizationId) : undefined;
    return {
      ...stored,
      hasEdit: !isArchived(project) && can(subject, 'edit', { area: areaOf(project.type), projectId: project.id }),
      ...(organizationName !== undefined ? { organizationName } : {}),
    };
  });
};

/**
 * beforeChange of PUT /api/projects/updateProjectOffineAvailability (the project in the body): the caller needs
 * Edit on the project in its section's area (403), and an archived project is read only (409 projects.archived).
 */
export const editableProject: BeforeChangeHook<StoredProject> = (item, args) => {
  const project = args.current ?? item;
  if (!can(subjectOf(args), 'edit', { area: areaOf(project.type), projectId: project.id }))
    throw new AppError(403, 'auth.forbidden');
  if (isArchived(project)) throw new AppError(409, 'projects.archived');
  return item;
};

/**
 * beforeChange: a body field sent empty (null, or '' for a text) clears the project's field (PUT …/deadline with
 * `{ deadline: null }`, PUT …/update/description with `{ description: '' }`).
 */
export const emptyClears: BeforeChangeHook<StoredProject> = (item, { context }) => {
  const body = (context.body ?? {}) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...item };
  for (const [field, value] of Object.entries(body)) if (value === null || value === '') delete next[field];
  return next as StoredProject;
};

interface EmployeeRow extends Item {
  id: number;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  email?: string;
  mobile?: string;
  role?: string;
  roleName?: string;
  projectAccesses?: { projectId: number; activity: string }[];
}

/**
 * afterRead of GET /api/projects/{projectId}/hourlystaff (docs/decisions.md "Projects"): the employees with an
 * access to the path's project, `{ id, employeeNumber, fullName, email, mobile, role, activity, weekHours }` by
 * name, weekHours the project's working week.
 */
export const hourlyStaffRows: AfterReadHook<EmployeeRow> = async (employees, { context, store }) => {
  const projectId = context.params.projectId;
  const project = await store.collection<Project>('projects').findOne({ clientId: context.clientId, id: projectId });
  if (!project) throw new AppError(404, 'notFound.project');
  return employees
    .flatMap((e) => {
      const access = e.projectAccesses?.find((a) => a.projectId === projectId);
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
