/**
 * Export of a form definition to SurveyJS JSON (issue 22 §2 "Export"; docs/import-and-migration.md "Export to
 * SurveyJS"): the widest of the formats, so the form can be taken to another tool. Pure.
 *
 * Each page becomes a SurveyJS page (`page<id>`, its label the title, its condition `visibleIf`); each question an
 * element named by its answer key `q_<id>` with its label as the title, help text as the description and
 * `isRequired`; conditions are written as SurveyJS expressions over those names. The mapping is the reverse of
 * importSurveyJs's (engine/import/surveyjs.ts), so import -> export -> import gives back every question the first
 * import mapped exactly (surveyjs-export.test.ts). What SurveyJS cannot hold is reported with the importers'
 * finding shape: Image and DocumentPicker questions (files of the platform) are dropped; a Grid, RichText,
 * Temperature and the equipment Table are exported lossily; the platform's own keywords (showInRegister,
 * emailText, notify, requiredOnPageChange, an accordion wrapper) and form settings are listed.
 */
import type { Condition } from '../forms/conditions';
import { readCondition } from '../forms/conditions';
import { fieldTypeOf } from '../forms/field-types';
import { tableColumns } from '../forms/table';
import { type MessageId, message } from '../messages/catalogue';
import type { FormDefinition, FormDefinitionInput, Question } from '../types/generated';
import { Report, type SourceElement } from './findings';
import type { ImportFinding, ImportSummary } from './types';

type Json = Record<string, unknown>;
type AnyQuestion = Question & Json;

/** Form keys SurveyJS has a place for (title, description) or that are the definition's own bookkeeping. */
const FORM_KEYS_KEPT = new Set([
  'title',
  'description',
  'pages',
  'formArea',
  '_id',
  'id',
  'clientId',
  'status',
  'version',
  'created',
  'modified',
  'publishedAt',
  'createdBy',
  'createdById',
  'modifiedBy',
  'modifiedById',
]);

/** Question keywords of the platform with no SurveyJS counterpart (false or absent ones are not reported). */
const PLATFORM_KEYWORDS = ['showInRegister', 'emailText', 'notify', 'requiredOnPageChange', 'allowThirdPartySignature'];

/** The SurveyJS name of a question: its answer key. */
function nameOf(id: number): string {
  return `q_${id}`;
}

/** Text as HTML: the characters HTML reads escaped. */
function escapeHtml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

/** A SurveyJS expression literal: numbers and booleans as they are, text in single quotes. */
function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/\\/gu, '\\\\').replace(/'/gu, "\\'")}'`;
}

/**
 * A condition as a SurveyJS expression over the questions' names (`{q_12}`).
 * @param multiValued whether a question holds several values (equals then reads as contains)
 */
export function conditionExpression(condition: Condition, multiValued: (id: number) => boolean): string {
  const read = readCondition(condition);
  if ('kind' in read) {
    const parts = read.conditions.map((c) => {
      const text = conditionExpression(c, multiValued);
      return 'kind' in readCondition(c) ? `(${text})` : text;
    });
    if (read.kind === 'all') return parts.join(' and ');
    if (read.kind === 'any') return parts.join(' or ');
    return `!(${parts.join(' or ')})`;
  }
  const variable = `{${nameOf(read.questionId)}}`;
  const multi = multiValued(read.questionId);
  switch (read.operator) {
    case 'answered':
      return `${variable} notempty`;
    case 'notAnswered':
      return `${variable} empty`;
    case 'equals':
      return multi ? `${variable} contains ${literal(read.operand)}` : `${variable} = ${literal(read.operand)}`;
    case 'notEquals':
      return multi ? `${variable} notcontains ${literal(read.operand)}` : `${variable} <> ${literal(read.operand)}`;
    case 'oneOf':
      return `${variable} anyof [${(read.operand as unknown[]).map(literal).join(', ')}]`;
    case 'contains':
      return `${variable} contains ${literal(read.operand)}`;
    case 'greaterThan':
      return `${variable} > ${literal(read.operand)}`;
    case 'lessThan':
      return `${variable} < ${literal(read.operand)}`;
    case 'atLeast':
      return `${variable} >= ${literal(read.operand)}`;
    default:
      return `${variable} <= ${literal(read.operand)}`;
  }
}

