/**
 * The offline boot's session (issue 26 §1; contract-26 §3, §4): when the network fails under `/offline/...` or
 * `/qa/access`, runtime/api/client.ts asks this module (loaded lazily, so the first page does not carry it) for
 * auth.isLoggedIn and clients.current, answered from the last signed-in session kept in localStorage. Kept small
 * and free of Dexie: the shell's session check must not load the offline store.
 */
import type { OperationName } from '../../engine/api/operations';
import type { Client, UserView } from '../../engine/types/generated';
import { LAST_SESSION_KEY } from '../api/client';

interface Remembered {
  userId: number;
  clientId: number;
  fullName: string;
  email: string;
  user?: UserView;
  client?: Client;
}

function remembered(): Remembered | null {
  try {
    const session = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as Remembered | null;
    return session && Number.isSafeInteger(session.userId) && Number.isSafeInteger(session.clientId) ? session : null;
  } catch {
    return null;
  }
}

/**
 * The answer of `name` from the last signed-in session: auth.isLoggedIn `{ isLoggedIn: true, user }` (the UserView
 * as last answered online), clients.current the client as last answered (its branding; a plain one when never
 * read). null for any other operation, or when nobody signed in on this device (or they logged out).
 */
export function offlineSessionAnswer(name: OperationName): unknown {
  const session = remembered();
  if (!session) return null;
  if (name === 'auth.isLoggedIn') {
    const user: UserView = session.user ?? {
      id: session.userId,
      fullName: session.fullName,
      email: session.email,
      currentClient: session.clientId,
      status: 'Active',
      processes: [],
      isLoggedIn: true,
      numberOfAssignedClients: 1,
      access: null,
    };
    return { isLoggedIn: true, user: { ...user, currentClient: session.clientId } };
  }
  if (name === 'clients.current')
    return (
      session.client ?? {
        id: session.clientId,
        name: '',
        logoUrl: '',
        idleTime: 0,
        primaryColour: '#1976d2',
        secondaryColour: '#9c27b0',
        tertiaryColour: '#ffffff',
      }
    );
  return null;
}
