/**
 * FileUpload: files kept in the file store (issue "The form runtime" §6; form-configuration.md §5 "File
 * upload: accepted types and multiple files are configurable"; administration-data.md file upload field).
 * The answer is the list of the files' paths (`<folder>/<name>`, client-relative); the files themselves
 * are uploaded by the field (POST /api/files/upload) into the question's folder of the entry.
 */
import type { FileUploadQuestion } from '../../types/generated';
import { valueTexts } from './display';
import type { AnyQuestion, FieldType, JSONSchema, PropertySchema } from './types';

/** The name of a stored file: its path's last segment. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A file path as the file calls take it: folder segments and a name. */
export const FILE_PATH_PATTERN = "^[A-Za-z0-9][A-Za-z0-9 _().,'&+-]*(/[A-Za-z0-9][A-Za-z0-9 _().,'&+-]*)+$";

/** The `multiple` keyword of the questions that take files (FileUpload, DocumentPicker). */
export const multipleProperty: PropertySchema = {
  type: 'boolean',
  default: true,
  'x-title': 'question.multiple',
  description: 'Takes several files (the default) or one.',
  'x-editor': 'switch',
};

/** The answer of a question taking files: their paths, at least one when required, one when not `multiple`. */
export function filesSchema(q: AnyQuestion & { multiple?: boolean }): JSONSchema {
  const schema: JSONSchema = {
    type: 'array',
    title: q.label,
    uniqueItems: true,
    items: { type: 'string', maxLength: 500, pattern: FILE_PATH_PATTERN },
  };
  if (q.required) schema.minItems = 1;
  if (q.multiple === false) schema.maxItems = 1;
  return schema;
}

export const fileUpload: FieldType<FileUploadQuestion> = {
  name: 'fileUpload',
  questionType: 'FileUpload',
  titleId: 'fieldType.fileUpload',
  icon: 'AttachFile',
  summaryId: 'fieldType.fileUpload.summary',
  description: 'Files kept in the file store (file-upload); the answer is their paths.',
  properties: {
    accept: {
      type: 'string',
      maxLength: 200,
      'x-title': 'question.accept',
      description:
        "The accepted types, as the HTML accept attribute ('image/*,.pdf'); default any type the server admits.",
      'x-editor': 'text',
    },
    multiple: multipleProperty,
  },
  example: {
    question: { id: 17, label: 'Photos', type: 'FileUpload', accept: 'image/*' },
    good: ['questions/17/k3x9/slab.png'],
    bad: ['../../etc/passwd'],
  },
  widget: 'file-upload',
  schema: filesSchema,
  uiSchema: (q) => ({
    'ui:widget': 'file-upload',
    'ui:options': { accept: q.accept ?? '', multiple: q.multiple !== false, folder: `questions/${q.id}` },
  }),
  multiValued: true,
  entryFiles: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  // The files' names, not their paths; one a line in the CSV (a name may hold a comma).
  ...valueTexts(fileName, true),
};
