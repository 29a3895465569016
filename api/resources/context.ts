/**
 * What a catalogue operation's handler gets: the store, the tenant, the user, the path parameters and
 * the validated body, after the request pipeline (session → tenant → access → body) has run.
 */
import type { Context } from 'hono';
import type { Operation, OperationName } from '../../engine/api/operations';
import type { UserDoc } from '../auth/types';
import type { ApiEnv } from '../http/env';
import type { Store } from '../store/port';

export interface OperationContext {
  name: OperationName;
  operation: Operation;
  store: Store;
  /** The session's current client; undefined for public and session-level operations. */
  clientId?: number;
  /** The logged-in user; undefined for public operations. */
  user?: UserDoc;
  /** Path parameters by name, as strings. */
  params: Record<string, string>;
  /** The JSON body, already validated against `operation.body`. */
  body?: unknown;
  /** The clock (tests may fix it). */
  now: Date;
  /** The request's Hono context, for what JSON cannot carry: cookies, files, status codes. */
  http: Context<ApiEnv>;
}

/**
 * A named operation (api/operations/named): a thin function over the store; its answer is sent as JSON,
 * or as it is when it is a Response (a file, a cookie, a 201 or 204).
 */
export type NamedOperation = (context: OperationContext) => Promise<unknown>;
