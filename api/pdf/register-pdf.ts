/**
 * The PDF of a register (issue 24 §2 downloadPdfRegister; administration-data.md §7 "Project forms";
 * docs/entries.md "PDF documents"): the register's visible columns as a table of the chosen or filtered entries, the
 * filters applied above it, a header row repeated on every page, landscape when the columns need the width, and on
 * every page the printed-on date, the register's title and "Page n of m".
 *
 * A cell reads as the register shows it (engine/registers/rows.ts entryToRegisterRow): the column ids are the
 * register's, `entryNumber`, `date` (yyyy-MM-dd HH:mm in the time zone), `enteredBy`, `status` (catalogue
 * register.status.*) and `q_<questionId>` (the answer's register text); an unknown id gives empty cells.
 *
 * Drawn with pdfkit directly, not pdfmake (docs/decisions.md "PDF engine"): pdfmake lays the whole document out in
 * memory before writing a byte (+29 MiB at 500 entries, +75 MiB at 2,000, growing with every row), while here
 * only the cells' texts are kept (about 100 bytes an entry): the rows are read from the iterable (the store's
 * cursor), measured and paginated, so "Page n of m" is known, then each page is drawn and written to `out` as soon
 * as the next one starts. The PDF is tagged: a Table of TR rows of TH and TD cells, the title a H1 and the filters
 * and count paragraphs, so a screen reader reads the table as one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { message } from '../../engine/messages/catalogue';
import { entryToRegisterRow } from '../../engine/registers/rows';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { abortError, throwIfAborted } from './document';
import type { PdfRenderOptions } from './entry-pdf';
import { formatInstant } from './parts';

/** What a register PDF is made of (the contract of issue 24's PDF jobs). */
export interface RegisterPdfInput {
  /** The form whose register it is (its latest published version: its questions make the q_ columns). */
  form: FormDefinition;
  /** The register's title. */
  title: string;
  /** The register's visible columns in order: the register's column ids and headers. */
  columns: { id: string; header: string }[];
  /** The filters applied, printed above the table. */
  filters: { label: string; value: string }[];
  /** The entries, in the register's order. */
  rows: AsyncIterable<FormEntry> | Iterable<FormEntry>;
  /** How many rows there are (for progress). */
  total: number;
  projectName: string;
  clientName: string;
  printedOn: Date;
  timeZone?: string;
}

/** Columns up to this many fit an A4 portrait page; more go landscape. */
export const PORTRAIT_COLUMNS = 6;

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let roboto: { regular: Buffer; bold: Buffer } | undefined;

/** Roboto from the pdfmake package (the entry PDF's font), read once. */
function fonts(): { regular: Buffer; bold: Buffer } {
  roboto ??= {
    regular: readFileSync(path.join(fontDir, 'Roboto-Regular.ttf')),
    bold: readFileSync(path.join(fontDir, 'Roboto-Medium.ttf')),
  };
  return roboto;
}

const MARGIN = { top: 30, left: 30, right: 30, bottom: 45 };
const CELL_PADDING = 3;
const FONT_SIZE = 8;
const COLOURS = { line: '#bbbbbb', header: '#e8edf3', zebra: '#f6f8fa', text: '#000000', muted: '#555555' };

/** The text of a register cell of an entry (see the module comment). */
function cellTexts(input: RegisterPdfInput, entry: FormEntry): string[] {
  const row = entryToRegisterRow(input.form, entry) as unknown as Record<string, unknown>;
  return input.columns.map(({ id }) => {
    if (id === 'date') return formatInstant(entry.date, input.timeZone);
    if (id === 'status') return message(entry.isDraft === true ? 'register.status.Draft' : 'register.status.Submitted');
    const value = row[id];
    return value === undefined || value === null ? '' : String(value);
  });
}

type Doc = InstanceType<typeof PDFDocument>;

function headerTextsOf(input: RegisterPdfInput): string[] {
  return input.columns.map((c) => c.header);
}

/**
 * The columns' widths in points: shared out by the longest text of each column (its header's longest word and its
 * cells', the first 1,000 rows read), each counted between 6 and 40 characters, so a number column stays narrow and
 * a text column takes the room.
 */
export function columnWidths(headers: readonly string[], cells: readonly string[][], tableWidth: number): number[] {
  const longest = headers.map((header) => Math.max(...header.split(/\s+/).map((word) => word.length), 1));
  for (const row of cells.slice(0, 1000))
    row.forEach((text, i) => {
      longest[i] = Math.max(longest[i], text.length);
    });
  const weights = longest.map((length) => Math.min(40, Math.max(6, length)));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((weight) => (weight / sum) * tableWidth);
}

