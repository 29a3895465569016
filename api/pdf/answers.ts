/**
 * An answer as the entry PDF shows it (issue 24 §1 "every page and question as the user saw it"), by the question's
 * field type (engine/forms/field-types). The types whose answer is more than a line of text have their own
 * rendering here; every other type, and a type added later, prints its answer's text as the register and CSV do
 * (FieldType.answerText, a list one item a line), so a new question type needs nothing here to appear in the PDF.
 *
 * - grid: the grid as a table under its headers: notes as row labels, ticks as drawn boxes, rows unticked greyed,
 *   a row of column sums (displaySumOfColumn, '1.0-2'), and with rating bands the score summary (Total Score, Max
 *   Score, Rating (%), Rating) and overall comments; the figures are the runtime's (engine/forms/grid.ts
 *   gridSummary, columnSums);
 * - table, tableLight: a table under the columns' headings, a row per saved row;
 * - checkboxes: every option with its box, ticked as chosen; tick: one box with Yes/No; toggle: its on/off label;
 *   hyperlink: a web address as a link;
 * - richText: formatted (api/pdf/rich-text.ts);
 * - fileUpload: pictures two a row (other files by name); signature: the picture and 'Signed by {name}' for a third
 *   party; image: the form's picture; documentPicker: the file names with their revision when known;
 * - note: its text (the caller prints it without an answer).
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { fieldTypeOf } from '../../engine/forms/field-types';
import {
  parsePickedDocument,
  pickedDocumentName,
  pickedDocumentText,
} from '../../engine/forms/field-types/document-picker';
import { fileName } from '../../engine/forms/field-types/file-upload';
import { optionValues } from '../../engine/forms/field-types/shared';
import type { DisplayFormat } from '../../engine/forms/field-types/types';
import {
  asGridAnswer,
  cellAt,
  cellType,
  cellValue,
  columnSums,
  gridScored,
  gridSummary,
  rowEnabled,
} from '../../engine/forms/grid';
import { parseTableAnswers, tableColumns } from '../../engine/forms/table';
import { message } from '../../engine/messages/catalogue';
import type { Answer, GridQuestion, Question, QuestionOption } from '../../engine/types/generated';
import { tickBox } from './parts';
import { richTextContent } from './rich-text';

/** What an answer's rendering may ask of the render. */
export interface AnswerContext {
  /** A picture read and prepared before the layout (by its path), or undefined when it could not be read. */
  picture(path: string): { name: string; width: number; height: number } | undefined;
  /** The revision of a project document, when known. */
  revision(path: string): string | undefined;
  timeZone?: string;
}

/** A picture the PDF shows: its path and whether it is a drawing (kept lossless) or a photo. */
export interface PictureRef {
  path: string;
  kind: 'photo' | 'drawing';
}

/** How the PDF prints numbers and lists in text: as stored, a list one item a line. */
const PDF_FORMAT: DisplayFormat = { number: String, lines: true };

/** File names sharp can read as pictures; other files (a PDF, a spreadsheet) are listed by name. */
const PICTURE_FILE = /\.(jpe?g|png|gif|webp|tiff?|avif|heic|heif|svg)$/i;

/** The pictures a question's answer shows, in order (none for most types). */
export function picturesOf(question: Question, answer: Answer | undefined): PictureRef[] {
  const type = fieldTypeOf(question).name;
  if (type === 'image') {
    const file = (question as { imageFile?: string }).imageFile;
    return file ? [{ path: file, kind: 'photo' }] : [];
  }
  const paths = (answer?.answers ?? []).filter((v): v is string => typeof v === 'string');
  if (type === 'signature') return paths.map((path) => ({ path, kind: 'drawing' }));
  if (type === 'fileUpload')
    return paths.filter((path) => PICTURE_FILE.test(path)).map((path) => ({ path, kind: 'photo' }));
  return [];
}

function noAnswer(): Content {
  return { text: message('pdf.noAnswer'), style: 'muted' };
}

/** Pictures two a row, each fitted into a box of half the line. */
function pictureRows(pictures: { name: string }[], fit: [number, number]): Content {
  const rows: Content[] = [];
  for (let i = 0; i < pictures.length; i += 2) {
    rows.push({
      columns: pictures.slice(i, i + 2).map((p) => ({ image: p.name, fit, width: fit[0] })),
      columnGap: 10,
      margin: [0, 0, 0, 6],
    });
  }
  return { stack: rows };
}

