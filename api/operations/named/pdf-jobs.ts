/**
 * The PDF calls of a project's forms (administration-data.md §7 "Project forms"; issue 24 §2; docs/entries.md
 * "PDF downloads"), as jobs of api/pdf/jobs.ts:
 * - POST downloadPdf?imageQuality: entries' PDFs (one entry: a PDF; several, of one or more forms: a zip);
 * - POST downloadPdfRegister: a register's PDF (its visible columns, filters and ticked entries);
 * - GET checkPdfComplete / checkpdfregistercomplete / pdfdownloadstatus ?jobId: the job's status;
 * - GET pdfdownloadstop?jobId: stops it (no file is left);
 * - GET pdfdownloadfile?jobId: the finished file (deleted once downloaded whole).
 * Every call needs View on the project's form area (the catalogue's `can`); a job is its user's, on the project
 * and form area it was started on (others: 404).
 */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { AppError } from '../../../engine/errors';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import type { FormDefinition, FormEntry, PdfRegisterRequest } from '../../../engine/types/generated';
import type { ApiEnv } from '../../http/env';
import { pdfDownloadName } from '../../pdf/file-names';
import type { PdfJobOwner, PdfJobRunner } from '../../pdf/jobs';
import { defaultPdfRenderers, type PdfRenderers } from '../../pdf/renderers';
import { type EntryTarget, entriesZipWork, entryPdfWork, registerPdfWork } from '../../pdf/work';
import type { NamedOperation } from '../../resources/context';
import { type EntryScope, entriesForDownload, getEntry, registerPage } from '../entries';
import { publishedVersionForProject } from '../forms';
import { attachment, scopeOf } from './entries';

/**
 * The image quality of a PDF's photos when downloadPdf gives none (the spec: "The default PDF image quality is
 * passed as a parameter. Its value is not shown"): JPEG quality 80, indistinguishable from the photo on a
 * printed page at about a third of its size (docs/decisions.md "PDF jobs").
 */
export const DEFAULT_PDF_IMAGE_QUALITY = 80;

function runnerOf(c: Context<ApiEnv>): PdfJobRunner {
  const runner = c.get('pdfJobs');
  if (!runner) throw new AppError(503, 'pdfJobs.queueFull');
  return runner;
}

const renderersOf = (c: Context<ApiEnv>): PdfRenderers => c.get('pdfRenderers') ?? defaultPdfRenderers;

function ownerOf(c: Context<ApiEnv>, params: { projectId: number; formArea: string }): PdfJobOwner {
  return {
    userId: c.get('user').id,
    clientId: c.get('clientId'),
    projectId: params.projectId,
    formArea: params.formArea,
  };
}

/**
 * `?imageQuality`: an integer 1..100, DEFAULT_PDF_IMAGE_QUALITY when absent.
 * @throws AppError 400 pdfJobs.badImageQuality otherwise (no job is started)
 */
export function imageQualityOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PDF_IMAGE_QUALITY;
  const quality = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(quality >= 1 && quality <= 100)) throw new AppError(400, 'pdfJobs.badImageQuality');
  return quality;
}

/** The scope of each form asked for, read once per form. */
function scopes(c: Context<ApiEnv>, params: { projectId: number; formArea: string }) {
  const known = new Map<number, Promise<EntryScope>>();
  return (formId: number) => {
    let scope = known.get(formId);
    if (!scope) {
      scope = scopeOf(c, params, formId);
      known.set(formId, scope);
    }
    return scope;
  };
}

/** The form version entry `entry` was filled in (the published form when it names none or the latest). */
async function entryForm(
  scope: EntryScope,
  formArea: string,
  formVersion: number | undefined,
): Promise<FormDefinition> {
  if (formVersion === undefined || formVersion === scope.form.version) return scope.form;
  return publishedVersionForProject(
    scope.store,
    scope.clientId,
    scope.project.id,
    formArea,
    scope.form.id,
    formVersion,
  );
}

