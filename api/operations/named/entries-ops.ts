/**
 * The "Project forms" calls of issue 24 §4 (administration-data.md §7): POST copy/{id}, POST getMultiple, PUT upload
 * (CSV import of entries) with its template, GET downloadlookupvalues. Each resolves the tenant's project (another
 * client's is 404) and the form offered on it first (api/operations/named/entries.ts scopeOf); the catalogue asks
 * the access question (Edit on the area for copy and upload, View for the reads).
 */
import { AppError } from '../../../engine/errors';
import { entriesCsvTemplate, MAX_ENTRY_IMPORT_BYTES } from '../../../engine/import/entries-csv';
import { message } from '../../../engine/messages/catalogue';
import type { NamedOperation } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import { copyEntry, entryById, getMultipleEntries, importEntries, lookupValuesCsv } from '../entries-ops';
import { requestProject } from '../projects';
import { attachment, scopeOf } from './entries';

/** A form's title made safe as part of a file name (as the register CSV's name is). */
function safeTitle(title: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
  return title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim();
}

function csvAnswer(text: string, fileName: string): Response {
  return new Response(text, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(fileName),
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * POST …/copy/{id}: a copy of the entry `id` (the Form entry's `id`) as a new draft (api/operations/entries-ops.ts
 * copyEntry). The form must still be offered on the project (404 notFound.form otherwise).
 */
export const copy: NamedOperation<'entries.copy'> = async ({ http: c, store, params, user, now }) => {
  const project = await requestProject(c, params.projectId);
  const original = await entryById(store, c.get('clientId'), project.id, params.formArea, params.id);
  const scope = await scopeOf(c, params, original.formId);
  return copyEntry(scope, original, user ?? c.get('user'), now);
};

/** POST …/getMultiple: the entries `entryNumbers` of form `formId`, in the order asked (at most 100). */
export const getMultiple: NamedOperation<'entries.getMultiple'> = async ({ http: c, params, body }) =>
  getMultipleEntries(await scopeOf(c, params, body.formId), body.entryNumbers);

/**
 * PUT …/upload?formId=N: a CSV file of entries (multipart `uploads[]`, one .csv) imported into form N, all or
 * nothing in one transaction (api/operations/entries-ops.ts importEntries).
 * @throws AppError 400 entriesOps.import.formId (no formId), entriesOps.import.notCsv; 415 for another body; 413
 *   entriesOps.import.tooLarge
 */
export const upload: NamedOperation<'entries.upload'> = inTransaction(async (context) => {
  const c = context.http;
  const formId = c.req.query('formId') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(formId)) throw new AppError(400, 'entriesOps.import.formId');
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  // The form first: a form that takes no CSV is refused before the file is read.
  const scope = { ...(await scopeOf(c, context.params, Number(formId))), store: context.store };
  if (scope.form.allowCsvUpload !== true) throw new AppError(409, 'entriesOps.import.notAllowed');
  const form = await c.req.formData();
  const files = [...form.getAll('uploads[]'), ...form.getAll('uploads')].filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
  );
  if (files.length !== 1 || !/\.csv$/i.test(files[0].name)) throw new AppError(400, 'entriesOps.import.notCsv');
  if (files[0].size > MAX_ENTRY_IMPORT_BYTES)
    throw new AppError(413, 'entriesOps.import.tooLarge', { limit: MAX_ENTRY_IMPORT_BYTES / (1024 * 1024) });
  const bytes = new Uint8Array(await files[0].arrayBuffer());
  return importEntries(scope, bytes, context.user ?? c.get('user'), context.now);
});

/** GET …/{formId}/uploadtemplate: the import template of the form, '{title} Import Template.csv'. */
export const uploadTemplate: NamedOperation<'entries.uploadTemplate'> = async ({ http: c, params }) => {
  const scope = await scopeOf(c, params, params.formId);
  return csvAnswer(
    entriesCsvTemplate(scope.form),
    message('entriesOps.templateFileName', { title: safeTitle(scope.form.title) }),
  );
};

/** GET …/{formId}/downloadlookupvalues: the values an import of the form takes, '{title} Lookup Values.csv'. */
export const downloadLookupValues: NamedOperation<'entries.downloadLookupValues'> = async ({ http: c, params }) => {
  const scope = await scopeOf(c, params, params.formId);
  return csvAnswer(
    await lookupValuesCsv(scope),
    message('entriesOps.lookupValuesFileName', { title: safeTitle(scope.form.title) }),
  );
};
