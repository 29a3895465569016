/** The user as the API sends it (docs/api.md UserView): never passwordHash, never clientIds. */
import type { UserDoc } from '../auth/types';

export interface UserView {
  id: number;
  fullName: string;
  email: string;
  currentClient: number | null;
  status: UserDoc['status'];
  processes: UserDoc['processes'];
  isLoggedIn: true;
  numberOfAssignedClients: number;
}

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
  };
}
