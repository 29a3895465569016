/**
 * Table and TableLight (form-configuration.md §2 'table', 'table-light'; engine/forms/table.ts): rows the
 * user adds under fixed columns. The equipment table (table) needs every column of every row that is
 * started; a row left empty is no answer (dropped on save) and asks for nothing, and a required table needs
 * a row that is not empty (issue 19). Rendered by the renderer's 'table' field; saved one JSON row per
 * answer value. The register and the CSV show the rows as 'Heading: value' pairs (one cell; in the CSV a row
 * a line).
 */
import { message } from '../../messages/catalogue';
import type { Answer, QuestionOption } from '../../types/generated';
import {
  parseTableAnswers,
  rowText,
  TABLE_CELL_MAX_LENGTH,
  TABLE_MAX_ROWS,
  type TableColumn,
  tableColumns,
  tableRows,
} from '../table';
import { valuesDisplayText } from './display';
import { type AnyQuestion, asIs, type DisplayFormat, type FieldType, type JSONSchema } from './types';

/** A question of either table type: a TableLight's has its columns. */
type TableQuestion = AnyQuestion & { columns?: QuestionOption[] };

/** Text with something other than spaces. */
const FILLED = '\\S';

function columnsOf(kind: 'table' | 'table-light', question: TableQuestion): TableColumn[] {
  return tableColumns(kind, question.columns);
}

/** A column's heading: the table-light's own, the equipment table's from the catalogue. */
function heading(column: TableColumn): string {
  return column.label ?? message(`table.${column.key}` as 'table.item');
}

/**
 * The text of a saved table's rows: each row its filled cells as 'Heading: value' in column order, joined with
 * '; '; rows one a line where the format allows lines (the CSV), else joined with ' | '. A value that is not a
 * row (JSON of an object) is shown as it is.
 */
function rowsText(
  columns: readonly { key: string; heading: string }[],
  values: Answer['answers'] | undefined,
  format: DisplayFormat,
): string {
  let text = '';
  for (const value of values ?? []) {
    const row = typeof value === 'string' ? parseRow(value) : undefined;
    let line = '';
    if (row) {
      for (const { key, heading } of columns) {
        const cell = row[key];
        if (typeof cell !== 'string' || cell === '') continue;
        line = line === '' ? `${heading}: ${cell}` : `${line}; ${heading}: ${cell}`;
      }
    } else line = valuesDisplayText(asIs, [value], format.number);
    if (line !== '') text = text === '' ? line : `${text}${format.lines ? '\n' : ' | '}${line}`;
  }
  return text;
}

