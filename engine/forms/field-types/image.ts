/**
 * Image (form-configuration.md §2 'img'): a picture of the client's file store shown in the form (a site
 * plan, a sign to check against), with its label; opened full size in the image viewer. Never answered: as a
 * note, it has no register text and no column in the CSV.
 */
import type { ImageQuestion } from '../../types/generated';
import { note } from './note';
import type { FieldType } from './types';

/** A file path of the client's file store: folder segments and a name (as the file calls take it). */
export const STORED_FILE_PATTERN = "^[A-Za-z0-9][A-Za-z0-9 _().,'&+-]*(/[A-Za-z0-9][A-Za-z0-9 _().,'&+-]*)+$";

export const image: FieldType<ImageQuestion> = {
  ...note,
  name: 'image',
  questionType: 'Image',
  titleId: 'fieldType.image',
  icon: 'Image',
  summaryId: 'fieldType.image.summary',
  description: 'A picture of the file store shown in the form, never answered (img).',
  properties: {
    imageFile: {
      type: 'string',
      maxLength: 500,
      pattern: STORED_FILE_PATTERN,
      'x-title': 'question.imageFile',
      description: "The picture: a file of the client's file store (folder/name).",
      'x-editor': 'file',
    },
  },
  example: {
    question: { id: 21, label: 'Site plan', type: 'Image', imageFile: 'forms/plan.png' },
    good: null,
    bad: 'x',
  },
  widget: 'img',
  uiSchema: (q) => ({ 'ui:widget': 'img', 'ui:field': 'img', 'ui:options': { file: q.imageFile } }),
  definitionProblems: (q) => (q.imageFile ? [] : [{ keyword: 'imageFile', messageId: 'forms.imageNeedsFile' }]),
};
