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
 * filter of the projects a user may list. Both are pure: the caller passes the user with the client. The areas,
 * the flags that open them and a form area's access types are data: the section documents of schemas/sections
 * (./sections.ts; issue 20 part 7), so a new area is JSON.
 */
import type { AreaFlags, ClientAccess, ProcessAccess, ProjectAccess } from '../types/generated';
import { accessTypes, adminFlag, projectFlags } from './sections';

/** Activity on a project (shell-access-navigation.md §3 Enumerations). */
export type Activity = 'Edit' | 'View';

/**
 * The name of an access area: declared by a section document (schemas/sections, `area`; ./sections.ts), e.g.
 * projects, qs, estimating, locations, quality-assurance, health-and-safety, hr, plant, materials, settings. An area
 * no section declares opens to no one but an admin or a holder of accessAll.
 */
export type AccessArea = string;

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
  /** Codes of which any one must be held on `projectId` (a menu section or a form area, SECTION_CODES). */
  codes?: readonly number[];
}

/** True when the user has process Admin with activity Edit (the Admin guard of §6). */
export function isAdmin(user: { processes: readonly ProcessAccess[] }): boolean {
  return user.processes.some((p) => p.process === 'Admin' && p.activity === 'Edit');
}

/**
 * The numeric access codes of the 'general' area (shell-access-navigation.md §6) that are no form area's access
 * type: the project view menu shows an item when one of its codes is held. 13 or below is Site Work. The codes of
 * the form areas' access types (health and safety 15-22, quality assurance 23-28) are their section documents'
 * (ACCESS_TYPES).
 */
export const ACCESS_CODES = {
  siteWorkMax: 13,
  vault: 14,
  contacts: 29,
  procurement: [30, 31],
} as const;

/** The access types of each form area by name, each with its code (the section documents' `accessTypes`). */
export const ACCESS_TYPES: Readonly<Record<string, Readonly<Record<string, number>>>> = accessTypes;

/**
 * The codes a menu section needs (any one of them): site work 1-13, vault 14, contacts 29, procurement 30-31,
 * and every form area's codes under its area's name (health-and-safety 15-22, quality-assurance 23-28).
 */
export const SECTION_CODES: Readonly<Record<string, readonly number[]>> = {
  sitework: Array.from({ length: ACCESS_CODES.siteWorkMax }, (_, i) => i + 1),
  vault: [ACCESS_CODES.vault],
  contacts: [ACCESS_CODES.contacts],
  procurement: [...ACCESS_CODES.procurement],
  ...Object.fromEntries(Object.entries(accessTypes).map(([area, types]) => [area, Object.values(types)])),
};

function flag(user: AccessSubject, name: keyof AreaFlags | undefined): boolean {
  return name !== undefined && user.access?.flags[name] === true;
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
 * The flags are those of the area its project pages are checked in (quality assurance and health and safety:
 * projects; ./sections.ts projectFlags).
 */
export function activityOn(user: AccessSubject, area: AccessArea, projectId: number): Activity | null {
  if (holdsAll(user)) return 'Edit';
  const { all, their } = projectFlags(area);
  if (!all && !their) return null;
  const own = projectAccess(user, projectId);
  if (flag(user, all)) return own?.activity ?? 'View';
  if (flag(user, their)) return own?.activity ?? null;
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
  if (action === 'admin') return holdsAll(user) || flag(user, adminFlag(area));
  if (projectId !== undefined) {
    const activity = activityOn(user, area, projectId);
    if (activity === null) return false;
    if (action === 'edit' && activity !== 'Edit') return false;
    if (code !== undefined && !holdsCode(user, projectId, code)) return false;
    return codes === undefined || codes.some((c) => holdsCode(user, projectId, c));
  }
  if (holdsAll(user) || flag(user, adminFlag(area))) return true;
  if (!flag(user, projectFlags(area).their)) return false;
  return action === 'view' || (user.access?.projects.some((p) => p.activity === 'Edit') ?? false);
}

/**
 * The projects a user may list in an area, as a store filter to AND with the tenant's:
 * `{}` for every project, `{ id: { $in: [...] } }` for the user's own (possibly none).
 */
export function projectScope(user: AccessSubject, area: AccessArea): Record<string, unknown> {
  if (holdsAll(user)) return {};
  const { all, their } = projectFlags(area);
  if (flag(user, all)) return {};
  if (flag(user, their)) return { id: { $in: (user.access?.projects ?? []).map((p) => p.projectId) } };
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