/** A saved row (JSON of an object), or undefined (parsed here, not by parseTableAnswers: a CSV reads 100,000). */
function parseRow(value: string): Record<string, unknown> | undefined {
  if (value.charCodeAt(0) !== 123) return undefined; // '{'
  try {
    const row: unknown = JSON.parse(value);
    return row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The columns of a table question with their headings. */
function headings(kind: 'table' | 'table-light', question: TableQuestion): { key: string; heading: string }[] {
  return columnsOf(kind, question).map((column) => ({ key: column.key, heading: heading(column) }));
}

/** The field type of a table question of `kind`, with its example (FieldType.example). */
function tableType(
  kind: 'table' | 'table-light',
  example: FieldType<TableQuestion>['example'],
): FieldType<TableQuestion> {
  return {
    example,
    name: kind === 'table' ? 'table' : 'tableLight',
    questionType: kind === 'table' ? 'Table' : 'TableLight',
    titleId: kind === 'table' ? 'fieldType.table' : 'fieldType.tableLight',
    icon: kind === 'table' ? 'TableChart' : 'TableRows',
    summaryId: kind === 'table' ? 'fieldType.table.summary' : 'fieldType.tableLight.summary',
    description:
      kind === 'table'
        ? 'The equipment table (table): rows of item, assetNo, description, manufacturer, modelNo and owner, each row filled completely.'
        : "Rows under the question's own columns (table-light); any cell may stay empty.",
    properties:
      kind === 'table'
        ? {}
        : {
            columns: {
              type: 'array',
              minItems: 1,
              maxItems: 20,
              items: { $ref: '#/$defs/option' },
              'x-title': 'question.columns',
              description: 'The columns: an id and a heading each (required).',
              'x-editor': 'columns',
            },
          },
    definitionProblems: (q) =>
      kind === 'table-light' && (q.columns ?? []).length === 0
        ? [{ keyword: 'columns', messageId: 'forms.tableNeedsColumns' }]
        : [],
    widget: kind,
    schema: (q) => {
      const columns = columnsOf(kind, q);
      const properties: Record<string, JSONSchema> = {};
      for (const column of columns) {
        properties[column.key] = {
          type: 'string',
          title: heading(column),
          maxLength: TABLE_CELL_MAX_LENGTH,
        };
      }
      // A row holding text in any column (spaces are not text): an empty row is no answer, dropped on save.
      const started: JSONSchema = {
        anyOf: columns.map(({ key }) => ({
          type: 'object',
          required: [key],
          properties: { [key]: { type: 'string', pattern: FILLED } },
        })),
      };
      const items: JSONSchema = { type: 'object', properties, additionalProperties: false };
      if (kind === 'table') {
        // The equipment table: a row that is started needs every column (§5); an empty one asks for nothing.
        items.if = started;
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
        items.then = {
          required: columns.map((c) => c.key),
          properties: Object.fromEntries(columns.map(({ key }) => [key, { type: 'string', pattern: FILLED }])),
        };
      }
      const schema: JSONSchema = { type: 'array', title: q.label, maxItems: TABLE_MAX_ROWS, items };
      if (q.required) {
        // A required table starts with a row (RJSF fills minItems) and needs one that is not empty.
        schema.minItems = 1;
        if (columns.length > 0) schema.contains = started;
      }
      return schema;
    },
    uiSchema: (q) => ({
      'ui:widget': kind,
      'ui:field': kind,
      'ui:options': { columns: columnsOf(kind, q) },
    }),
    multiValued: true,
    typeMessageId: 'validation.invalid',
    patternMessageId: 'validation.required',
    constMessageId: 'validation.invalid',
    columnType: 'Textarea',
    displayText: rowText,
    answerText: (question, answer, format) => rowsText(headings(kind, question), answer.answers, format),
    // One cell: the rows, one a line, each as 'Heading: value' pairs (the headings are looked up once a file).
    csvColumns: (question, format) => {
      const columns = headings(kind, question);
      return [{ header: question.label, cell: (answer) => rowsText(columns, answer.answers, format) }];
    },
    answerOf: (question, value) => {
      const rows = tableRows(value, columnsOf(kind, question));
      return rows.length > 0 ? { answers: rows.map((row) => JSON.stringify(row)) } : undefined;
    },
    formValueOf: (_question, answer: Answer) => {
      const rows = parseTableAnswers(answer.answers ?? []);
      return rows.length > 0 ? rows.map((row) => row ?? {}) : undefined;
    },
    problems: (question, answer: Answer) => {
      const keys = new Set(columnsOf(kind, question).map((c) => c.key));
      const rows = parseTableAnswers(answer.answers ?? []);
      return rows.some((row) => !row || Object.keys(row).some((key) => !keys.has(key))) ? ['validation.invalid'] : [];
    },
  };
}

/** table: the equipment table (item, assetNo, description, manufacturer, modelNo, owner), rows complete. */
export const table: FieldType = tableType('table', {
  question: { id: 19, label: 'Equipment on site', type: 'Table' },
  good: [{ item: 'Saw', assetNo: 'A-1', description: 'Chop saw', manufacturer: 'Makita', modelNo: 'M1', owner: 'Us' }],
  bad: [{ item: 'Saw' }],
});

/** table-light: rows under the question's own columns; cells may stay empty. */
export const tableLight: FieldType = tableType('table-light', {
  question: { id: 20, label: 'Visitors', type: 'TableLight', columns: [{ id: 1, value: 'Name' }] },
  good: [{ c1: 'Ann' }],
  bad: [{ c2: 'Ann' }],
});
