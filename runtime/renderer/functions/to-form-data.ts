/**
 * Converters from a loaded item (and the form source's data) to form data, by name (`load.toFormData`).
 */
import { format } from 'date-fns';
import { answersToFormData } from '../../../engine/forms/entry-data';
import { isPopulateType } from '../../../engine/rules/qr-code-setup';
import type { LabelPreparationSetup, QrCodeSetup } from '../../../engine/types/generated';
import type { FormDefinition, FormEntry } from '../../api/types';
import type { FormData } from '../SchemaForm';
import type { LabelColumn } from '../widgets/LabelColumnsField';
import type { QrTypesValue } from '../widgets/QrCodeTypesField';
import { subcontractingFormData } from './subcontracting';

/** An ISO date-time as the tables show it, 'yyyy-MM-dd HH:mm' (form-configuration.md §9). */
function shownDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'yyyy-MM-dd HH:mm');
}

/** Converters from a loaded item (and the source's data) to form data, by name. */
export const toFormData: Record<string, (item: unknown, sourceData: unknown) => FormData> = {
  /** A new project's code from GET /api/projects/newprojectcode (`{ code }`; null: none proposed). */
  newProjectCode(item) {
    const code = (item as { code?: unknown }).code;
    return typeof code === 'string' && code !== '' ? { code } : {};
  },
  /**
   * A project (GET /api/projects/{id}) as the project form's data: its fields, and the logo's file path
   * (the file-upload value) read from logoUrl; the computed hasEdit and organizationName are left out.
   */
  project(item) {
    const { logoUrl, hasEdit: _e, organizationName: _o, ...fields } = item as Record<string, unknown>;
    const prefix = '/api/files/download?file=';
    const logo =
      typeof logoUrl === 'string' && logoUrl.startsWith(prefix)
        ? [decodeURIComponent(logoUrl.slice(prefix.length))]
        : [];
    return { ...fields, ...(logo.length > 0 ? { logo } : {}) } as FormData;
  },
  /**
   * A drawing register row (drawingRegister.list) as the drawing form's data: its own fields, empty ones left
   * out (an empty date or status is no value); its files are not form values (the file inputs add files).
   */
  drawingRegisterItem(item) {
    const row = item as Record<string, unknown>;
    const fields = ['id', 'name', 'revision', 'dateTimeIssued', 'description', 'type', 'source', 'notes'];
    const lists = ['structuredRefs', 'elements', 'levels', 'elevations', 'cores', 'packages'];
    const data: FormData = {};
    for (const field of [...fields, 'drawingRegisterStatus'])
      if (row[field] !== undefined && row[field] !== null && row[field] !== '') data[field] = row[field];
    for (const field of lists)
      if (Array.isArray(row[field]) && (row[field] as unknown[]).length > 0) data[field] = row[field];
    return data;
  },
  /**
   * A drawing's row as the start of its next revision: the drawing's fields without its revision, date issued and
   * id (the new revision is a new item).
   */
  drawingRevision(item, sourceData) {
    const { id: _id, revision: _r, dateTimeIssued: _d, ...rest } = toFormData.drawingRegisterItem(item, sourceData);
    return rest;
  },
  /** The item itself (a settings record whose fields are the form's fields). */
  item(item) {
    return { ...(item as FormData) };
  },
  /**
   * A QR code setup as the setup form's data: name, audit, Status, Access Type, a Non Role Based setup's access,
   * and the Role Based tabs by type (roles, Populate questions with a checkbox's values together).
   */
  qrCodeSetup(item) {
    const setup = item as QrCodeSetup;
    const types: QrTypesValue = {};
    for (const role of setup.qrCodeRoleDetails ?? []) {
      const tab = types[String(role.type)] ?? { roles: [], questions: [] };
      tab.roles.push(role.roleId);
      types[String(role.type)] = tab;
    }
    for (const detail of setup.qrCodeTypeDetails ?? []) {
      if (!isPopulateType(detail.type)) continue;
      const tab = types[String(detail.type)] ?? { roles: [], questions: [] };
      for (const { questionId, value } of detail.qrCodeQuestions ?? []) {
        const row = tab.questions.find((q) => q.questionId === questionId);
        if (!row) tab.questions.push({ questionId, value });
        else row.value = [...(Array.isArray(row.value) ? row.value : [row.value]), value];
      }
      types[String(detail.type)] = tab;
    }
    const view = (setup.qrCodeTypeDetails ?? []).find((t) => t.type === 2);
    return {
      name: setup.name,
      modified: shownDate(setup.modified),
      modifiedBy: setup.modifiedBy,
      status: setup.isActive === false ? 'Inactive' : 'Active',
      roleAccessType: setup.roleAccessType,
      ...(setup.roleAccessType === 'NonRoleBased' ? { accessType: view?.accessType ?? 'Private' } : { types }),
    };
  },
  /** A label preparation setup as its form's data: name, audit, Status, and the columns in order. */
  labelSetup(item) {
    const setup = item as LabelPreparationSetup;
    const columns = [
      ...setup.labelPreparationSetupExportFormQuestions.map((q) => ({
        kind: 'question',
        id: q.questionId,
        order: q.order,
      })),
      ...setup.labelPreparationSetupExportQRCodes.map((q) => ({ kind: 'qrCode', id: q.qrCodeSetupId, order: q.order })),
    ]
      .sort((a, b) => a.order - b.order)
      .map(({ kind, id }) => ({ kind, id }) as LabelColumn);
    return {
      name: setup.name,
      modified: shownDate(setup.modified),
      modifiedBy: setup.modifiedBy,
      status: setup.isActive === false ? 'Inactive' : 'Active',
      columns,
    };
  },
  /** The values of a scanned Populate QR code (qrCodes.scan: { answers }) as a new entry's first data. */
  scanPopulate(item, sourceData) {
    const answers = (item as { answers?: FormEntry['answers'] }).answers ?? [];
    return answersToFormData(sourceData as FormDefinition, answers);
  },
  /** The entry of a Public View QR code (qrCodes.publicEntry: { form, entry }), read only. */
  publicEntryAnswers(item) {
    const { form, entry } = item as { form: FormDefinition; entry: Pick<FormEntry, 'answers'> };
    return answersToFormData(form, entry.answers);
  },
  /** A subcontracting order, payment or package as its form's data (functions/subcontracting.ts). */
  subcontracting(item) {
    return subcontractingFormData(item);
  },
  /** A saved form entry's answers, against its form definition. */
  formEntryAnswers(item, sourceData) {
    return answersToFormData(sourceData as FormDefinition, (item as FormEntry).answers);
  },
};
