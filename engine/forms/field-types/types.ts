/**
 * The shape of a question type of the field-type table (DESIGN.md "Each question type is one file in
 * engine/forms/field-types/"): its answer's JSON Schema and uiSchema (the compiler), its answer
 * conversion (entry-data), its server validation texts (validate-submission) and its register/CSV
 * display (registers/rows, export/csv). Adding a question type is one file here plus one widget of the
 * renderer's registry (runtime/renderer/widgets); renderer/screens.test.ts fails when a type names a
 * widget the registry lacks.
 */
import type { MessageId } from '../../messages/catalogue';
import type { Answer, AnswerValue, Question } from '../../types/generated';

/** A JSON Schema (2020-12) object as the compiler emits it. */
export interface JSONSchema {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JSONSchema>;
  required?: string[];
  items?: JSONSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JSONSchema[];
  not?: JSONSchema;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  uniqueItems?: boolean;
  [keyword: string]: unknown;
}

/** The uiSchema of one answer field. */
export interface FieldUiSchema {
  /** A field-type registry key of the renderer (the original's field type names). */
  'ui:widget': string;
  /** `inputType`: the HTML input type of an hz-input ('text', 'url', 'number'); a grid's definition and ratings. */
  'ui:options'?: {
    inputType?: 'text' | 'url' | 'number';
    grid?: unknown;
    ratings?: unknown;
    /** A grid question that is required (it needs an answered row: engine/forms/grid.ts). */
    required?: boolean;
    min?: number;
    max?: number;
    onLabel?: string;
    offLabel?: string;
    accept?: string;
    multiple?: boolean;
    folder?: string;
    /** A table's columns (engine/forms/table.ts). */
    columns?: { key: string; label?: string }[];
    /** An image's file (folder/name in the client's file store). */
    file?: string;
    /** A date's picker: 'month' for a month and year. */
    picker?: 'day' | 'month';
    /** A document picker button's tooltip. */
    tooltip?: string;
  };
  /** How the field is laid out: label above (vertical), beside (horizontal), or in a panel (accordion). */
  'ui:wrapper'?: 'vertical' | 'horizontal' | 'accordion';
  /** false: the widget shows no label of its own (the wrapper shows it). */
  'ui:label'?: boolean;
  /** A custom RJSF field rendering the whole value (a grid's table), by registry name. */
  'ui:field'?: string;
  /** Shown only while this JSON Schema holds for the form data (engine/forms/visibility.ts). */
  'ui:visibleWhen'?: JSONSchema;
  /** The question's helpText. */
  'ui:help'?: string;
  /** '' for selects, so the blank first option shows (form-configuration.md §5). */
  'ui:placeholder'?: string;
}

/** The data-table column types a question's register column can have (administration-data.md "Data table"). */
export type ColumnType = 'Text' | 'Textarea' | 'HyperLink' | 'Number' | 'DropDown' | 'Date' | 'MultiSelect' | 'Boolean';

/** One question type. */
export interface FieldType {
  /** The type's key in the table. */
  name: string;
  /** The renderer widget it uses. */
  widget: string;
  /** The JSON Schema of the question's main answer in form data. */
  schema(question: Question): JSONSchema;
  /** Its field's uiSchema (without the help text, which every type takes from the question). */
  uiSchema(question: Question): FieldUiSchema;
  /** Several values per answer (a list in form data) rather than one. */
  multiValued: boolean;
  /** Shown but never answered (a note): never required, nothing saved. */
  answerless?: boolean;
  /** A signature: the server marks its saved Answer isSigned while it holds one. */
  signed?: boolean;
  /** The answer is paths of the project's document store: the server checks they lie there (dms-buttons). */
  projectDocuments?: boolean;
  /** The answer is HTML that the server sanitises before storing it (wysiwygInput). */
  richText?: boolean;
  /** The message of a value of the wrong type (server validation). */
  typeMessageId: MessageId;
  /** The message of a value that does not match the schema's pattern. */
  patternMessageId: MessageId;
  /** The message of a `const` failure (a required tick box unticked, or a wrong option). */
  constMessageId: MessageId;
  /** The data-table column type of its register column (administration-data.md "Data table"). */
  columnType: ColumnType;
  /** The display text of one stored value, for registers and the CSV (non-boolean, non-number values). */
  displayText(value: string): string;
  /**
   * The text of a saved Answer in one cell: the register's cell (format REGISTER_FORMAT, engine/registers/rows.ts)
   * and the label CSV's; '' when there is nothing to show. Types whose answer is its values show each value's
   * display text (ticks Yes/No, numbers by `format.number`) joined with ', ' (display.ts valuesAnswerText).
   */
  answerText(question: Question, answer: Answer, format: DisplayFormat): string;
  /**
   * The question's columns of the register CSV (engine/export/csv.ts), in order: none for a type that holds no
   * answer (a note, an image), one for most (the question's label over answerText), several for a type whose
   * answer has parts a spreadsheet reads apart (a grid's scores, a signature's third-party signer). The export
   * asks once per file and calls each column's `cell` per entry that answered the question.
   */
  csvColumns(question: Question, format: DisplayFormat): CsvColumn[];
  /**
   * A type whose form value is not a list of answer values (a grid): the Answer fields of a form value,
   * or undefined for no answer. Types without it store their values in `answers`.
   */
  answerOf?(question: Question, value: unknown): Partial<Answer> | undefined;
  /** The inverse of answerOf: the form value of a saved Answer. */
  formValueOf?(question: Question, answer: Answer): unknown;
  /** Problems JSON Schema cannot find in a saved Answer (a grid's cells): message ids. */
  problems?(question: Question, answer: Answer): MessageId[];
}

/** How a display text prints what it holds: the register's one-line cells or the CSV's. */
export interface DisplayFormat {
  /** How numbers print: as stored in the register (String), with 0 to 2 decimals in the CSV. */
  number(value: number): string;
  /**
   * True where a cell may hold lines (the CSV): files, table rows, grid rows and rich-text paragraphs each go on
   * a line of their own; false for a one-line cell (the register), where they are joined on one line.
   */
  lines: boolean;
}

/** One column of the register CSV that a question gives (FieldType.csvColumns). */
export interface CsvColumn {
  /** The header cell: the question's label, or the label and the part ('Safety checklist - Total Score'). */
  header: string;
  /** The cell of an entry that answered the question, from its saved Answer ('' for nothing to show). */
  cell(answer: Answer): string;
}

/** The display of a value as it is. */
export const asIs = (value: string): string => value;

/** Answer values as stored. */
export type { AnswerValue };
