/**
 * The offline router (issue 26 §2; contract-26 §4): installed in the API client (`routeCallsOffline`) while a
 * project's offline pages are open, it answers the form runtime's calls on the device, so the same FormScreen and
 * widgets fill entries with no network: forms.getForProject (the bundle's; ?version=N its older versions),
 * entries.get / entries.getall (the `entries` table; register rows built by the engine's own row builder, plus
 * `syncState` and `entryId`), entries.submit (entry and command in one transaction), entries.discard, the file calls
 * (files kept on the device; object URLs) and projects.users. Every other operation goes to the network as usual.
 */
import type { OperationName } from '../../engine/api/operations';
import { ALL_STATUSES, splitStatusFilter } from '../../engine/forms/entry-status';
import { entryToRegisterRow, queryRows } from '../../engine/registers/rows';
import type { RegisterQuery } from '../../engine/types/generated';
import type { CallOptions, OfflineRouter } from '../api/client';
import { currentDb, type LocalFile } from './db';
import {
  bundleOf,
  discardLocalEntry,
  findEntry,
  forgetEntry,
  formOf,
  localEntries,
  refusal,
  saveLocalEntry,
  shownNumber,
  toFormEntry,
} from './entries';
import { deleteFile, deleteFolder, knownObjectUrl, listFolder, storeUploads, warmObjectUrls } from './files';
import { request } from './http';

const HANDLED = new Set<OperationName>([
  'forms.getForProject',
  'entries.get',
  'entries.getall',
  'entries.submit',
  'entries.discard',
  'files.upload',
  'files.list',
  'files.delete',
  'files.deleteFolder',
  'projects.users',
]);

function num(value: string | number | undefined, name: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isSafeInteger(n))
    throw refusal(400, 'validation.badParam', { value: String(value), name });
  return n;
}

/** A register page from the entries on the device: the online register's rows, with each entry's sync state. */
async function registerPage(projectId: number, formId: number, query: RegisterQuery) {
  const db = currentDb();
  const bundle = await bundleOf(db, projectId);
  const form = formOf(bundle, formId);
  const entries = await localEntries(projectId, formId);
  const { status, rest } = splitStatusFilter(query.filters);
  const rows = entries
    .map((entry) => ({
      ...entryToRegisterRow(form, { ...toFormEntry(entry), id: shownNumber(entry) }),
      syncState: entry.syncState,
      entryId: entry.entryId,
    }))
    .filter((row) => status === undefined || status === ALL_STATUSES || row.status === status);
  const matched = queryRows(rows, { sorting: query.sorting, filters: rest, globalFilter: query.globalFilter });
  const pageIndex = query.pageIndex ?? 0;
  const pageSize = query.pageSize ?? 10;
  return {
    items: matched.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    totalRecords: matched.length,
    drafts: entries.filter((e) => e.isDraft).length,
  };
}

/**
 * The offline router of project `projectId`'s offline pages (contract-26 §4).
 * @param projectId the project whose bundle answers (a call for another project is refused 404)
 */
export function createOfflineRouter(projectId: number): OfflineRouter {
  // The file calls carry no form area: the one of the form last opened through the router (its uploads go with it).
  let formArea: LocalFile['formArea'] = 'quality-assurance';
  void warmObjectUrls(projectId).catch(() => undefined);

  const ownProject = (params: CallOptions['params'], key = 'projectId') => {
    if (num(params?.[key], key) !== projectId) throw refusal(404, 'offline.notTakenOffline');
  };
  const area = (params: CallOptions['params']) => {
    const given = String(params?.formArea ?? '');
    if (given === 'quality-assurance' || given === 'health-and-safety') formArea = given;
    return given;
  };

  const calls: Partial<Record<OperationName, (options: CallOptions) => Promise<unknown>>> = {
    'forms.getForProject': async ({ params, query }) => {
      ownProject(params);
      const given = area(params);
      const bundle = await bundleOf(currentDb(), projectId);
      const form = formOf(
        bundle,
        num(params?.id, 'id'),
        query?.version === undefined ? undefined : num(query.version, 'version'),
      );
      if (form.formArea !== given) throw refusal(404, 'offline.formNotOffline');
      return form;
    },
    'entries.get': async ({ params }) => {
      ownProject(params);
      area(params);
      const entry = await findEntry(
        currentDb(),
        projectId,
        num(params?.formId, 'formId'),
        num(params?.entryNumber, 'entryNumber'),
      );
      if (!entry) throw refusal(404, 'notFound.entry');
      return toFormEntry(entry);
    },
    'entries.getall': async ({ params, body }) => {
      ownProject(params);
      area(params);
      return registerPage(projectId, num(params?.formId, 'formId'), (body ?? {}) as RegisterQuery);
    },
    'entries.submit': async ({ params, query, body }) => {
      ownProject(params);
      const submission = body as { formId: number; entryNumber?: number; answers: [] };
      const order = query?.activePageOrder;
      return saveLocalEntry({
        projectId,
        formArea: area(params),
        formId: num(submission?.formId, 'formId'),
        entryNumber: submission?.entryNumber,
        answers: Array.isArray(submission?.answers) ? submission.answers : [],
        draft: query?.isFromPaging === 'true',
        activePageOrder: order !== undefined && /^[1-9]\d{0,3}$/.test(order) ? Number(order) : undefined,
      });
    },
    'entries.discard': async ({ params }) => {
      ownProject(params);
      const formId = num(params?.formId, 'formId');
      const { discarded, entry } = await discardLocalEntry(projectId, formId, num(params?.entryNumber, 'entryNumber'));
      if (discarded) return { entryNumber: entry.localNumber, files: 0 };
      // On the server (or maybe, a command having been sent): only the server may discard it.
      if (entry.entryNumber === undefined || globalThis.navigator?.onLine === false)
        throw refusal(503, 'offline.notOffline');
      const { body } = await request<{ entryNumber: number; files: number }>(
        'DELETE',
        `/api/projects/${projectId}/forms/${area(params)}/${formId}/entry/${entry.entryNumber}`,
      );
      await forgetEntry(entry.entryId);
      return body;
    },
    'files.upload': async ({ query, body }) => storeUploads(projectId, formArea, query?.folder ?? '', body),
    'files.list': async ({ query }) => listFolder(query?.folder ?? ''),
    'files.delete': async ({ query }) => deleteFile(query?.file ?? ''),
    'files.deleteFolder': async ({ query }) => {
      await deleteFolder(query?.folder ?? '');
      return undefined;
    },
    'projects.users': async ({ params }) => {
      ownProject(params, 'id');
      return (await bundleOf(currentDb(), projectId)).projectUsers;
    },
  };

  return {
    handles: (name) => HANDLED.has(name),
    async call(name, options) {
      const call = calls[name];
      if (!call) throw refusal(500, 'common.serverError');
      return call(options);
    },
    fileUrl: (path) => knownObjectUrl(path),
  };
}
