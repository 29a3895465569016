/**
 * DocumentPicker (form-configuration.md §2 'dms-buttons', "Document picker and drawing register picker";
 * administration-data.md §2 "Document picker dialog", "Document Register dialog"; issue 23 item 5): documents
 * chosen from the project's document folders (the DMS base folders Vault, Quality Assurance, Health and Safety,
 * Quantity Surveying below `projects/{projectId}/documents`) or drawing register files
 * (`projects/{projectId}/drawing-register/{itemId}/{fileName}`); one or several (`multiple`, default several).
 *
 * The answer is a list of picked-document values (pickedDocumentValue): the file's client-relative path with the
 * revision it had when picked, `<path>?versionId=<DMS version id>&revision=<revision number>` for a DMS file,
 * `<path>?revision=<drawing revision>` for a drawing register file (the register item's id in the path pins that
 * revision already). A later revision of the file does not change what the entry refers to. An answer saved
 * before issue 23 (a bare path) stays valid and reads as the file's current version.
 */
import { message } from '../../messages/catalogue';
import type { DocumentPickerQuestion } from '../../types/generated';
import { valueTexts } from './display';
import { FILE_PATH_PATTERN, multipleProperty } from './file-upload';
import type { AnyQuestion, FieldType, JSONSchema } from './types';

/** The document store's folder of a project, under the client's files. */
export function projectDocumentsFolder(projectId: number | string): string {
  return `projects/${projectId}/documents`;
}

/** The drawing register's folder of a project, under the client's files (contract.md §A). */
export function projectDrawingRegisterFolder(projectId: number | string): string {
  return `projects/${projectId}/drawing-register`;
}

/** One picked document: its client-relative path and, when known, the DMS version id and the revision shown. */
export interface PickedDocument {
  path: string;
  /** The DMS version picked (BlobStore versionId); absent for register files and for answers saved before. */
  versionId?: string;
  /** The revision shown with the name: a DMS revisionNumber ('2') or a drawing's revision ('C'). */
  revision?: string;
}

/** A query value as the answer keeps it: letters, digits and `._~-`, anything else %-encoded. */
const QUERY_VALUE = '[A-Za-z0-9._~*%-]{1,100}';

/** The answer value's pattern: a file path, then optionally the picked version and revision. */
export const PICKED_DOCUMENT_PATTERN = `${FILE_PATH_PATTERN.slice(0, -1)}(\\?versionId=${QUERY_VALUE}(&revision=${QUERY_VALUE})?|\\?revision=${QUERY_VALUE})?$`;

/** The stored value of a picked document (inverse of parsePickedDocument). */
export function pickedDocumentValue(document: PickedDocument): string {
  const query = new URLSearchParams();
  if (document.versionId) query.set('versionId', document.versionId);
  if (document.revision) query.set('revision', document.revision);
  const text = query.toString().replace(/\+/g, '%20');
  return text ? `${document.path}?${text}` : document.path;
}

/** A stored value read back: a bare path (an answer saved before issue 23) has no version and no revision. */
export function parsePickedDocument(value: string): PickedDocument {
  const mark = value.indexOf('?');
  if (mark < 0) return { path: value };
  const query = new URLSearchParams(value.slice(mark + 1));
  const versionId = query.get('versionId') ?? undefined;
  const revision = query.get('revision') ?? undefined;
  return { path: value.slice(0, mark), ...(versionId ? { versionId } : {}), ...(revision ? { revision } : {}) };
}

/** The DMS browser's id prefix of a stored name (administration-data.md §3 "DMS node": dropped when shown). */
const ID_PREFIX = /^[0-9a-f-]{36}_/;

/** A picked document's name as shown: the stored name without the DMS id prefix. */
export function pickedDocumentName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(ID_PREFIX, '');
}

/** 'GA-101.pdf (Rev. 2)' (catalogue pdf.documentRevision), or the name alone when no revision was kept. */
export function pickedDocumentText(value: string): string {
  const { path, revision } = parsePickedDocument(value);
  const file = pickedDocumentName(path);
  return revision ? message('pdf.documentRevision', { file, revision }) : file;
}

/**
 * Where a picked document's bytes are, at the revision picked: a DMS file by its download call with `versionId`
 * (contract.md §C `/api/projects/{projectId}/dms/download?path=&versionId=`), anything else (a drawing register
 * file, whose item pins the revision; an answer saved before issue 23) by the file call.
 */
export function pickedDocumentUrl(value: string, projectId: number | string): string {
  const { path, versionId } = parsePickedDocument(value);
  const root = `${projectDocumentsFolder(projectId)}/`;
  if (path.startsWith(root)) {
    const query = new URLSearchParams({ path: path.slice(root.length) });
    if (versionId) query.set('versionId', versionId);
    return `/api/projects/${projectId}/dms/download?${query.toString()}`;
  }
  return `/api/files/download?file=${encodeURIComponent(path)}`;
}

/** The answer: picked documents (at least one when required, one when not `multiple`). */
export function pickedDocumentsSchema(q: AnyQuestion & { multiple?: boolean }): JSONSchema {
  const schema: JSONSchema = {
    type: 'array',
    title: q.label,
    uniqueItems: true,
    items: { type: 'string', maxLength: 800, pattern: PICKED_DOCUMENT_PATTERN },
  };
  if (q.required) schema.minItems = 1;
  if (q.multiple === false) schema.maxItems = 1;
  return schema;
}

export const documentPicker: FieldType<DocumentPickerQuestion> = {
  name: 'documentPicker',
  questionType: 'DocumentPicker',
  titleId: 'fieldType.documentPicker',
  icon: 'FolderOpen',
  summaryId: 'fieldType.documentPicker.summary',
  description:
    "Documents chosen from the project's document folders (tabs Vault, Quality Assurance, Health and Safety, Quantity Surveying) or the drawing register (dms-buttons); the answer is each file's path with the revision picked.",
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
    good: ['projects/1/documents/Vault/GA-101.pdf?versionId=v1&revision=1'],
    bad: ['../secret.pdf'],
  },
  widget: 'dms-buttons',
  schema: pickedDocumentsSchema,
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
  // The names with their revisions, one a line in the CSV (a name may hold a comma).
  ...valueTexts(pickedDocumentText, true),
};
