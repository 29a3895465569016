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
import { multipleProperty } from './file-upload';
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

/** A query value as the answer keeps it: letters, digits and `._~*-`, anything else %-encoded. */
const QUERY_VALUE = '[A-Za-z0-9._~*%-]{1,100}';

/**
 * One segment of a picked file's path: any printable character but '/' and '\' (DMS names are wide: '#', '[',
 * accents; api/dms/paths.ts), not starting with '.' (so never '.' or '..').
 */
const SEGMENT = '[^./\\\\\\u0000-\\u001F\\u007F-\\u009F][^/\\\\\\u0000-\\u001F\\u007F-\\u009F]*';

/** The revision suffix of a value: `?revision=` with the DMS `versionId=` before it. */
const SUFFIX = `\\?(?:versionId=(${QUERY_VALUE})&)?revision=(${QUERY_VALUE})`;
const SUFFIX_AT_END = new RegExp(`${SUFFIX}$`);

/**
 * The answer value's pattern: a client-relative file path of at least two segments, then the revision picked
 * (absent in answers saved before issue 23).
 */
export const PICKED_DOCUMENT_PATTERN = `^${SEGMENT}(/${SEGMENT})+(${SUFFIX})?$`;

/** The stored value of a picked document (inverse of parsePickedDocument); a picked file always has a revision. */
export function pickedDocumentValue(document: PickedDocument): string {
  if (!document.revision) return document.path;
  const revision = `revision=${encodeQuery(document.revision)}`;
  return `${document.path}?${document.versionId ? `versionId=${encodeQuery(document.versionId)}&` : ''}${revision}`;
}

/** A query value percent-encoded (encodeURIComponent leaves !'() too, which the answer's pattern does not take). */
function encodeQuery(value: string): string {
  return encodeURIComponent(value).replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A stored value read back: its revision suffix (the last `?…` when it reads as one, so a name may hold '?'), or
 * none (an answer saved before issue 23: a bare path).
 */
export function parsePickedDocument(value: string): PickedDocument {
  const found = SUFFIX_AT_END.exec(value);
  if (!found) return { path: value };
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const [suffix, versionId, revision] = found;
  return {
    path: value.slice(0, value.length - suffix.length),
    ...(versionId ? { versionId: decode(versionId) } : {}),
    revision: decode(revision),
  };
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
 * Where a picked document's bytes are, at the revision picked: a DMS file by the DMS download with its `versionId`
 * (contract.md §C), a drawing register file by the register's download (contract.md §D; its item pins the
 * revision), anything else (an answer saved before issue 23 outside both) by the file call.
 */
export function pickedDocumentUrl(value: string, projectId: number | string): string {
  const { path, versionId } = parsePickedDocument(value);
  const root = `${projectDocumentsFolder(projectId)}/`;
  if (path.startsWith(root)) {
    const query = new URLSearchParams({ path: path.slice(root.length) });
    if (versionId) query.set('versionId', versionId);
    return `/api/projects/${projectId}/dms/download?${query.toString()}`;
  }
  if (path.startsWith(`${projectDrawingRegisterFolder(projectId)}/`))
    return `/api/projects/${projectId}/sitework/drawingregister/download?url=${encodeURIComponent(path)}`;
  return `/api/files/download?file=${encodeURIComponent(path)}`;
}

/** The answer: picked documents (at least one when required, one when not `multiple`). */
export function pickedDocumentsSchema(q: AnyQuestion & { multiple?: boolean }): JSONSchema {
  const schema: JSONSchema = {
    type: 'array',
    title: q.label,
    uniqueItems: true,
    items: { type: 'string', maxLength: 1300, pattern: PICKED_DOCUMENT_PATTERN },
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
