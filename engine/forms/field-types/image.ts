/**
 * Image (form-configuration.md §2 'img'): a picture of the client's file store shown in the form (a site
 * plan, a sign to check against), with its label; opened full size in the image viewer. Never answered: as a
 * note, it has no register text and no column in the CSV.
 */
import { note } from './note';
import type { FieldType } from './types';

export const image: FieldType = {
  ...note,
  name: 'image',
  widget: 'img',
  uiSchema: (q) => ({ 'ui:widget': 'img', 'ui:field': 'img', 'ui:options': { file: q.imageFile } }),
};
