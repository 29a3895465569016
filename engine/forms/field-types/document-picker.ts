/**
 * DocumentPicker (form-configuration.md §2 'dms-buttons', "Document picker and drawing register picker"):
 * documents chosen from the project's document store (the file store's `projects/{projectId}/documents`
 * folder and its sub-folders) in a tree; one or several (`multiple`, default several). The answer is the
 * list of the chosen files' paths, as a FileUpload's.
 */
import type { DocumentPickerQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { fileName, filesSchema, multipleProperty } from './file-upload';
import type { FieldType } from './types';

/** The document store's folder of a project, under the client's files. */
export function projectDocumentsFolder(projectId: number | string): string {
  return `projects/${projectId}/documents`;
}

export const documentPicker: FieldType<DocumentPickerQuestion> = {
  name: 'documentPicker',
  questionType: 'DocumentPicker',
  titleId: 'fieldType.documentPicker',
  icon: 'FolderOpen',
  summaryId: 'fieldType.documentPicker.summary',
  description:
    "Documents chosen from the project's document store, projects/{projectId}/documents, in a tree (dms-buttons); the answer is their paths.",
  properties: {
    multiple: multipleProperty,
    tooltip: {
      type: 'string',
      maxLength: 200,
      'x-title': 'question.tooltip',
      description: "The button's tooltip (form-configuration.md §2 'optional tooltip title').",
      'x-editor': 'text',
    },
  },
  example: {
    question: { id: 22, label: 'Drawings referred to', type: 'DocumentPicker' },
    good: ['projects/1/documents/Drawings/GA-101.pdf'],
    bad: ['../secret.pdf'],
  },
  widget: 'dms-buttons',
  schema: filesSchema,
  uiSchema: (q) => ({
    'ui:widget': 'dms-buttons',
    'ui:options': { multiple: q.multiple !== false, ...(q.tooltip ? { tooltip: q.tooltip } : {}) },
  }),
  multiValued: true,
  projectDocuments: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  ...valueTexts(fileName, true),
};
