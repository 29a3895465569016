/**
 * Who may read and change which documents (contract.md §A; administration-data.md §6 "Other rules";
 * docs/documents.md "DMS calls"): every path of a project's documents lies in one BASE FOLDER, and the base folder
 * decides the access question asked of the access model (engine/rules/access.ts can()):
 *
 * | scope | base folder | read (view) | write (edit) |
 * |---|---|---|---|
 * | project {id} | `Vault` | projects, code 14 (Vault), activity View or Edit | the same with activity Edit |
 * | project {id} | `Quality Assurance` | quality-assurance, code 23 | the same with Edit |
 * | project {id} | `Health and Safety` | health-and-safety, code 15 | the same with Edit |
 * | project {id} | `Quantity Surveying` | qs on the project | the same with Edit |
 * | company (0) | `Projects`, `Quality Assurance`, `Health and Safety`, `Quantity Surveying` | every user of the client | the area's administrators (projects, quality-assurance, health-and-safety, qs) |
 *
 * The root ('') holds only the base folders: it may be listed (each base folder the user may read), never written.
 * A refusal is 403 with the spec's permission text (`dms.permission`); a project of another client (or none) is
 * 404 before any question is asked.
 */
import { AppError } from '../../engine/errors';
import { type AccessTarget, can } from '../../engine/rules/access';
import { accessSubject } from '../middleware/session';
import { findProject } from '../operations/projects';
import type { OperationContext } from '../resources/context';
import { dmsFileKey, pathOfUrl } from './paths';

/** The base folders of a project's documents, in the order the root lists them. */
export const PROJECT_BASE_FOLDERS = ['Vault', 'Quality Assurance', 'Health and Safety', 'Quantity Surveying'] as const;
/** The base folders of the company documents (projectId 0). */
export const COMPANY_BASE_FOLDERS = [
  'Projects',
  'Quality Assurance',
  'Health and Safety',
  'Quantity Surveying',
] as const;

/** read: list, search, download, versions, history; write: upload, create, rename, move, copy, delete, label, share. */
export type DmsAction = 'read' | 'write';

/** The base folders of a scope. */
export function baseFolders(projectId: number): readonly string[] {
  return projectId === 0 ? COMPANY_BASE_FOLDERS : PROJECT_BASE_FOLDERS;
}

/** The base folder a relative path lies in, or null (the root, or a first segment that is no base folder). */
export function baseFolderOf(projectId: number, path: string): string | null {
  const first = path.split('/')[0];
  return baseFolders(projectId).includes(first) ? first : null;
}

/** True when `path` is a base folder itself (which cannot be deleted, renamed or moved). */
export function isBaseFolder(projectId: number, path: string): boolean {
  return !path.includes('/') && baseFolderOf(projectId, path) !== null;
}

const PROJECT_TARGETS: Record<string, (projectId: number) => AccessTarget> = {
  Vault: (projectId) => ({ area: 'projects', projectId, code: 14 }),
  'Quality Assurance': (projectId) => ({ area: 'quality-assurance', projectId, code: 23 }),
  'Health and Safety': (projectId) => ({ area: 'health-and-safety', projectId, code: 15 }),
  'Quantity Surveying': (projectId) => ({ area: 'qs', projectId }),
};

const COMPANY_AREAS: Record<string, string> = {
  Projects: 'projects',
  'Quality Assurance': 'quality-assurance',
  'Health and Safety': 'health-and-safety',
  'Quantity Surveying': 'qs',
};

/** The signed-in user's answer for one base folder (no project check: see requireProject). */
export function mayAccessBase(context: OperationContext, projectId: number, base: string, action: DmsAction): boolean {
  if (!context.user) return false;
  const subject = accessSubject(context.user, context.clientId);
  if (projectId === 0) {
    const area = COMPANY_AREAS[base];
    if (!area) return false;
    return action === 'read' ? true : can(subject, 'admin', { area });
  }
  const target = PROJECT_TARGETS[base]?.(projectId);
  return target !== undefined && can(subject, action === 'read' ? 'view' : 'edit', target);
}

/**
 * The tenant's project `projectId` exists (0, the company documents, always does).
 * @throws AppError 404 notFound.project
 */
export async function requireProject(context: OperationContext, projectId: number): Promise<void> {
  if (projectId !== 0) await findProject(context.store, context.clientId as number, projectId);
}

/**
 * Refuses `action` on `path` (relative, checked) unless the signed-in user may do it in its base folder.
 * @throws AppError 403 dms.permission (also for a path outside every base folder; writing the root is 400
 *   dms.notInBaseFolder)
 */
export function requireDmsAccess(context: OperationContext, projectId: number, path: string, action: DmsAction): void {
  const base = baseFolderOf(projectId, path);
  if (base === null) {
    if (path === '' && action === 'read') return;
    if (path === '' || action === 'write') throw new AppError(400, 'dms.notInBaseFolder');
    throw new AppError(403, 'dms.permission');
  }
  if (!mayAccessBase(context, projectId, base, action)) throw new AppError(403, 'dms.permission');
}

const DMS_DOWNLOAD = /^\/api\/projects\/(\d{1,15})\/dms\/download\?/;

/**
 * The store key of a file named by its DMS download URL (a node's `url`, as the file browser passes it to
 * /api/thumbnail/300?file={url}), after the signed-in user's read access to it is checked; null for any other value
 * (the caller's own rules then apply).
 * @throws AppError 400 dms.badPath, 403 dms.permission, 404 notFound.project
 */
export async function dmsKeyOfUrl(context: OperationContext, value: string | undefined): Promise<string | null> {
  const match = DMS_DOWNLOAD.exec(value ?? '');
  if (!match || context.clientId === undefined) return null;
  const projectId = Number(match[1]);
  const path = pathOfUrl(projectId, value);
  await requireProject(context, projectId);
  requireDmsAccess(context, projectId, path, 'read');
  return dmsFileKey(context.clientId, projectId, path);
}
