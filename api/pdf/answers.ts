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
 * - richText: formatted (api/pdf/rich-text.ts);
 * - fileUpload: pictures two a row (other files by name); signature: the picture and 'Signed by {name}' for a third
 *   party; image: the form's picture; documentPicker: the file names with their revision when known;
 * - note: its text (the caller prints it without an answer).
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { fieldTypeOf } from '../../engine/forms/field-types';
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
        headerRows: 1,
        dontBreakRows: true,
        widths: weights.map((w) => `${((w / sumOfWeights) * 100).toFixed(2)}%`),
        body,
      },
      layout: { hLineColor: '#bbbbbb', vLineColor: '#bbbbbb', hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
    },
  ];
  if ((q.ratings ?? []).length > 0) {
    const summary = gridSummary(definition, value, q.ratings);
    parts.push({ text: message('grid.summary'), style: 'label', margin: [0, 6, 0, 2] });
    if (!gridScored(definition, value)) parts.push({ text: message('grid.notScored'), style: 'muted' });
    else
      parts.push({
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
        headerRows: 1,
        widths: columns.map(() => '*'),
        body: [
          columns.map((c) => ({
            text: c.label ?? message(`table.${c.key}` as 'table.item'),
            style: 'tableHeader',
          })),
          ...rows.map((row) => columns.map((c) => ({ text: row?.[c.key] ?? '' }))),
        ],
      },
      layout: { hLineColor: '#bbbbbb', vLineColor: '#bbbbbb', hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
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
    const paths = (answer.answers ?? []).filter((v): v is string => typeof v === 'string');
    return {
      ul: paths.map((path) => {
        const revision = context.revision(path);
        return revision ? message('pdf.documentRevision', { file: fileName(path), revision }) : fileName(path);
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
 */
export function answerContent(question: Question, answer: Answer | undefined, context: AnswerContext): Content {
  const type = fieldTypeOf(question);
  if (type.name === 'image') {
    const file = (question as { imageFile?: string }).imageFile;
    const picture = file ? context.picture(file) : undefined;
    return picture ? { image: picture.name, fit: [515, 360] } : { text: '' };
  }
  if (type.answerless) return { text: '' };
  if (isEmpty(answer) || !answer) return noAnswer();
  const render = renderers[type.name];
  if (render) return render(question, answer, context);
  const text = type.answerText(question, answer, PDF_FORMAT);
  return text === '' ? noAnswer() : { text };
}
