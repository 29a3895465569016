/** Project look-ups scoped to a tenant. */

import type { Context } from 'hono';
import { AppError } from '../../engine/errors';
import { accessIn, activityOn } from '../../engine/rules/access';
import type { Project, User } from '../../engine/types/generated';
import type { ApiEnv } from '../http/env';
import type { Store } from '../store/port';

/**
 * The project with that id of that client.
 * @throws AppError 404 notFound.project when missing or owned by another client
 */
export async function findProject(store: Store, clientId: number, projectId: number) {
  const project = await store.collection<Project>('projects').findOne({ id: projectId, clientId });
  if (!project) throw new AppError(404, 'notFound.project');
  return project;
}

/**
 * The tenant's project `projectId`, read once per request: the access check (requireAccess) and the handler
 * share the one read (issue "Performance at scale" §4).
 * @throws AppError 404 notFound.project when missing or owned by another client
 */
export async function requestProject(c: Context<ApiEnv>, projectId: number): Promise<Project> {
  const known = c.get('project');
  if (known?.id === projectId) return known;
  const project = await findProject(c.get('store'), c.get('clientId'), projectId);
  c.set('project', project);
  return project;
}

/**
 * The people a form answer may notify on a project (form-configuration.md §3 notificationUsers): Active
 * users of the client with access to the project (engine/rules/access.ts activityOn), `{ id, fullName }`
 * by name.
 */
export async function projectUsers(store: Store, clientId: number, projectId: number) {
  const candidates = await store.collection<User>('users').find({ clientIds: clientId, status: 'Active' });
  return candidates
    .filter((user) =>
      activityOn({ processes: user.processes, access: accessIn(user, clientId) }, 'projects', projectId),
    )
    .map((user) => ({ id: user.id, fullName: user.fullName }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}
