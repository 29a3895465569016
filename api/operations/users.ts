/**
 * The user as the API sends it (schemas/api/user-view.schema.json, docs/api.md UserView): never
 * passwordHash, never clientIds; with the access of the current client (docs/access.md), which the
 * browser's guards and menus read through the same engine module the server asks.
 */
import { accessIn } from '../../engine/rules/access';
import type { UserView } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';

export type { UserView };

/** Builds the UserView of a stored user with the session's current client. */
export function toUserView(user: UserDoc, currentClient: number | null): UserView {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    currentClient,
    status: user.status,
    processes: user.processes,
    isLoggedIn: true,
    numberOfAssignedClients: user.clientIds.length,
    access: accessIn(user, currentClient),
  };
}
