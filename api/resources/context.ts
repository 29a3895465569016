/**
 * What a catalogue operation's handler gets: the store, the tenant, the user, the typed path parameters and
 * the validated body, after the request pipeline (session → tenant → access → params → body) has run
 * (api/catalogue.ts; issue 20 §4 "Typed parameters and bodies").
 */
import type { Context } from 'hono';
import type { Operation, OperationName } from '../../engine/api/operations';
import type { ParamValue } from '../../engine/api/params';
import type {
  NamedHandlerOperations,
  OperationBodyTypes,
  OperationParamTypes,
} from '../../engine/types/generated/operation-types';
import type { UserDoc } from '../auth/types';
import type { ApiEnv } from '../http/env';
import type { Store } from '../store/port';

/** What every handler gets besides its parameters and body. */
interface ContextBase {
  operation: Operation;
  store: Store;
  /** The session's current client; undefined for public and session-level operations. */
  clientId?: number;
  /** The logged-in user; undefined for public operations. */
  user?: UserDoc;
  /** The clock (tests may fix it). */
  now: Date;
  /** The request's Hono context, for what JSON cannot carry: cookies, files, query strings, status codes. */
  http: Context<ApiEnv>;
}

/**
 * The context of operation `N`: its path parameters typed as the catalogue's `params` declare them and its body
 * as its `body` schema's generated type (engine/types/generated/operation-types.ts), both checked already.
 */
export interface OperationContext<N extends OperationName = OperationName> extends ContextBase {
  name: N;
  params: OperationParamTypes[N];
  body: OperationBodyTypes[N];
}

/** The context of a generic handler (api/resources/handlers.ts): any operation, parameters by name. */
export interface GenericContext extends ContextBase {
  name: OperationName;
  params: Readonly<Record<string, ParamValue>>;
  /** The JSON body, already validated against `operation.body`. */
  body: unknown;
}

/**
 * A named operation (api/operations/named) serving the operations `N`: a thin function over the store; its
 * answer is sent as JSON, or as it is when it is a Response (a file, a cookie, a 201 or 204).
 */
export type NamedOperation<N extends OperationName> = (context: OperationContext<N>) => Promise<unknown>;

/** Every named handler of the catalogue, each typed for the operations it serves (a missing one fails tsc). */
export type NamedOperations = {
  readonly [H in keyof NamedHandlerOperations]: NamedOperation<NamedHandlerOperations[H]>;
};
