/**
 * Signature: a signature drawn on a pad (form-configuration.md §2 'signature-pad', §5, §9), stored as a
 * PNG file in the file store; the answer is the file's path. The rules are engine/forms/signature.ts.
 */
import { FILE_PATH_PATTERN } from './file-upload';
import type { FieldType } from './types';

export const signature: FieldType = {
  name: 'signature',
  widget: 'signature-pad',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: 500, pattern: FILE_PATH_PATTERN }),
  uiSchema: (q) => ({ 'ui:widget': 'signature-pad', 'ui:options': { folder: `questions/${q.id}` } }),
  multiValued: false,
  entryFiles: true,
  signed: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Text',
  displayText: (value) => value.slice(value.lastIndexOf('/') + 1),
};
