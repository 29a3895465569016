/** Projects (administration-data.md §7 Projects): getall/{type}, {id}, summary/{id}; another client's project is 404. */
import { projectScope } from '../../../engine/rules/access';
import type { Project } from '../../../engine/types/generated';
import { intParam } from '../../http/body';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation } from '../../resources/context';
import { withoutStoreKey } from '../documents';
import { findProject, projectUsers } from '../projects';

/**
 * GET /api/projects/getall/{type}: the tenant's projects of a type ('all' for every type), by code; only
 * those the user may see (engine/rules/access.ts projectScope: all, their own, or none).
 */
export const getall: NamedOperation = async ({ store, clientId, params, user }) => {
  const scope = user ? projectScope(accessSubject(user, clientId), 'projects') : { id: { $in: [] } };
  const filter: Record<string, unknown> = { ...scope, clientId };
  if (params.type !== 'all') filter.type = params.type;
  const projects = await store.collection<Project>('projects').find(filter, { sort: { code: 1 } });
  return projects.map(withoutStoreKey);
};

/** GET /api/projects/summary/{id}: `{ code, name }`. */
export const summary: NamedOperation = async ({ http: c, store, clientId }) => {
  const project = await findProject(store, clientId as number, intParam(c, 'id'));
  return { code: project.code, name: project.name };
};

/** GET /api/projects/{id}. */
export const get: NamedOperation = async ({ http: c, store, clientId }) =>
  withoutStoreKey(await findProject(store, clientId as number, intParam(c, 'id')));

/**
 * GET /api/projects/{id}/users: the people a form may notify on the project (form-configuration.md §3
 * answer field notificationUsers): Active users of the client with access to the project (activityOn),
 * `{ id, fullName }` by name. Another client's project is 404.
 */
export const users: NamedOperation = async ({ http: c, store, clientId }) => {
  const project = await findProject(store, clientId as number, intParam(c, 'id'));
  return projectUsers(store, clientId as number, project.id);
};
