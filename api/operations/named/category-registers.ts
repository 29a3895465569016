/**
 * The category registers of a project's quality assurance and health and safety pages, their charts and CSV, and
 * the project home's open items (issue 24 §5, §6): thin handlers over api/operations/category-registers.ts.
 */
import type { Context } from 'hono';
import type { Client, FormDefinition } from '../../../engine/types/generated';
import type { ApiEnv } from '../../http/env';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation } from '../../resources/context';
import {
  type CategoryScope,
  categoryCsv,
  categoryPage,
  categoryPageTitle,
  categoryRowsForDownload,
  categoryScope,
  categoryCharts as chartsOf,
  openItems as openItemsOf,
} from '../category-registers';
import { downloadNameFor } from '../download-names';
import { requestProject } from '../projects';

async function scopeOf(
  c: Context<ApiEnv>,
  params: { projectId: number; formArea: string; category: string },
): Promise<CategoryScope> {
  const project = await requestProject(c, params.projectId);
  return categoryScope(c.get('store'), c.get('clientId'), project, params.formArea, params.category);
}

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The download name of a category register (issue 24 §3: every CSV download uses the project's export setting of
 * the area): composed as a register download is, the category page's title (e.g. 'Health & Safety Inspections')
 * standing for the form's title, as the file holds several forms.
 */
async function categoryDownloadName(scope: CategoryScope): Promise<string> {
  const client = await scope.store.collection<Client>('clients').findOne({ id: scope.clientId });
  const title = categoryPageTitle(scope.formArea, scope.category);
  return downloadNameFor({
    store: scope.store,
    clientId: scope.clientId,
    clientName: client?.name ?? '',
    project: scope.project,
    form: { id: 0, formArea: scope.formArea, title } as FormDefinition,
  });
}

/** POST …/forms/{formArea}/category/{category}: a page of the category register. */
export const category: NamedOperation<'entries.category'> = async ({ http: c, params, body }) =>
  categoryPage(await scopeOf(c, params), body ?? {});

/** POST …/category/{category}/charts: the register's charts, with its filters (the store counts). */
export const categoryCharts: NamedOperation<'entries.categoryCharts'> = async ({ http: c, params, body }) =>
  chartsOf(await scopeOf(c, params), body ?? {});

/**
 * POST …/category/{category}/download: the category register as CSV (its columns), the ticked entries or the
 * filtered ones, streamed; named by the project's export setting of the area (`categoryDownloadName`).
 */
export const categoryDownload: NamedOperation<'entries.categoryDownload'> = async ({ http: c, params, body }) => {
  const scope = await scopeOf(c, params);
  const timeZone = process.env.TZ || 'UTC';
  const chunks = categoryCsv(scope, categoryRowsForDownload(scope, body ?? {}), timeZone);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const fileName = `${await categoryDownloadName(scope)}.csv`;
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachment(fileName),
    'Cache-Control': 'no-store',
  });
};

/** GET /api/projects/{projectId}/openitems: open items (drafts) per category page the user may view. */
export const openItems: NamedOperation<'entries.openItems'> = async ({ http: c, params }) =>
  openItemsOf(
    c.get('store'),
    c.get('clientId'),
    await requestProject(c, params.projectId),
    accessSubject(c.get('user'), c.get('clientId')),
  );
