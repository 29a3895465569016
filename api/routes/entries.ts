/**
 * Project form entry routes under /api/projects/{id}/forms/{formArea} (administration-data.md §7
 * "Project forms"): PUT submit, POST getall/{formId}, GET {formId}/get/{entryNumber}, POST download (CSV).
 */
import { type Context, Hono } from 'hono';
import { AppError } from '../../engine/errors';
import { csvFileName, registerCsv } from '../../engine/export/csv';
import type { Client, DownloadRequest, FormEntrySubmission, RegisterQuery } from '../../engine/types/generated';
import { intParam, readBody, slugParam } from '../http/body';
import type { ApiEnv } from '../http/env';
import { requireSession, requireTenant } from '../middleware/session';
import { type EntryScope, entriesForDownload, getEntry, registerPage, submitEntry } from '../operations/entries';
import { publishedFormForProject } from '../operations/forms';
import { findProject } from '../operations/projects';

async function scopeOf(c: Context<ApiEnv>, formId: number): Promise<EntryScope> {
  const store = c.get('store');
  const clientId = c.get('clientId');
  const project = await findProject(store, clientId, intParam(c, 'projectId'));
  const form = await publishedFormForProject(store, clientId, project.id, slugParam(c, 'formArea'), formId);
  const client = await store.collection<Client>('clients').findOne({ id: clientId });
  if (!client) throw new AppError(404, 'notFound.client');
  return { store, clientId, clientName: client.name, project, form };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Entry routes; every call is scoped to the tenant and to a project and form of that tenant. */
export function entryRoutes() {
  const base = '/api/projects/:projectId/forms/:formArea';
  return new Hono<ApiEnv>()
    .use(`${base}/*`, requireSession(), requireTenant())
    .put(`${base}/submit`, async (c) => {
      const body = await readBody<FormEntrySubmission>(c, 'submission');
      const scope = await scopeOf(c, body.formId);
      return c.json(await submitEntry(scope, body, c.get('user')));
    })
    .post(`${base}/getall/:formId`, async (c) => {
      const query = await readBody<RegisterQuery>(c, 'register-query', {});
      const scope = await scopeOf(c, intParam(c, 'formId'));
      return c.json(await registerPage(scope, query));
    })
    .get(`${base}/:formId/get/:entryNumber`, async (c) => {
      const scope = await scopeOf(c, intParam(c, 'formId'));
      return c.json(await getEntry(scope, intParam(c, 'entryNumber')));
    })
    .post(`${base}/download`, async (c) => {
      const body = await readBody<DownloadRequest>(c, 'download-request');
      const scope = await scopeOf(c, body.formId);
      const entries = await entriesForDownload(scope, body);
      const csv = registerCsv(scope.form, entries, { timeZone: process.env.TZ });
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachment(csvFileName(scope.form, new Date())),
        'Cache-Control': 'no-store',
      });
    });
}