/**
 * Exports a form definition (a draft or a stored version) as a SurveyJS survey.
 * @returns `source`: the SurveyJS JSON object; `report`: a finding per page, question or condition that does not
 *   map exactly (paths `pages[i].questions[j] (q_<id>)`); `summary`: the pages, questions and conditions counted
 *   by how they mapped
 */
export function exportSurveyJs(definition: FormDefinitionInput | FormDefinition): {
  source: object;
  report: ImportFinding[];
  summary: ImportSummary;
} {
  const report = new Report();
  const multi = new Set<number>();
  for (const page of definition.pages)
    for (const question of page.questions) if (fieldTypeOf(question).multiValued) multi.add(question.id);
  const multiValued = (id: number) => multi.has(id);

  const settings = Object.entries(definition as unknown as Json)
    .filter(([key, value]) => !FORM_KEYS_KEPT.has(key) && value !== undefined && value !== false)
    .map(([key]) => key);
  if (settings.length > 0)
    report.add('form', 'info', 'import.surveyjs.export.formSettings', { keywords: settings.join(', ') });

  const pages = definition.pages.map((page, p) => {
    report.element(`pages[${p}]`);
    const out: Json = { name: `page${page.id}` };
    if (page.label) out.title = page.label;
    if (page.visibleWhen) {
      report.element(`pages[${p}].visibleWhen`);
      out.visibleIf = conditionExpression(page.visibleWhen, multiValued);
    }
    const elements: Json[] = [];
    for (const [q, question] of page.questions.entries()) {
      const path = `pages[${p}].questions[${q}] (${nameOf(question.id)})`;
      const element = report.element(path);
      const exported = exportQuestion(question as AnyQuestion, element, report);
      if (!exported) continue;
      if (question.visibleWhen) {
        report.element(`${path}.visibleWhen`);
        exported.visibleIf = conditionExpression(question.visibleWhen, multiValued);
      }
      elements.push(exported);
    }
    out.elements = elements;
    return out;
  });

  const source: Json = { title: definition.title };
  if (definition.description) source.description = definition.description;
  source.pages = pages;
  return { source, report: report.findings, summary: report.summary() };
}

function exportQuestion(question: AnyQuestion, element: SourceElement, report: Report): Json | undefined {
  const label = question.label;
  const lossy = (id: MessageId) => report.add(element, 'lossy', id, { label });
  const out: Json = { name: nameOf(question.id) };
  const common = () => {
    out.title = label;
    if (question.helpText) out.description = question.helpText;
    if (question.required === true) out.isRequired = true;
  };
  const keywords = PLATFORM_KEYWORDS.filter((key) => question[key] === true);
  if (keywords.length > 0)
    report.add(element, 'lossy', 'import.surveyjs.export.keywords', { label, keywords: keywords.join(', ') });
  if (question.wrapper === 'horizontal') out.titleLocation = 'left';
  if (question.wrapper === 'accordion') lossy('import.surveyjs.export.accordion');
  const choices = () => ((question.options as Array<{ value: string }> | undefined) ?? []).map((o) => o.value);

  switch (question.type) {
    case 'Text': {
      const kind = question.extendedType ?? 'Normal';
      if (kind === 'Long') Object.assign(out, { type: 'comment' });
      else Object.assign(out, { type: 'text' });
      if (kind === 'Hyperlink') out.inputType = 'url';
      if (kind === 'Number') {
        out.inputType = 'number';
        if (typeof question.min === 'number') out.min = question.min;
        if (typeof question.max === 'number') out.max = question.max;
      }
      break;
    }
    case 'Temperature':
      Object.assign(out, { type: 'text', inputType: 'number' });
      if (typeof question.min === 'number') out.min = question.min;
      if (typeof question.max === 'number') out.max = question.max;
      lossy('import.surveyjs.export.temperature');
      break;
    case 'Date':
      Object.assign(out, { type: 'text', inputType: question.picker === 'month' ? 'month' : 'date' });
      break;
    case 'Colour':
      Object.assign(out, { type: 'text', inputType: 'color' });
      break;
    case 'RichText':
      out.type = 'comment';
      lossy('import.surveyjs.export.richText');
      break;
    case 'Dropdown':
      Object.assign(out, { type: 'dropdown', choices: choices() });
      if (choices().length === 0) lossy('import.surveyjs.export.noChoices');
      if (question.allowOther === true) out.showOtherItem = true;
      break;
    case 'Checkbox':
      if (choices().length > 0) Object.assign(out, { type: 'checkbox', choices: choices() });
      else Object.assign(out, { type: 'boolean', renderAs: 'checkbox' });
      break;
    case 'MultiSelect':
      Object.assign(out, { type: 'tagbox', choices: choices() });
      if (choices().length === 0) lossy('import.surveyjs.export.noChoices');
      break;
    case 'Toggle':
      Object.assign(out, {
        type: 'boolean',
        labelTrue: question.onLabel || message('toggle.complete'),
        labelFalse: question.offLabel || message('toggle.incomplete'),
      });
      break;
    case 'Note':
      Object.assign(out, { type: 'html', html: escapeHtml(label) });
      if (question.helpText) out.description = question.helpText;
      return ordered(out);
    case 'Signature':
      out.type = 'signaturepad';
      break;
    case 'FileUpload':
      out.type = 'file';
      if (question.multiple === true) out.allowMultiple = true;
      if (typeof question.accept === 'string' && question.accept) out.acceptedTypes = question.accept;
      break;
    case 'TableLight':
      Object.assign(out, {
        type: 'matrixdynamic',
        columns: ((question.columns as Array<{ id: number; value: string }> | undefined) ?? []).map((column) => ({
          name: `c${column.id}`,
          title: column.value,
          cellType: 'text',
        })),
      });
      break;
    case 'Table':
      Object.assign(out, {
        type: 'matrixdynamic',
        columns: tableColumns('table').map((column) => ({
          name: column.key,
          title: message(`table.${column.key}` as 'table.item'),
          cellType: 'text',
        })),
      });
      lossy('import.surveyjs.export.table');
      break;
    case 'Grid':
      Object.assign(out, exportGrid(question));
      lossy('import.surveyjs.export.grid');
      break;
    default:
      report.add(element, 'dropped', 'import.surveyjs.export.dropped', { label, type: question.type });
      return undefined;
  }
  common();
  return ordered(out);
}

