/**
 * The shape of a question type of the field-type table (DESIGN.md "Each question type is one file in
 * engine/forms/field-types/"; issue 20 "Self-describing field types"): which questions it serves (its
 * question `type`, the variant of it, a ranked tester), the keywords such a question takes (its property schema,
 * from which the form-definition meta-schema schemas/entities/question.schema.json is generated and the form
 * creator's property panel will be), its answer's JSON Schema and uiSchema and the further answer fields it adds
 * (the compiler), its answer conversion (entry-data), its server validation texts (validate-submission) and its
 * register/CSV display (registers/rows, export/csv). Adding a question type is one file here (the field-type index
 * collects it: `npm run gen`) plus one widget of the renderer (runtime/renderer/widgets registers it) and its
 * texts: docs/authoring.md "A new question type".
 */
import type { MessageId } from '../../messages/catalogue';
import type { Answer, AnswerValue, VisibleWhen } from '../../types/generated';

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

/**
 * How the form creator's property panel edits a keyword (the next issue generates the panel from the property
 * schemas): a one-line text, a text area, a number, an on/off switch, a choice of the schema's `enum`, the option
 * list editor, the column list editor, the grid designer, the rating bands table, a picture of the file store,
 * the condition builder; `none` for what the creator sets itself (the id, the type).
 */
export type EditorHint =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'options'
  | 'columns'
  | 'grid'
  | 'ratings'
  | 'file'
  | 'condition'
  | 'none';

/** Every {@link EditorHint}, for the checks of the property schemas. */
export const EDITOR_HINTS: readonly EditorHint[] = [
  'text',
  'textarea',
  'number',
  'switch',
  'select',
  'options',
  'columns',
  'grid',
  'ratings',
  'file',
  'condition',
  'none',
];

/**
 * The JSON Schema of one keyword a question takes (its type, default and limits) with what the form creator
 * shows for it: `x-title`, the catalogue id of its label in the property panel; `description`, what it does
 * (it becomes the generated type's doc comment); `x-editor`, how the panel edits it.
 */
export interface PropertySchema extends JSONSchema {
  'x-title': MessageId;
  description: string;
  'x-editor': EditorHint;
}

/** Keywords a question type takes, by name (a question's JSON properties). */
export type PropertySchemas = Readonly<Record<string, PropertySchema>>;

/** The least a question is, whatever its type: what the registry and the compiler read of every question. */
export interface AnyQuestion {
  id: number;
  label: string;
  type: string;
  required?: boolean;
  helpText?: string;
  visibleWhen?: VisibleWhen;
  /** The library item it is a copy of (issue 22 §4), when inserted from the question library. */
  libraryLink?: { itemId: number; questionId: number; version: number };
  wrapper?: 'vertical' | 'horizontal' | 'accordion';
  requiredOnPageChange?: boolean;
  showInRegister?: boolean;
  emailText?: boolean;
  notify?: boolean;
}

/**
 * A field of form data a question adds beside its main answer (form-configuration.md §3 "Saved answer keys …
 * with suffixes"): a Dropdown's other text, a Signature's third-party name, whom to notify. The compiler gives it
 * the key `q_<id>_<suffix>`, entry-data carries it as the Answer's `answerField`, and the server reports its
 * problems as the question's.
 */
export interface ExtraAnswerField<Q = AnyQuestion> {
  /** The answer-key suffix (engine/forms/answer-keys.ts). */
  suffix: 'other' | 'name' | 'user' | 'stopnoti';
  /** The field of the saved Answer that holds it. */
  answerField: 'other' | 'signatureByThirdParty' | 'notificationUsers' | 'stopNotification';
  /** Whether the question asks for it (the keyword that turns it on). */
  when(question: Q): boolean;
  /** Its JSON Schema in form data. */
  schema(question: Q): JSONSchema;
  /** Its uiSchema (the compiler adds `ui:visibleWhen`). */
  uiSchema(question: Q): FieldUiSchema;
  /** Shown only while this condition holds too (besides the question's own), e.g. 'Other' chosen. */
  shownWhen?(question: Q): VisibleWhen;
  /** Required while shown when the question is required (the other text of a required Dropdown). */
  requiredWithQuestion?: boolean;
}

/** A problem of a question's definition that its property schema cannot say (engine/rules/form-definition.ts). */
export interface DefinitionProblem {
  /** The keyword at fault, e.g. 'options' (the problem's path ends with it). */
  keyword: string;
  messageId: MessageId;
}

/**
 * How well a field type fits a question (JSON Forms' ranked testers): NOT_APPLICABLE, or a rank; the fitting
 * type of the highest rank serves the question (engine/forms/field-types/index.ts fieldTypeOf).
 */
export type QuestionTester = (question: AnyQuestion) => number;

/** The rank of a tester that does not apply. */
export const NOT_APPLICABLE = -1;

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
    /** A widget's own options (a question type added later reads what its field type gives it). */
    [option: string]: unknown;
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

