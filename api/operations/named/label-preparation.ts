/**
 * Label preparation, base /api/settings/labelpreparation/{formArea}/{formEntryNumber} (form-configuration.md
 * §7): add and edit under the rules of engine/rules/label-preparation.ts, and the export of a CSV of labels.
 * getall, getallactive, remove, activate and deactivate are generic resource handlers.
 */
import { AppError } from '../../../engine/errors';
import { labelCsv, labelFileName } from '../../../engine/export/labels';
import { message } from '../../../engine/messages/catalogue';
import type { FormEntry, LabelPreparationSetup } from '../../../engine/types/generated';
import { publicOrigin, scanUrl, signingKey, signScanToken } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { findWorkingCopy, latestPublished } from '../forms';
import { setupsOfForm } from '../qr-codes';

type LabelDoc = LabelPreparationSetup & { [key: string]: unknown };

type LabelOperation = 'labelPreparation.add' | 'labelPreparation.edit' | 'labelPreparation.export';

/** The working copy of the path's form (`{formArea}/{formEntryNumber}`: the form's area and id). */
function formOf({ store, clientId, params }: OperationContext<LabelOperation>) {
  return findWorkingCopy(store, clientId as number, params.formArea, params.formEntryNumber);
}

async function activeQrSetups(context: OperationContext<LabelOperation>, formId: number) {
  return (await setupsOfForm(context.store, context.clientId as number, formId)).filter((s) => s.isActive);
}

/**
 * POST …/export/{id}: the CSV of labels of the chosen entries (exportEntryIds: entry ids of this form on the
 * body's project, on which the catalogue's question needs Edit) for an active setup, named '{yyyyMMdd} {menu name}
 * {form name} {setup name}.csv'. Each QR column holds the entry's scan URL for that setup.
 * @throws AppError 404 labelPreparation.notFound, 400 labelPreparation.inactive, 400
 *   labelPreparation.unknownEntries (ids that are not this form's entries on the project)
 */
export const exportLabels: NamedOperation<'labelPreparation.export'> = async (context) => {
  const { http: c, store, body: request } = context;
  const clientId = context.clientId as number;
  const working = await formOf(context);
  const form = (await latestPublished(store, clientId, working.id)) ?? working;
  const setup = await store
    .collection<LabelDoc>('labelPreparationSetups')
    .findOne({ clientId, formId: form.id, id: context.params.id, isDeleted: { $ne: true } });
  if (!setup) throw new AppError(404, 'labelPreparation.notFound');
  if (!setup.isActive) throw new AppError(400, 'labelPreparation.inactive');
  const ids = request.exportEntryIds;
  const found = await store
    .collection<FormEntry & { [key: string]: unknown }>('formEntries')
    .find({ clientId, projectId: request.projectId, formId: form.id, id: { $in: ids } });
  const byId = new Map(found.map((e) => [e.id, e]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError(400, 'labelPreparation.unknownEntries', { ids: missing.join(', ') });
  const qrSetups = new Map((await activeQrSetups(context, form.id)).map((s) => [s.id, { name: s.name }]));
  const key = await signingKey(c);
  const origin = publicOrigin(c);
  const url = (entry: FormEntry, setupId: number) =>
    scanUrl(
      origin,
      signScanToken({ c: clientId, f: form.id, s: setupId, k: 'entry', p: entry.projectId, e: entry.entryNumber }, key),
    );
  const entries = ids.map((id) => byId.get(id) as FormEntry);
  const csv = labelCsv(form, setup, entries, qrSetups, url);
  const menuName = request.menuName?.trim() || menuNameOf(form.formArea);
  const fileName = labelFileName(context.now, menuName, form.title, setup.name);
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  });
};

/** The menu name of a form area for the file name (its section title), e.g. 'Quality Assurance'. */
function menuNameOf(formArea: string): string {
  const ids: Record<string, Parameters<typeof message>[0]> = {
    'quality-assurance': 'shell.qualityAssurance',
    'health-and-safety': 'shell.healthSafety',
    qs: 'shell.quantitySurveying',
    estimating: 'shell.estimating',
  };
  return ids[formArea] ? message(ids[formArea]) : message('projects.title');
}