/** The lines above the table on the first page, as drawn: text, size, weight, colour and the space after. */
function introLines(input: RegisterPdfInput, count: number) {
  const filters =
    input.filters.length > 0
      ? `${message('pdf.filters')}: ${input.filters.map((f) => message('pdf.filter', { label: f.label, value: f.value })).join('; ')}`
      : message('pdf.noFilters');
  return [
    { text: input.title, size: 16, bold: true, colour: COLOURS.text, after: 4, tag: 'H1' as const },
    {
      text: `${input.clientName} · ${input.projectName}`,
      size: 10,
      bold: false,
      colour: COLOURS.muted,
      after: 6,
      tag: 'P' as const,
    },
    { text: filters, size: 9, bold: false, colour: COLOURS.text, after: 3, tag: 'P' as const },
    {
      text: count === 1 ? message('pdf.registerCountOne') : message('pdf.registerCount', { count: String(count) }),
      size: 9,
      bold: false,
      colour: COLOURS.text,
      after: 6,
      tag: 'P' as const,
    },
  ];
}

/**
 * Renders a register's PDF into `out`.
 * @param input the register's form, title, visible columns, filters and rows
 * @param out where the PDF goes; ended when fully written
 * @param opts stop signal; progress as rows read out of `total`, then pages drawn
 * @throws AbortError (rejects) when stopped; nothing more is written to `out` (it is destroyed)
 */
export async function renderRegisterPdf(
  input: RegisterPdfInput,
  out: NodeJS.WritableStream,
  opts: PdfRenderOptions = {},
): Promise<void> {
  // Steps: the rows read, then the pages drawn (counted as one step per 25 rows, known once paginated).
  const readSteps = Math.max(input.total, 1);
  const drawSteps = Math.max(1, Math.ceil(input.total / 25));
  const total = readSteps + drawSteps;
  opts.onProgress?.(0, total);
  const cells: string[][] = [];
  for await (const entry of input.rows) {
    throwIfAborted(opts.signal);
    cells.push(cellTexts(input, entry));
    if (cells.length % 25 === 0) opts.onProgress?.(Math.min(cells.length, readSteps), total);
  }
  throwIfAborted(opts.signal);
  opts.onProgress?.(readSteps, total);

  const landscape = input.columns.length > PORTRAIT_COLUMNS;
  const doc: Doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    tagged: true,
    lang: 'en-IE',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: input.title, Subject: input.projectName, Creator: input.clientName, Producer: 'Site Forms' },
    font: null as unknown as string,
  });
  const { regular, bold } = fonts();
  doc.registerFont('Roboto', regular);
  doc.registerFont('Roboto-Bold', bold);
  const [pageWidth, pageHeight] = landscape ? [841.89, 595.28] : [595.28, 841.89];
  const tableWidth = pageWidth - MARGIN.left - MARGIN.right;
  const bottom = pageHeight - MARGIN.bottom;
  const widths = columnWidths(headerTextsOf(input), cells, tableWidth);
  const lefts = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const maxRowHeight = bottom - MARGIN.top - 60;

  // Measure every row and the header, then paginate: the pages' first and last rows.
  const heightOf = (texts: readonly string[], font: 'Roboto' | 'Roboto-Bold') => {
    doc.font(font).fontSize(FONT_SIZE);
    let height = 0;
    texts.forEach((text, i) => {
      height = Math.max(height, doc.heightOfString(text || ' ', { width: widths[i] - 2 * CELL_PADDING }));
    });
    return Math.min(height + 2 * CELL_PADDING, maxRowHeight);
  };
  const headerTexts = headerTextsOf(input);
  const headerHeight = heightOf(headerTexts, 'Roboto-Bold');
  const intro = introLines(input, cells.length);
  let introHeight = 0;
  for (const line of intro) {
    doc.font(line.bold ? 'Roboto-Bold' : 'Roboto').fontSize(line.size);
    introHeight += doc.heightOfString(line.text, { width: tableWidth }) + line.after;
  }
  const rowHeights = cells.map((row) => heightOf(row, 'Roboto'));
  const pages: Array<{ from: number; to: number }> = [];
  let y = MARGIN.top + introHeight + headerHeight;
  let from = 0;
  rowHeights.forEach((height, i) => {
    if (y + height > bottom && i > from) {
      pages.push({ from, to: i });
      from = i;
      y = MARGIN.top + headerHeight;
    }
    y += height;
  });
  pages.push({ from, to: cells.length });

  const done = pipeline(doc, out as NodeJS.WritableStream, opts.signal ? { signal: opts.signal } : {});
  // A stop while drawing rejects `done` at once; the loop below stops at its next page.
  const stopped = done.catch((error: unknown) => error);
  try {
    const printed = message('pdf.printedOn', { date: formatInstant(input.printedOn, input.timeZone) });
    const table = doc.struct('Table');
    let drawnRows = 0;
    for (const [index, page] of pages.entries()) {
      if (opts.signal?.aborted) throw abortError();
      doc.addPage();
      let top = MARGIN.top;
      if (index === 0) {
        for (const line of intro) {
          doc.addStructure(
            doc.struct(line.tag, {}, () => {
              doc
                .font(line.bold ? 'Roboto-Bold' : 'Roboto')
                .fontSize(line.size)
                .fillColor(line.colour)
                .text(line.text, MARGIN.left, top, { width: tableWidth });
            }),
          );
          top = doc.y + line.after;
        }
        doc.addStructure(table);
      }
      top = drawRow(doc, table, headerTexts, top, headerHeight, true, widths, lefts);
      for (let i = page.from; i < page.to; i += 1) {
        top = drawRow(doc, table, cells[i], top, rowHeights[i], false, widths, lefts, i % 2 === 1);
        drawnRows += 1;
      }
      drawFooter(doc, printed, input.title, index + 1, pages.length, pageWidth, pageHeight);
      opts.onProgress?.(
        readSteps + Math.min(drawSteps, Math.floor((drawnRows / Math.max(cells.length, 1)) * drawSteps)),
        total,
      );
      // Let the written pages flow out (and a stop be seen) before the next page.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    table.end();
    doc.end();
  } catch (error) {
    doc.destroy();
    await stopped;
    throw error;
  }
  await done;
  opts.onProgress?.(total, total);
}