/**
 * One question type. `Q` is the TypeScript shape of its questions (the generated `TextQuestion`, ...); the registry
 * holds every type as a FieldType of {@link AnyQuestion} (method parameters are compared both ways).
 */
export interface FieldType<Q = AnyQuestion> {
  /** The type's key in the table (a question's kind: 'text', 'long', 'checkboxes', ...). */
  name: string;
  /** The question `type` of the form definition it serves ('Text', 'Dropdown', ...). */
  questionType: string;
  /**
   * For a question type served by several field types told apart by a keyword (Text by `extendedType`): the
   * keyword and the value that selects this one; `isDefault` for the one a question without the keyword gets.
   */
  variant?: { keyword: string; value: string; isDefault?: boolean };
  /**
   * How well it fits a question, for a question type served by several field types not told apart by a keyword
   * (a Checkbox with options is a group of boxes, without one tick box); default: 1 for its question type, 2 when
   * its variant's keyword holds its value too.
   */
  tester?: QuestionTester;
  /** The catalogue id of its name in the form creator's palette (e.g. 'Long text'). */
  titleId: MessageId;
  /**
   * Its icon in the form creator's palette: the name of an @mui/icons-material icon ('ShortText'), which
   * designer/palette/icons.ts maps to its svg path (a name it does not map shows a generic question icon; the
   * palette's test checks every registered type's is mapped). A name, not a component: the engine has no UI.
   */
  icon: string;
  /** The catalogue id of its short description under its name in the palette ('fieldType.<name>.summary'). */
  summaryId: MessageId;
  /** What it is, for the generated meta-schema and type (form-configuration.md §2 'Form field types'). */
  description: string;
  /**
   * The keywords its questions take besides those every question takes (common.ts): their JSON Schemas with
   * title ids, descriptions and editor hints. A keyword not here nor in common.ts is refused on save.
   */
  properties: PropertySchemas;
  /**
   * Named parts of the meta-schema its properties refer to as `#/$defs/<name>` (a grid's table), emitted once
   * in schemas/entities/question.schema.json's `$defs` (a `title` names the generated type).
   */
  definitions?: Readonly<Record<string, JSONSchema>>;
  /**
   * A question of the type with an answer (form data) its schema takes and one it refuses: the field-type table
   * test (field-types.test.ts) checks every registered type with it (schema, answer round trip, register and CSV
   * text), so a new type is tested without a line added to the test.
   */
  example: FieldTypeExample<Q>;
  /** The renderer widget it uses. */
  widget: string;
  /** The JSON Schema of the question's main answer in form data. */
  schema(question: Q): JSONSchema;
  /** Its field's uiSchema (without the help text, which every type takes from the question). */
  uiSchema(question: Q): FieldUiSchema;
  /** The fields it adds beside the main answer (compiled after it, in this order). */
  extraFields?: readonly ExtraAnswerField<Q>[];
  /**
   * True for a question the form never shows (form-configuration.md §5: "Select and multi-select fields are
   * hidden when not required and without options"): the compiler leaves it out and the server refuses an answer.
   */
  hidden?(question: Q): boolean;
  /** Rules of its definition that its property schema cannot say (a Dropdown needs options). */
  definitionProblems?(question: Q): DefinitionProblem[];
  /** Several values per answer (a list in form data) rather than one. */
  multiValued: boolean;
  /** Shown but never answered (a note): never required, nothing saved. */
  answerless?: boolean;
  /** A signature: the server marks its saved Answer isSigned while it holds one. */
  signed?: boolean;
  /**
   * The answer's values are paths of files the entry owns (uploaded into the entry's folder for it): they are
   * deleted with the entry when a draft is discarded (file-upload, signature).
   */
  entryFiles?: boolean;
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
  answerText(question: Q, answer: Answer, format: DisplayFormat): string;
  /**
   * The question's columns of the register CSV (engine/export/csv.ts), in order: none for a type that holds no
   * answer (a note, an image), one for most (the question's label over answerText), several for a type whose
   * answer has parts a spreadsheet reads apart (a grid's scores, a signature's third-party signer). The export
   * asks once per file and calls each column's `cell` per entry that answered the question.
   */
  csvColumns(question: Q, format: DisplayFormat): CsvColumn[];
  /**
   * A type whose form value is not a list of answer values (a grid): the Answer fields of a form value,
   * or undefined for no answer. Types without it store their values in `answers`.
   */
  answerOf?(question: Q, value: unknown): Partial<Answer> | undefined;
  /** The inverse of answerOf: the form value of a saved Answer. */
  formValueOf?(question: Q, answer: Answer): unknown;
  /** Problems JSON Schema cannot find in a saved Answer (a grid's cells): message ids. */
  problems?(question: Q, answer: Answer): MessageId[];
}

/** A question of a field type with a good and a bad answer (FieldType.example). */
export interface FieldTypeExample<Q = AnyQuestion> {
  question: Q;
  /** Form data its schema takes (null for a type without an answer). */
  good: unknown;
  /** Form data its schema refuses. */
  bad: unknown;
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
