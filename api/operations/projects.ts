/** Project look-ups scoped to a tenant. */
import { AppError } from '../../engine/errors';
import type { Project } from '../../engine/types/generated';
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
