/** Clients (shell-access-navigation.md §7): the current one, the user's, one of the user's. */
import { AppError } from '../../../engine/errors';
import type { Client } from '../../../engine/types/generated';
import type { NamedOperation } from '../../resources/context';
import { withoutStoreKey } from '../../resources/documents';

/** GET /api/client: the session's current client. */
export const current: NamedOperation<'clients.current'> = async ({ store, clientId }) => {
  const client = await store.collection<Client>('clients').findOne({ id: clientId });
  if (!client) throw new AppError(404, 'notFound.client');
  return withoutStoreKey(client);
};

/** GET /api/client/getall: the clients the user is assigned to, by name. */
export const getall: NamedOperation<'clients.getall'> = async ({ http: c, store }) => {
  const clients = await store
    .collection<Client>('clients')
    .find({ id: { $in: c.get('user').clientIds } }, { sort: { name: 1 } });
  return clients.map(withoutStoreKey);
};

/** GET /api/client/{id}: one client the user is assigned to; 404 otherwise. */
export const get: NamedOperation<'clients.get'> = async ({ http: c, store, params: { id } }) => {
  if (!c.get('user').clientIds.includes(id)) throw new AppError(404, 'notFound.client');
  const client = await store.collection<Client>('clients').findOne({ id });
  if (!client) throw new AppError(404, 'notFound.client');
  return withoutStoreKey(client);
};
