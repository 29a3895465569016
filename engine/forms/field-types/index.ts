/**
 * The field-type table: every question type by name (one file each). The compiler, the answer
 * conversion, the server validation and the register/CSV display look a question's type up here
 * (fieldTypeOf) instead of switching on it.
 */
import type { Question } from '../../types/generated';
import { type QuestionKind, questionKind } from '../questions';
import { checkboxes } from './checkboxes';
import { colour } from './colour';
import { date } from './date';
import { documentPicker } from './document-picker';
import { dropdown } from './dropdown';
import { fileUpload } from './file-upload';
import { grid } from './grid';
import { hyperlink } from './hyperlink';
import { image } from './image';
import { long } from './long';
import { multiSelect } from './multi-select';
import { note } from './note';
import { number } from './number';
import { richText } from './rich-text';
import { signature } from './signature';
import { table, tableLight } from './table';
import { temperature } from './temperature';
import { text } from './text';
import { tick } from './tick';
import { toggle } from './toggle';
import type { FieldType } from './types';

export type { FieldType, FieldUiSchema, JSONSchema } from './types';

/** Every question type by name. */
export const fieldTypes: Readonly<Record<QuestionKind, FieldType>> = {
  text,
  long,
  hyperlink,
  number,
  dropdown,
  date,
  checkboxes,
  tick,
  grid,
  multiSelect,
  note,
  temperature,
  toggle,
  colour,
  richText,
  fileUpload,
  signature,
  table,
  tableLight,
  image,
  documentPicker,
};

/** The type of a question. */
export function fieldTypeOf(question: Pick<Question, 'type' | 'extendedType' | 'options'>): FieldType {
  return fieldTypes[questionKind(question)];
}
