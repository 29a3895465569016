/**
 * Which clients (tenants) a user reads (shell-access-navigation.md §7 "/api/client"): the session's current
 * client, and the clients the user is assigned to (another one is 404, as a missing one).
 */
import type { WhereHook } from '../resources/hooks';

/** where: the session's current client. */
export const currentClient: WhereHook = ({ context }) =>
  context.clientId === undefined ? false : { id: context.clientId };

/** where: the clients the user is assigned to. */
export const userClients: WhereHook = ({ context }) => ({ id: { $in: context.user?.clientIds ?? [] } });
