/** Project routes (administration-data.md §7 Projects): getall/{type}, {id}, summary/{id}; tenant-scoped. */
import { Hono } from 'hono';
import type { Project } from '../../engine/types/generated';
import { intParam } from '../http/body';
import type { ApiEnv } from '../http/env';
import { requireSession, requireTenant } from '../middleware/session';
import { withoutStoreKey } from '../operations/documents';
import { findProject } from '../operations/projects';

/** Project routes; another client's project answers 404. */
export function projectRoutes() {
  return new Hono<ApiEnv>()
    .use('/api/projects/*', requireSession(), requireTenant())
    .get('/api/projects/getall/:type', async (c) => {
      const type = c.req.param('type');
      const filter: Record<string, unknown> = { clientId: c.get('clientId') };
      if (type !== 'all') filter.type = type;
      const projects = await c
        .get('store')
        .collection<Project>('projects')
        .find(filter, { sort: { code: 1 } });
      return c.json(projects.map(withoutStoreKey));
    })
    .get('/api/projects/summary/:id', async (c) => {
      const project = await findProject(c.get('store'), c.get('clientId'), intParam(c, 'id'));
      return c.json({ code: project.code, name: project.name });
    })
    .get('/api/projects/:id', async (c) => {
      const project = await findProject(c.get('store'), c.get('clientId'), intParam(c, 'id'));
      return c.json(withoutStoreKey(project));
    });
}
