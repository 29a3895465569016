/**
 * GET /api/projects/{projectId}/forms/{formArea}/export-setting (issue 24 §3; docs/entries.md "Download names"):
 * the project's file-name format of the form area, `{ id, projectId, formArea, format, isDefault: false }`, or the
 * default format `{ projectId, formArea, format, isDefault: true }` when none is saved, so the Export Settings page
 * always opens on the name its downloads get (and "none saved" is no error). Access is the catalogue's (`can`: the
 * area's administrators, another client's project 404).
 * @throws AppError 404 notFound.generic for a path area that is no form area
 */
import { AppError } from '../../../engine/errors';
import { DEFAULT_DOWNLOAD_NAME_FORMAT } from '../../../engine/export/download-name';
import { isFormArea } from '../../../engine/rules/sections';
import type { NamedOperation } from '../../resources/context';
import { downloadNameFormat } from '../download-names';
import { requestProject } from '../projects';

export const get: NamedOperation<'exportSettings.get'> = async ({ http: c, store, params }) => {
  const clientId = c.get('clientId');
  if (!isFormArea(params.formArea)) throw new AppError(404, 'notFound.generic');
  const project = await requestProject(c, params.projectId);
  const saved = await downloadNameFormat({ store, clientId, project }, params.formArea);
  if (!saved)
    return { projectId: project.id, formArea: params.formArea, format: DEFAULT_DOWNLOAD_NAME_FORMAT, isDefault: true };
  return { id: saved.id, projectId: project.id, formArea: params.formArea, format: saved.format, isDefault: false };
};
