/**
 * The Hono environment of the API: what the middleware chain puts on the context.
 * session → user → tenant (clientId), in that order (DESIGN.md "api/").
 */

import type { SessionDoc, UserDoc } from '../auth/types';
import type { Store } from '../store/port';

export interface ApiVariables {
  store: Store;
  session: SessionDoc;
  user: UserDoc;
  /** The tenant: the session's current client. Set by requireTenant. */
  clientId: number;
  /** The Content-Security-Policy nonce of this answer (api/middleware/security.ts). */
  cspNonce: string;
  /** Forwarded headers are trusted (TRUST_PROXY). */
  trustProxy: boolean;
  /** Session lifetime in milliseconds (the login operation sets the cookie's Max-Age from it). */
  sessionTtlMs: number;
}

export interface ApiEnv {
  Variables: ApiVariables;
}
