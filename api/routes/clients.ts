/** Client routes (shell-access-navigation.md §7: GET api/client, api/client/getall, api/client/{id}). */
import { Hono } from 'hono';
import { AppError } from '../../engine/errors';
import type { Client } from '../../engine/types/generated';
import { intParam } from '../http/body';
import type { ApiEnv } from '../http/env';
import { requireSession, requireTenant } from '../middleware/session';
import { withoutStoreKey } from '../operations/documents';

/** Client routes; a user only ever sees the clients assigned to them. */
export function clientRoutes() {
  return new Hono<ApiEnv>()
    .use('/api/client', requireSession())
    .use('/api/client/*', requireSession())
    .get('/api/client', requireTenant(), async (c) => {
      const client = await c
        .get('store')
        .collection<Client>('clients')
        .findOne({ id: c.get('clientId') });
      if (!client) throw new AppError(404, 'notFound.client');
      return c.json(withoutStoreKey(client));
    })
    .get('/api/client/getall', async (c) => {
      const clients = await c
        .get('store')
        .collection<Client>('clients')
        .find({ id: { $in: c.get('user').clientIds } }, { sort: { name: 1 } });
      return c.json(clients.map(withoutStoreKey));
    })
    .get('/api/client/:id', async (c) => {
      const id = intParam(c, 'id');
      if (!c.get('user').clientIds.includes(id)) throw new AppError(404, 'notFound.client');
      const client = await c.get('store').collection<Client>('clients').findOne({ id });
      if (!client) throw new AppError(404, 'notFound.client');
      return c.json(withoutStoreKey(client));
    });
}
