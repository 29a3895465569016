/**
 * The Hono environment of the API: what the middleware chain puts on the context.
 * session → user → tenant (clientId), in that order (DESIGN.md "api/").
 */

import type { ParamValue } from '../../engine/api/params';
import type { Project } from '../../engine/types/generated';
import type { SessionDoc, UserDoc } from '../auth/types';
import type { InvitationSender } from '../mail/invitation-sender';
import type { OfflineUploads } from '../offline/uploads';
import type { PdfJobRunner } from '../pdf/jobs';
import type { PdfRenderers } from '../pdf/renderers';
import type { Store } from '../store/port';

export interface ApiVariables {
  store: Store;
  session: SessionDoc;
  user: UserDoc;
  /** The tenant: the session's current client. Set by requireTenant. */
  clientId: number;
  /**
   * The body's declared length was checked without reading it (api/app.ts): readBody takes the body straight
   * from Node's request (api/http/body.ts requestText).
   */
  incomingBody?: true;
  /** The operation's path parameters, typed as the catalogue declares them (api/catalogue.ts readParams). */
  params?: Readonly<Record<string, ParamValue>>;
  /** The project of the path, as the access check read it (requestProject): the handler reuses it. */
  project?: Project;
  /** The request's validated JSON body, when the access check had to read it (a question about the body's project). */
  body?: unknown;
  /** The Content-Security-Policy nonce of this answer (api/middleware/security.ts). */
  cspNonce: string;
  /** Forwarded headers are trusted (TRUST_PROXY). */
  trustProxy: boolean;
  /** Session lifetime in milliseconds (the login operation sets the cookie's Max-Age from it). */
  sessionTtlMs: number;
  /** The key QR code scan tokens are signed with (QR_CODE_KEY; else one kept in the store, api/qr/token.ts). */
  qrCodeKey?: string;
  /** The platform's public address for scan URLs (PUBLIC_URL); else the request's origin. */
  publicUrl?: string;
  /** Delivers employee invitations (api/mail/invitation-sender.ts); default: logs the link. */
  invitationSender?: InvitationSender;
  /** The app's PDF job runner (api/pdf/jobs.ts). */
  pdfJobs?: PdfJobRunner;
  /** The PDF renderers the jobs run (api/pdf/renderers.ts; tests give their own). */
  pdfRenderers?: PdfRenderers;
  /** The tus server of the offline pages' uploads (api/offline/uploads.ts). */
  offlineUploads?: OfflineUploads;
}

export interface ApiEnv {
  Variables: ApiVariables;
}
