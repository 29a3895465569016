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
 * Rows are read from an iterable (the store's cursor) and only their cells' texts are kept, not the entries.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { message } from '../../engine/messages/catalogue';
import { entryToRegisterRow } from '../../engine/registers/rows';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { throwIfAborted, writePdf } from './document';
import type { PdfRenderOptions } from './entry-pdf';
import { formatInstant, PDF_STYLES, pageFooter } from './parts';

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
  /** How many rows there are (for progress and the count line). */
  total: number;
  projectName: string;
  clientName: string;
  printedOn: Date;
  timeZone?: string;
}

/** Columns up to this many fit an A4 portrait page; more go landscape. */
export const PORTRAIT_COLUMNS = 6;

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

/**
 * Renders a register's PDF into `out`.
 * @param input the register's form, title, visible columns, filters and rows
 * @param out where the PDF goes; ended when fully written
 * @param opts stop signal; progress as rows read out of `total`, then the layout and the writing
 * @throws AbortError (rejects) when stopped; nothing more is written to `out` (it is destroyed)
 */
export async function renderRegisterPdf(
  input: RegisterPdfInput,
  out: NodeJS.WritableStream,
  opts: PdfRenderOptions = {},
): Promise<void> {
  const total = input.total + 2;
  let done = 0;
  opts.onProgress?.(done, total);
  const body: TableCell[][] = [input.columns.map((c) => ({ text: c.header, style: 'tableHeader' }))];
  let count = 0;
  for await (const entry of input.rows) {
    throwIfAborted(opts.signal);
    body.push(cellTexts(input, entry));
    count += 1;
    done = Math.min(count, input.total);
    if (count % 25 === 0) opts.onProgress?.(done, total);
  }
  throwIfAborted(opts.signal);
  opts.onProgress?.(input.total, total);

  const landscape = input.columns.length > PORTRAIT_COLUMNS;
  const filters: Content =
    input.filters.length > 0
      ? {
          text: [
            { text: `${message('pdf.filters')}: `, bold: true },
            input.filters.map((f) => message('pdf.filter', { label: f.label, value: f.value })).join('; '),
          ],
          margin: [0, 0, 0, 4],
        }
      : { text: message('pdf.noFilters'), style: 'muted', margin: [0, 0, 0, 4] };
  const content: Content[] = [
    { text: input.title, style: 'title' },
    { text: `${input.clientName} · ${input.projectName}`, style: 'subtitle' },
    filters,
    {
      text: count === 1 ? message('pdf.registerCountOne') : message('pdf.registerCount', { count: String(count) }),
      margin: [0, 0, 0, 6],
    },
    {
      table: { headerRows: 1, widths: input.columns.map(() => '*'), body },
      layout: {
        hLineColor: '#bbbbbb',
        vLineColor: '#bbbbbb',
        hLineWidth: () => 0.5,
        vLineWidth: () => 0.5,
        fillColor: (row: number) => (row > 0 && row % 2 === 0 ? '#f6f8fa' : null),
      },
      fontSize: 8,
    },
  ];
  const definition: TDocumentDefinitions = {
    info: { title: input.title, subject: input.projectName, creator: input.clientName },
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [30, 30, 30, 45],
    content,
    styles: PDF_STYLES,
    footer: pageFooter(input.printedOn, input.timeZone, input.title),
  };
  await writePdf(definition, new Map(), out, {
    signal: opts.signal,
    onDrawn: (fraction) => {
      if (fraction >= 1) opts.onProgress?.(input.total + 1, total);
    },
  });
  opts.onProgress?.(total, total);
}
