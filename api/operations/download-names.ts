/**
 * The file name of a project's form downloads (administration-data.md §3 "File-name format for form downloads";
 * issue 24 §3): the project's export setting for the form's area (schemas/resources/export-setting.json; the
 * default without one) composed for an entry or, without one, for a register download, by the composer the Export
 * Settings page previews with (engine/export/download-name.ts). The CSV download and the PDF jobs name their files
 * with it; the caller adds the extension.
 */
import {
  composeDownloadName,
  type DownloadNameContext,
  parseDownloadNameFormat,
} from '../../engine/export/download-name';
import type { ExportSetting, FormEntry, Organisation } from '../../engine/types/generated';
import type { EntryScope } from './entries';

/** The project's saved setting for `formArea` (`{ id, format }`), undefined when none is saved (the default applies). */
export async function downloadNameFormat(
  scope: Pick<EntryScope, 'store' | 'clientId' | 'project'>,
  formArea: string,
): Promise<Pick<ExportSetting, 'id' | 'format'> | undefined> {
  const setting = await scope.store
    .collection<ExportSetting>('exportSettings')
    .findOne({ clientId: scope.clientId, projectId: scope.project.id, formArea });
  return setting ? { id: setting.id, format: setting.format } : undefined;
}

/**
 * The download name (without extension, safe on Windows, macOS and Linux) of `entry`, or of the register of
 * `scope.form` when no entry is given (its entry parts left out, Created the day of `now`), dates in the server's
 * time zone (TZ; UTC when unset).
 * A stored format the parser refuses (written before a rule changed) falls back to the default, so a download
 * never fails on its name.
 * @throws RangeError when TZ names an unknown time zone
 */
export async function downloadNameFor(scope: EntryScope, entry?: FormEntry, now: Date = new Date()): Promise<string> {
  const stored = await downloadNameFormat(scope, scope.form.formArea);
  let parts: ReturnType<typeof parseDownloadNameFormat>;
  try {
    parts = parseDownloadNameFormat(stored?.format);
  } catch {
    parts = parseDownloadNameFormat(undefined);
  }
  const { form, project } = scope;
  // A project's organisation is stored by id (its name is computed in answers): read only when a part needs it.
  const organizationName = parts.some((p) => p.type === 'project' && p.name === 'organisation')
    ? await organisationName(scope, project.organizationId)
    : undefined;
  const context: DownloadNameContext = {
    form,
    entry,
    project: {
      name: project.name,
      code: project.code,
      address: project.address,
      organizationName,
    },
    clientName: scope.clientName,
    now,
    timeZone: process.env.TZ || 'UTC',
  };
  return composeDownloadName(parts, context);
}

async function organisationName(
  scope: Pick<EntryScope, 'store' | 'clientId'>,
  id: number | undefined,
): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const organisation = await scope.store
    .collection<Organisation>('organisations')
    .findOne({ clientId: scope.clientId, id });
  return organisation?.name;
}
