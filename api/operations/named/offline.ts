/**
 * The offline calls of issue 26 (docs/offline.md "Protocol"; contract §2): a project's bundle, the batch of a
 * device's commands, and an entry's audit trail. The rules are in api/offline/bundle.ts and commands.ts.
 */
import { AppError } from '../../../engine/errors';
import { notModified, notOffline, offlineBundle } from '../../offline/bundle';
import { applyOfflineCommands, type EntryAuditRecord, entryAudit } from '../../offline/commands';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation } from '../../resources/context';
import { findProject } from '../projects';
import { scopeOf } from './entries';
import { offlineCandidates } from './projects';

/**
 * GET /api/projects/getQaOfflineInfo/{projectId}: the project's OfflineBundle, with `ETag: "<bundleVersion>"`;
 * an If-None-Match naming it answers 304 with no body. Only for a project the user may take offline (visible, not
 * archived, offline-available): otherwise 403 offlineSync.notInBundle; another client's project 404.
 */
export const bundle: NamedOperation<'projects.offlineBundle'> = async (context) => {
  const { http: c, store, params } = context;
  const clientId = context.clientId as number;
  const user = c.get('user');
  if (!user) throw new AppError(401, 'auth.notLoggedIn');
  const project = await findProject(store, clientId, params.projectId);
  if (!(await offlineCandidates(context)).some((p) => p.id === project.id)) throw notOffline(project.id);
  const answer = await offlineBundle(store, clientId, user, project, context.now);
  const etag = `"${answer.bundleVersion}"`;
  const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
  if (notModified(c.req.header('If-None-Match'), answer.bundleVersion)) return c.body(null, 304, headers);
  return c.json(answer, 200, headers);
};

/**
 * POST /api/projects/updateQaOfflineInfo/commands: a device's commands applied in order, each once per client
 * (api/offline/commands.ts); `{ results }` in the order sent, 200 whenever the body is valid.
 */
export const commands: NamedOperation<'projects.offlineCommands'> = async (context) => {
  const { http: c, store, body } = context;
  const user = c.get('user');
  if (!user) throw new AppError(401, 'auth.notLoggedIn');
  const origin = publicOrigin(c);
  return applyOfflineCommands(
    { store, clientId: context.clientId as number, user, origin, now: () => new Date() },
    body,
  );
};

/** GET …/{formId}/audit/{entryNumber}: the entry's audit trail of resolved conflicts, newest first. */
export const audit: NamedOperation<'entries.audit'> = async ({
  http: c,
  params,
}): Promise<Array<Omit<EntryAuditRecord, '_id' | 'clientId' | 'projectId' | 'formArea' | 'formId' | 'entryNumber'>>> =>
  entryAudit(await scopeOf(c, params, params.formId), params.entryNumber);