/** Puts the keys in the order SurveyJS's own JSON has them (type, name, title first). */
function ordered(out: Json): Json {
  const { type, name, title, ...rest } = out;
  return { type, name, ...(title !== undefined ? { title } : {}), ...rest };
}

interface GridCellQuestion {
  type: string;
  label?: string;
  options?: Array<{ value: string }>;
}

/** A Grid as a SurveyJS matrix of drop-downs: a first column of notes gives the rows' texts. */
function exportGrid(question: AnyQuestion): Json {
  const grid = question.grid as
    | {
        totalColumns: number;
        totalRows: number;
        headers: Array<{ index: number; label: string }>;
        cells: Array<{ rowIndex: number; columnIndex: number; cellQuestion: GridCellQuestion }>;
      }
    | undefined;
  if (!grid) return { type: 'matrixdropdown', rows: [], columns: [] };
  const cell = (r: number, c: number) => grid.cells.find((x) => x.rowIndex === r && x.columnIndex === c)?.cellQuestion;
  const rowNotes = Array.from({ length: grid.totalRows }, (_, r) => cell(r, 0)).every((c) => c?.type === 'Note');
  const rows = Array.from({ length: grid.totalRows }, (_, r) => {
    const text = rowNotes ? cell(r, 0)?.label : undefined;
    return { value: `row${r + 1}`, text: text || String(r + 1) };
  });
  const columns: Json[] = [];
  for (let c = rowNotes ? 1 : 0; c < grid.totalColumns; c++) {
    const header = grid.headers.find((h) => h.index === c)?.label || String(c + 1);
    const first = cell(0, c);
    const column: Json = { name: `col${c + 1}`, title: header };
    switch (first?.type) {
      case 'Number':
        Object.assign(column, { cellType: 'text', inputType: 'number' });
        break;
      case 'Date':
        Object.assign(column, { cellType: 'text', inputType: 'date' });
        break;
      case 'Long':
        column.cellType = 'comment';
        break;
      case 'Dropdown':
        Object.assign(column, { cellType: 'dropdown', choices: (first.options ?? []).map((o) => o.value) });
        break;
      case 'Checkbox':
      case 'Tickbox':
        column.cellType = 'boolean';
        break;
      default:
        column.cellType = 'text';
    }
    columns.push(column);
  }
  return { type: 'matrixdropdown', rows, columns };
}
