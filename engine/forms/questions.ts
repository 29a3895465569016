/**
 * How the engine reads a form definition's questions (form-configuration.md §3 "Form", §5 "Form fields"):
 * the kind of field a question is, whether it is hidden, and the questions in page order.
 */
import type { FormDefinition, Question } from '../types/generated';

/**
 * The field a question renders as: a Text question by its extendedType (Normal when absent), a Checkbox
 * with options as a group of boxes ('checkboxes'), a Checkbox without options as one tick box ('tick'), a
 * Grid as a table of cells with scoring ('grid'); the other types by their own name.
 */
export type QuestionKind =
  | 'text'
  | 'long'
  | 'hyperlink'
  | 'number'
  | 'dropdown'
  | 'date'
  | 'checkboxes'
  | 'tick'
  | 'grid'
  | 'multiSelect'
  | 'note'
  | 'temperature'
  | 'toggle'
  | 'colour'
  | 'richText'
  | 'fileUpload'
  | 'signature'
  | 'table'
  | 'tableLight'
  | 'image'
  | 'documentPicker';

/** The {@link QuestionKind} of a question. */
export function questionKind(question: Pick<Question, 'type' | 'extendedType' | 'options'>): QuestionKind {
  switch (question.type) {
    case 'Dropdown':
      return 'dropdown';
    case 'Date':
      return 'date';
    case 'Grid':
      return 'grid';
    case 'MultiSelect':
      return 'multiSelect';
    case 'Note':
      return 'note';
    case 'Temperature':
      return 'temperature';
    case 'Toggle':
      return 'toggle';
    case 'Colour':
      return 'colour';
    case 'RichText':
      return 'richText';
    case 'FileUpload':
      return 'fileUpload';
    case 'Signature':
      return 'signature';
    case 'Table':
      return 'table';
    case 'TableLight':
      return 'tableLight';
    case 'Image':
      return 'image';
    case 'DocumentPicker':
      return 'documentPicker';
    case 'Checkbox':
      return (question.options ?? []).length > 0 ? 'checkboxes' : 'tick';
    default:
      switch (question.extendedType) {
        case 'Long':
          return 'long';
        case 'Hyperlink':
          return 'hyperlink';
        case 'Number':
          return 'number';
        default:
          return 'text';
      }
  }
}

/**
 * True for a question the form never shows: "Select and multi-select fields are hidden when not
 * required and without options" (form-configuration.md §5 Form fields): a Dropdown or a MultiSelect (a
 * Checkbox without options is a tick box, not a multi-select).
 */
export function isHiddenQuestion(question: Pick<Question, 'type' | 'options' | 'required'>): boolean {
  return (
    (question.type === 'Dropdown' || question.type === 'MultiSelect') &&
    question.required !== true &&
    (question.options ?? []).length === 0
  );
}

/**
 * Every question of a definition in page order, hidden ones included. A question id met again later
 * (a broken definition; engine/rules/form-definition.ts rejects it on save) is skipped: the first wins.
 */
export function allQuestions(def: Pick<FormDefinition, 'pages'>): Question[] {
  const seen = new Set<number>();
  const out: Question[] = [];
  for (const page of def.pages) {
    for (const question of page.questions) {
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      out.push(question);
    }
  }
  return out;
}

/** Distinct option values of a question in definition order (a repeated value is kept once). */
export function optionValues(question: Pick<Question, 'options'>): string[] {
  return [...new Set((question.options ?? []).map((o) => o.value))];
}
