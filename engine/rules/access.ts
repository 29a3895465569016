/**
 * The access model (shell-access-navigation.md §6, administration-data.md §3 Employee and §6; decided in
 * docs/access.md): one pure module that the API's checks, the route guards and the menus all ask.
 *
 * A user holds
 * - processes: process Admin with activity Edit makes an admin, who may do everything in the client;
 * - per client (`accesses`): the employee's area flags and project accesses. A project access gives an
 *   activity (Edit or View) on one project or location, and the numeric access codes of the 'general'
 *   area held there (no list: every code).
 *
 * `can(user, action, { area, projectId, code })` answers every question; `projectScope` gives the store
 * filter of the projects a user may list. Both are pure: the caller passes the user with the client.
 */
import type { AreaFlags, ClientAccess, ProcessAccess, ProjectAccess } from '../types/generated';

/** Activity on a project (shell-access-navigation.md §3 Enumerations). */
export type Activity = 'Edit' | 'View';

/**
 * The areas of the model: the four project-scoped sections (their pages live under /{area}/{projectId}),
 * the two form areas with admin pages of their own, and the areas a flag opens as a whole.
 */
export type AccessArea =
  | 'projects'
  | 'qs'
  | 'estimating'
  | 'locations'
  | 'quality-assurance'
  | 'health-and-safety'
  | 'hr'
  | 'plant'
  | 'materials'
  | 'settings';

/** view: see; edit: change (project areas: activity Edit); admin: the area's admin pages and calls. */
export type AccessAction = 'view' | 'edit' | 'admin';

/** The user as the model reads it: processes, and the access of the client in question. */
export interface AccessSubject {
  processes: readonly ProcessAccess[];
  /** The access within the current client; absent or null: no area access (admins excepted). */
  access?: ClientAccess | null;
}

/** What is asked about: the area, and for project-scoped questions the project and an access code. */
export interface AccessTarget {
  area: AccessArea;
  projectId?: number;
  /** A numeric access code of the 'general' area (ACCESS_CODES), held on `projectId`. */
  code?: number;
  /** Codes of which any one must be held on `projectId` (a menu section, SECTION_CODES). */
  codes?: readonly number[];
}

/** True when the user has process Admin with activity Edit (the Admin guard of §6). */
export function isAdmin(user: { processes: readonly ProcessAccess[] }): boolean {
  return user.processes.some((p) => p.process === 'Admin' && p.activity === 'Edit');
}

/**
 * The numeric access codes of the 'general' area (shell-access-navigation.md §6): the project view menu
 * shows an item when one of its codes is held. 13 or below is Site Work.
 */
export const ACCESS_CODES = {
  siteWorkMax: 13,
  vault: 14,
  healthAndSafety: {
    Documents: 15,
    Audits: 16,
    Inductions: 17,
    Inspections: 18,
    Reports: 19,
    Meetings: 20,
    ToolboxTalk: 21,
    ExportSettings: 22,
  },
  qualityAssurance: { Documents: 23, Audits: 24, Inspections: 25, Reports: 26, Meetings: 27, ExportSettings: 28 },
  contacts: 29,
  procurement: [30, 31],
} as const;

/** The access types of a form area by name, each with its code. */
export const ACCESS_TYPES: Readonly<
  Record<'health-and-safety' | 'quality-assurance', Readonly<Record<string, number>>>
> = {
  'health-and-safety': ACCESS_CODES.healthAndSafety,
  'quality-assurance': ACCESS_CODES.qualityAssurance,
};

/** The codes a menu section needs (any one of them): site work 1-13, vault 14, and so on. */
export const SECTION_CODES: Readonly<Record<string, readonly number[]>> = {
  sitework: Array.from({ length: ACCESS_CODES.siteWorkMax }, (_, i) => i + 1),
  vault: [ACCESS_CODES.vault],
  'health-and-safety': Object.values(ACCESS_CODES.healthAndSafety),
  'quality-assurance': Object.values(ACCESS_CODES.qualityAssurance),
  contacts: [ACCESS_CODES.contacts],
  procurement: [...ACCESS_CODES.procurement],
};

/** The flags that open a project-scoped area on every project ("all") or on the user's own ("their"). */
const PROJECT_AREA_FLAGS: Readonly<Record<string, { all: keyof AreaFlags; their?: keyof AreaFlags }>> = {
  projects: { all: 'accessAllProjects', their: 'accessTheirProjects' },
  qs: { all: 'accessAllQS', their: 'accessTheirQS' },
  estimating: { all: 'accessAllEstimating', their: 'accessTheirEstimating' },
  locations: { all: 'accessLocations' },
};