/** `name` made unique among `taken` ('x.pdf', 'x (2).pdf', ...), and taken. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1)
    candidate = `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * POST …/downloadPdf?imageQuality: starts a job writing the PDFs of `entries` ({ formId, entryNumber }, 1 to 500,
 * of forms of the path's area offered on the project; repeats count once), each with its own form version. One
 * entry: a PDF; several: a zip of PDFs. Answers 202 with the job's status.
 * @throws AppError 400 pdfJobs.badImageQuality; 404 notFound.form / notFound.entry (a form or entry not on the
 *   project, another client's); 429 pdfJobs.queueFull
 */
export const downloadPdf: NamedOperation<'entries.downloadPdf'> = async ({ http: c, params, body }) => {
  const imageQuality = imageQualityOf(c.req.query('imageQuality'));
  const scopeFor = scopes(c, params);
  const seen = new Set<string>();
  const wanted = body.entries.filter(({ formId, entryNumber }) => {
    const key = `${formId}:${entryNumber}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Every entry is checked before a job starts: a missing one is a 404 now, not a failed job later.
  const found: { scope: EntryScope; entryNumber: number; single?: FormEntry }[] = [];
  for (const { formId, entryNumber } of wanted) {
    const scope = await scopeFor(formId);
    const entry = await getEntry(scope, entryNumber);
    await entryForm(scope, params.formArea, entry.formVersion);
    found.push({ scope, entryNumber, single: wanted.length === 1 ? entry : undefined });
  }
  const settings = { renderers: renderersOf(c), imageQuality, printedOn: new Date(), timeZone: process.env.TZ };
  const runner = runnerOf(c);
  const owner = ownerOf(c, params);
  if (found.length === 1) {
    const { scope, single } = found[0];
    const entry = single as NonNullable<typeof single>;
    const form = await entryForm(scope, params.formArea, entry.formVersion);
    const fileName = await pdfDownloadName({ kind: 'entry', scope, entry });
    const work = entryPdfWork({ scope, form, entry, fileName }, settings);
    return c.json(runner.start(owner, 'entry', fileName, 'application/pdf', work), 202);
  }
  // Read one entry at a time as its turn comes (an entry deleted meanwhile fails the job with its message); the
  // zip's names are made unique in the order the entries go in.
  const taken = new Set<string>();
  const load = async (index: number): Promise<EntryTarget> => {
    const { scope, entryNumber } = found[index];
    const entry = await getEntry(scope, entryNumber);
    const fileName = uniqueName(await pdfDownloadName({ kind: 'entry', scope, entry }), taken);
    return { scope, entry, form: await entryForm(scope, params.formArea, entry.formVersion), fileName };
  };
  const fileName = await pdfDownloadName({ kind: 'zip', scopes: found.map(({ scope }) => scope) });
  const work = entriesZipWork(found.length, load, settings);
  return c.json(runner.start(owner, 'entry', fileName, 'application/zip', work), 202);
};

/** The register columns every form's register has, by id, and their headers' messages. */
const FIXED_HEADERS: Record<string, MessageId> = {
  entryNumber: 'register.entryNumber',
  date: 'register.date',
  enteredBy: 'register.enteredBy',
  status: 'register.status',
};

/** The status filter's values and their texts. */
const STATUS_LABELS: Record<string, MessageId> = {
  Draft: 'register.status.Draft',
  Submitted: 'register.status.Submitted',
  All: 'register.status.All',
};

/** The filters of a register PDF's request as the PDF lists them: each column's header and the value. */
function filterLines(request: PdfRegisterRequest): { label: string; value: string }[] {
  const header = (id: string) =>
    request.columns.find((column) => column.id === id)?.header ?? (FIXED_HEADERS[id] ? message(FIXED_HEADERS[id]) : id);
  const lines = (request.filters ?? []).map(({ id, value }) => {
    const status = id === 'status' ? STATUS_LABELS[String(value)] : undefined;
    const text = status ? message(status) : String(value);
    return { label: header(id), value: text };
  });
  if (request.globalFilter) lines.push({ label: message('pdfJobs.search'), value: request.globalFilter });
  return lines;
}

/**
 * POST …/downloadPdfRegister: starts a job writing the register of form `formId` as a PDF table: the request's
 * `columns` ({ id, header }: the register's visible columns, in order), the rows its sorting, filters and global
 * filter select (only the ticked `downloadFormIds` when some are given; without a status filter, submitted
 * entries, as the CSV). Answers 202 with the job's status.
 * @throws AppError 404 notFound.form; 429 pdfJobs.queueFull
 */
export const downloadPdfRegister: NamedOperation<'entries.downloadPdfRegister'> = async ({ http: c, params, body }) => {
  const scope = await scopeOf(c, params, body.formId);
  const ticked = body.downloadFormIds && body.downloadFormIds.length > 0 ? body.downloadFormIds : undefined;
  const query = {
    sorting: body.sorting,
    filters: body.filters,
    globalFilter: body.globalFilter,
    downloadFormIds: ticked,
  };
  // How many rows (for the progress): the ticked ones, or the register's count with the download's default status.
  const hasStatus = (body.filters ?? []).some((filter) => filter.id === 'status');
  const total = ticked
    ? ticked.length
    : (
        await registerPage(scope, {
          ...query,
          filters: hasStatus ? body.filters : [...(body.filters ?? []), { id: 'status', value: 'Submitted' }],
          pageSize: 10,
        })
      ).totalRecords;
  const fileName = await pdfDownloadName({ kind: 'register', scope });
  const work = registerPdfWork(
    {
      form: scope.form,
      title: scope.form.title,
      columns: body.columns.map(({ id, header }) => ({ id, header })),
      filters: filterLines(body),
      // The rows stream from store cursors with the fields a register shows (engine/export/csv.ts CsvEntry).
      rows: entriesForDownload(scope, query) as AsyncIterable<never>,
      total,
      projectName: scope.project.name,
      clientName: scope.clientName,
      printedOn: new Date(),
      timeZone: process.env.TZ,
    },
    renderersOf(c),
  );
  return c.json(runnerOf(c).start(ownerOf(c, params), 'register', fileName, 'application/pdf', work), 202);
};

/** GET …/checkPdfComplete?jobId: an entry PDF job's status (`complete` true when its file is ready). */
export const checkPdfComplete: NamedOperation<'entries.checkPdfComplete'> = async ({ http: c, params }) =>
  runnerOf(c).status(ownerOf(c, params), c.req.query('jobId'), 'entry');

/** GET …/checkpdfregistercomplete?jobId: a register PDF job's status. */
export const checkPdfRegisterComplete: NamedOperation<'entries.checkPdfRegisterComplete'> = async ({
  http: c,
  params,
}) => runnerOf(c).status(ownerOf(c, params), c.req.query('jobId'), 'register');

/** GET …/pdfdownloadstatus?jobId: either kind's status, with its percentage. */
export const pdfDownloadStatus: NamedOperation<'entries.pdfDownloadStatus'> = async ({ http: c, params }) =>
  runnerOf(c).status(ownerOf(c, params), c.req.query('jobId'));

/** GET …/pdfdownloadstop?jobId: stops the job; answers once no file of it is left. */
export const pdfDownloadStop: NamedOperation<'entries.pdfDownloadStop'> = async ({ http: c, params }) =>
  runnerOf(c).stop(ownerOf(c, params), c.req.query('jobId'));

/**
 * GET …/pdfdownloadfile?jobId: the finished PDF or zip, as an attachment with the job's file name; the file is
 * deleted once sent whole.
 * @throws AppError 404 pdfJobs.notFound; 409 pdfJobs.notReady, pdfJobs.stopped, pdfJobs.failed
 */
export const pdfDownloadFile: NamedOperation<'entries.pdfDownloadFile'> = async ({ http: c, params }) => {
  const file = await runnerOf(c).file(ownerOf(c, params), c.req.query('jobId'));
  const stream = Readable.toWeb(file.open() as Readable) as unknown as ReadableStream<Uint8Array>;
  return c.body(stream, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': attachment(file.fileName),
    'Cache-Control': 'no-store',
  });
};