/**
 * The first header row of a grid or table: the question's label across its columns, without lines. Being a header
 * row, it moves to the next page with the table's first rows rather than stay alone at the foot of a page, and is
 * repeated over the table's rows on every page it runs on.
 */
function labelRow(label: string, columns: number): TableCell[] {
  return [
    { text: label, style: 'label', colSpan: columns, border: [false, false, false, false], margin: [-4, 0, 0, 0] },
    ...Array.from({ length: columns - 1 }, () => ({ text: '' })),
  ];
}

/** Thin grey lines, none above the label row. */
const GRID_LINES = {
  hLineColor: '#bbbbbb',
  vLineColor: '#bbbbbb',
  hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
  vLineWidth: () => 0.5,
};

/** The field types whose rendering carries the question's label (in its table's header). */
const SELF_LABELLED = new Set(['grid', 'table', 'tableLight']);

/** The rendering of one field type's answer (answer present and non-empty unless said). */
type Renderer = (question: Question, answer: Answer, context: AnswerContext) => Content;

const grid: Renderer = (question, answer) => {
  const q = question as GridQuestion;
  const definition = q.grid;
  if (!definition) return noAnswer();
  const value = asGridAnswer(answer.grid);
  const headers = [...definition.headers].sort((a, b) => a.index - b.index);
  const columns = Array.from({ length: definition.totalColumns }, (_, i) => i);
  const weights = columns.map((i) => headers.find((h) => h.index === i)?.width ?? 120);
  const sumOfWeights = weights.reduce((a, b) => a + b, 0);
  const body: TableCell[][] = [
    labelRow(question.label, columns.length),
    columns.map((i) => ({ text: headers.find((h) => h.index === i)?.label ?? '', style: 'tableHeader' })),
  ];
  for (let row = 0; row < definition.totalRows; row += 1) {
    const enabled = rowEnabled(definition, value, row);
    body.push(
      columns.map((column): TableCell => {
        const cell = cellAt(definition, row, column);
        const fill = enabled ? {} : { fillColor: '#eeeeee', color: '#888888' };
        if (!cell) return { text: '', ...fill };
        const type = cellType(cell);
        if (type === 'Note') return { text: cell.cellQuestion.label ?? '', ...fill };
        const given = cellValue(value, cell);
        if (type === 'Tickbox' || type === 'Checkbox')
          return { stack: [tickBox(given === true, message(given === true ? 'csv.yes' : 'csv.no'))], ...fill };
        return { text: given === undefined ? '' : String(given), ...fill };
      }),
    );
  }
  const sums = columnSums(definition, value);
  if (sums.length > 0)
    body.push(
      columns.map((column): TableCell => {
        const sum = sums.find((s) => s.columnIndex === column);
        return sum ? { text: message('pdf.gridSum', { label: sum.label, sum: sum.text }), bold: true } : { text: '' };
      }),
    );
  const parts: Content[] = [
    {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: weights.map((w) => `${((w / sumOfWeights) * 100).toFixed(2)}%`),
        body,
      },
      layout: GRID_LINES,
    },
  ];
  if ((q.ratings ?? []).length > 0) {
    const summary = gridSummary(definition, value, q.ratings);
    parts.push({ text: message('grid.summary'), style: 'label', margin: [0, 6, 0, 2] });
    if (!gridScored(definition, value)) parts.push({ text: message('grid.notScored'), style: 'muted' });
    else
      parts.push({
        unbreakable: true,
        table: {
          widths: ['*', '*', '*', '*'],
          body: [
            [
              { text: message('grid.totalScore'), style: 'tableHeader' },
              { text: message('grid.maxScore'), style: 'tableHeader' },
              { text: message('grid.ratingPercentage'), style: 'tableHeader' },
              { text: message('grid.ratingLabel'), style: 'tableHeader' },
            ],
            [
              String(summary.totalScore),
              String(summary.maxScore),
              String(summary.ratingPercentage),
              { text: summary.ratingLabel, bold: true },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      });
    if (summary.overallComments)
      parts.push({
        stack: [{ text: message('grid.overallComments'), style: 'label' }, summary.overallComments],
        margin: [0, 4, 0, 0],
      });
  }
  return { stack: parts };
};

function tableOf(kind: 'table' | 'table-light'): Renderer {
  return (question, answer) => {
    const columns = tableColumns(kind, (question as { columns?: QuestionOption[] }).columns);
    const rows = parseTableAnswers(answer.answers ?? []).filter((row) => row !== null);
    if (rows.length === 0 || columns.length === 0) return noAnswer();
    return {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: columns.map(() => '*'),
        body: [
          labelRow(question.label, columns.length),
          columns.map((c) => ({
            text: c.label ?? message(`table.${c.key}` as 'table.item'),
            style: 'tableHeader',
          })),
          ...rows.map((row) => columns.map((c) => ({ text: row?.[c.key] ?? '' }))),
        ],
      },
      layout: GRID_LINES,
    };
  };
}

const renderers: Record<string, Renderer> = {
  grid,
  table: tableOf('table'),
  tableLight: tableOf('table-light'),
  checkboxes: (question, answer) => {
    const chosen = new Set((answer.answers ?? []).map(String));
    const options = optionValues(question as { options?: QuestionOption[] });
    // A value no longer among the options (the form changed since) is still shown, ticked.
    const shown = [...options, ...[...chosen].filter((v) => !options.includes(v))];
    return { stack: shown.map((option) => tickBox(chosen.has(option), option)) };
  },
  tick: (_question, answer) => {
    const ticked = (answer.answers ?? []).some((v) => v === true);
    return tickBox(ticked, message(ticked ? 'csv.yes' : 'csv.no'));
  },
  toggle: (question, answer) => {
    const on = (answer.answers ?? []).some((v) => v === true);
    const q = question as { onLabel?: string; offLabel?: string };
    return { text: on ? q.onLabel || message('toggle.complete') : q.offLabel || message('toggle.incomplete') };
  },
  hyperlink: (question, answer) => {
    const url = (answer.answers ?? []).find((v): v is string => typeof v === 'string') ?? '';
    // A web address is a link in the PDF too; anything else (a typed path) is its text.
    return /^https?:\/\//i.test(url)
      ? { text: url, link: url, color: '#1a4f9c', decoration: 'underline' }
      : { text: fieldTypeOf(question).answerText(question, answer, PDF_FORMAT) };
  },
  richText: (_question, answer) => {
    const html = (answer.answers ?? []).filter((v): v is string => typeof v === 'string').join('');
    return richTextContent(html);
  },
  fileUpload: (_question, answer, context) => {
    const pictures: { name: string }[] = [];
    const others: Content[] = [];
    for (const path of (answer.answers ?? []).filter((v): v is string => typeof v === 'string')) {
      const picture = PICTURE_FILE.test(path) ? context.picture(path) : undefined;
      if (picture) pictures.push(picture);
      else if (PICTURE_FILE.test(path))
        others.push({ text: message('pdf.fileMissing', { file: fileName(path) }), style: 'muted' });
      else others.push({ text: fileName(path) });
    }
    return { stack: [...(pictures.length > 0 ? [pictureRows(pictures, [250, 250])] : []), ...others] };
  },
  signature: (_question, answer, context) => {
    const path = (answer.answers ?? []).find((v): v is string => typeof v === 'string');
    const picture = path ? context.picture(path) : undefined;
    const parts: Content[] = [];
    if (picture) parts.push({ image: picture.name, fit: [200, 80] });
    else if (path) parts.push({ text: message('pdf.fileMissing', { file: fileName(path) }), style: 'muted' });
    if (answer.signatureByThirdParty)
      parts.push({ text: message('pdf.signedBy', { name: answer.signatureByThirdParty }) });
    return parts.length > 0 ? { stack: parts } : noAnswer();
  },
  documentPicker: (_question, answer, context) => {
    const values = (answer.answers ?? []).filter((v): v is string => typeof v === 'string');
    return {
      ul: values.map((value) => {
        // The revision kept with the answer (issue 23); an answer saved before names only the path.
        const picked = parsePickedDocument(value);
        if (picked.revision) return pickedDocumentText(value);
        const revision = context.revision(picked.path);
        const file = pickedDocumentName(picked.path);
        return revision ? message('pdf.documentRevision', { file, revision }) : file;
      }),
    };
  },
};

/** True when an answer holds nothing to show. */
function isEmpty(answer: Answer | undefined): boolean {
  if (!answer) return true;
  if (answer.grid) return false;
  return (answer.answers ?? []).every((v) => v === '') && !answer.signatureByThirdParty && !answer.other;
}

/**
 * The content of a question's answer in the entry PDF (see the module comment).
 * @param question the question as the entry's form version has it
 * @param answer its saved answer, or undefined when not answered
 * @returns the answer's content, and `labelled` when it carries the question's label itself (a grid or table)
 */
export function answerContent(
  question: Question,
  answer: Answer | undefined,
  context: AnswerContext,
): { body: Content; labelled: boolean } {
  const type = fieldTypeOf(question);
  if (type.name === 'image') {
    const file = (question as { imageFile?: string }).imageFile;
    const picture = file ? context.picture(file) : undefined;
    return { body: picture ? { image: picture.name, fit: [515, 360] } : { text: '' }, labelled: false };
  }
  if (type.answerless) return { body: { text: '' }, labelled: false };
  if (isEmpty(answer) || !answer) return { body: noAnswer(), labelled: false };
  const render = renderers[type.name];
  if (render) return { body: render(question, answer, context), labelled: SELF_LABELLED.has(type.name) };
  const text = type.answerText(question, answer, PDF_FORMAT);
  return { body: text === '' ? noAnswer() : { text }, labelled: false };
}

/** Points a block may take at most to be kept whole on a page (an A4 page holds about 760 between margins). */
const KEEP_WHOLE = 480;

/**
 * A rough height of content in points, from above: 12 pt a line of about 95 characters, a picture its box, a table
 * row 16 pt a line; Infinity for what cannot be told. Only used to decide what to keep whole, never to cut.
 */
export function roughHeight(content: Content): number {
  if (typeof content === 'string') return 12 * Math.max(1, Math.ceil(content.length / 95));
  if (Array.isArray(content)) return content.reduce((sum: number, c) => sum + roughHeight(c as Content), 0);
  if (typeof content !== 'object' || content === null) return 12;
  const node = content as unknown as Record<string, unknown>;
  if (typeof node.text === 'string') return roughHeight(node.text);
  if (Array.isArray(node.text)) {
    const length = (node.text as Array<string | { text?: string }>).reduce(
      (sum, run) => sum + (typeof run === 'string' ? run.length : String(run.text ?? '').length),
      0,
    );
    return 12 * Math.max(1, Math.ceil(length / 95)) + 12 * (JSON.stringify(node.text).match(/\\n/g) ?? []).length;
  }
  if (Array.isArray(node.fit)) return (node.fit as number[])[1] + 6;
  if (Array.isArray(node.canvas)) return 12;
  if (Array.isArray(node.stack)) return roughHeight(node.stack as Content[]);
  if (Array.isArray(node.ul)) return roughHeight(node.ul as Content[]);
  if (Array.isArray(node.ol)) return roughHeight(node.ol as Content[]);
  if (Array.isArray(node.columns))
    return Math.max(0, ...(node.columns as Content[]).map((c) => roughHeight(c as Content)));
  return Number.POSITIVE_INFINITY;
}

/**
 * One question with its answer, the label never left alone at the foot of a page: label above the answer (beside it
 * for the horizontal wrapper), kept whole with the answer when the answer is short, else with the answer's first
 * part; a grid or table carries its label in its header rows; a note is its text.
 */
export function questionContent(question: Question, answer: Answer | undefined, context: AnswerContext): Content {
  const type = fieldTypeOf(question);
  if (type.name === 'note') return { text: question.label, style: 'muted', margin: [0, 2, 0, 6], unbreakable: true };
  const { body, labelled } = answerContent(question, answer, context);
  const margin: [number, number, number, number] = [0, 0, 0, 8];
  if (labelled) return { stack: [body], margin };
  const label: Content = { text: question.label, style: 'label' };
  if (question.wrapper === 'horizontal') {
    const block: Content = {
      columns: [
        { ...label, width: 160 },
        { stack: [body], width: '*' },
      ],
      columnGap: 8,
      margin,
    };
    return roughHeight(body) <= KEEP_WHOLE ? { ...block, unbreakable: true } : block;
  }
  if (roughHeight(body) <= KEEP_WHOLE) return { stack: [label, body], margin, unbreakable: true };
  const parts = (body as { stack?: Content[] }).stack;
  if (parts && parts.length > 1 && roughHeight(parts[0]) <= KEEP_WHOLE)
    return { stack: [{ stack: [label, parts[0]], unbreakable: true }, ...parts.slice(1)], margin };
  return { stack: [label, body], margin };
}
