/**
 * DocumentPicker (form-configuration.md §2 'dms-buttons', "Document picker and drawing register picker"):
 * documents chosen from the project's document store (the file store's `projects/{projectId}/documents`
 * folder and its sub-folders) in a tree; one or several (`multiple`, default several). The answer is the
 * list of the chosen files' paths, as a FileUpload's.
 */
import { fileUpload } from './file-upload';
import type { FieldType } from './types';

/** The document store's folder of a project, under the client's files. */
export function projectDocumentsFolder(projectId: number | string): string {
  return `projects/${projectId}/documents`;
}

export const documentPicker: FieldType = {
  ...fileUpload,
  name: 'documentPicker',
  widget: 'dms-buttons',
  projectDocuments: true,
  uiSchema: (q) => ({
    'ui:widget': 'dms-buttons',
    'ui:options': { multiple: q.multiple !== false, ...(q.tooltip ? { tooltip: q.tooltip } : {}) },
  }),
};