/** The flag of an area's admin pages (and of the flag-only areas as a whole). */
const ADMIN_FLAGS: Readonly<Record<AccessArea, keyof AreaFlags>> = {
  projects: 'accessAllProjects',
  qs: 'accessAllQS',
  estimating: 'accessAllEstimating',
  locations: 'accessLocations',
  'quality-assurance': 'accessQA',
  'health-and-safety': 'accessHS',
  hr: 'accessHR',
  plant: 'accessPlants',
  materials: 'accessMaterials',
  settings: 'accessAdmin',
};

/** The project-level pages of the two form areas live in the projects area (projects/{id}/qa ...). */
function projectAreaOf(area: AccessArea): AccessArea {
  return area === 'quality-assurance' || area === 'health-and-safety' ? 'projects' : area;
}

function flag(user: AccessSubject, name: keyof AreaFlags): boolean {
  return user.access?.flags[name] === true;
}

/** Full access: an admin, or the accessAll flag. */
function holdsAll(user: AccessSubject): boolean {
  return isAdmin(user) || flag(user, 'accessAll');
}

function projectAccess(user: AccessSubject, projectId: number): ProjectAccess | undefined {
  return user.access?.projects.find((p) => p.projectId === projectId);
}

/**
 * The user's activity on a project in an area, or null for none (docs/access.md "Activity"):
 * - an admin or accessAll: Edit;
 * - the area's "all" flag: View on every project, or the project access's activity where there is one;
 * - the area's "their" flag: the project access's activity, on the projects that have one.
 */
export function activityOn(user: AccessSubject, area: AccessArea, projectId: number): Activity | null {
  if (holdsAll(user)) return 'Edit';
  const flags = PROJECT_AREA_FLAGS[projectAreaOf(area)];
  if (!flags) return null;
  const own = projectAccess(user, projectId);
  if (flag(user, flags.all)) return own?.activity ?? 'View';
  if (flags.their && flag(user, flags.their)) return own?.activity ?? null;
  return null;
}

/** The access codes held on a project: every code for full access or a project access with no list. */
export function holdsCode(user: AccessSubject, projectId: number, code: number): boolean {
  if (holdsAll(user)) return true;
  const own = projectAccess(user, projectId);
  if (!own) return activityOn(user, 'projects', projectId) !== null; // View assumed with no access info
  return own.accessCodes === undefined || own.accessCodes.includes(code);
}

/**
 * The one question of the model: may `user` do `action` on `target`?
 * - admin action: an admin, accessAll, or the area's admin flag;
 * - with a project id: an activity on the project (edit needs Edit), and the code if one is asked;
 * - without: the area's admin flag, or for a project area any way into it (a flag).
 */
export function can(user: AccessSubject, action: AccessAction, target: AccessTarget): boolean {
  const { area, projectId, code, codes } = target;
  if (action === 'admin') return holdsAll(user) || flag(user, ADMIN_FLAGS[area]);
  if (projectId !== undefined) {
    const activity = activityOn(user, area, projectId);
    if (activity === null) return false;
    if (action === 'edit' && activity !== 'Edit') return false;
    if (code !== undefined && !holdsCode(user, projectId, code)) return false;
    return codes === undefined || codes.some((c) => holdsCode(user, projectId, c));
  }
  if (holdsAll(user) || flag(user, ADMIN_FLAGS[area])) return true;
  const flags = PROJECT_AREA_FLAGS[projectAreaOf(area)];
  if (!flags?.their || !flag(user, flags.their)) return false;
  return action === 'view' || (user.access?.projects.some((p) => p.activity === 'Edit') ?? false);
}

/**
 * The projects a user may list in an area, as a store filter to AND with the tenant's:
 * `{}` for every project, `{ id: { $in: [...] } }` for the user's own (possibly none).
 */
export function projectScope(user: AccessSubject, area: AccessArea): Record<string, unknown> {
  if (holdsAll(user)) return {};
  const flags = PROJECT_AREA_FLAGS[projectAreaOf(area)];
  if (!flags) return { id: { $in: [] } };
  if (flag(user, flags.all)) return {};
  if (flags.their && flag(user, flags.their))
    return { id: { $in: (user.access?.projects ?? []).map((p) => p.projectId) } };
  return { id: { $in: [] } };
}

/** The access of `user` within `clientId` (null when none is recorded). */
export function accessIn(user: { accesses?: ClientAccess[] }, clientId: number | null): ClientAccess | null {
  if (clientId === null) return null;
  return user.accesses?.find((a) => a.clientId === clientId) ?? null;
}

/** The area flags of §3, in the spec's order (for documents and tests). */
export const AREA_FLAGS: readonly (keyof AreaFlags)[] = [
  'accessAll',
  'accessAllProjects',
  'accessTheirProjects',
  'accessAllQS',
  'accessTheirQS',
  'accessHS',
  'accessHR',
  'accessAllEstimating',
  'accessTheirEstimating',
  'accessQA',
  'accessPlants',
  'accessMaterials',
  'accessAdmin',
  'accessLocations',
];