/** Draws one row of cells (tagged TR of TH or TD) at `top`; returns the next row's top. */
function drawRow(
  doc: Doc,
  table: ReturnType<Doc['struct']>,
  texts: readonly string[],
  top: number,
  height: number,
  header: boolean,
  widths: readonly number[],
  lefts: readonly number[],
  zebra = false,
): number {
  const width = widths.reduce((a, b) => a + b, 0);
  if (header || zebra) doc.rect(MARGIN.left, top, width, height).fill(header ? COLOURS.header : COLOURS.zebra);
  doc.lineWidth(0.5).strokeColor(COLOURS.line);
  for (const x of [...lefts, MARGIN.left + width])
    doc
      .moveTo(x, top)
      .lineTo(x, top + height)
      .stroke();
  doc
    .moveTo(MARGIN.left, top)
    .lineTo(MARGIN.left + width, top)
    .stroke();
  doc
    .moveTo(MARGIN.left, top + height)
    .lineTo(MARGIN.left + width, top + height)
    .stroke();
  const row = doc.struct('TR');
  table.add(row);
  texts.forEach((text, i) => {
    row.add(
      doc.struct(header ? 'TH' : 'TD', {}, () => {
        doc
          .font(header ? 'Roboto-Bold' : 'Roboto')
          .fontSize(FONT_SIZE)
          .fillColor(COLOURS.text)
          .text(text, lefts[i] + CELL_PADDING, top + CELL_PADDING, {
            width: widths[i] - 2 * CELL_PADDING,
            height: height - 2 * CELL_PADDING,
            ellipsis: true,
            lineBreak: true,
          });
      }),
    );
  });
  row.end();
  return top + height;
}

/** The footer: printed-on date, the title and "Page n of m", in the bottom margin. */
function drawFooter(
  doc: Doc,
  printed: string,
  title: string,
  page: number,
  pages: number,
  pageWidth: number,
  pageHeight: number,
): void {
  // Text below the bottom margin would start a new page: the margin is lifted while the footer is drawn.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = pageHeight - MARGIN.bottom + 14;
  const width = pageWidth - MARGIN.left - MARGIN.right;
  doc.font('Roboto').fontSize(7.5).fillColor(COLOURS.muted);
  const artifact = { type: 'Pagination' as const };
  doc.markContent('Artifact', artifact);
  doc.text(printed, MARGIN.left, y, { width, align: 'left', lineBreak: false });
  doc.text(title, MARGIN.left, y, { width, align: 'center', lineBreak: false });
  doc.text(message('pdf.pageOf', { page: String(page), pages: String(pages) }), MARGIN.left, y, {
    width,
    align: 'right',
    lineBreak: false,
  });
  doc.endMarkedContent();
  doc.page.margins.bottom = margin;
}
