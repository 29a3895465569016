/** Stored shapes used by authentication (the user entity is schemas/entities/user.schema.json). */
import type { User } from '../../engine/types/generated';

export type UserDoc = User & { _id: string };

/** A server-side session (collection `sessions`). `sid` is the SHA-256 of the cookie value, never the value itself. */
export interface SessionDoc {
  _id?: string;
  [key: string]: unknown;
  sid: string;
  userId: number;
  currentClient: number | null;
  createdAt: Date;
  expiresAt: Date;
  /** The last request (the idle limit counts from it). */
  lastSeenAt?: Date;
  /** The idle limit in ms: the client's idle time plus the grace period (api/auth/sessions.ts idleLimitMs). */
  idleMs?: number;
}
