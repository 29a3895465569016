/**
 * Form entries of a project (administration-data.md §3, §7): submit, a register page, one entry, and the
 * register as CSV. Each resolves the project (another client's is 404) and the published form first.
 */
import type { Context } from 'hono';
import { AppError } from '../../../engine/errors';
import { registerCsvStream } from '../../../engine/export/csv';
import type { Client, FormEntry, LinkedFormSetup } from '../../../engine/types/generated';
import type { ApiEnv } from '../../http/env';
import { mayNotify, queueEntryNotification } from '../../mail/notifications';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation } from '../../resources/context';
import { formRegisterCharts } from '../category-registers';
import { downloadNameFor } from '../download-names';
import { discardEntry, type EntryScope, entriesForDownload, getEntry, registerPage, submitEntry } from '../entries';
import { publishedFormForProject } from '../forms';
import { requestProject } from '../projects';
import { qrGrantsUpdate } from './qr-codes';

/** The entry scope of the path's project and form area and the form `formId`. */
export async function scopeOf(
  c: Context<ApiEnv>,
  params: { projectId: number; formArea: string },
  formId: number,
): Promise<EntryScope> {
  const store = c.get('store');
  const clientId = c.get('clientId');
  const project = await requestProject(c, params.projectId);
  const form = await publishedFormForProject(store, clientId, project.id, params.formArea, formId);
  const client = await store.collection<Client>('clients').findOne({ id: clientId });
  if (!client) throw new AppError(404, 'notFound.client');
  return { store, clientId, clientName: client.name, project, form };
}

/** A Content-Disposition of a download named `fileName` (ASCII fallback and the UTF-8 name). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * PUT …/submit: a new entry, or (with entryNumber) a changed one. `?isFromPaging=true&activePageOrder=N`: a page
 * save (form-configuration.md §4 Multi-page renderer): the entry so far, as a draft in which required questions may
 * still be unanswered; N (1-based) is the page the user is on, where Continue opens the draft (docs/api.md). A
 * submit whose notify questions name users queues their notification e-mail in the same transaction (issue 25 §5).
 */
export const submit: NamedOperation<'entries.submit'> = async (context) => {
  const { http: c, body: submission } = context;
  const fromPaging = c.req.query('isFromPaging') === 'true';
  const order = c.req.query('activePageOrder');
  const activePageOrder = order !== undefined && /^[1-9]\d{0,3}$/.test(order) ? Number(order) : undefined;
  const scope = await scopeOf(c, context.params, submission.formId);
  // ?qrToken=…: the entry is changed through an Update QR code the user's role holds (another's entry too).
  const qrUpdate =
    submission.entryNumber !== undefined &&
    (await qrGrantsUpdate(context, c.req.query('qrToken'), {
      projectId: scope.project.id,
      formId: scope.form.id,
      entryNumber: submission.entryNumber,
    }));
  const options = { draft: fromPaging, activePageOrder, qrUpdate };
  if (fromPaging || !mayNotify(submission.answers))
    return submitEntry(scope, submission, c.get('user'), new Date(), options);
  // A submit that may notify someone: the entry and its notification e-mail are kept together or not at all.
  const origin = publicOrigin(c);
  return context.store.withTransaction((store) => {
    const now = new Date();
    const onSubmitted = async (entry: FormEntry) => {
      await queueEntryNotification(store, scope, entry, origin, now);
    };
    return submitEntry({ ...scope, store }, submission, c.get('user'), now, { ...options, onSubmitted });
  });
};

/** DELETE …/{formId}/entry/{entryNumber}: discards a draft with its files (docs/decisions.md "Drafts"). */
export const discard: NamedOperation<'entries.discard'> = async ({ http: c, params }) =>
  discardEntry(await scopeOf(c, params, params.formId), params.entryNumber);

/** POST …/getall/{formId}: a page of the register. */
export const getall: NamedOperation<'entries.getall'> = async ({ http: c, params, body }) =>
  registerPage(await scopeOf(c, params, params.formId), body);

/** POST …/getall/{formId}/charts: the register's charts, with its filters (issue 24 §6). */
export const registerCharts: NamedOperation<'entries.registerCharts'> = async ({ http: c, params, body }) =>
  formRegisterCharts(await scopeOf(c, params, params.formId), body ?? {});

/** GET …/{formId}/get/{entryNumber}: one entry. */
export const get: NamedOperation<'entries.get'> = async ({ http: c, params }) =>
  getEntry(await scopeOf(c, params, params.formId), params.entryNumber);

/**
 * POST …/download: the register as a CSV file (docs/decisions.md "Registers and CSV"), streamed, named by the
 * project's export setting of the form area for a register download (docs/entries.md "Download names").
 */
export const download: NamedOperation<'entries.download'> = async ({ http: c, params, body: request }) => {
  const scope = await scopeOf(c, params, request.formId);
  const fileName = `${await downloadNameFor(scope)}.csv`;
  // Streamed from store cursors in pieces of rows (never the whole register nor one string of the file);
  // the time zone is checked before the first piece.
  const chunks = registerCsvStream(scope.form, entriesForDownload(scope, request), { timeZone: process.env.TZ });
  const encoder = new TextEncoder();
  const first = await chunks.next();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachment(fileName),
    'Cache-Control': 'no-store',
  });
};

/**
 * GET …/{formId}/linked/{entryNumber}/{linkedFormId}: what an active linked form setup of the form copies from
 * the entry into a new entry of the linked form on the same project: `{ formId, answers }`, one answer per
 * mapped question that the entry answered (docs/decisions.md "Linked form setups").
 * @throws AppError 404 notFound.entry, forms.noLink (no active link), notFound.form (the linked form is not
 *   offered on the project)
 */
export const linkedPrefill: NamedOperation<'entries.linkedPrefill'> = async ({ http: c, store, params }) => {
  const scope = await scopeOf(c, params, params.formId);
  const entry = await getEntry(scope, params.entryNumber);
  const link = await store.collection<LinkedFormSetup>('linkedFormSetups').findOne({
    clientId: scope.clientId,
    formId: scope.form.id,
    linkedFormId: params.linkedFormId,
    isActive: true,
  });
  if (!link) throw new AppError(404, 'forms.noLink');
  const target = await publishedFormForProject(
    store,
    scope.clientId,
    scope.project.id,
    link.linkedFormArea,
    link.linkedFormId,
  );
  const answers = link.questionMap.flatMap(({ fromQuestionId, toQuestionId }) => {
    const given = entry.answers.find((a) => a.questionId === fromQuestionId);
    return given && given.answers.length > 0 ? [{ questionId: toQuestionId, answers: given.answers }] : [];
  });
  return { formId: target.id, answers };
};
